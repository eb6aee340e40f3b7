/**
 * User administration (User/LoadData ... User/SaveUserMenu): listing and searching users, adding
 * and editing them with their organisations, the administrator's lock (revokes sessions at once),
 * password reset (an administrator's value or a generated one, returned once), delete and export.
 *
 * Organisation scope: a super administrator manages every user; anyone else manages only users of
 * the organisations they belong to, and can only give or take away those organisations — sending
 * another OrganizeId (header, query or body) is refused with 403. Role types, super administrators
 * and the built-in ADMIN follow the privilege rules of roles/privileges.ts.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { components } from '../../../src/api/schema';
import { authOf, type RequestAuth } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import type { DB } from '../../db/database.ts';
import { loadExcel, XLSX_TYPE } from '../../crud/excel.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { ok } from '../../http/responses.ts';
import { messageForRequest } from '../../i18n.ts';
import { languageOf, translate } from '../../../src/shared/messages/catalogue.ts';
import { hashPassword } from '../../security/passwords.ts';
import { decryptPassword } from '../auth/encrypted-password.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { forgetFailures } from '../auth/throttle.ts';
import { includesSuperAdminRole, isSuperAdmin, privilegedCaller, requireGrantableRoles, requireMayActOnUser } from '../roles/privileges.ts';
import { changes, requireBuiltInAdminKept } from '../../../src/shared/admin-rules/privileges.ts';
import { GENERATED_PASSWORD_ALPHABET, GENERATED_PASSWORD_LENGTH } from '../../../src/shared/admin-rules/passwords.ts';
import {
  checkUserReferences,
  requireManageableOrganizations,
  requireManageableUser as requireManageableUserRule,
  requireNoPasswordOnEdit,
  requireNotDeletingSelf,
  requireNotLockingSelf,
  requireUserNameFree,
  requireValidPassword,
  userExportRows,
} from '../../../src/shared/admin-rules/users.ts';
import { findUserByName, setUserLocked, setUserRoles } from './accounts.ts';
import { containsPattern } from '../../../src/shared/search/like.ts';
import { pageWithCount } from '../../query/paging.ts';

type AdminUser = components['schemas']['AdminUser'];

interface UserSearch {
  Key?: string;
  ROLE_ID?: string;
  ORGANIZE_ID?: string;
}

export function generatePassword(): string {
  return Array.from({ length: GENERATED_PASSWORD_LENGTH }, () => GENERATED_PASSWORD_ALPHABET[randomInt(GENERATED_PASSWORD_ALPHABET.length)]).join('');
}

/** The organisations the caller may manage users of; null for every organisation. */
async function manageableOrganizations(db: DB, auth: RequestAuth): Promise<Set<string> | null> {
  if (isSuperAdmin(auth)) return null;
  const rows = await db.selectFrom('user_organizations').select('org_id').where('user_id', '=', auth.user.id).execute();
  return new Set(rows.map((r) => r.org_id));
}

/** 403 unless the caller may give or take away these organisations (their own ones). */
async function requireManageable(db: DB, auth: RequestAuth, changedOrgIds: readonly string[]): Promise<void> {
  requireManageableOrganizations(await manageableOrganizations(db, auth), changedOrgIds);
}

/** 404/403 as requireManageableUser, and 403 for a super administrator unless the caller is one. */
export async function requireActionableUser(db: DB, auth: RequestAuth, userId: string): Promise<void> {
  await requireManageableUser(db, auth, userId);
  await requireMayActOnUser(db, auth, userId);
}

/** 404 for an unknown user; 403 for a user outside the caller's organisations. */
export async function requireManageableUser(db: DB, auth: RequestAuth, userId: string): Promise<void> {
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  const orgs = user ? await db.selectFrom('user_organizations').select('org_id').where('user_id', '=', userId).execute() : [];
  requireManageableUserRule(user && { orgIds: orgs.map((o) => o.org_id) }, await manageableOrganizations(db, auth));
}

function searchUsers(db: DB, search: UserSearch, scope: Set<string> | null) {
  let query = db.selectFrom('users');
  const key = search.Key?.trim();
  if (key) {
    const like = containsPattern(key.toLowerCase());
    query = query.where((eb) =>
      eb.or([eb(sql`lower(users.user_name)`, 'like', like), eb(sql`lower(users.nick_name)`, 'like', like), eb(sql`lower(coalesce(users.phone, ''))`, 'like', like)]),
    );
  }
  if (search.ROLE_ID) {
    // Users who have this role among theirs.
    const roleId = search.ROLE_ID;
    query = query.where((eb) => eb.exists(eb.selectFrom('user_roles').select('user_id').whereRef('user_id', '=', 'users.id').where('role_id', '=', roleId)));
  }
  if (search.ORGANIZE_ID) {
    const orgId = search.ORGANIZE_ID;
    query = query.where((eb) => eb.exists(eb.selectFrom('user_organizations').select('user_id').whereRef('user_id', '=', 'users.id').where('org_id', '=', orgId)));
  }
  if (scope) {
    const orgIds = [...scope];
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('user_organizations').select('user_id').whereRef('user_id', '=', 'users.id').where('org_id', 'in', orgIds.length ? orgIds : [''])),
    );
  }
  return query;
}

