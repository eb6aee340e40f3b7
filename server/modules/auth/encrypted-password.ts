/** Passwords arrive RSA-encrypted with the login key (login and change-password forms). */
import type { ServerContext } from '../../context.ts';

/**
 * The password in a form field. Ciphertext that does not decrypt yields a stand-in that matches no
 * password (login-keys.ts): answering it differently would be a padding oracle.
 */
export function decryptPassword(ctx: ServerContext, ciphertext: string): string {
  return ctx.loginKeys.decrypt(ciphertext);
}
