/**
 * Portal schemes and the homepage configuration (issue 21, spec §2). A scheme is a layout of portal
 * cards (md_portal_card, master data) assigned to roles and users; the homepage configuration says,
 * per user, role or by default, whether the home is a scheme or a path. The caller's home resolves
 * user > role > default: first the configuration rows of that order, then the schemes assigned to
 * the user, then those assigned to one of their roles; nothing configured keeps today's home.
 */
import { sql, type Selectable } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { PortalHomeConfigTable, PortalSchemesTable } from '../../db/schema.ts';
import { Problem } from '../../http/problem.ts';
import { isWidgetSource, layoutProblem, type PortalLayoutItem } from '../../../src/shared/portal/cards.ts';

export type SchemeRow = Selectable<PortalSchemesTable>;
export type HomeConfigRow = Selectable<PortalHomeConfigTable>;

export interface CardRow {
  code: string;
  title_zh: string;
  title_en: string;
  source: string;
  view: string;
  report_code: string | null;
}

/** The enabled cards of an organisation, by code. */
export async function enabledCards(db: DB, orgId: string): Promise<CardRow[]> {
  const { rows } = await sql<CardRow>`
    select code, title_zh, title_en, source, view, report_code from md_portal_card
    where org_id = ${orgId} and enabled order by code`.execute(db);
  return rows;
}

export const listSchemes = (db: DB, orgId: string) =>
  db.selectFrom('portal_schemes').selectAll().where('org_id', '=', orgId).orderBy('name').execute();

async function schemeOf(db: DB, orgId: string, id: string): Promise<SchemeRow> {
  const row = await db.selectFrom('portal_schemes').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  if (!row) throw new Problem(404, 'portalSchemeNotFound', {});
  return row;
}

/** The roles (all) and users (of the organisation) a scheme or a homepage configuration may name. */
export async function assignableRoles(db: DB) {
  return db.selectFrom('roles').select(['id', 'name']).orderBy('name').execute();
}
export async function assignableUsers(db: DB, orgId: string) {
  return db
    .selectFrom('users')
    .innerJoin('user_organizations', 'user_organizations.user_id', 'users.id')
    .select(['users.id', 'users.user_name', 'users.nick_name'])
    .where('user_organizations.org_id', '=', orgId)
    .orderBy('users.user_name')
    .execute();
}

async function checkTargets(db: DB, orgId: string, roleIds: readonly string[], userIds: readonly string[]) {
  const roles = new Set((await assignableRoles(db)).map((r) => r.id));
  const unknownRole = roleIds.find((id) => !roles.has(id));
  if (unknownRole !== undefined) throw new Problem(400, 'portalUnknownRole', { role: unknownRole });
  const users = new Set((await assignableUsers(db, orgId)).map((u) => u.id));
  const unknownUser = userIds.find((id) => !users.has(id));
  if (unknownUser !== undefined) throw new Problem(400, 'portalUnknownUser', { user: unknownUser });
}

/** A foreign-key violation (23503): a scheme deleted while a homepage setting was being pointed at it, or the other way round. */
const isForeignKeyViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: string }).code === '23503';

const isUniqueViolation = (error: unknown, constraint: string) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505' && String((error as { constraint?: string; message?: string }).constraint ?? (error as Error).message).includes(constraint);

export interface SchemeInput {
  id?: string;
  version?: number;
  name: string;
  roleIds: string[];
  userIds: string[];
}

/** Adds or edits a scheme's name and assignment (optimistic: the version read must still be the stored one). */
export async function saveScheme(db: DB, orgId: string, userName: string, input: SchemeInput): Promise<SchemeRow> {
  const name = input.name.trim();
  if (!name) throw new Problem(400, 'portalSchemeNameRequired', {});
  const roleIds = [...new Set(input.roleIds)];
  const userIds = [...new Set(input.userIds)];
  await checkTargets(db, orgId, roleIds, userIds);
  try {
    if (!input.id) {
      return await db
          .insertInto('portal_schemes')
          .values({ org_id: orgId, name, role_ids: roleIds, user_ids: userIds, updated_by: userName })
          .returningAll()
          .executeTakeFirstOrThrow();
    }
    await schemeOf(db, orgId, input.id);
    const saved = await db
      .updateTable('portal_schemes')
      .set({ name, role_ids: roleIds, user_ids: userIds, updated_by: userName, updated_at: sql`now()`, version: sql`version + 1` })
      .where('org_id', '=', orgId)
      .where('id', '=', input.id)
      .where('version', '=', input.version ?? -1)
      .returningAll()
      .executeTakeFirst();
    if (!saved) throw new Problem(409, 'portalSchemeStale', {});
    return saved;
  } catch (error) {
    if (isUniqueViolation(error, 'portal_schemes_name_uq')) throw new Problem(409, 'portalSchemeNameTaken', { name });
    throw error;
  }
}

