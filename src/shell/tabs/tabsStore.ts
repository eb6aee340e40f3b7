/**
 * Open tabs and the current one (spec §2 tabs, §4 "Tabs"). The Home tab is always first and never
 * closes. Every closing action returns the tab that is current afterwards, so the caller
 * navigates there when it changed. Persisted per user through the settings store (see
 * connectTabsToSettings), restored by the session bootstrap.
 */
import { create } from 'zustand';
import { HOME_ROUTE_NAME, STATIC_PATHS } from '../../core/navigation/staticPaths';
import type { StoredTab } from '../../core/settings/settingsStore';

/** A tab as the settings store keeps it per user (path, full path, menu code, title, icon). */
export type TabItem = StoredTab;

export const HOME_TAB: TabItem = { path: STATIC_PATHS.home, fullPath: STATIC_PATHS.home, name: HOME_ROUTE_NAME };

export const isHomeTab = (path: string) => path === HOME_TAB.path;

export type TabAction = 'refresh' | 'closeLeft' | 'closeRight' | 'closeOthers' | 'closeAll';

/** The context menu of a tab; on the Home tab only 'close all' is offered (spec §2). */
export function tabActionsFor(path: string): TabAction[] {
  return isHomeTab(path) ? ['closeAll'] : ['refresh', 'closeLeft', 'closeRight', 'closeOthers', 'closeAll'];
}

interface TabsState {
  tabs: TabItem[];
  currentPath: string;
  /** Bumped by refresh(); the keep-alive outlet keys the page by it, so the page remounts. */
  refreshKeys: Record<string, number>;
  /** Open (or re-activate) a tab; an open tab keeps its place and takes the new fullPath. */
  open(tab: TabItem): TabItem;
  close(path: string): TabItem;
  closeLeft(path: string): TabItem;
  closeRight(path: string): TabItem;
  closeOthers(path: string): TabItem;
  closeAll(): TabItem;
  /** Drag and drop: put `fromPath` where `toPath` is. Home stays first. */
  move(fromPath: string, toPath: string): void;
  refresh(path: string): void;
  /** Bring back tabs saved for this user, keeping only those `isKnownPath` accepts. */
  restore(tabs: readonly TabItem[], isKnownPath?: (path: string) => boolean): void;
  /** Login/logout: only Home is left. */
  reset(): void;
}

const withHomeFirst = (tabs: readonly TabItem[]) => [HOME_TAB, ...tabs.filter((tab) => !isHomeTab(tab.path))];

export const useTabsStore = create<TabsState>()((set, get) => {
  const current = () => get().tabs.find((tab) => tab.path === get().currentPath) ?? HOME_TAB;

  /** Keep the tabs `keep` accepts (Home always); if the current one went, `fallback` becomes current. */
  const keepOnly = (keep: (tab: TabItem, index: number) => boolean, fallback: string) => {
    const { tabs, currentPath } = get();
    const kept = tabs.filter((tab, index) => isHomeTab(tab.path) || keep(tab, index));
    const currentKept = kept.some((tab) => tab.path === currentPath);
    set({ tabs: kept, currentPath: currentKept ? currentPath : fallback });
    return current();
  };

  return {
    tabs: [HOME_TAB],
    currentPath: HOME_TAB.path,
    refreshKeys: {},

    open: (tab) => {
      const { tabs } = get();
      const index = tabs.findIndex((t) => t.path === tab.path);
      if (index < 0) set({ tabs: [...tabs, tab], currentPath: tab.path });
      else set({ tabs: tabs.map((t, i) => (i === index ? { ...t, ...tab } : t)), currentPath: tab.path });
      return current();
    },

    close: (path) => {
      const { tabs, currentPath } = get();
      const index = tabs.findIndex((tab) => tab.path === path);
      if (index < 0 || isHomeTab(path)) return current();
      const remaining = tabs.filter((tab) => tab.path !== path);
      // The next tab takes over, or the previous one when the closed tab was the last.
      const nextCurrent = currentPath === path ? (tabs[index + 1] ?? tabs[index - 1]).path : currentPath;
      set({ tabs: remaining, currentPath: nextCurrent });
      return current();
    },

    closeLeft: (path) => {
      const index = get().tabs.findIndex((tab) => tab.path === path);
      return index < 0 ? current() : keepOnly((_, i) => i >= index, path);
    },

    closeRight: (path) => {
      const index = get().tabs.findIndex((tab) => tab.path === path);
      return index < 0 ? current() : keepOnly((_, i) => i <= index, path);
    },

    closeOthers: (path) => keepOnly((tab) => tab.path === path, path),

    closeAll: () => keepOnly(() => false, HOME_TAB.path),

    move: (fromPath, toPath) => {
      if (fromPath === toPath || isHomeTab(fromPath)) return;
      const tabs = [...get().tabs];
      const from = tabs.findIndex((tab) => tab.path === fromPath);
      const to = tabs.findIndex((tab) => tab.path === toPath);
      if (from < 0 || to < 0) return;
      const [moved] = tabs.splice(from, 1);
      tabs.splice(Math.max(to, 1), 0, moved);
      set({ tabs });
    },

    refresh: (path) => set((s) => ({ refreshKeys: { ...s.refreshKeys, [path]: (s.refreshKeys[path] ?? 0) + 1 } })),

    restore: (saved, isKnownPath = () => true) => {
      const tabs = withHomeFirst(saved.filter((tab) => isKnownPath(tab.path)));
      set({ tabs, currentPath: HOME_TAB.path, refreshKeys: {} });
    },

    reset: () => set({ tabs: [HOME_TAB], currentPath: HOME_TAB.path, refreshKeys: {} }),
  };
});

/**
 * Saves the tab list into the per-user settings on every change. Returns the unsubscribe
 * function. `save` is the settings store's setOpenedTabs.
 */
export function connectTabsToSettings(save: (tabs: TabItem[]) => void): () => void {
  return useTabsStore.subscribe((state, previous) => {
    if (state.tabs !== previous.tabs) save(state.tabs.filter((tab) => !isHomeTab(tab.path)));
  });
}
