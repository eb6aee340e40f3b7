/**
 * Role menu -> routes, menus, search index and new-window items (spec §2 dynamic routes, §6).
 * Pure: the caller passes the API configuration variables and the session's organisation and
 * token (both end up in iframe URLs), and the Home title in both languages (from i18n).
 */
import { HOME_ROUTE_NAME, STATIC_PATHS } from './staticPaths';
import type {
  BuiltNavigation,
  DynamicRoute,
  LocalizedTitle,
  NewWindowItem,
  SearchEntry,
  ServerMenuItem,
  ShellMenuItem,
} from './types';

export interface BuildNavigationInput {
  menuTree: readonly ServerMenuItem[];
  /** API path configuration: placeholder name -> value. */
  apiConfig: Readonly<Record<string, string>>;
  organizeId?: string;
  token?: string;
  /** Origins an iframe URL may carry the token to (see iframeTokenOrigins.ts); none: the token goes nowhere. */
  tokenOrigins?: readonly string[];
  homeTitle: LocalizedTitle;
}

/** Menus of this application code belong to another product and are never shown (spec §6). */
export const EXCLUDED_APP_CODE = 'SCM';

const PLACEHOLDER = /\{([^{}]+)\}/g;
const EXTERNAL_LINK = /^https?:\/\//i;

export const hasPlaceholder = (link: string) => /\{[^{}]+\}/.test(link);
export const isExternalLink = (link: string) => EXTERNAL_LINK.test(link);

/** `{NAME}` -> apiConfig[NAME]; an unknown name is left as written so the broken link stays visible. */
export function replacePlaceholders(link: string, apiConfig: Readonly<Record<string, string>>): string {
  return link.replace(PLACEHOLDER, (whole, name: string) => apiConfig[name.trim()] ?? whole);
}