/** Saves a layout designed on the grid: every card known and enabled, each once, inside the grid. */
export async function saveSchemeLayout(db: DB, orgId: string, userName: string, id: string, version: number, layout: PortalLayoutItem[]): Promise<SchemeRow> {
  await schemeOf(db, orgId, id);
  const known = new Set((await enabledCards(db, orgId)).map((c) => c.code));
  const problem = layoutProblem(layout, known);
  if (problem) throw new Problem(400, problem.key, problem.params);
  const items = layout.map(({ card, x, y, w, h }) => ({ card, x, y, w, h }));
  const saved = await db
    .updateTable('portal_schemes')
    .set({ layout: JSON.stringify(items), updated_by: userName, updated_at: sql`now()`, version: sql`version + 1` })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
  if (!saved) throw new Problem(409, 'portalSchemeStale', {});
  return saved;
}

export async function deleteScheme(db: DB, orgId: string, id: string): Promise<void> {
  const scheme = await schemeOf(db, orgId, id);
  const used = await db.selectFrom('portal_home_config').select('id').where('scheme_id', '=', id).executeTakeFirst();
  if (used) throw new Problem(409, 'portalSchemeInUse', { name: scheme.name });
  try {
    await db.deleteFrom('portal_schemes').where('org_id', '=', orgId).where('id', '=', id).execute();
  } catch (error) {
    // A homepage setting pointed at it between the check and the delete: the database's key refuses.
    if (isForeignKeyViolation(error)) throw new Problem(409, 'portalSchemeInUse', { name: scheme.name });
    throw error;
  }
}

export const listHomeConfig = (db: DB, orgId: string) =>
  db.selectFrom('portal_home_config').selectAll().where('org_id', '=', orgId).orderBy('target_kind').orderBy('target_id').execute();

