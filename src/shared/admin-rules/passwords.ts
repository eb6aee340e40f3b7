/**
 * Spec §5 password rules, with their messages, for the server, the mocks (and the client's own form
 * check): a password is 4 to 32 characters (characters, not UTF-16 units).
 */
import type { MessageKey } from '../messages/catalogue.ts';

export const PASSWORD_MIN_LENGTH = 4;
export const PASSWORD_MAX_LENGTH = 32;

const lengthOk = (password: string) => {
  const length = [...password].length;
  return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH;
};

/** The first spec §5 rule the passwords break, in the client's order; null when none. */
export function passwordRuleBroken(oldPassword: string, newPassword: string, newPasswordAgain: string): MessageKey | null {
  if (!oldPassword) return 'oldPasswordRequired';
  if (!newPassword) return 'passwordRequired';
  if (!lengthOk(newPassword)) return 'passwordLength';
  if (!newPasswordAgain) return 'passwordAgainRequired';
  if (!lengthOk(newPasswordAgain)) return 'passwordLength';
  if (newPasswordAgain !== newPassword) return 'passwordsDiffer';
  return null;
}

/** Readable, unambiguous characters for generated passwords (no 0/O, 1/l/I). */
export const GENERATED_PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const GENERATED_PASSWORD_LENGTH = 12;
