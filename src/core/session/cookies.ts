/**
 * Every cookie the portal reads or writes (spec §2 guard, §4 session, §7 headers). One place, so
 * the api middleware, the guard and the shell agree on names. Default expiry 1 day (spec §9).
 */
import Cookies from 'js-cookie';

export const COOKIE = {
  token: 'Admin-Token',
  /** Accepted by the guard when the main token cookie is absent (e.g. set by an SSO host). */
  alternateToken: 'Token',
  uuid: 'uuid',
  language: 'language',
  /** Multi-API mode: the API base chosen for this user. */
  userApi: 'userApi',
  /** ADMIN's server environment choice. */
  serverEnv: 'serverEnv',
  tableToolVisible: 'tableToolVisible',
} as const;

export type CookieName = (typeof COOKIE)[keyof typeof COOKIE];

const DEFAULT_EXPIRY_DAYS = 1;

export const readCookie = (name: CookieName): string | undefined => Cookies.get(name);
export const writeCookie = (name: CookieName, value: string, days = DEFAULT_EXPIRY_DAYS): void => {
  Cookies.set(name, value, { expires: days, sameSite: 'Lax', path: '/' });
};
export const removeCookie = (name: CookieName): void => Cookies.remove(name, { path: '/' });

/** The session token: main cookie first, then the alternate one (spec §2 guard). */
export const readToken = (): string | undefined => readCookie(COOKIE.token) ?? readCookie(COOKIE.alternateToken);
