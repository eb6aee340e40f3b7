/**
 * What the session bootstrap produced (spec §2 guard): routes, menus, search index, favourites,
 * child apps and API configuration. The guard reads `bootstrapped`; the shell reads the rest.
 */
import { create } from 'zustand';
import type { components } from '../../api/schema';
import type { Favourite } from '../../shell/favourites/favourites';
import type { BuiltNavigation } from './types';

export type ChildApp = components['schemas']['ChildApp'];

export interface NavigationData extends BuiltNavigation {
  apiConfig: Record<string, string>;
  childApps: ChildApp[];
  favourites: Favourite[];
  bootstrapped: boolean;
}

interface NavigationState extends NavigationData {
  setNavigation(data: Omit<NavigationData, 'bootstrapped'>): void;
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
  bootstrapped: false,
};

export const useNavigationStore = create<NavigationState>()((set) => ({
  ...EMPTY,
  setNavigation: (data) => set({ ...data, bootstrapped: true }),
  setFavourites: (favourites) => set({ favourites }),
  reset: () => set(EMPTY),
}));
