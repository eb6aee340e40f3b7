/**
 * The advanced search of each page, kept per route path (spec §4) for as long as the app runs:
 * the conditions of the last search, whether they apply, and the dialog's 'immediate save'; and the
 * quick search's fields as last searched, which apply together with them.
 */
import { create } from 'zustand';
import { toQueryConditions } from '../logic/conditions';
import type { QueryCondition, SearchCondition } from '../model/types';

export interface RouteSearchState {
  /** The conditions filter the grid. */
  enabled: boolean;
  /** A search has run since the last clear; until then the enable switch stays disabled. */
  searched: boolean;
  /** The dialog's rows as of the last search (or as loaded from the saved conditions). */
  conditions: SearchCondition[];
  /** Save the conditions for the user whenever a search runs (on by default). */
  immediateSave: boolean;
  /** The saved conditions were read once already; later openings keep the rows in memory. */
  savedLoaded: boolean;
  /** The quick search's rows (IS_FAST_SEARCH fields) as last searched; empty ones are not sent. */
  quick: SearchCondition[];
}

export const INITIAL_ROUTE_SEARCH: RouteSearchState = {
  enabled: false,
  searched: false,
  conditions: [],
  immediateSave: true,
  savedLoaded: false,
  quick: [],
};

interface AdvancedSearchStore {
  byPath: Record<string, RouteSearchState>;
  /** After a search: the state turns on with these conditions. */
  searched(path: string, conditions: SearchCondition[]): void;
  setEnabled(path: string, enabled: boolean): void;
  /** Right-click on the button: off, and no conditions. */
  clear(path: string): void;
  setImmediateSave(path: string, immediateSave: boolean): void;
  savedConditionsLoaded(path: string, conditions: SearchCondition[]): void;
  quickSearched(path: string, quick: SearchCondition[]): void;
}

export const useAdvancedSearchStore = create<AdvancedSearchStore>()((set) => {
  const patch = (path: string, change: Partial<RouteSearchState>) =>
    set((s) => ({ byPath: { ...s.byPath, [path]: { ...(s.byPath[path] ?? INITIAL_ROUTE_SEARCH), ...change } } }));
  return {
    byPath: {},
    searched: (path, conditions) => patch(path, { enabled: true, searched: true, conditions, savedLoaded: true }),
    setEnabled: (path, enabled) => patch(path, { enabled }),
    clear: (path) => patch(path, { enabled: false, searched: false, conditions: [], savedLoaded: true }),
    setImmediateSave: (path, immediateSave) => patch(path, { immediateSave }),
    savedConditionsLoaded: (path, conditions) => patch(path, { conditions, savedLoaded: true }),
    quickSearched: (path, quick) => patch(path, { quick }),
  };
});

export const useRouteSearch = (path: string): RouteSearchState =>
  useAdvancedSearchStore((s) => s.byPath[path] ?? INITIAL_ROUTE_SEARCH);

/** What the grid (and its export) searches with: the quick search's fields, then the advanced search's conditions when on. */
export const searchConditionsOf = (state: RouteSearchState): QueryCondition[] =>
  toQueryConditions([...state.quick, ...(state.enabled ? state.conditions : [])]);
