/** Auth/* and Captcha/Get: public key, login, user of a token, single sign-on, logout, captcha. */
import { authOf } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { headerText } from '../../http/headers.ts';
import { Problem } from '../../http/problem.ts';
import { legacyOk, legacyRefusal, ok } from '../../http/responses.ts';
import { messageForRequest } from '../../i18n.ts';
import { toUserInfo } from '../users/accounts.ts';
import { createCaptcha } from './captcha.ts';
import { decryptPassword } from './encrypted-password.ts';
import { attemptLogin, loginNeedsCaptcha } from './login.ts';
import { exchangeTicket, mintTicket, revokeSession } from './sessions.ts';

export function authHandlers(ctx: ServerContext) {
  return exactHandlers({
    AuthGetPublicKey: async () => ok({ PublicKey: ctx.loginKeys.publicKeyPem }),

    AuthGetToken: async (request) => {
      const { UserName, Password, CaptchaId, CaptchaCode } = request.body;
      const outcome = await attemptLogin(ctx, {
        userName: UserName,
        password: decryptPassword(ctx, Password),
        // The organisation chosen on the login form.
        orgId: headerText(request.headers.organizeid),
        clientAddress: request.ip,
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
      // A ticket is exchanged once: a copy seen in a log, a URL or a browser history is worth nothing.
      const exchanged = await exchangeTicket(ctx.db, request.query.ticket, ctx.clock());
      if (!exchanged) throw new Problem(401, 'ticketInvalid');
      return ok({ Token: exchanged.token, Userinfo: toUserInfo(exchanged.session.user, exchanged.session.orgId) });
    },

    // Each child-app frame load gets a ticket of its own, since a ticket is good for one exchange.
    AuthNewTicket: async (request) => ok({ Ticket: await mintTicket(ctx.db, authOf(request).sessionId, ctx.clock()) }),

    AuthLogout: async (request) => {
      await revokeSession(ctx.db, authOf(request).sessionId, ctx.clock());
      return ok(null);
    },

    CaptchaGet: async (request) => {
      if (!(await loginNeedsCaptcha(ctx, request.query.userName ?? '', request.ip))) return ok({ Enabled: false, CaptchaId: '', Image: '' });
      return ok({ Enabled: true, ...(await createCaptcha(ctx, request.query, request.ip)) });
    },
  } satisfies Partial<OperationHandlers>);
}
