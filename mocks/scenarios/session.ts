/**
 * Stateful handlers for the session slice (spec §7 "Session and users", roles, apps): public
 * key, captcha, organisations, login with a really checked password, user info, SSO ticket,
 * logout, password change, the role's menus and buttons, child apps, API path config and
 * environment rows. Error answers use the
 * statuses and shapes the contract declares for each operation.
 */
import { createContractHttp } from '../generated/handlers';
import { translate, languageOf, type MessageKey } from '../../src/shared/messages/catalogue';
import {
  activeUserOf,
  childAppsInOrder,
  envVarsInOrder,
  buttonsOf,
  decryptPassword,
  endSessionsOf,
  findUserByName,
  getMockDb,
  granteeOf,
  maySeeRoleMenus,
  menuTreeOf,
  newCaptcha,
  newFrameTicket,
  organizationsOf,
  roleIdsOf,
  startSession,
  takeCaptcha,
  takeTicket,
  type MockSession,
} from '../db';
import type { DemoUser } from './demo-data';
import { MOCK_PUBLIC_KEY_PEM } from './rsa-key';
import { passwordRuleBroken } from '../../src/shared/admin-rules/passwords';
import { refusalBody } from '../../src/shared/messages/refusal';

/** Wrong passwords in a row that lock the account, as on the reference server. */
const MAX_WRONG_PASSWORDS = 5;

const ok = <T>(data: T) => ({ code: 200, msg: '', data });
const legacyOk = <T>(Result: T, TotalCount = 1) => ({ TotalCount, ErrorInfo: { Status: false, Message: '' }, Result });
const legacyRefused = <T>(Message: string, Result: T) => ({ TotalCount: 0, ErrorInfo: { Status: true, Message }, Result });

/** Texts in the caller's language, like the reference server (Accept-Language). */
const say = (request: Request, zh: string, en: string) => (request.headers.get('Accept-Language') === 'en' ? en : zh);

type Authorized = { session: MockSession; user: DemoUser } | { status: 401 | 403; msg: string };

/** The bearer token's session; the OrganizeId header must name one of the user's organisations. */
export function authorize(request: Request): Authorized {
  const token = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1];
  const session = token ? getMockDb().sessions.get(token) : undefined;
  const user = session && activeUserOf(session);
  if (!session || !user) return { status: 401, msg: say(request, '登录已过期，请重新登录', 'Login expired, please log in again') };
  const organizeId = request.headers.get('OrganizeId');
  if (organizeId && !user.organizationIds.includes(organizeId)) {
    return { status: 403, msg: say(request, '无权访问该组织', 'No access to this organisation') };
  }
  return { session, user };
}

const userInfoOf = (user: DemoUser, session: MockSession) => ({
  ID: user.ID,
  USER_NAME: user.USER_NAME,
  NICK_NAME: user.NICK_NAME,
  ROLE_ID: user.ROLE_ID,
  ROLE_IDS: user.ROLE_IDS,
  ORGANIZE_ID: session.organizationId,
});

/** As on the reference server: captchas on, or a user name locked after wrong passwords (the step-up). */
function captchaNeeded(userName: string): boolean {
  const db = getMockDb();
  const user = findUserByName(userName);
  return db.captchaEnabled || (user !== undefined && db.lockedUserIds.has(user.ID));
}

function captchaSvg(code: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40">` +
    `<rect width="120" height="40" fill="#f0f5f3"/>` +
    `<text x="60" y="28" font-size="24" font-family="monospace" text-anchor="middle" fill="#00bb7c">${code}</text></svg>`
  );
}

