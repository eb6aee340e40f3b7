/**
 * The RSA key pair the login and change-password forms encrypt passwords with (jsencrypt, i.e.
 * RSA PKCS#1 v1.5). Created once on first start and kept in the database so every replica and
 * every restart uses the same key.
 *
 * Decryption goes through node-forge: Node 20 refuses RSA_PKCS1_PADDING in privateDecrypt
 * (CVE-2023-46809) and the legacy client cannot send OAEP. Login throttling and TLS are the
 * mitigations for PKCS#1 v1.5's timing weakness.
 *
 * A ciphertext that does not decrypt is not reported as such (that answer is a Bleichenbacher padding
 * oracle): like OpenSSL's "implicit rejection" it decrypts to a password derived from the ciphertext
 * and a secret of the key, the same every time, which matches no stored password. Every caller then
 * answers it exactly as a wrong password, counted and throttled like one.
 */
import { createHash, createHmac, generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';
import type { DB } from '../db/database.ts';

const KEY_ID = 'login';

export interface LoginKeys {
  /** PEM SubjectPublicKeyInfo, what jsencrypt's setPublicKey takes. */
  publicKeyPem: string;
  /** The password inside base64 ciphertext; for one that does not decrypt, a stand-in that is no one's password. */
  decrypt(ciphertextBase64: string): string;
}

export async function loadOrCreateLoginKeys(db: DB): Promise<LoginKeys> {
  let stored = await db.selectFrom('rsa_keys').select(['public_pem', 'private_pem']).where('id', '=', KEY_ID).executeTakeFirst();
  if (!stored) {
    const { publicKey, privateKey } = await promisify(generateKeyPair)('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    });
    // Another replica starting at the same moment may win; everyone then reads the winner's key.
    await db
      .insertInto('rsa_keys')
      .values({ id: KEY_ID, public_pem: publicKey, private_pem: privateKey })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    stored = await db.selectFrom('rsa_keys').select(['public_pem', 'private_pem']).where('id', '=', KEY_ID).executeTakeFirstOrThrow();
  }
  const privateKey = forge.pki.privateKeyFromPem(stored.private_pem);
  const rejectionSecret = createHash('sha256').update('implicit-rejection\0').update(stored.private_pem).digest();
  // 24 characters: within every password length rule, so no rule tells it apart either.
  const standIn = (ciphertextBase64: string) => createHmac('sha256', rejectionSecret).update(ciphertextBase64).digest('base64url').slice(0, 24);
  return {
    publicKeyPem: stored.public_pem,
    decrypt(ciphertextBase64) {
      try {
        const plain = privateKey.decrypt(forge.util.decode64(ciphertextBase64), 'RSAES-PKCS1-V1_5');
        return forge.util.decodeUtf8(plain);
      } catch {
        return standIn(ciphertextBase64);
      }
    },
  };
}
