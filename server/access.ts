/**
 * The one access check for every API route, run before the request is even validated:
 * the route's `x-permission` (read from the contract at start-up into the route config) says who
 * may call it (nobody in particular, any signed-in user, or a user one of whose roles has a menu or a menu's button); the bearer token must belong to a live session of an unlocked user; the `OrganizeId`
 * header, when sent, must name one of the user's organisations. The caller and the organisation the
 * request acts in are put on `request.auth` here, once, for the handlers.
 *
 * A list-parameter call's grant (`list(...)`) is the menu, or a grid button of the menu, of the
 * list the request names: listAccessControl checks it once the body is read (before the handler).
 * A bill call's grant (`bill(...)`, `billType(...)`) is the bill type's menu `Bill<TYPE>`, or the
 * action's button on it: billAccessControl checks it the same way.
 */
import type { FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { billMenuCode, type BillPermission, type Grant, type ListPermission, type Permission } from './contract.ts';
import type { ServerContext } from './context.ts';
import { headerText } from './http/headers.ts';
import { Problem } from './http/problem.ts';
import { findActiveSession, type ActiveSession } from './modules/auth/sessions.ts';
import { billTypeOfBill } from './modules/bills/engine.ts';
import { billTypeDeclaration } from '../src/shared/bills/types/index.ts';
import { granteeOf, hasAnyGrant } from './modules/roles/menus.ts';
import { isOrganizationMember } from './modules/users/organizations.ts';
import { requestLanguage } from './i18n.ts';
import { cachedListRoute } from './query/list-query.ts';
import type { SqlCaller } from './query/list-source.ts';
import { sha256 } from './security/secrets.ts';

export interface RequestAuth {
  sessionId: string;
  user: ActiveSession['user'];
  /** The organisation this request acts in: the OrganizeId header, else the one chosen at login. */
  orgId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
  interface FastifyContextConfig {
    permission?: Permission;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

export function accessControl(ctx: ServerContext): onRequestAsyncHookHandler {
  return async (request) => {
    const { permission } = request.routeOptions.config;
    if (!permission) throw new Error(`route ${request.routeOptions.url} has no permission`);
    if (permission.kind === 'public') return;

    const token = BEARER.exec(headerText(request.headers.authorization) ?? '')?.[1];
    // Once per request, before anything cached is read: drops what a change (here or in another process) staled.
    await ctx.cache.refresh();
    const session = token ? await cachedSession(ctx, token) : undefined;
    if (!session) throw new Problem(401, 'loginExpired');

    const orgId = headerText(request.headers.organizeid) ?? session.orgId;
    if (!(await cachedMembership(ctx, session.user.id, orgId))) throw new Problem(403, 'accessDenied');
    // A named user (user names match case-insensitively, as at login).
    if (permission.kind === 'user' && session.user.userName.toLowerCase() !== permission.userName.toLowerCase()) {
      throw new Problem(403, 'accessDenied');
    }
    // Grants: one of the caller's roles (or the caller directly) must have one of the (enabled)
    // menus, or menu buttons, named; a user's grants are the union over their roles.
    if (permission.kind === 'grant' && !(await cachedGrant(ctx, session.user, permission.anyOf))) {
      throw new Problem(403, 'accessDenied');
    }

    request.auth = { sessionId: session.sessionId, user: session.user, orgId };
  };
}

/**
 * The live session of a token, from the process's cache (db/generation-cache.ts): a logout, a lock,
 * a password change or a role change raises the database's cache generation, so it is read again on
 * the next call. Only the expiry passes without a change, so it is checked here at every call.
 */
async function cachedSession(ctx: ServerContext, token: string): Promise<ActiveSession | undefined> {
  const now = ctx.clock();
  // Keyed by the token's hash, as the database keeps it: the process holds no token.
  const session = await ctx.cache.get(`session:${sha256(token)}`, ctx.db, (db) => findActiveSession(db, { token }, now));
  return session && session.expiresAt > now ? session : undefined;
}

/**
 * Whether what a request was allowed to start may go on (a live-update stream): its session still
 * live (not revoked by a logout, a lock or a password change, not expired, the user not locked) and
 * the user still a member of the organisation it acts in. From the caches; refresh them first.
 */
export async function stillAuthorised(ctx: Pick<ServerContext, 'cache' | 'db' | 'clock'>, auth: RequestAuth): Promise<boolean> {
  const now = ctx.clock();
  const session = await ctx.cache.get(`session-id:${auth.sessionId}`, ctx.db, (db) => findActiveSession(db, { sessionId: auth.sessionId }, now));
  return Boolean(session && session.expiresAt > now && (await cachedMembership(ctx, auth.user.id, auth.orgId)));
}

function cachedMembership(ctx: Pick<ServerContext, 'cache' | 'db'>, userId: string, orgId: string): Promise<boolean> {
  return ctx.cache.get(`member:${userId}:${orgId}`, ctx.db, (db) => isOrganizationMember(db, userId, orgId));
}

/** hasAnyGrant for the caller (their roles and their own menus), cached until a grant, role or menu changes. */
function cachedGrant(ctx: ServerContext, user: ActiveSession['user'], anyOf: readonly Grant[]): Promise<boolean> {
  return ctx.cache.get(`grant:${user.id}:${JSON.stringify(anyOf)}`, ctx.db, (db) => hasAnyGrant(db, granteeOf(user), anyOf));
}

/** Whether the caller holds a menu (or a menu's button): for a right a call needs only for some of what it sends. */
export function callerHolds(ctx: ServerContext, auth: RequestAuth, grant: Grant): Promise<boolean> {
  return cachedGrant(ctx, auth.user, [grant]);
}

/** The caller of a route that requires one (any non-public route). */
export function authOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new Error(`route ${request.routeOptions.url} reads the caller but is public`);
  return request.auth;
}

/** The caller a list's rows are read for: the organisation and user name scope them, the language picks their words. */
export function sqlCallerOf(request: FastifyRequest): SqlCaller {
  const auth = authOf(request);
  return { orgId: auth.orgId, userName: auth.user.userName, language: requestLanguage(request) };
}

/** The lists a list-parameter call names, from where its x-permission says (absent or blank: none). */
function listRoutesNamed(request: FastifyRequest, permission: ListPermission): string[] {
  const source = (permission.from === 'body' ? request.body : request.query) as unknown;
  const items = permission.each ? (Array.isArray(source) ? source : []) : [source];
  const names = items.map((item) => (item as Record<string, unknown> | null | undefined)?.[permission.field]);
  return [...new Set(names.filter((name): name is string => typeof name === 'string' && name !== ''))];
}

/**
 * The list-parameter grant, after the body is parsed and validated: for every list the request
 * names (an empty settings grid names none, and its save does nothing), the caller must have the
 * list's menu, and the grid button when the declaration asks for one. A list without a menu is
 * open to every signed-in user, but none of its buttons is.
 */
export function listAccessControl(ctx: ServerContext): preHandlerAsyncHookHandler {
  return async (request) => {
    const { permission } = request.routeOptions.config;
    if (permission?.kind !== 'list') return;
    const auth = authOf(request);
    const button = permission.buttonCode && (!permission.buttonIf || (request.body as Record<string, unknown>)?.[permission.buttonIf] === true)
      ? permission.buttonCode
      : undefined;
    for (const name of listRoutesNamed(request, permission)) {
      const route = await cachedListRoute(ctx.cache, ctx.db, name);
      if (!route.menu_code) {
        if (button) throw new Problem(403, 'listButtonMissing', { button });
        continue;
      }
      if (!(await cachedGrant(ctx, auth.user, [{ menuCode: route.menu_code }]))) throw new Problem(403, 'accessDenied');
      if (button && !(await cachedGrant(ctx, auth.user, [{ menuCode: route.menu_code, buttonCode: button }]))) {
        throw new Problem(403, 'listButtonMissing', { button });
      }
    }
  };
}

/** The bill type a bill call names: the type of the bill whose id it sends, or the type it sends. */
async function billTypeNamed(ctx: ServerContext, request: FastifyRequest, permission: BillPermission, orgId: string): Promise<string> {
  const source = (permission.from === 'body' ? request.body : request.query) as Record<string, unknown> | null | undefined;
  const value = source?.[permission.field];
  // The contract requires the field; a request without it was refused as bad input already.
  const text = typeof value === 'string' ? value : String(value ?? '');
  if (permission.by === 'type') {
    // A type no declaration makes is bad input, not a right the caller lacks: an integrator is told what is wrong.
    if (!billTypeDeclaration(text)) throw new Problem(400, 'billTypeUnknown', { type: text });
    return text;
  }
  const type = await billTypeOfBill(ctx.db, orgId, text);
  if (type === null) throw new Problem(404, 'billNotFound', { id: text });
  return type;
}

/**
 * The bill grant, after the body is parsed and validated: the caller must have the menu of the
 * bill type the request names (`Bill<TYPE>`), and the action's button on it when the declaration
 * names one. A bill of another organisation is unknown (404); a type no declaration makes is refused as bad input (400).
 */
export function billAccessControl(ctx: ServerContext): preHandlerAsyncHookHandler {
  return async (request) => {
    const { permission } = request.routeOptions.config;
    if (permission?.kind !== 'bill') return;
    const auth = authOf(request);
    const menuCode = billMenuCode(await billTypeNamed(ctx, request, permission, auth.orgId));
    const grant = permission.buttonCode ? { menuCode, buttonCode: permission.buttonCode } : { menuCode };
    if (!(await cachedGrant(ctx, auth.user, [grant]))) throw new Problem(403, 'accessDenied');
  };
}
