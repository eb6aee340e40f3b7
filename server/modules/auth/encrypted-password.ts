/** Passwords arrive RSA-encrypted with the login key (login and change-password forms). */
import type { ServerContext } from '../../context.ts';
import { Problem } from '../../http/problem.ts';

/** The password in a form field; a 400 when it is not ciphertext of our key. */
export function decryptPassword(ctx: ServerContext, ciphertext: string): string {
  const password = ctx.loginKeys.decrypt(ciphertext);
  if (password === null) throw new Problem(400, 'passwordUndecryptable');
  return password;
}
