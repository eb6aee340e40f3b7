/**
 * The session bootstrap run on the first guarded navigation (spec §2 guard): API path config,
 * child-app list and user info; then the role's routes, its buttons (with the menus, the user's
 * access: core/navigation/access.ts) and the user's favourites; Home prepended,
 * routes de-duplicated, new-window items kept out of the routes; menus, search index and the
 * opened tabs set up. Any failure: token removed, user cleared, page reloaded.
 * Loaders and effects are injected so the sequence is testable without a server.
 */
import type { components } from '../../api/schema';
import { grantsOf, type MenuGrants } from '../../core/navigation/access';
import type { Favourite } from '../../core/navigation/favourites';
import { buildNavigation } from '../../core/navigation/buildRoutes';
import type { ChildApp } from '../../core/navigation/navigationStore';
import type { BuiltNavigation, LocalizedTitle, ServerMenuItem } from '../../core/navigation/types';

export type UserInfo = components['schemas']['UserInfo'];

/** Who the menus and favourites are asked for: the user's id and roles (UserInfo.ID, ROLE_ID). */
export type MenuOwner = Pick<UserInfo, 'ID' | 'ROLE_ID'>;

/** `silent`: a failure is not shown to the user (a guess that may be wrong, asked again when it is). */
export interface BootstrapCallOptions {
  silent?: boolean;
}

export interface BootstrapLoaders {
  loadApiPathConfig(): Promise<Record<string, string>>;
  loadChildApps(): Promise<ChildApp[]>;
  loadUserInfo(): Promise<UserInfo>;
  loadRoleMenus(user: MenuOwner, options?: BootstrapCallOptions): Promise<ServerMenuItem[]>;
  /** Menu id -> the codes of the menu's buttons the user has (the union over their roles). */
  loadRoleButtons(): Promise<Record<string, string[]>>;
  loadFavourites(user: MenuOwner, options?: BootstrapCallOptions): Promise<Favourite[]>;
}

export interface BootstrapContext {
  token?: string;
  organizeId?: string;
  /** Origins iframe URLs may carry the token to (routes/iframeTokenOrigins.ts). */
  tokenOrigins?: readonly string[];
  /**
   * Home's title in both languages; a promise when it comes from texts still loading (the shell's texts
   * come after login: core/i18n), awaited beside the loaders so it is read only once they are in.
   */
  homeTitle: LocalizedTitle | Promise<LocalizedTitle>;
  /**
   * The user this browser tab's previous bootstrap loaded (a reload keeps the session): their menus
   * and favourites are asked for at once, beside the user info, and asked again only if the user
   * info names someone else.
   */
  lastUser?: MenuOwner;
}

export interface BootstrapResult {
  apiConfig: Record<string, string>;
  childApps: ChildApp[];
  user: UserInfo;
  favourites: Favourite[];
  navigation: BuiltNavigation;
  grants: MenuGrants;
}

const sameOwner = (a: MenuOwner, b: MenuOwner) => a.ID === b.ID && a.ROLE_ID === b.ROLE_ID;

/** The menus and favourites of `owner`, asked for together. */
const loadOwnerData = (loaders: BootstrapLoaders, ...call: [owner: MenuOwner, options?: BootstrapCallOptions]) =>
  Promise.all([loaders.loadRoleMenus(...call), loaders.loadFavourites(...call)]);

export async function loadSession(loaders: BootstrapLoaders, context: BootstrapContext): Promise<BootstrapResult> {
  // All at once (issue 15): the first four and Home's title do not depend on each other; the menus and
  // favourites need the user, so they go for the last known user beside the user info, and again after
  // it only when that turns out to be someone else.
  const { lastUser } = context;
  const [apiConfig, childApps, user, buttons, homeTitle, guessed] = await Promise.all([
    loaders.loadApiPathConfig(),
    loaders.loadChildApps(),
    loaders.loadUserInfo(),
    loaders.loadRoleButtons(),
    context.homeTitle,
    // A guess that fails (another user's roles) is quietly dropped and asked again for the real user.
    lastUser ? loadOwnerData(loaders, lastUser, { silent: true }).catch(() => undefined) : undefined,
  ]);
  const [menuTree, favourites] = guessed && lastUser && sameOwner(lastUser, user) ? guessed : await loadOwnerData(loaders, user);
  const navigation = buildNavigation({
    menuTree,
    apiConfig,
    organizeId: context.organizeId,
    token: context.token,
    tokenOrigins: context.tokenOrigins,
    homeTitle,
  });
  return { apiConfig, childApps, user, favourites, navigation, grants: grantsOf(menuTree, buttons) };
}

export interface BootstrapEffects {
  /** Store user, navigation and favourites, switch the per-user settings, restore the opened tabs. */
  apply(result: BootstrapResult): void;
  removeToken(): void;
  clearUser(): void;
  reload(): void;
}

/** Runs the bootstrap; resolves true when the session is ready, false after the failure handling. */
export async function runBootstrap(
  loaders: BootstrapLoaders,
  context: BootstrapContext,
  effects: BootstrapEffects,
): Promise<boolean> {
  try {
    effects.apply(await loadSession(loaders, context));
    return true;
  } catch (error) {
    console.error('session bootstrap failed', error);
    effects.removeToken();
    effects.clearUser();
    effects.reload();
    return false;
  }
}
