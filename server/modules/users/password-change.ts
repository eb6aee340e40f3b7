/**
 * User/ChangePassword: the caller changes their own password. The server repeats the client's
 * spec §5 rules with the same messages, checks the old password, and on success ends every session
 * of the user (they log in again with the new password). A wrong old password is a password guess:
 * it is counted and locked exactly like a wrong login password of the same user name (throttle.ts).
 */
import type { ServerContext } from '../../context.ts';
import type { MessageKey } from '../../../src/shared/messages/catalogue.ts';
import { hashPassword, verifyPassword } from '../../security/passwords.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { forgetFailures, reserveAttempt, settleWrongPassword } from '../auth/throttle.ts';

import { passwordRuleBroken } from '../../../src/shared/admin-rules/passwords.ts';

/** Why a change was refused: a message and its parameters. */
export interface PasswordChangeRefusal {
  messageKey: MessageKey;
  params?: Record<string, number>;
}

/** Changes the password; returns the refusal, or null when changed. */
export async function changePassword(
  ctx: ServerContext,
  user: { id: string; userName: string },
  passwords: { oldPassword: string; newPassword: string; newPasswordAgain: string },
): Promise<PasswordChangeRefusal | null> {
  const broken = passwordRuleBroken(passwords.oldPassword, passwords.newPassword, passwords.newPasswordAgain);
  if (broken) return { messageKey: broken };
  const now = ctx.clock();
  const { maxFailures } = ctx.config.loginLock;
  const lockedFor = (until: Date): PasswordChangeRefusal => ({
    messageKey: 'loginLocked',
    params: { count: maxFailures, minutes: Math.ceil((until.getTime() - now.getTime()) / 60_000) },
  });
  const reservation = await reserveAttempt(ctx.db, user.userName, now, ctx.config);
  if (reservation.locked) return lockedFor(reservation.lockedUntil);
  const { password_hash } = await ctx.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(passwords.oldPassword, password_hash))) {
    const until = await settleWrongPassword(ctx.db, user.userName, reservation.attempt, now, ctx.config);
    return until ? lockedFor(until) : { messageKey: 'oldPasswordWrong' };
  }
  await forgetFailures(ctx.db, user.userName);
  const passwordHash = await hashPassword(passwords.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
    await revokeUserSessions(trx, user.id, now);
  });
  return null;
}