async function loadUsers(db: DB, search: UserSearch, scope: Set<string> | null, page: number, limit: number) {
  const { rows, count } = await pageWithCount(
    searchUsers(db, search, scope),
    (found) =>
      found
        .select([
          'users.id', 'users.user_name', 'users.nick_name', 'users.user_type', 'users.phone',
          'users.email', 'users.wechat_id', 'users.dingtalk_id', 'users.remark', 'users.is_available', 'users.is_locked', 'users.created_at',
        ])
        .orderBy('users.created_at')
        .orderBy('users.user_name'),
    { page, limit },
  );
  const memberships = rows.length
    ? await db.selectFrom('user_organizations').select(['user_id', 'org_id']).where('user_id', 'in', rows.map((r) => r.id)).execute()
    : [];
  const roles = rows.length
    ? await db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['user_roles.user_id', 'roles.id', 'roles.name'])
      .where('user_roles.user_id', 'in', rows.map((r) => r.id))
      .orderBy('user_roles.sort_num')
      .orderBy('roles.id')
      .execute()
    : [];
  const users: AdminUser[] = rows.map((row) => {
    const own = roles.filter((r) => r.user_id === row.id);
    return {
    ID: row.id,
    USER_NAME: row.user_name,
    NICK_NAME: row.nick_name,
    // ROLE_ID / ROLE_NAME: the legacy single fields, comma-separated over the roles.
    ROLE_ID: own.map((r) => r.id).join(','),
    ROLE_IDS: own.map((r) => r.id),
    ROLE_NAME: own.map((r) => r.name).join(','),
    ROLE_NAMES: own.map((r) => r.name),
    USER_TYPE: row.user_type,
    ORGANIZE_IDS: memberships.filter((m) => m.user_id === row.id).map((m) => m.org_id).sort(),
    PHONE: row.phone,
    EMAIL: row.email,
    WECHAT_ID: row.wechat_id,
    DINGTALK_ID: row.dingtalk_id,
    REMARK: row.remark,
    IS_AVAILABLE: row.is_available,
    IS_LOCKED: row.is_locked,
    CREATED_AT: new Date(row.created_at as unknown as Date).toISOString(),
    };
  });
  return { users, count };
}

const EXPORT_MAX_ROWS = 100000;

