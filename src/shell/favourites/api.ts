/**
 * The favourites and menu click statistics calls (SysFavorites/*, SysMenuClick/*, spec §7).
 * The server answers only for the caller; the user id is sent because the legacy calls carry it.
 */
import { api } from '../../api/client';
import { callLegacy, type CallOptions } from '../../api/call';
import type { components } from '../../api/schema';
import type { Favourite, FavouriteChange } from '../../core/navigation/favourites';
import type { MenuVisit } from './menuClicks';

export type MenuClick = components['schemas']['MenuClick'];

/** Spec §9: favourites load size 100000, all on page 1. */
export const FAVOURITES_LOAD_LIMIT = 100000;

export async function loadFavourites(userId: string, options?: CallOptions): Promise<Favourite[]> {
  const { rows } = await callLegacy(
    api.GET('/SysFavorites/LoadData', { params: { query: { Page: 1, Limit: FAVOURITES_LOAD_LIMIT, USER_ID: userId } } }),
    options,
  );
  return rows;
}

/** Saves one toggle decision (spec §4) and returns the reloaded list. */
export async function saveFavouriteChange(change: FavouriteChange, userId: string): Promise<Favourite[]> {
  const body =
    change.result === 1 ? { InsertRecords: [{ ID: '', ...change.insert }] } : { RemoveRecords: [{ ID: change.removeId }] };
  await callLegacy(api.POST('/SysFavorites/SaveData', { body }));
  return loadFavourites(userId);
}

export async function loadMenuClicks(userId: string): Promise<MenuClick[]> {
  return (await callLegacy(api.GET('/SysMenuClick/LoadData', { params: { query: { User_ID: userId } } }))).rows;
}

/** Counting is a side effect of navigating: a failure is logged (by callLegacy) but never toasted. */
export async function recordMenuVisit(visit: MenuVisit, userId: string): Promise<void> {
  await callLegacy(api.POST('/SysMenuClick/SaveData', { body: { OperationRecords: [{ User_ID: userId, ...visit }] } }), { silent: true });
}
