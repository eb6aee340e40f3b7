/**
 * "Remember password" (spec §2): the user name, the organisation and the password as the RSA
 * ciphertext the server accepts. The plain password is never written anywhere.
 */
const STORAGE_KEY = 'plant-portal-2.0.1-remembered-login';

export interface RememberedLogin {
  userName: string;
  organizeId?: string;
  passwordCipher: string;
}

export function readRememberedLogin(): RememberedLogin | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<RememberedLogin> | null;
    if (stored && typeof stored.userName === 'string' && typeof stored.passwordCipher === 'string' && stored.passwordCipher) {
      return { userName: stored.userName, organizeId: stored.organizeId, passwordCipher: stored.passwordCipher };
    }
  } catch {
    // A corrupt entry is as good as none: the user types the password again.
  }
  return undefined;
}

export function saveRememberedLogin(login: RememberedLogin): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(login));
}

export function forgetRememberedLogin(): void {
  localStorage.removeItem(STORAGE_KEY);
}
