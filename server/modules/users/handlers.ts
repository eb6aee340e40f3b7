/** User/*: the organisations of a user name (login form) and changing one's own password. */
import { authOf } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { Problem, problemBody } from '../../http/problem.ts';
import { ok } from '../../http/responses.ts';
import { messageForRequest } from '../../i18n.ts';
import { decryptPassword } from '../auth/encrypted-password.ts';
import { organizationsOfUserName } from './organizations.ts';
import { changePassword } from './password-change.ts';

export function usersHandlers(ctx: ServerContext) {
  return exactHandlers({
    UserGetOrgInfo: async (request) => ok(await organizationsOfUserName(ctx.db, request.query.userName)),

    UserChangePassword: async (request) => {
      const { user } = authOf(request);
      const { Id, User_Name, OldPassword, NewPassword, NewPasswordRe } = request.body;
      // Only one's own password: the payload must name the caller.
      if (Id !== user.id || User_Name.toLowerCase() !== user.userName.toLowerCase()) throw new Problem(403, 'accessDenied');
      const refusal = await changePassword(ctx, user, {
        oldPassword: decryptPassword(ctx, OldPassword),
        newPassword: decryptPassword(ctx, NewPassword),
        newPasswordAgain: decryptPassword(ctx, NewPasswordRe),
      });
      // Contract: a refused change is HTTP 200 with code 400 and the rule's message.
      if (refusal) return problemBody(400, messageForRequest(request, refusal.messageKey, refusal.params));
      return ok(null, messageForRequest(request, 'passwordChanged'));
    },
  } satisfies Partial<OperationHandlers>);
}
