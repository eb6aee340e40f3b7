/**
 * Password change validation (spec §5), as message keys of the `shell` namespace, checked in the
 * order the user fills the form: old password, new password, confirmation. The first failing
 * rule is the one shown.
 */
export const PASSWORD_MIN_LENGTH = 4;
export const PASSWORD_MAX_LENGTH = 32;

export type PasswordMessageKey =
  | 'password.oldRequired'
  | 'password.newRequired'
  | 'password.length'
  | 'password.confirmRequired'
  | 'password.mismatch';

export interface PasswordChangeValues {
  oldPassword?: string;
  newPassword?: string;
  confirmPassword?: string;
}

const lengthOk = (value: string) => value.length >= PASSWORD_MIN_LENGTH && value.length <= PASSWORD_MAX_LENGTH;

export function oldPasswordError(value = ''): PasswordMessageKey | undefined {
  return value ? undefined : 'password.oldRequired';
}

export function newPasswordError(value = ''): PasswordMessageKey | undefined {
  if (!value) return 'password.newRequired';
  return lengthOk(value) ? undefined : 'password.length';
}

export function confirmPasswordError(value = '', newPassword = ''): PasswordMessageKey | undefined {
  if (!value) return 'password.confirmRequired';
  if (!lengthOk(value)) return 'password.length';
  return value === newPassword ? undefined : 'password.mismatch';
}

export function firstPasswordChangeError(values: PasswordChangeValues): PasswordMessageKey | undefined {
  return (
    oldPasswordError(values.oldPassword) ??
    newPasswordError(values.newPassword) ??
    confirmPasswordError(values.confirmPassword, values.newPassword)
  );
}
