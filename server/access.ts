/**
 * The one access check for every API route, run before the request is even validated:
 * the route's `x-permission` (read from the contract at start-up into the route config) says who
 * may call it (nobody in particular, any signed-in user, or a user one of whose roles has a menu or a menu's button); the bearer token must belong to a live session of an unlocked user; the `OrganizeId`
 * header, when sent, must name one of the user's organisations. The caller and the organisation the
 * request acts in are put on `request.auth` here, once, for the handlers.
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Permission } from './contract.ts';
import type { ServerContext } from './context.ts';
import { headerText } from './http/headers.ts';
import { Problem } from './http/problem.ts';
import { findActiveSession, type ActiveSession } from './modules/auth/sessions.ts';
import { granteeOf, hasAnyGrant } from './modules/roles/menus.ts';
import { isOrganizationMember } from './modules/users/organizations.ts';

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
    const session = token ? await findActiveSession(ctx.db, { token }, ctx.clock()) : undefined;
    if (!session) throw new Problem(401, 'loginExpired');

    const orgId = headerText(request.headers.organizeid) ?? session.orgId;
    if (!(await isOrganizationMember(ctx.db, session.user.id, orgId))) throw new Problem(403, 'accessDenied');
    // A named user (user names match case-insensitively, as at login).
    if (permission.kind === 'user' && session.user.userName.toLowerCase() !== permission.userName.toLowerCase()) {
      throw new Problem(403, 'accessDenied');
    }
    // Grants: one of the caller's roles (or the caller directly) must have one of the (enabled)
    // menus, or menu buttons, named; a user's grants are the union over their roles.
    if (permission.kind === 'grant' && !(await hasAnyGrant(ctx.db, granteeOf(session.user), permission.anyOf))) {
      throw new Problem(403, 'accessDenied');
    }

    request.auth = { sessionId: session.sessionId, user: session.user, orgId };
  };
}

/** The caller of a route that requires one (any non-public route). */
export function authOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new Error(`route ${request.routeOptions.url} reads the caller but is public`);
  return request.auth;
}
