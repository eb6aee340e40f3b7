/** Binds the shell's port (src/shell/services.tsx) to the real session, api, auth feature and page registry. */
import { useMemo, type ReactNode } from 'react';
import { api } from '../../api/client';
import { callWrapped } from '../../api/call';
import { logout } from '../../api/logout';
import type { FavouriteChange } from '../../core/navigation/favourites';
import { useSessionStore } from '../../core/session/store';
import { changePassword as sendPasswordChange } from '../../features/auth/api/user';
import { recordMenuVisit, saveFavouriteChange } from '../../shell/favourites/api';
import type { MenuVisit } from '../../shell/favourites/menuClicks';
import { ShellServicesProvider, type ShellServices } from '../../shell/services';
import { pageRegistry } from '../pageRegistry';

/**
 * The shell's services over the real session, api and page registry. The password change goes
 * through the auth feature's call (the three passwords RSA-encrypted by src/api/password.ts).
 */
export function SessionShellServicesProvider({ children }: { children: ReactNode }) {
  const userInfo = useSessionStore((s) => s.userInfo);
  const organization = useSessionStore((s) => s.organization);
  const value = useMemo<ShellServices>(
    () => ({
      user: userInfo ? { id: userInfo.ID, userName: userInfo.USER_NAME, nickName: userInfo.NICK_NAME } : null,
      currentOrganization: organization,
      logout: () => logout(),
      changePassword: async ({ oldPassword, newPassword, confirmPassword }) => {
        if (!userInfo) throw new Error('changePassword: no signed-in user');
        await sendPasswordChange({
          Id: userInfo.ID,
          User_Name: userInfo.USER_NAME,
          OldPassword: oldPassword,
          NewPassword: newPassword,
          NewPasswordRe: confirmPassword,
        });
      },
      loadOrganizations: async (userName) =>
        (await callWrapped(api.GET('/User/GetOrgInfo', { params: { query: { userName } } }))) ?? [],
      switchOrganization: (next) => useSessionStore.getState().setOrganization(next),
      // The selector shows its own message for a config it could not read; a 401 still says the session ended.
      loadEnvironmentVariables: async () =>
        (await callWrapped(api.GET('/SysEnvConfig/GetEnvVars'), { silent: (error) => error.status !== 401 })) ?? [],
      reload: () => window.location.reload(),
      openWindow: (url) => {
        window.open(url, '_blank', 'noopener');
      },
      pageRegistry,
      ...(userInfo && {
        toggleFavourite: (change: FavouriteChange) => saveFavouriteChange(change, userInfo.ID),
        recordMenuVisit: (visit: MenuVisit) => void recordMenuVisit(visit, userInfo.ID).catch(() => {}),
      }),
    }),
    [userInfo, organization],
  );
  return <ShellServicesProvider value={value}>{children}</ShellServicesProvider>;
}
