/**
 * Passwords leave the browser RSA-encrypted with the server's public key, PKCS#1 v1.5 (jsencrypt
 * `encrypt`): the format the legacy servers decrypt (STACK.md).
 */
import { api } from './client';
import { callWrapped } from './call';

let publicKey: Promise<string> | undefined;

/** The server's PEM public key, fetched once per page load (a failed fetch is retried next time). */
export function getPublicKey(): Promise<string> {
  publicKey ??= callWrapped(api.GET('/Auth/GetPublicKey')).then(
    (data) => data.PublicKey,
    (error: unknown) => {
      publicKey = undefined;
      throw error;
    },
  );
  return publicKey;
}

/** Base64 ciphertext of `plain` for Auth/GetToken and User/ChangePassword. */
export async function encryptPassword(plain: string): Promise<string> {
  // Loaded when a password is first sent, not with the login page (issue 15: its JS near the stack's floor).
  const [{ default: JSEncrypt }, key] = await Promise.all([import('jsencrypt'), getPublicKey()]);
  const encryptor = new JSEncrypt();
  encryptor.setPublicKey(key);
  const cipher = encryptor.encrypt(plain);
  if (cipher === false) throw new Error('The password could not be encrypted with the server key');
  return cipher;
}
