/**
 * Sessions: a bearer token (and, for the portal's own login, a single sign-on ticket) per login.
 * Only sha256 hashes of token and ticket are stored. A session ends when it expires or is revoked
 * (logout, password change, administrator lock); sessions made from its ticket end with it.
 */
import { randomUUID } from 'node:crypto';
import type { DB } from '../../db/database.ts';
import type { RoleType } from '../../db/schema.ts';
import { newSecret, sha256 } from '../../security/secrets.ts';

export interface ActiveSession {
  sessionId: string;
  /** The organisation chosen at login. */
  orgId: string;
  expiresAt: Date;
  /** roleIds: the user's roles in their given order; roleType: the strongest type among them. */
  user: { id: string; userName: string; nickName: string; roleIds: string[]; roleType: RoleType };
}

const ROLE_TYPE_RANK: Record<RoleType, number> = { SUPER_ADMIN: 0, SYSTEM_ADMIN: 1, NORMAL: 2 };

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
  const roleType = roles.map((r) => r.role_type).sort((a, b) => ROLE_TYPE_RANK[a] - ROLE_TYPE_RANK[b])[0] ?? 'NORMAL';
  return { roleIds: roles.map((r) => r.id), roleType };
}

/** Stores a session with a new token; returns the token. */
async function insertSession(
  db: DB,
  session: { userId: string; orgId: string; now: Date; expiresAt: Date; ticketHash: string | null; parentSessionId: string | null },
): Promise<string> {
  const token = newSecret();
  await db
    .insertInto('sessions')
    .values({
      id: randomUUID(),
      user_id: session.userId,
      org_id: session.orgId,
      token_hash: sha256(token),
      ticket_hash: session.ticketHash,
      parent_session_id: session.parentSessionId,
      created_at: session.now,
      expires_at: session.expiresAt,
    })
    .execute();
  return token;
}

/** A login: a token for the portal and a ticket it hands to child apps. */
export async function openLoginSession(
  db: DB,
  login: { userId: string; orgId: string; now: Date; expiresAt: Date },
): Promise<{ token: string; ticket: string }> {
  const ticket = newSecret();
  const token = await insertSession(db, { ...login, ticketHash: sha256(ticket), parentSessionId: null });
  return { token, ticket };
}

/** A child app's token for a ticket: same user, organisation and expiry; revoked with the login's session. */
export function openTicketSession(db: DB, loginSession: ActiveSession, now: Date): Promise<string> {
  return insertSession(db, {
    userId: loginSession.user.id,
    orgId: loginSession.orgId,
    now,
    expiresAt: loginSession.expiresAt,
    ticketHash: null,
    parentSessionId: loginSession.sessionId,
  });
}

/** The live session a token or ticket belongs to, with its user; none when expired, revoked or the user is locked or disabled. */
export async function findActiveSession(
  db: DB,
  secret: { token: string } | { ticket: string },
  now: Date,
): Promise<ActiveSession | undefined> {
  const [column, value] =
    'token' in secret ? (['sessions.token_hash', secret.token] as const) : (['sessions.ticket_hash', secret.ticket] as const);
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
    .where(column, '=', sha256(value))
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

/** Ends a session and the sessions made from its ticket. */
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
