import { api } from '../../../api/client';
import { callWrapped } from '../../../api/call';
import { encryptPassword } from '../../../api/password';

/** The user of the current token. */
export function getUserInfo() {
  return callWrapped(api.POST('/Auth/GetUserInfoByToken'));
}

export interface ChangePasswordInput {
  Id: string;
  User_Name: string;
  OldPassword: string;
  NewPassword: string;
  NewPasswordRe: string;
}

/**
 * Change the signed-in user's password (passwords as typed; all three are encrypted). The server
 * revokes the user's tokens on success, so the caller shows its success notice and then logs out
 * (spec §4: "a successful password change does the same as logout").
 */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  const [OldPassword, NewPassword, NewPasswordRe] = await Promise.all(
    [input.OldPassword, input.NewPassword, input.NewPasswordRe].map(encryptPassword),
  );
  await callWrapped(
    api.POST('/User/ChangePassword', { body: { Id: input.Id, User_Name: input.User_Name, OldPassword, NewPassword, NewPasswordRe } }),
  );
}
