/**
 * Shapes the route builder produces from the server's role menu (spec §2 dynamic routes) and the
 * shell consumes (side/header menu, tabs, breadcrumb, search panel, window title).
 */
import type { components } from '../../api/schema';

export type ServerMenuItem = components['schemas']['MenuItem'];

/** Both languages travel together so a language switch re-renders without reloading the menu. */
export interface LocalizedTitle {
  zh: string;
  en: string;
}

/** page: a registered screen in the frame; iframe: /Iframe/{menuCode}; micro: a child app under /micro. */
export type RouteKind = 'page' | 'iframe' | 'micro';

export interface DynamicRoute {
  /** Router path without the leading slash, e.g. `admin/user`, `bill/master/IN`, `Iframe/REPORT_VIEW`. */
  path: string;
  /** The menu code (route name). */
  name: string;
  menuId: string;
  title: LocalizedTitle;
  icon?: string;
  kind: RouteKind;
  /** kind page: the key of src/app/pageRegistry.ts, i.e. the link path without its query. */
  componentKey?: string;
  /** Query values of the link that became path segments, by query name (e.g. billType: 'IN'). */
  params?: Record<string, string>;
  /** kind iframe: the final URL, placeholders replaced, OrganizeId and token appended. */
  iframeUrl?: string;
  /** kind micro: the child app to load. */
  appCode?: string;
  appUrl?: string;
}

export interface ShellMenuItem {
  id: string;
  code: string;
  title: LocalizedTitle;
  icon?: string;
  /** Absolute in-app path ('/admin/user'); absent for groups and new-window items. */
  path?: string;
  /** Set for Target _blank items: what to open in a new window. */
  newWindowUrl?: string;
  children: ShellMenuItem[];
}

export interface SearchEntry {
  /** Absolute in-app path, or the new-window URL for new-window items. */
  path: string;
  name: string;
  title: LocalizedTitle;
  newWindow: boolean;
}

export interface NewWindowItem {
  menuId: string;
  name: string;
  title: LocalizedTitle;
  url: string;
}

export interface BuiltNavigation {
  routes: DynamicRoute[];
  /** The menu tree for the side and header menus, Home first. */
  menus: ShellMenuItem[];
  searchIndex: SearchEntry[];
  newWindowItems: NewWindowItem[];
}
