/** User accounts: creation (seed, tests, later the user admin), lookup by name and the admin lock. */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { components } from '../../../src/api/schema';
import { inTransaction, type DB } from '../../db/database.ts';
import { hashPassword } from '../../security/passwords.ts';
import { revokeUserSessions } from '../auth/sessions.ts';

export type NewUser = {
  id?: string;
  userName: string;
  nickName: string;
  /** At least one; the first is listed first. */
  roleIds: readonly string[];
  orgIds: readonly string[];
} & (
  | { password: string }
  /**
   * What hashPassword made of the password, stored as it is: the test harness makes hundreds of users with
   * one password, and each hash costs a scrypt (~60-150 ms on a 2-core machine) that proves nothing more.
   */
  | { passwordHash: string }
);

export async function createUser(db: DB, user: NewUser): Promise<string> {
  const id = user.id ?? randomUUID();
  const passwordHash = 'passwordHash' in user ? user.passwordHash : await hashPassword(user.password);
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('users')
      .values({ id, user_name: user.userName, nick_name: user.nickName, password_hash: passwordHash })
      .execute();
    await setUserRoles(trx, id, user.roleIds);
    if (user.orgIds.length) {
      await trx.insertInto('user_organizations').values(user.orgIds.map((orgId) => ({ user_id: id, org_id: orgId }))).execute();
    }
  });
  return id;
}

/** Replaces a user's roles, keeping the order given (the first is the user's first role). */
export async function setUserRoles(db: DB, userId: string, roleIds: readonly string[]): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  const unique = [...new Set(roleIds)];
  if (unique.length) {
    await db.insertInto('user_roles').values(unique.map((roleId, index) => ({ user_id: userId, role_id: roleId, sort_num: index }))).execute();
  }
}

/** User names are matched case-insensitively (ADMIN and admin are the same login). */
export function findUserByName(db: DB, userName: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(user_name)`, '=', userName.toLowerCase())
    .executeTakeFirst();
}

/** An administrator's lock: the user cannot log in and every token of theirs stops working at once. */
export async function setUserLocked(db: DB, userId: string, locked: boolean, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ is_locked: locked }).where('id', '=', userId).execute();
    if (locked) await revokeUserSessions(trx, userId, now);
  });
}

/**
 * The session's view of a user (contract UserInfo). ROLE_ID is the legacy single field: the role
 * ids comma-separated, which Role/LoadMenusByRoleId takes back as its roleId.
 */
export function toUserInfo(
  user: { id: string; userName: string; nickName: string; roleIds: readonly string[] },
  orgId: string,
): components['schemas']['UserInfo'] {
  return { ID: user.id, USER_NAME: user.userName, NICK_NAME: user.nickName, ROLE_ID: user.roleIds.join(','), ROLE_IDS: [...user.roleIds], ORGANIZE_ID: orgId };
}
