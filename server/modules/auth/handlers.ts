/** Auth/* and Captcha/Get: public key, login, user of a token, single sign-on, logout, captcha. */
import { authOf } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import type { OperationHandlers } from '../../http/operations.ts';
import { headerText } from '../../http/headers.ts';
import { Problem } from '../../http/problem.ts';
import { legacyOk, legacyRefusal, ok } from '../../http/responses.ts';
import { messageForRequest } from '../../i18n.ts';
import { toUserInfo } from '../users/accounts.ts';
import { createCaptcha } from './captcha.ts';
import { decryptPassword } from './encrypted-password.ts';
import { attemptLogin } from './login.ts';
import { findActiveSession, openTicketSession, revokeSession } from './sessions.ts';

export function authHandlers(ctx: ServerContext) {
  return {
    AuthGetPublicKey: async () => ok({ PublicKey: ctx.loginKeys.publicKeyPem }),

    AuthGetToken: async (request) => {
      const { UserName, Password, CaptchaId, CaptchaCode } = request.body;
      const outcome = await attemptLogin(ctx, {
        userName: UserName,
        password: decryptPassword(ctx, Password),
        // The organisation chosen on the login form.
        orgId: headerText(request.headers.organizeid),
        captchaId: CaptchaId,
        captchaCode: CaptchaCode,
      });
      if (outcome.refused) {
        const msg = messageForRequest(request, outcome.messageKey, outcome.params);
        return legacyRefusal(msg, { errorCount: outcome.errorCount, msg, code: outcome.code });
      }
      return legacyOk({ Token: outcome.token, Userinfo: outcome.userInfo, Ticket: outcome.ticket }, 1);
    },

    AuthGetUserInfoByToken: async (request) => {
      const { user, orgId } = authOf(request);
      return ok(toUserInfo(user, orgId));
    },

    AuthSsoValidate: async (request) => {
      const now = ctx.clock();
      const loginSession = await findActiveSession(ctx.db, { ticket: request.query.ticket }, now);
      if (!loginSession) throw new Problem(401, 'ticketInvalid');
      const token = await openTicketSession(ctx.db, loginSession, now);
      return ok({ Token: token, Userinfo: toUserInfo(loginSession.user, loginSession.orgId) });
    },

    AuthLogout: async (request) => {
      await revokeSession(ctx.db, authOf(request).sessionId, ctx.clock());
      return ok(null);
    },

    CaptchaGet: async (request) => {
      if (!ctx.config.captchaEnabled) return ok({ Enabled: false, CaptchaId: '', Image: '' });
      return ok({ Enabled: true, ...(await createCaptcha(ctx, request.query)) });
    },
  } satisfies Partial<OperationHandlers>;
}
