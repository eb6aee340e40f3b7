/**
 * Sessions: a bearer token per login, and single sign-on tickets that child apps exchange for a token
 * of their own (Auth/SsoValidate): the login's ticket, and a short-lived one per child-app frame load
 * (Auth/NewTicket). Each ticket is good for one exchange.
 * Only sha256 hashes of tokens and tickets are stored. A session ends when it expires or is revoked
 * (logout, password change, administrator lock); its tickets, and sessions made from them, end with it.
 */
import { randomUUID } from 'node:crypto';
import type { DB } from '../../db/database.ts';
import type { RoleType } from '../../db/schema.ts';
import { newSecret, sha256 } from '../../security/secrets.ts';
import { strongestRoleType } from '../../../src/shared/admin-rules/privileges.ts';

export interface ActiveSession {
  sessionId: string;
  /** The organisation chosen at login. */
  orgId: string;
  expiresAt: Date;
  /** roleIds: the user's roles in their given order; roleType: the strongest type among them. */
  user: { id: string; userName: string; nickName: string; roleIds: string[]; roleType: RoleType };
}

/** A user's roles (in the order given) and the strongest of their types (NORMAL with none). */
export async function rolesOfUser(db: DB, userId: string): Promise<{ roleIds: string[]; roleType: RoleType }> {
  const roles = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.id', 'roles.role_type'])
    .where('user_roles.user_id', '=', userId)
    .orderBy('user_roles.sort_num')
    .orderBy('roles.id')
    .execute();
  const roleType = strongestRoleType(roles.map((r) => r.role_type));
  return { roleIds: roles.map((r) => r.id), roleType };
}

/** How long a ticket from Auth/NewTicket may wait for its exchange: a frame asks for it just before it sends it. */
export const FRAME_TICKET_TTL_MS = 60_000;
/**
 * Unused tickets one login may hold at once; minting more drops the oldest. Bounds what a token holder
 * calling Auth/NewTicket in a loop can store, far above the frames a portal loads within a ticket's life.
 */
export const MAX_LIVE_TICKETS_PER_SESSION = 50;

/** Stores a session with a new token; returns the session id and the token. */
async function insertSession(
  db: DB,
  session: { userId: string; orgId: string; now: Date; expiresAt: Date; parentSessionId: string | null },
): Promise<{ sessionId: string; token: string }> {
  const token = newSecret();
  const sessionId = randomUUID();
  await db
    .insertInto('sessions')
    .values({
      id: sessionId,
      user_id: session.userId,
      org_id: session.orgId,
      token_hash: sha256(token),
      parent_session_id: session.parentSessionId,
      created_at: session.now,
      expires_at: session.expiresAt,
    })
    .execute();
  return { sessionId, token };
}

/** A login: a token for the portal and a ticket (good until the session ends) it hands to child apps. */
export async function openLoginSession(
  db: DB,
  login: { userId: string; orgId: string; now: Date; expiresAt: Date },
): Promise<{ token: string; ticket: string }> {
  const { sessionId, token } = await insertSession(db, { ...login, parentSessionId: null });
  const ticket = newSecret();
  await db.insertInto('sso_tickets').values({ ticket_hash: sha256(ticket), session_id: sessionId, expires_at: login.expiresAt }).execute();
  return { token, ticket };
}

/**
 * A new one-use ticket of the caller's login, for one child-app frame load; it lives FRAME_TICKET_TTL_MS,
 * never past the session. A child app's session mints tickets of the login it came from, so every
 * session made from a ticket is a direct child of a login session and logout revokes them all.
 */
export async function mintTicket(db: DB, sessionId: string, now: Date): Promise<string> {
  const ticket = newSecret();
  const { loginSessionId, sessionExpiresAt } = await db
    .selectFrom('sessions')
    .select((eb) => [eb.fn.coalesce('parent_session_id', 'id').as('loginSessionId'), 'expires_at as sessionExpiresAt'])
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  const expiresAt = new Date(Math.min(now.getTime() + FRAME_TICKET_TTL_MS, sessionExpiresAt.getTime()));
  await db.insertInto('sso_tickets').values({ ticket_hash: sha256(ticket), session_id: loginSessionId, expires_at: expiresAt }).execute();
  // Tidy this login's tickets (only its own, so concurrent logins never contend): the expired ones,
  // and the oldest beyond the cap. The login's own ticket lives longest, so it stays.
  await db
    .deleteFrom('sso_tickets')
    .where('session_id', '=', loginSessionId)
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now),
        eb(
          'ticket_hash',
          'not in',
          eb
            .selectFrom('sso_tickets as kept')
            .select('kept.ticket_hash')
            .where('kept.session_id', '=', loginSessionId)
            .orderBy('kept.expires_at', 'desc')
            .orderBy('kept.ticket_hash')
            .limit(MAX_LIVE_TICKETS_PER_SESSION),
        ),
      ]),
    )
    .execute();
  return ticket;
}

/**
 * Exchanges a ticket for a child app's token: the ticket is used up by one DELETE, so of two concurrent
 * exchanges only one gets it; undefined when it is unknown, used, expired, or its login has ended.
 */
export async function exchangeTicket(db: DB, ticket: string, now: Date): Promise<{ session: ActiveSession; token: string } | undefined> {
  const used = await db.deleteFrom('sso_tickets').where('ticket_hash', '=', sha256(ticket)).returning(['session_id', 'expires_at']).executeTakeFirst();
  if (!used || used.expires_at <= now) return undefined;
  const loginSession = await findActiveSession(db, { sessionId: used.session_id }, now);
  if (!loginSession) return undefined;
  return { session: loginSession, token: await openTicketSession(db, loginSession, now) };
}

/** A child app's token for a ticket: same user, organisation and expiry; revoked with the login's session. */
async function openTicketSession(db: DB, loginSession: ActiveSession, now: Date): Promise<string> {
  const { token } = await insertSession(db, {
    userId: loginSession.user.id,
    orgId: loginSession.orgId,
    now,
    expiresAt: loginSession.expiresAt,
    parentSessionId: loginSession.sessionId,
  });
  return token;
}

/** The live session of a token (or id), with its user; none when expired, revoked or the user is locked or disabled. */
export async function findActiveSession(
  db: DB,
  key: { token: string } | { sessionId: string },
  now: Date,
): Promise<ActiveSession | undefined> {
  const [column, value] = 'token' in key ? (['sessions.token_hash', sha256(key.token)] as const) : (['sessions.id', key.sessionId] as const);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.org_id as orgId',
      'sessions.expires_at as expiresAt',
      'users.id as userId',
      'users.user_name as userName',
      'users.nick_name as nickName',
    ])
    .where(column, '=', value)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('users.is_locked', '=', false)
    .where('users.is_available', '=', true)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    sessionId: row.sessionId,
    orgId: row.orgId,
    expiresAt: row.expiresAt,
    user: { id: row.userId, userName: row.userName, nickName: row.nickName, ...(await rolesOfUser(db, row.userId)) },
  };
}

/** Ends a session and the sessions made from its tickets (its unused tickets die with it: exchanges check the session). */
export async function revokeSession(db: DB, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where((eb) => eb.or([eb('id', '=', sessionId), eb('parent_session_id', '=', sessionId)]))
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user (password change, administrator lock). */
export async function revokeUserSessions(db: DB, userId: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