export function sessionHandlers(baseUrl: string) {
  const http = createContractHttp(baseUrl);
  return [
    http.get('/Auth/GetPublicKey', ({ response }) => response(200).json(ok({ PublicKey: MOCK_PUBLIC_KEY_PEM }))),

    http.get('/Captcha/Get', ({ query, response }) => {
      if (!captchaNeeded(query.get('userName') ?? '')) return response(200).json(ok({ Enabled: false, CaptchaId: '', Image: '' }));
      const { id, code } = newCaptcha();
      return response(200).json(ok({ Enabled: true, CaptchaId: id, Image: captchaSvg(code) }));
    }),

    http.get('/User/GetOrgInfo', ({ query, request, response }) => {
      const userName = query.get('userName');
      if (!userName) return response(400).json(refusalBody(400, say(request, '请输入用户名', 'User name is required')));
      const user = findUserByName(userName);
      return response(200).json(ok(user ? organizationsOf(user) : []));
    }),

    // Refusals mirror the reference server: HTTP 200, ErrorInfo.Status true, Result {errorCount, msg, code}.
    http.post('/Auth/GetToken', async ({ request, response }) => {
      const body = await request.json();
      if (!body?.UserName || !body.Password) {
        return response(400).json(refusalBody(400, say(request, '请求错误：请输入用户名和密码', 'Bad request: user name and password are required')));
      }
      const db = getMockDb();
      const refuse = (errorCount: number, code: 400 | 401 | 423, zh: string, en: string) => {
        const msg = say(request, zh, en);
        return response(200).json(legacyRefused(msg, { errorCount, msg, code }));
      };
      const locked = () =>
        refuse(
          MAX_WRONG_PASSWORDS,
          423,
          `密码连续错误${MAX_WRONG_PASSWORDS}次，账户已锁定`,
          `The password was wrong ${MAX_WRONG_PASSWORDS} times in a row; the account is locked`,
        );
      // As on the server, a locked name is refused before any captcha is asked for.
      const named = findUserByName(body.UserName);
      if (named && db.lockedUserIds.has(named.ID)) return locked();
      if (captchaNeeded(body.UserName) && !takeCaptcha(body.CaptchaId, body.CaptchaCode)) {
        return refuse(0, 400, '验证码错误或已过期', 'The verification code is wrong or has expired');
      }
      const user = findUserByName(body.UserName);
      if (!user) return refuse(0, 401, '用户名或密码错误', 'Wrong user name or password');
      const wrongSoFar = db.wrongPasswords.get(user.ID) ?? 0;
      const organizationId = request.headers.get('OrganizeId');
      if (!organizationId) return refuse(wrongSoFar, 400, '请选择组织', 'Please choose an organisation');
      if (!user.organizationIds.includes(organizationId)) {
        return refuse(wrongSoFar, 400, '该用户不属于所选组织', 'This user does not belong to the chosen organisation');
      }
      const refuseWith = (key: MessageKey) => {
        const msg = translate(languageOf(request.headers.get('Accept-Language') ?? undefined), key);
        return response(200).json(legacyRefused(msg, { errorCount: wrongSoFar, msg, code: 423 as const }));
      };
      if (user.IS_LOCKED) return refuseWith('accountLocked');
      if (!user.IS_AVAILABLE) return refuseWith('accountUnavailable');
      if (decryptPassword(body.Password) !== user.password) {
        const errorCount = wrongSoFar + 1;
        if (errorCount >= MAX_WRONG_PASSWORDS) {
          db.wrongPasswords.delete(user.ID);
          db.lockedUserIds.add(user.ID);
          return locked();
        }
        db.wrongPasswords.set(user.ID, errorCount);
        const remaining = MAX_WRONG_PASSWORDS - errorCount;
        return refuse(
          errorCount,
          401,
          `用户名或密码错误，再错${remaining}次账户将被锁定`,
          `Wrong user name or password; ${remaining} more wrong attempts lock the account`,
        );
      }
      db.wrongPasswords.delete(user.ID);
      const session = startSession(user, organizationId);
      return response(200).json(legacyOk({ Token: session.token, Ticket: session.ticket, Userinfo: userInfoOf(user, session) }));
    }),

    http.post('/Auth/GetUserInfoByToken', ({ request, response }) => {
      const auth = authorize(request);
      if ('status' in auth) return response(auth.status).json(refusalBody(auth.status, auth.msg));
      return response(200).json(ok(userInfoOf(auth.user, auth.session)));
    }),

    http.get('/Auth/SsoValidate', ({ query, request, response }) => {
      const ticket = query.get('ticket');
      if (!ticket) return response(400).json(refusalBody(400, say(request, '缺少票据', 'The ticket is missing')));
      const session = takeTicket(ticket);
      const user = session && activeUserOf(session);
      if (!session || !user) return response(401).json(refusalBody(401, say(request, '票据无效', 'Invalid ticket')));
      return response(200).json(ok({ Token: session.token, Userinfo: userInfoOf(user, session) }));
    }),

    http.post('/Auth/NewTicket', ({ request, response }) => {
      const auth = authorize(request);
      if ('status' in auth) return response(auth.status).json(refusalBody(auth.status, auth.msg));
      return response(200).json(ok({ Ticket: newFrameTicket(auth.session) }));
    }),

    http.post('/Auth/Logout', ({ request, response }) => {
      const auth = authorize(request);
      if ('status' in auth) return response(auth.status).json(refusalBody(auth.status, auth.msg));
      getMockDb().sessions.delete(auth.session.token);
      return response(200).json(ok(null));
    }),

    http.post('/User/ChangePassword', async ({ request, response }) => {
      const auth = authorize(request);
      if ('status' in auth) return response(auth.status).json(refusalBody(auth.status, auth.msg));
      const body = await request.json();
      if (body.Id !== auth.user.ID || body.User_Name.toLowerCase() !== auth.user.USER_NAME.toLowerCase()) {
        return response(403).json(refusalBody(403, say(request, '只能修改自己的密码', 'You can only change your own password')));
      }
      const [oldPassword, newPassword, newPasswordRe] = [body.OldPassword, body.NewPassword, body.NewPasswordRe].map((text) => decryptPassword(text) ?? '');
      const text = (key: MessageKey) => translate(languageOf(request.headers.get('Accept-Language') ?? undefined), key);
      // Contract: a refused change is HTTP 200 with code 400 and the rule's message (spec §5 rules first, as the server).
      const broken = passwordRuleBroken(oldPassword, newPassword, newPasswordRe) ?? (oldPassword !== auth.user.password ? 'oldPasswordWrong' : null);
      if (broken) return response(200).json(refusalBody(400, text(broken)));
      auth.user.password = newPassword;
      endSessionsOf(auth.user.ID);
      return response(200).json({ ...ok(null), msg: text('passwordChanged') });
    }),

    http.get('/Role/LoadMenusByRoleId', ({ query, request, response }) => {
      const auth = authorize(request);
      if ('status' in auth) return response(auth.status).json(refusalBody(auth.status, auth.msg));
      const roleId = query.get('roleId');
      if (!roleId) return response(400).json(refusalBody(400, say(request, '缺少角色', 'The role is missing')));
      const roleIds = roleIdsOf(roleId);
      if (!roleIds.length || !maySeeRoleMenus(auth.user, roleIds)) return response(403).json(refusalBody(403, say(request, '拒绝访问', 'Access denied')));
      // The user's own roles bring the menus given to the user directly too; other roles' trees are the roles' alone.
      const ownRoles = roleIds.every((id) => auth.user.ROLE_IDS.includes(id));
      const grantee = ownRoles ? { roleIds, user: auth.user } : { roleIds };
      return response(200).json(ok(menuTreeOf(grantee, query.get('appCode') || undefined)));
    }),

    http.get('/Role/GetAllButtonByRoleId', ({ query, request, response }) => {
      const auth = authorize(request);
      if ('status' in auth) return response(auth.status).json(refusalBody(auth.status, auth.msg));
      return response(200).json(ok(buttonsOf(granteeOf(auth.user), query.get('appCode') || undefined)));
    }),

    http.get('/SysApp/GetAll', ({ request, response }) => {
      const auth = authorize(request);
      if ('status' in auth) return response(auth.status).json(refusalBody(auth.status, auth.msg));
      const apps = childAppsInOrder().map(({ Code, Name, Url }) => ({ Code, Name, Url }));
      return response(200).json(legacyOk(apps, apps.length));
    }),

    http.get('/SysConfig/GetApiPathConfig', ({ request, response }) => {
      const auth = authorize(request);
      if ('status' in auth) return response(401).json(refusalBody(401, auth.msg));
      return response(200).json(ok(getMockDb().apiPathConfig));
    }),

    http.get('/SysEnvConfig/GetEnvVars', ({ request, response }) => {
      const auth = authorize(request);
      if ('status' in auth) return response(401).json(refusalBody(401, auth.msg));
      return response(200).json(ok(envVarsInOrder().map(({ EnvName, VarName, UrlPrefix, Enabled }) => ({ EnvName, VarName, UrlPrefix, Enabled }))));
    }),
  ];
}
