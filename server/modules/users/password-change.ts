/**
 * User/ChangePassword: the caller changes their own password. The server repeats the client's
 * spec §5 rules with the same messages, checks the old password, and on success ends every session
 * of the user (they log in again with the new password).
 */
import type { ServerContext } from '../../context.ts';
import type { MessageKey } from '../../i18n.ts';
import { hashPassword, verifyPassword } from '../../security/passwords.ts';
import { revokeUserSessions } from '../auth/sessions.ts';

const MIN_LENGTH = 4;
const MAX_LENGTH = 32;

const lengthOk = (password: string) => {
  const length = [...password].length;
  return length >= MIN_LENGTH && length <= MAX_LENGTH;
};

/** The first spec §5 rule the passwords break, in the client's order. */
export function passwordRuleBroken(oldPassword: string, newPassword: string, newPasswordAgain: string): MessageKey | null {
  if (!oldPassword) return 'oldPasswordRequired';
  if (!newPassword) return 'passwordRequired';
  if (!lengthOk(newPassword)) return 'passwordLength';
  if (!newPasswordAgain) return 'passwordAgainRequired';
  if (!lengthOk(newPasswordAgain)) return 'passwordLength';
  if (newPasswordAgain !== newPassword) return 'passwordsDiffer';
  return null;
}

/** Changes the password; returns the refusal's message key, or null when changed. */
export async function changePassword(
  ctx: ServerContext,
  userId: string,
  passwords: { oldPassword: string; newPassword: string; newPasswordAgain: string },
): Promise<MessageKey | null> {
  const broken = passwordRuleBroken(passwords.oldPassword, passwords.newPassword, passwords.newPasswordAgain);
  if (broken) return broken;
  const user = await ctx.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(passwords.oldPassword, user.password_hash))) return 'oldPasswordWrong';
  const passwordHash = await hashPassword(passwords.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    await revokeUserSessions(trx, userId, ctx.clock());
  });
  return null;
}