/** Appends query parameters, keeping an existing query and a #fragment in place. */
export function appendQuery(url: string, params: Readonly<Record<string, string | undefined>>): string {
  const pairs = Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  if (!pairs.length) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt < 0 ? url : url.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : url.slice(hashAt);
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${separator}${pairs.join('&')}${hash}`;
}

type IframeUrlInput = Pick<BuildNavigationInput, 'apiConfig' | 'organizeId' | 'token' | 'tokenOrigins'>;

/** A relative address stays on the portal's own origin; an absolute one goes where its origin says. */
const RELATIVE_BASE = 'http://portal.invalid';

/** True when `url` leads to one of `origins`, or stays on the portal's own origin (a relative address). */
export function isTokenOrigin(url: string, origins: readonly string[] = []): boolean {
  let origin: string;
  try {
    origin = new URL(url, RELATIVE_BASE).origin;
  } catch {
    return false;
  }
  return origin === RELATIVE_BASE || origins.includes(origin);
}

/**
 * An iframe URL carries the organisation, and the token so the embedded page acts as the same user;
 * the token only when the page is on an origin trusted with it, never to an arbitrary menu URL.
 */
export function iframeUrlFor(link: string, input: IframeUrlInput) {
  const url = replacePlaceholders(link, input.apiConfig);
  return appendQuery(url, {
    OrganizeId: input.organizeId,
    token: isTokenOrigin(url, input.tokenOrigins) ? input.token : undefined,
  });
}

const trimSlashes = (path: string) => path.replace(/^\/+/, '').replace(/\/+$/, '');

/**
 * An in-frame link -> its route path. Query values become extra path segments
 * (`/bill/master?billType=IN` -> `bill/master/IN`), so each bill type or report is its own tab.
 */
export function inFrameRoutePath(link: string): { path: string; componentKey: string; params?: Record<string, string> } {
  const queryAt = link.indexOf('?');
  const componentKey = trimSlashes(queryAt < 0 ? link : link.slice(0, queryAt));
  if (queryAt < 0) return { path: componentKey, componentKey };
  const params: Record<string, string> = {};
  const segments: string[] = [];
  for (const [name, value] of new URLSearchParams(link.slice(queryAt + 1))) {
    if (!value) continue;
    params[name] = value;
    segments.push(encodeURIComponent(value));
  }
  if (!segments.length) return { path: componentKey, componentKey };
  return { path: [componentKey, ...segments].join('/'), componentKey, params };
}

const titleOf = (item: ServerMenuItem): LocalizedTitle => ({
  zh: item.Menu_Name,
  en: item.MENU_EN?.trim() ? item.MENU_EN : item.Menu_Name,
});

export const isMenuItemShown = (item: ServerMenuItem) =>
  item.ENABLED === 'Y' && (item.AppCode ?? '').toUpperCase() !== EXCLUDED_APP_CODE;

export type MenuLinkTarget =
  | { type: 'none' }
  /** `route`: an in-portal page's, so the new window has the page to show (it opens at that path). */
  | { type: 'newWindow'; url: string; route?: DynamicRoute }
  | { type: 'route'; route: DynamicRoute };

/** What one menu item's link becomes; children are not looked at. */
export function classifyMenuLink(
  item: ServerMenuItem,
  input: IframeUrlInput,
): MenuLinkTarget {
  const link = (item.Link_Url ?? '').trim();
  const appUrl = (item.AppUrl ?? '').trim();
  const appCode = (item.AppCode ?? '').trim();
  const isChildApp = Boolean(appUrl && appCode);
  if (!link && !isChildApp) return { type: 'none' };

  const embedded = hasPlaceholder(link) || isExternalLink(link);
  const common = { name: item.Menu_Code, menuId: item.Id, title: titleOf(item), icon: item.Icon_Url || undefined };
  if (item.Target === '_blank') {
    if (embedded || isChildApp) return { type: 'newWindow', url: embedded ? iframeUrlFor(link, input) : `/${trimSlashes(link)}` };
    const { path, componentKey, params } = inFrameRoutePath(link);
    return { type: 'newWindow', url: `/${path}`, route: { ...common, path, kind: 'page', componentKey, ...(params ? { params } : {}) } };
  }

  if (isChildApp) {
    const inner = link ? inFrameRoutePath(link).path : '';
    const path = [trimSlashes(STATIC_PATHS.micro), appCode, inner].filter(Boolean).join('/');
    return { type: 'route', route: { ...common, path, kind: 'micro', appCode, appUrl } };
  }
  if (embedded) {
    const path = `${trimSlashes(STATIC_PATHS.iframe)}/${item.Menu_Code}`;
    return { type: 'route', route: { ...common, path, kind: 'iframe', iframeUrl: iframeUrlFor(link, input) } };
  }
  const { path, componentKey, params } = inFrameRoutePath(link);
  return { type: 'route', route: { ...common, path, kind: 'page', componentKey, ...(params ? { params } : {}) } };
}

const bySortNumber = (a: ServerMenuItem, b: ServerMenuItem) => (a.SORT_NUM ?? 0) - (b.SORT_NUM ?? 0);

export function homeMenuItem(homeTitle: LocalizedTitle): ShellMenuItem {
  return { id: HOME_ROUTE_NAME, code: HOME_ROUTE_NAME, title: homeTitle, icon: 'home', path: STATIC_PATHS.home, children: [] };
}

export function buildNavigation(input: BuildNavigationInput): BuiltNavigation {
  const routes: DynamicRoute[] = [];
  const routePaths = new Set<string>();
  const newWindowItems: NewWindowItem[] = [];
  const home = homeMenuItem(input.homeTitle);
  const searchIndex: SearchEntry[] = [{ path: home.path!, name: home.code, title: home.title, newWindow: false }];

  const toMenu = (item: ServerMenuItem): ShellMenuItem | null => {
    if (!isMenuItemShown(item)) return null;
    const children = [...(item.children ?? [])]
      .sort(bySortNumber)
      .map(toMenu)
      .filter((child): child is ShellMenuItem => child !== null);
    const menu: ShellMenuItem = { id: item.Id, code: item.Menu_Code, title: titleOf(item), icon: item.Icon_Url || undefined, children };
    const target = classifyMenuLink(item, input);
    // A group whose children are all hidden would be an empty root: leave it out.
    if (target.type === 'none' && !children.length) return null;
    if (target.type === 'newWindow') {
      menu.newWindowUrl = target.url;
      newWindowItems.push({ menuId: item.Id, name: item.Menu_Code, title: menu.title, url: target.url });
      searchIndex.push({ path: target.url, name: item.Menu_Code, title: menu.title, newWindow: true });
      // The page's route too, without a menu path: the window the item opens shows the page, the menu still opens the window.
      if (target.route && !routePaths.has(target.route.path)) {
        routePaths.add(target.route.path);
        routes.push(target.route);
      }
    } else if (target.type === 'route') {
      const { route } = target;
      menu.path = `/${route.path}`;
      // Two menu items may share a link: one route, the first one wins (spec §2 guard).
      if (!routePaths.has(route.path)) {
        routePaths.add(route.path);
        routes.push(route);
        searchIndex.push({ path: menu.path, name: route.name, title: route.title, newWindow: false });
      }
    }
    return menu;
  };

  const menus = [...input.menuTree]
    .sort(bySortNumber)
    .map(toMenu)
    .filter((menu): menu is ShellMenuItem => menu !== null);
  return { routes, menus: [home, ...menus], searchIndex, newWindowItems };
}

/** The chain of menu items from a root down to the item whose path is `path` (for the breadcrumb). */
export function menuTrail(menus: readonly ShellMenuItem[], path: string): ShellMenuItem[] {
  for (const menu of menus) {
    if (menu.path === path) return [menu];
    const below = menuTrail(menu.children, path);
    if (below.length) return [menu, ...below];
  }
  return [];
}
