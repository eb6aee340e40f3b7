/**
 * What the shell needs from the session and the server, injected so the shell is testable and
 * does not reach into features: the user, logout, password change, organisations, environments.
 * The App provides it once around the router (see SessionShellServicesProvider).
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { api } from '../api/client';
import { callWrapped } from '../api/call';
import type { components } from '../api/schema';
import { logout } from '../app/session/logout';
import { changePassword as sendPasswordChange } from '../features/auth/api/user';
import { useSessionStore } from '../app/session/store';
import { recordMenuVisit, saveFavouriteChange } from './favourites/api';
import type { Favourite, FavouriteChange } from './favourites/favourites';
import type { MenuVisit } from './favourites/menuClicks';

export type Organization = components['schemas']['Organization'];
export type EnvironmentVariable = components['schemas']['EnvironmentVariable'];

export interface ShellUser {
  id: string;
  userName: string;
  nickName: string;
}

export interface PasswordChangeInput {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface ShellServices {
  user: ShellUser | null;
  currentOrganization: Organization | null;
  logout(): Promise<void> | void;
  /** Encrypts and sends User/ChangePassword; rejects when the server refuses. */
  changePassword(input: PasswordChangeInput): Promise<void>;
  loadOrganizations(userName: string): Promise<Organization[]>;
  /** Store the organisation (id and code) the next requests act in. */
  switchOrganization(organization: Organization): void;
  loadEnvironmentVariables(): Promise<EnvironmentVariable[]>;
  reload(): void;
  openWindow(url: string): void;
  /**
   * Save a favourite change (SysFavorites/SaveData) and return the reloaded list. Optional:
   * without it the menu offers no favourites.
   */
  toggleFavourite?(change: FavouriteChange): Promise<Favourite[]>;
  /** Count a visit of a menu screen (SysMenuClick/SaveData); optional, like the favourites. */
  recordMenuVisit?(visit: MenuVisit): void;
}

const ShellServicesContext = createContext<ShellServices | null>(null);

export function ShellServicesProvider({ value, children }: { value: ShellServices; children: ReactNode }) {
  return <ShellServicesContext.Provider value={value}>{children}</ShellServicesContext.Provider>;
}

export function useShellServices(): ShellServices {
  const services = useContext(ShellServicesContext);
  if (!services) throw new Error('useShellServices: wrap the shell in <ShellServicesProvider> (or SessionShellServicesProvider)');
  return services;
}

/**
 * The services over the real session and api. The password change goes through the auth
 * feature's call, which owns the RSA encryption of the three passwords.
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
      loadEnvironmentVariables: async () => (await callWrapped(api.GET('/SysEnvConfig/GetEnvVars'))) ?? [],
      reload: () => window.location.reload(),
      openWindow: (url) => {
        window.open(url, '_blank', 'noopener');
      },
      ...(userInfo && {
        toggleFavourite: (change: FavouriteChange) => saveFavouriteChange(change, userInfo.ID),
        recordMenuVisit: (visit: MenuVisit) => void recordMenuVisit(visit, userInfo.ID).catch(() => {}),
      }),
    }),
    [userInfo, organization],
  );
  return <ShellServicesProvider value={value}>{children}</ShellServicesProvider>;
}
