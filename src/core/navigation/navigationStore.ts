/**
 * What the session bootstrap produced (spec §2 guard): routes, menus, search index, favourites,
 * child apps and API configuration. The guard reads `bootstrapped`; the shell reads the rest.
 */
import { create } from 'zustand';
import type { components } from '../../api/schema';
import type { MenuGrants } from '../../core/navigation/access';
import type { Favourite } from './favourites';
import type { BuiltNavigation } from './types';

export type ChildApp = components['schemas']['ChildApp'];

export interface NavigationData extends BuiltNavigation {
  apiConfig: Record<string, string>;
  childApps: ChildApp[];
  favourites: Favourite[];
  /** What the user may do: the menus they have, each with its buttons they have (core/navigation/access.ts). */
  grants: MenuGrants;
  bootstrapped: boolean;
}

interface NavigationState extends NavigationData {
  setNavigation(data: Omit<NavigationData, 'bootstrapped' | 'grants'>): void;
  setGrants(grants: MenuGrants): void;
  setFavourites(favourites: Favourite[]): void;
  /** Logout / login: routes cleared, bootstrap runs again on the next guarded navigation. */
  reset(): void;
}

const EMPTY: NavigationData = {
  routes: [],
  menus: [],
  searchIndex: [],
  newWindowItems: [],
  apiConfig: {},
  childApps: [],
  favourites: [],
  grants: {},
  bootstrapped: false,
};

export const useNavigationStore = create<NavigationState>()((set) => ({
  ...EMPTY,
  setNavigation: (data) => set({ ...data, bootstrapped: true }),
  setFavourites: (favourites) => set({ favourites }),
  setGrants: (grants) => set({ grants }),
  reset: () => set(EMPTY),
}));
