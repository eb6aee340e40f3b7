/**
 * Favourites (spec §3 SysFavorites record, §4 favourite toggle): pure decisions only, the calls
 * are injected, because the favourites endpoints are not in the contract yet.
 */
export interface Favourite {
  ID: string;
  MENUM_ID: string;
  MENUM_PATH: string;
  USER_ID: string;
  ENABLE: 'Y' | 'N';
  SORT_NUM: number;
}

/** Result codes of the legacy toggle: 1 added, 2 removed. */
export const FAVOURITE_ADDED = 1;
export const FAVOURITE_REMOVED = 2;

export type FavouriteChange =
  | { result: typeof FAVOURITE_ADDED; insert: Omit<Favourite, 'ID'> }
  | { result: typeof FAVOURITE_REMOVED; removeId: string };

/** Not in the list by path: add it (ENABLE Y, SORT_NUM 0); already there: remove it by its ID. */
export function favouriteToggle(
  favourites: readonly Favourite[],
  menu: { menuId: string; path: string },
  userId: string,
): FavouriteChange {
  const existing = favourites.find((f) => f.MENUM_PATH === menu.path);
  if (existing) return { result: FAVOURITE_REMOVED, removeId: existing.ID };
  return {
    result: FAVOURITE_ADDED,
    insert: { MENUM_ID: menu.menuId, MENUM_PATH: menu.path, USER_ID: userId, ENABLE: 'Y', SORT_NUM: 0 },
  };
}

export const isFavourite = (favourites: readonly Favourite[], path: string) => favourites.some((f) => f.MENUM_PATH === path);