/** A home path: inside the portal (one leading /, no scheme or host), not the home page itself. */
export function homePathProblem(path: string): boolean {
  if (path.length > 500 || !path.startsWith('/') || path.startsWith('//') || /[\s\\]/.test(path) || /^\/[a-z][a-z0-9+.-]*:/i.test(path)) return true;
  const bare = path.split(/[?#]/)[0].replace(/\/+$/, '');
  return bare === '' || bare === '/index' || bare === '/login';
}

export interface HomeConfigInput {
  targetKind: 'USER' | 'ROLE' | 'DEFAULT';
  targetId?: string;
  schemeId?: string | null;
  path?: string | null;
}

/** Sets (adds or replaces) the home of a user, a role or the default. */
export async function saveHomeConfig(db: DB, orgId: string, userName: string, input: HomeConfigInput): Promise<HomeConfigRow> {
  const targetId = input.targetKind === 'DEFAULT' ? '' : (input.targetId ?? '').trim();
  if (input.targetKind !== 'DEFAULT' && !targetId) throw new Problem(400, 'homeConfigTargetRequired', {});
  if (input.targetKind === 'ROLE') await checkTargets(db, orgId, [targetId], []);
  if (input.targetKind === 'USER') await checkTargets(db, orgId, [], [targetId]);
  const schemeId = input.schemeId?.trim() || null;
  const path = input.path?.trim() || null;
  if ((schemeId === null) === (path === null)) throw new Problem(400, 'homeConfigOneHome', {});
  if (schemeId) await schemeOf(db, orgId, schemeId);
  if (path && homePathProblem(path)) throw new Problem(400, 'homeConfigBadPath', { path });
  return upsertHomeConfig(db, orgId, userName, input.targetKind, targetId, schemeId, path);
}

async function upsertHomeConfig(db: DB, orgId: string, userName: string, targetKind: HomeConfigInput['targetKind'], targetId: string, schemeId: string | null, path: string | null) {
  try {
    return await db
      .insertInto('portal_home_config')
      .values({ org_id: orgId, target_kind: targetKind, target_id: targetId, scheme_id: schemeId, path, updated_by: userName })
      .onConflict((oc) =>
        oc.constraint('portal_home_config_target_uq').doUpdateSet({ scheme_id: schemeId, path, updated_by: userName, updated_at: sql`now()` }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    // The scheme was deleted between the check and the save.
    if (isForeignKeyViolation(error)) throw new Problem(404, 'portalSchemeNotFound', {});
    throw error;
  }
}

export async function deleteHomeConfig(db: DB, orgId: string, id: string): Promise<void> {
  const deleted = await db.deleteFrom('portal_home_config').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw new Problem(404, 'homeConfigNotFound', {});
}

export type ResolvedHome = { kind: 'NONE' } | { kind: 'PATH'; path: string } | { kind: 'SCHEME'; scheme: SchemeRow };

/**
 * The caller's home, user > role > default: the user's own setting, else a scheme assigned to the
 * user; else for each of their roles in their order the role's setting, else a scheme assigned to
 * the role; else the default setting; else none (the standard home). Schemes by name when several fit.
 */
export async function resolveHome(db: DB, orgId: string, userId: string, roleIds: readonly string[]): Promise<ResolvedHome> {
  const [configs, schemes] = await Promise.all([listHomeConfig(db, orgId), listSchemes(db, orgId)]);
  const fromConfig = (config: HomeConfigRow | undefined): ResolvedHome | undefined => {
    if (config?.path) return { kind: 'PATH', path: config.path };
    const scheme = config?.scheme_id ? schemes.find((s) => s.id === config.scheme_id) : undefined;
    return scheme ? { kind: 'SCHEME', scheme } : undefined;
  };
  const assigned = (has: (scheme: SchemeRow) => boolean): ResolvedHome | undefined => {
    const scheme = schemes.find(has);
    return scheme ? { kind: 'SCHEME', scheme } : undefined;
  };
  const levels = [
    () => fromConfig(configs.find((c) => c.target_kind === 'USER' && c.target_id === userId)),
    () => assigned((s) => s.user_ids.includes(userId)),
    ...roleIds.flatMap((role) => [
      () => fromConfig(configs.find((c) => c.target_kind === 'ROLE' && c.target_id === role)),
      () => assigned((s) => s.role_ids.includes(role)),
    ]),
    () => fromConfig(configs.find((c) => c.target_kind === 'DEFAULT')),
  ];
  for (const level of levels) {
    const home = level();
    if (home) return home;
  }
  return { kind: 'NONE' };
}

/** Rows of a built-in data card (label, value), labels in the caller's language. */
export async function cardData(db: DB, orgId: string, source: string, label: (type: string, code: string) => string): Promise<{ rows: { Label: string; Value: number }[]; unit: string }> {
  if (source === 'STOCK_BY_CATEGORY') {
    const { rows } = await sql<{ code: string | null; qty: string }>`
      select e.abc_class as code, sum(r.qty)::text as qty
      from stock_reels r left join md_part_extension e on e.org_id = r.org_id and e.part_code = r.part_code
      where r.org_id = ${orgId} and r.status = 'IN_STOCK'
      group by e.abc_class order by e.abc_class nulls last`.execute(db);
    return { rows: rows.map((r) => ({ Label: r.code ? label('ABC_CLASS', r.code) : label('', '-'), Value: Number(r.qty) })), unit: '' };
  }
  if (source === 'INSPECTION_PASS_RATE') {
    const { rows } = await sql<{ total: string; passed: string }>`
      select count(*)::text as total, count(*) filter (where status in ('ACCEPTED', 'CONCESSION'))::text as passed
      from iqc_documents where org_id = ${orgId} and status <> 'PENDING'`.execute(db);
    const total = Number(rows[0]?.total ?? 0);
    const rate = total === 0 ? 0 : Math.round((Number(rows[0].passed) / total) * 1000) / 10;
    return { rows: [{ Label: label('PORTAL_SOURCE', 'INSPECTION_PASS_RATE'), Value: rate }], unit: '%' };
  }
  if (source === 'OPEN_BILLS_BY_STATUS') {
    const { rows } = await sql<{ status: string; n: string }>`
      select status, count(*)::text as n from bill_headers
      where org_id = ${orgId} and status not in ('CLOSED', 'CANCELLED')
      group by status order by status`.execute(db);
    return { rows: rows.map((r) => ({ Label: label('BILL_STATUS', r.status), Value: Number(r.n) })), unit: '' };
  }
  if (source === 'WARNINGS') {
    const { rows } = await sql<{ level: string; n: string }>`
      select warning_level as level, count(*)::text as n from home_warnings
      where org_id = ${orgId} and call_status <> 'success'
      group by warning_level order by warning_level`.execute(db);
    return { rows: rows.map((r) => ({ Label: label('WARNING_LEVEL', r.level), Value: Number(r.n) })), unit: '' };
  }
  throw new Problem(400, 'portalCardNoData', { card: source });
}

export const hasBuiltInData = (source: string) => source !== 'REPORT' && !isWidgetSource(source);