export function adminUsersHandlers(ctx: ServerContext) {
  const { db } = ctx;

  async function checkReferences(roleIds: readonly string[], orgIds: readonly string[]) {
    const knownRoles = new Set((await db.selectFrom('roles').select('id').where('id', 'in', roleIds.length ? [...roleIds] : ['']).execute()).map((r) => r.id));
    const knownOrgs = new Set((await db.selectFrom('organizations').select('id').where('id', 'in', orgIds.length ? [...orgIds] : ['']).execute()).map((o) => o.id));
    checkUserReferences(roleIds, orgIds, { roleIds: knownRoles, orgIds: knownOrgs });
  }

  /** The password to set: the administrator's (decrypted, spec §5 length) or a generated one. */
  function chosenPassword(encrypted: string | undefined): { password: string; generated: boolean } {
    if (!encrypted) return { password: generatePassword(), generated: true };
    const password = decryptPassword(ctx, encrypted);
    requireValidPassword(password);
    return { password, generated: false };
  }

  return exactHandlers({
    UserLoadData: async (request) => {
      const auth = authOf(request);
      const scope = await manageableOrganizations(db, auth);
      requireManageableOrganizations(scope, request.query.ORGANIZE_ID ? [request.query.ORGANIZE_ID] : []);
      const { users, count } = await loadUsers(db, request.query, scope, request.query.Page ?? 1, Math.min(request.query.Limit ?? 200, 100000));
      return { ...ok(users), count };
    },

    UserIsExistsName: async (request) => {
      const existing = await findUserByName(db, request.body.USER_NAME.trim());
      return ok(Boolean(existing && existing.id !== request.body.ID));
    },

    UserAddOrModifySave: async (request) => {
      const auth = authOf(request);
      const body = request.body;
      const userName = body.USER_NAME.trim();
      const orgIds = [...new Set(body.ORGANIZE_IDS)];
      const roleIds = [...new Set(body.ROLE_IDS.map((id) => id.trim()))];
      await checkReferences(roleIds, orgIds);
      if (body.ID) {
        const userId = body.ID;
        await requireActionableUser(db, auth, userId);
        // Only what changes is the caller's to give or take: a user's other organisations and roles stay.
        const currentOrgs = (await db.selectFrom('user_organizations').select('org_id').where('user_id', '=', userId).execute()).map((r) => r.org_id);
        const orgChanges = changes(currentOrgs, orgIds);
        await requireManageable(db, auth, [...orgChanges.added, ...orgChanges.removed]);
        const currentRoles = (await db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute()).map((r) => r.role_id);
        await requireGrantableRoles(db, auth, changes(currentRoles, roleIds).added);
        requireBuiltInAdminKept(privilegedCaller(auth), userId, { removes: body.IS_AVAILABLE === false, keepsSuperAdmin: await includesSuperAdminRole(db, roleIds) });
      } else {
        await requireManageable(db, auth, orgIds);
        await requireGrantableRoles(db, auth, roleIds);
      }
      const existing = await findUserByName(db, userName);
      requireUserNameFree(existing?.id, body.ID);
      const fields = {
        user_name: userName,
        nick_name: body.NICK_NAME.trim(),
        user_type: body.USER_TYPE ?? null,
        phone: body.PHONE ?? null,
        email: body.EMAIL ?? null,
        wechat_id: body.WECHAT_ID ?? null,
        dingtalk_id: body.DINGTALK_ID ?? null,
        remark: body.REMARK ?? null,
        is_available: body.IS_AVAILABLE ?? true,
      };

      if (body.ID) {
        const userId = body.ID;
        requireNoPasswordOnEdit(body.Password);
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('users').set(fields).where('id', '=', userId).execute();
          await trx.deleteFrom('user_organizations').where('user_id', '=', userId).execute();
          await trx.insertInto('user_organizations').values(orgIds.map((orgId) => ({ user_id: userId, org_id: orgId }))).execute();
          // Role changes count from the user's next request (grants are read per request).
          await setUserRoles(trx, userId, roleIds);
          // A user made unavailable starts again from the login.
          if (!fields.is_available) await revokeUserSessions(trx, userId, ctx.clock());
        });
        return ok({ ID: userId, Password: null }, messageForRequest(request, 'masterSaved'));
      }

      const { password, generated } = chosenPassword(body.Password);
      const id = randomUUID();
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('users').values({ id, ...fields, password_hash: passwordHash }).execute();
        await trx.insertInto('user_organizations').values(orgIds.map((orgId) => ({ user_id: id, org_id: orgId }))).execute();
        await setUserRoles(trx, id, roleIds);
      });
      return ok({ ID: id, Password: generated ? password : null }, messageForRequest(request, 'masterSaved'));
    },

    UserChangeLockStatus: async (request) => {
      const auth = authOf(request);
      const { ID, IS_LOCKED } = request.body;
      await requireActionableUser(db, auth, ID);
      requireNotLockingSelf(auth.user.id, ID, IS_LOCKED);
      requireBuiltInAdminKept(privilegedCaller(auth), ID, { removes: IS_LOCKED });
      await setUserLocked(db, ID, IS_LOCKED, ctx.clock());
      return ok(null, messageForRequest(request, 'masterSaved'));
    },

    UserDelete: async (request) => {
      const auth = authOf(request);
      const id = request.query.id;
      await requireActionableUser(db, auth, id);
      requireNotDeletingSelf(auth.user.id, id);
      requireBuiltInAdminKept(privilegedCaller(auth), id, { removes: true });
      // Sessions, organisations and menus of the user go with it (foreign keys cascade).
      await db.deleteFrom('users').where('id', '=', id).execute();
      return ok(null, messageForRequest(request, 'masterDeleted'));
    },

    UserResetPassword: async (request) => {
      const auth = authOf(request);
      const { ID, Password } = request.body;
      await requireActionableUser(db, auth, ID);
      const { password, generated } = chosenPassword(Password);
      const passwordHash = await hashPassword(password);
      const target = await db.selectFrom('users').select('user_name').where('id', '=', ID).executeTakeFirstOrThrow();
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', ID).execute();
        await revokeUserSessions(trx, ID, ctx.clock());
        // A new password starts with a clean slate: no lock, no count, no captcha step-up.
        await forgetFailures(trx, target.user_name);
      });
      return ok({ ID, Password: generated ? password : null }, messageForRequest(request, 'masterSaved'));
    },

    UserExportData: async (request, reply) => {
      const auth = authOf(request);
      const scope = await manageableOrganizations(db, auth);
      requireManageableOrganizations(scope, request.query.ORGANIZE_ID ? [request.query.ORGANIZE_ID] : []);
      const language = languageOf(request.headers['accept-language']);
      const { users } = await loadUsers(db, request.query, scope, 1, EXPORT_MAX_ROWS);
      const workbook = new (await loadExcel()).Workbook();
      workbook.addWorksheet(translate(language, 'userExportFileName')).addRows(userExportRows(users, language));
      const fileName = `${translate(language, 'userExportFileName')}.xlsx`;
      reply.header('content-type', XLSX_TYPE);
      reply.header('content-disposition', `attachment; filename="users.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
      return reply.send(Buffer.from(await workbook.xlsx.writeBuffer()));
    },
  } satisfies Partial<OperationHandlers>);
}
