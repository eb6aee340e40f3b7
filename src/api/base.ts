/**
 * The API base (spec §7): from the build env `VITE_API_BASE` (default `/api`). In multi-API mode
 * (`VITE_MULTI_API=true`) the user's `userApi` cookie wins, else the first of the comma list; a cookie
 * that is not an http(s) address is ignored and says 'API address configuration format is wrong' (spec §8).
 * That is the "login API address". A server environment chosen by ADMIN (below) replaces it for
 * the rest of that session. Read on every request, so either choice takes effect without a rebuild.
 * No React, no stores.
 */
import { COOKIE, readCookie, removeCookie, writeCookie } from '../core/session/cookies';
import { API_PREFIX } from '../shared/api-prefix';
import { isHttpUrl } from '../shared/http-url';

export const DEFAULT_API_BASE = API_PREFIX;

/** The only user offered the server environment selector (spec §6). */
export const SERVER_ENV_ADMIN_USER = 'ADMIN';
/** Of an environment's variable rows, the one whose UrlPrefix is that environment's API base. */
export const SERVER_ENV_API_BASE_VAR = 'API_BASE';

/**
 * What the serverEnv cookie holds (JSON). `sessionUuid` is the uuid cookie of the login it was
 * chosen in: every login writes a new uuid, so a choice applies to ADMIN's current session only.
 * Anyone logging in next (another user, or ADMIN again) is back on the login API address, and a
 * choice that points at a server refusing the token cannot lock the administrator out.
 */
export interface ServerEnvironmentChoice {
  envName: string;
  apiBase: string;
  sessionUuid: string;
}


function parseChoice(raw: string): Partial<ServerEnvironmentChoice> {
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Partial<ServerEnvironmentChoice>) : {};
  } catch {
    return {};
  }
}

/** ADMIN's environment for this session, or undefined (none chosen, chosen in an earlier session, malformed). */
export function chosenServerEnvironment(): ServerEnvironmentChoice | undefined {
  const raw = readCookie(COOKIE.serverEnv);
  const sessionUuid = readCookie(COOKIE.uuid);
  if (!raw || !sessionUuid) return undefined;
  const { envName, apiBase, sessionUuid: chosenIn } = parseChoice(raw);
  if (typeof envName !== 'string' || typeof apiBase !== 'string' || chosenIn !== sessionUuid || !isHttpUrl(apiBase)) {
    return undefined;
  }
  return { envName, apiBase, sessionUuid };
}

/** Stores ADMIN's choice for the current session; the caller reloads the page. */
export function chooseServerEnvironment(envName: string, apiBase: string): void {
  const sessionUuid = readCookie(COOKIE.uuid);
  if (!sessionUuid || !isHttpUrl(apiBase)) return;
  writeCookie(COOKIE.serverEnv, JSON.stringify({ envName, apiBase, sessionUuid } satisfies ServerEnvironmentChoice));
}

/** Back to the login API address (ADMIN choosing the default; any other user at session start). */
export function forgetServerEnvironment(): void {
  removeCookie(COOKIE.serverEnv);
}

const firstListed = (list: string | undefined): string | undefined =>
  list
    ?.split(',')
    .map((entry) => entry.trim())
    .find(Boolean);

const withoutTrailingSlash = (base: string) => base.replace(/\/+$/, '');

/** userApi cookie values already reported as invalid: the base is read on every request, the error is said once. */
const reportedInvalidUserApis = new Set<string>();

/**
 * Says that a userApi cookie is not an http(s) address. Set by api/errors.ts, which has the texts and the
 * notifier: this module stays without them (it is on the login page, whose JavaScript has a budget).
 */
let sayInvalidUserApi: (chosen: string) => void = () => undefined;
export const whenUserApiInvalid = (say: (chosen: string) => void): void => {
  sayInvalidUserApi = say;
};

/** The multi-API cookie when it is an http(s) address; any other value is reported and ignored. */
function userApiBase(): string | undefined {
  const chosen = readCookie(COOKIE.userApi);
  if (chosen === undefined || isHttpUrl(chosen)) return chosen;
  if (!reportedInvalidUserApis.has(chosen)) {
    reportedInvalidUserApis.add(chosen);
    sayInvalidUserApi(chosen);
  }
  return undefined;
}

/** The address the login goes to, and every request of a session without a chosen environment. */
export function resolveLoginApiBase(): string {
  const env = import.meta.env;
  const configured = firstListed(env.VITE_API_BASE) ?? DEFAULT_API_BASE;
  const base = env.VITE_MULTI_API === 'true' ? (userApiBase() ?? configured) : configured;
  return withoutTrailingSlash(base);
}

export function resolveApiBase(): string {
  const environment = chosenServerEnvironment();
  return environment ? withoutTrailingSlash(environment.apiBase) : resolveLoginApiBase();
}

/**
 * The base as an absolute URL: `Request` outside a browser page (jsdom, Node) cannot parse a
 * relative one, and in a page the result is the same as the relative form.
 */
export function resolveAbsoluteApiBase(): string {
  const base = resolveApiBase();
  const origin = globalThis.location?.origin;
  return origin && !/^[a-z][a-z\d+.-]*:/i.test(base) ? new URL(base, origin).href.replace(/\/+$/, '') : base;
}
