/**
 * What the shell needs from the session, the server and the app, injected so the shell is testable
 * and does not reach into features or the app: the user, logout, password change, organisations,
 * environments, which menu links have a page. The app provides it once around the router
 * (src/app/providers/SessionShellServices.tsx).
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { components } from '../api/schema';
import type { Favourite, FavouriteChange } from '../core/navigation/favourites';
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
  /** SysEnvConfig/GetEnvVars; rejects without a toast (the selector says the config could not be read), except a 401's. */
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
  /**
   * The app's pages by registry key (src/app/pageRegistry.ts): a menu page route whose key is not
   * here is reported as a missing module instead of opened.
   */
  pageRegistry: Readonly<Record<string, unknown>>;
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
