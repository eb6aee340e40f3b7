/**
 * The scanning pages' calls: the signed-in user's PDA menus (Role/LoadMenusByRoleId with the PDA
 * tree's app code, the portal's own call for its menus) and a locator by code. A scanned bill code is
 * found as the goods-receiving screen finds it (../model/billList.ts findBillByCode); everything else
 * is the desktop screens' own calls (../api.ts; Reel/Get as features/stock/api.ts calls it).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { callWrapped } from '../../../api/call';
import { useSessionStore } from '../../../core/session/store';
import type { ServerMenuItem } from '../../../core/navigation/types';
import { isMenuItemShown } from '../../../core/navigation/buildRoutes';
import { queryRows } from '../../../grid/api/listParam';
import type { QueryCondition } from '../../../grid/model/types';

/** The app code of the PDA menu tree (server/db/seed/system-data.ts SYSTEM_TERMINAL_MENUS). */
export const PDA_APP_CODE = 'PDA';

export interface PdaMenuGroup {
  item: ServerMenuItem;
  pages: ServerMenuItem[];
}

/** The tree as groups of pages (a page at the top is a group of its own), hidden and disabled ones left out. */
export function menuGroupsOf(tree: readonly ServerMenuItem[]): PdaMenuGroup[] {
  return tree.filter(isMenuItemShown).map((item) => {
    const children = (item.children ?? []).filter(isMenuItemShown);
    return { item, pages: children.length ? children : [item] };
  });
}

export function usePdaMenus() {
  const roleId = useSessionStore((state) => state.userInfo?.ROLE_ID);
  return useQuery({
    queryKey: ['pda', 'menus', roleId],
    enabled: Boolean(roleId),
    staleTime: Infinity,
    queryFn: async () =>
      (await callWrapped(api.GET('/Role/LoadMenusByRoleId', { params: { query: { roleId: roleId!, appCode: PDA_APP_CODE } } }))) ?? [],
  });
}

/** A locator as the transfer needs it: its code and the storage location it is in. */
export interface LocatorPlace {
  sic: string;
  loc: string;
}

/** The enabled-or-not locator with this code, through its master list (/masterdata/locator, the seeded `code` search). */
export async function findLocator(code: string): Promise<LocatorPlace | undefined> {
  const byCode: QueryCondition = { ORD_ID: 1, PARAM_NAME: 'code', FIELD_NAME: 'code', DATA_TYPE: 1, ACTION_TYPE: 1, IS_PAGING: 'N', PARAM_VALUE: code };
  const page = await queryRows('/masterdata/locator', { conditions: [byCode], Page: 1, Limit: 1, wantAggregates: false });
  const row = page.rows[0];
  return row ? { sic: String(row.storage_location_code), loc: String(row.code) } : undefined;
}

/** Reel/Get (the reel screen's call), its refusal shown by the page rather than a toast. */
export const lookUpReel = (reelCode: string) => callWrapped(api.GET('/Reel/Get', { params: { query: { reelCode } } }), { silent: true });

/** 盘点扫描: the count plans under way with their progress, and a reel counted into one (the page shows a refusal itself, big). */
export const loadCountingStocktakes = async () => (await callWrapped(api.POST('/Stocktake/Counting')))!;
export const countStocktakeOnTerminal = (body: { Id: string; ReelCode: string; Qty?: string }) =>
  callWrapped(api.POST('/Stocktake/Count', { body }), { silent: true });
