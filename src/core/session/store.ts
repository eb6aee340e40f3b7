/**
 * The signed-in session (spec §3 "User info", §4 "Session"): user info in memory (the guard
 * reloads it after a page load), the SSO ticket and the chosen organisation in local storage.
 * The token itself lives in the COOKIE.token cookie, where the guard and child apps read it.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { components } from '../../api/schema';

export type UserInfo = components['schemas']['UserInfo'];
export type Organization = components['schemas']['Organization'];

/** Keys are prefixed with the app name and build version (spec §3 per-user settings). */
export const SESSION_STORAGE_KEY = 'plant-portal-2.0.1-session';

export interface SessionState {
  userInfo: UserInfo | null;
  ticket: string | null;
  organization: Organization | null;
  setUserInfo: (userInfo: UserInfo) => void;
  /** The organisation switch stores the new one, then reloads the page (spec §4). */
  setOrganization: (organization: Organization) => void;
  /** Forget the user and the ticket; the organisation stays as the next login's default. */
  clearUser: () => void;
}

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      userInfo: null,
      ticket: null,
      organization: null,
      setUserInfo: (userInfo) => set({ userInfo }),
      setOrganization: (organization) => set({ organization }),
      clearUser: () => set({ userInfo: null, ticket: null }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ ticket, organization }) => ({ ticket, organization }),
    },
  ),
);

export const currentOrganizationId = (): string | undefined => useSessionStore.getState().organization?.Id ?? undefined;
export const currentUserName = (): string | undefined => useSessionStore.getState().userInfo?.USER_NAME;
