/** Which organisations a user belongs to: the login form's choice and the OrganizeId scope check. */
import { sql } from 'kysely';
import type { components } from '../../../src/api/schema';
import type { DB } from '../../db/database.ts';

/** The enabled organisations of a user name, in display order; empty for an unknown user. */
export async function organizationsOfUserName(db: DB, userName: string): Promise<components['schemas']['Organization'][]> {
  return db
    .selectFrom('organizations')
    .innerJoin('user_organizations', 'user_organizations.org_id', 'organizations.id')
    .innerJoin('users', 'users.id', 'user_organizations.user_id')
    .select(['organizations.id as Id', 'organizations.name as OrganizeName', 'organizations.code as OrganizeCode'])
    .where(sql`lower(users.user_name)`, '=', userName.toLowerCase())
    .where('organizations.enabled', '=', true)
    .orderBy('organizations.sort_num')
    .orderBy('organizations.code')
    .execute();
}

export async function isOrganizationMember(db: DB, userId: string, orgId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_organizations')
    .innerJoin('organizations', 'organizations.id', 'user_organizations.org_id')
    .select('user_organizations.org_id')
    .where('user_organizations.user_id', '=', userId)
    .where('user_organizations.org_id', '=', orgId)
    .where('organizations.enabled', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}
