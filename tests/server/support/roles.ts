/** Roles and users with exactly the grants a permission test needs (portal menus and their buttons). */
import { randomUUID } from 'node:crypto';
import type { Grant } from '../../../server/contract.ts';
import type { DB } from '../../../server/db/database.ts';
import { openLoginSession } from '../../../server/modules/auth/sessions.ts';
import { PORTAL_APP_CODE } from '../../../server/db/seed/system-data.ts';
import { F01 } from './masterdata.ts';
import type { TestServer } from './test-server.ts';

/** A new role given exactly these menus and menu buttons (portal tree); a button's menu must be among them to open it. */
export async function roleWith(db: DB, grants: readonly Grant[]): Promise<string> {
  const roleId = `role-test-${randomUUID()}`;
  await db.insertInto('roles').values({ id: roleId, name: roleId, role_type: 'NORMAL' }).execute();
  for (const grant of grants) {
    const menu = await db.selectFrom('menus').select('id').where('menu_code', '=', grant.menuCode).executeTakeFirstOrThrow();
    await db.insertInto('role_menus').values({ role_id: roleId, menu_id: menu.id, app_code: PORTAL_APP_CODE }).onConflict((oc) => oc.doNothing()).execute();
    if (grant.buttonCode) {
      const button = await db.selectFrom('menu_buttons').select('id').where('parent_id', '=', menu.id).where('menu_code', '=', grant.buttonCode).executeTakeFirstOrThrow();
      await db.insertInto('role_buttons').values({ role_id: roleId, button_id: button.id }).execute();
    }
  }
  return roleId;
}

/** The token of a new user whose role has exactly these grants, logged into `orgId`. */
export async function tokenWith(server: TestServer, grants: readonly Grant[], orgId = F01): Promise<string> {
  const user = await server.createUser({ roleId: await roleWith(server.db, grants) });
  return (await server.login(user.userName, user.password, orgId)).Token;
}

/**
 * The same user's session opened as a login opens it (openLoginSession, the server's clock and session
 * lifetime), without the login call: for a test about what a session's grants open, walking hundreds of
 * grant sets, where each login's scrypt check (~100 ms on a 2-core machine) proved nothing it is about.
 * The login itself is login.test.ts's.
 */
export async function sessionWith(server: TestServer, grants: readonly Grant[], orgId = F01): Promise<string> {
  const user = await server.createUser({ roleId: await roleWith(server.db, grants), orgIds: [orgId] });
  const now = server.clock();
  return (await openLoginSession(server.db, { userId: user.id, orgId, now, expiresAt: new Date(now.getTime() + server.config.sessionTtlMs) })).token;
}
