/**
 * Per-user browser-side settings (spec §3, §4): theme, element size, theme colour, transitions,
 * aside collapse, page sizes per path and the opened tabs, in local storage under
 * `<app>-2.0.1-<userId>` (default user id 'ghost-uuid'). Table-tool visibility lives in the
 * `tableToolVisible` cookie instead. switchSettingsUser() moves the store to another user's key.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { COOKIE, readCookie, writeCookie } from '../session/cookies';
import type { LocalizedTitle } from '../navigation/types';
import { DEFAULT_THEME_COLOR, resolveThemeColor, resolveThemeKey, type ThemeKey } from './themes';

/** An opened tab as stored per user; the tabs store (src/shell/tabs) works on these. */
export interface StoredTab {
  /** Identity of the tab: the route pathname ('/admin/user'). */
  path: string;
  /** What to navigate to: pathname + search + hash as last seen. */
  fullPath: string;
  /** Route name (menu code). */
  name: string;
  /** Absent for Home, whose title comes from i18n. */
  title?: LocalizedTitle;
  icon?: string;
}

export const APP_STORAGE_NAME = 'plant-portal';
/** The build version the storage keys carry (spec §3, §9), not the About dialog's version. */
export const APP_STORAGE_VERSION = '2.0.1';
export const GHOST_USER_ID = 'ghost-uuid';

export const settingsStorageKey = (userId: string = GHOST_USER_ID) =>
  `${APP_STORAGE_NAME}-${APP_STORAGE_VERSION}-${userId || GHOST_USER_ID}`;

export const ELEMENT_SIZES = ['large', 'middle', 'small'] as const;
export type ElementSize = (typeof ELEMENT_SIZES)[number];
export const DEFAULT_ELEMENT_SIZE: ElementSize = 'small';

export interface PersistedSettings {
  theme: ThemeKey;
  elementSize: ElementSize;
  themeColor: string;
  transitionActive: boolean;
  asideCollapsed: boolean;
  /** Custom page sizes per route path (the grid's page-size dialog). */
  pageSizes: Record<string, number[]>;
  openedTabs: StoredTab[];
}

export const DEFAULT_SETTINGS: PersistedSettings = {
  theme: resolveThemeKey(undefined),
  elementSize: DEFAULT_ELEMENT_SIZE,
  themeColor: DEFAULT_THEME_COLOR,
  transitionActive: true,
  asideCollapsed: true,
  pageSizes: {},
  openedTabs: [],
};

export interface SettingsState extends PersistedSettings {
  userId: string;
  tableToolVisible: boolean;
  setTheme(theme: string): void;
  setElementSize(size: ElementSize): void;
  setThemeColor(color: string): void;
  setTransitionActive(active: boolean): void;
  setAsideCollapsed(collapsed: boolean): void;
  setPageSizes(path: string, sizes: number[]): void;
  setOpenedTabs(tabs: StoredTab[]): void;
  setTableToolVisible(visible: boolean): void;
}

const readTableToolVisible = () => readCookie(COOKIE.tableToolVisible) !== 'false';

/** Whatever is in storage (older builds, hand edits) is checked field by field; bad values get defaults. */
export function sanitizeSettings(stored: unknown): PersistedSettings {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Partial<Record<keyof PersistedSettings, unknown>>;
  const pageSizes: Record<string, number[]> = {};
  if (s.pageSizes && typeof s.pageSizes === 'object') {
    for (const [path, sizes] of Object.entries(s.pageSizes as Record<string, unknown>)) {
      if (Array.isArray(sizes) && sizes.every((n) => Number.isInteger(n))) pageSizes[path] = sizes as number[];
    }
  }
  return {
    theme: resolveThemeKey(s.theme),
    elementSize: (ELEMENT_SIZES as readonly unknown[]).includes(s.elementSize) ? (s.elementSize as ElementSize) : DEFAULT_ELEMENT_SIZE,
    themeColor: resolveThemeColor(s.themeColor),
    transitionActive: typeof s.transitionActive === 'boolean' ? s.transitionActive : DEFAULT_SETTINGS.transitionActive,
    asideCollapsed: typeof s.asideCollapsed === 'boolean' ? s.asideCollapsed : DEFAULT_SETTINGS.asideCollapsed,
    pageSizes,
    openedTabs: Array.isArray(s.openedTabs)
      ? (s.openedTabs as StoredTab[]).filter((tab) => tab && typeof tab.path === 'string' && typeof tab.fullPath === 'string')
      : [],
  };
}

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      userId: GHOST_USER_ID,
      tableToolVisible: readTableToolVisible(),
      setTheme: (theme) => set({ theme: resolveThemeKey(theme) }),
      setElementSize: (elementSize) => set({ elementSize }),
      setThemeColor: (color) => set({ themeColor: resolveThemeColor(color) }),
      setTransitionActive: (transitionActive) => set({ transitionActive }),
      setAsideCollapsed: (asideCollapsed) => set({ asideCollapsed }),
      setPageSizes: (path, sizes) => set((s) => ({ pageSizes: { ...s.pageSizes, [path]: sizes } })),
      setOpenedTabs: (openedTabs) => set({ openedTabs }),
      setTableToolVisible: (visible) => {
        writeCookie(COOKIE.tableToolVisible, String(visible));
        set({ tableToolVisible: visible });
      },
    }),
    {
      name: settingsStorageKey(GHOST_USER_ID),
      storage: createJSONStorage(() => localStorage),
      partialize: (state): PersistedSettings => ({
        theme: state.theme,
        elementSize: state.elementSize,
        themeColor: state.themeColor,
        transitionActive: state.transitionActive,
        asideCollapsed: state.asideCollapsed,
        pageSizes: state.pageSizes,
        openedTabs: state.openedTabs,
      }),
      // Stored values replace the defaults, never the previous user's values.
      merge: (persisted, current) => ({ ...current, ...sanitizeSettings(persisted) }),
    },
  ),
);

/** Load another user's settings (login, page load with a session); a user with none gets the defaults. */
export function switchSettingsUser(userId: string | undefined): void {
  const id = userId || GHOST_USER_ID;
  useSettingsStore.persist.setOptions({ name: settingsStorageKey(id) });
  // local storage is synchronous, so the new user's values are in place when this returns.
  void useSettingsStore.persist.rehydrate();
  useSettingsStore.setState({ userId: id, tableToolVisible: readTableToolVisible() });
}

export const DEFAULT_PAGE_SIZES = [200, 500, 1000] as const;
export const pageSizesFor = (state: Pick<SettingsState, 'pageSizes'>, path: string): number[] =>
  state.pageSizes[path] ?? [...DEFAULT_PAGE_SIZES];
