/**
 * Organisations (a tree: Organize/*) and organisation types (OrganizeType/*). An organisation
 * cannot be its own parent nor the child of one of its descendants; one with sub-organisations or
 * users, and a type organisations use, cannot be deleted ('该记录正在使用中，不能删除').
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { components } from '../../../src/api/schema';
import type { ServerContext } from '../../context.ts';
import type { DB } from '../../db/database.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { Problem } from '../../http/problem.ts';
import { ok } from '../../http/responses.ts';
import { messageForRequest } from '../../i18n.ts';
import { buildTree, parentProblem } from '../../../src/shared/admin-rules/tree.ts';
import { requireOrganizationCodeFree, requireOrganizationTypeCodeFree } from '../../../src/shared/admin-rules/organizations.ts';

type OrganizationNode = components['schemas']['OrganizationNode'];
type OrganizationType = components['schemas']['OrganizationType'];

async function loadOrganizations(db: DB): Promise<OrganizationNode[]> {
  const rows = await db
    .selectFrom('organizations')
    .leftJoin('user_organizations', 'user_organizations.org_id', 'organizations.id')
    .select(['organizations.id', 'organizations.name', 'organizations.code', 'organizations.parent_id', 'organizations.org_type',
      'organizations.enabled', 'organizations.remark', 'organizations.sort_num'])
    .select(sql<number>`count(user_organizations.user_id)`.as('user_count'))
    .groupBy(['organizations.id', 'organizations.name', 'organizations.code', 'organizations.parent_id', 'organizations.org_type',
      'organizations.enabled', 'organizations.remark', 'organizations.sort_num'])
    .orderBy('organizations.sort_num')
    .orderBy('organizations.code')
    .execute();
  return rows.map((r) => ({
    Id: r.id,
    OrganizeName: r.name,
    OrganizeCode: r.code,
    Parent_Id: r.parent_id,
    OrgType: r.org_type,
    Enabled: r.enabled,
    Remark: r.remark,
    SORT_NUM: r.sort_num,
    UserCount: Number(r.user_count),
  }));
}

async function loadTypes(db: DB, id?: string): Promise<OrganizationType[]> {
  let query = db.selectFrom('organization_types').selectAll();
  if (id) query = query.where('id', '=', id);
  const rows = await query.orderBy('sort_num').orderBy('code').execute();
  return rows.map((r) => ({ Id: r.id, Name: r.name, Code: r.code, SORT_NUM: r.sort_num, IsActive: r.is_active, Remark: r.remark }));
}

export function adminOrganizationsHandlers(ctx: ServerContext) {
  const { db } = ctx;

  return exactHandlers({
    OrganizeLoadTree: async () => ok(buildTree(await loadOrganizations(db), (o) => o.Id, (o) => o.Parent_Id)),

    OrganizeAddOrModifySave: async (request) => {
      const body = request.body;
      const parentId = body.Parent_Id || null;
      const rows = await db.selectFrom('organizations').select(['id', 'parent_id']).execute();
      const parents = new Map(rows.map((r) => [r.id, r.parent_id]));
      if ((body.Id && !parents.has(body.Id)) || (parentId && !parents.has(parentId))) throw new Problem(404, 'masterNotFound');
      const problem = parentProblem(body.Id, parentId, parents);
      if (problem === 'ownParent') throw new Problem(400, 'organizationOwnParent');
      if (problem === 'parentIsDescendant') throw new Problem(400, 'organizationParentIsDescendant');
      const code = body.OrganizeCode.trim();
      let sameCode = db.selectFrom('organizations').select('id').where('code', '=', code);
      if (body.Id) sameCode = sameCode.where('id', '<>', body.Id);
      requireOrganizationCodeFree((await sameCode.executeTakeFirst()) !== undefined, code);
      const fields = {
        name: body.OrganizeName.trim(),
        code,
        parent_id: parentId,
        org_type: body.OrgType || null,
        enabled: body.Enabled ?? true,
        remark: body.Remark ?? null,
        sort_num: body.SORT_NUM ?? 0,
      };
      const id = body.Id ?? randomUUID();
      if (body.Id) await db.updateTable('organizations').set(fields).where('id', '=', id).execute();
      else await db.insertInto('organizations').values({ id, ...fields }).execute();
      const saved = (await loadOrganizations(db)).find((o) => o.Id === id)!;
      return ok(saved, messageForRequest(request, 'masterSaved'));
    },

    OrganizeDelete: async (request) => {
      const id = request.query.id;
      const organization = await db.selectFrom('organizations').select('id').where('id', '=', id).executeTakeFirst();
      if (!organization) throw new Problem(404, 'masterNotFound');
      const child = await db.selectFrom('organizations').select('id').where('parent_id', '=', id).executeTakeFirst();
      const member = await db.selectFrom('user_organizations').select('user_id').where('org_id', '=', id).executeTakeFirst();
      const session = await db.selectFrom('sessions').select('id').where('org_id', '=', id).executeTakeFirst();
      if (child || member || session) throw new Problem(409, 'masterInUse');
      await db.deleteFrom('organizations').where('id', '=', id).execute();
      return ok(null, messageForRequest(request, 'masterDeleted'));
    },

    OrganizeTypeLoadData: async () => ok(await loadTypes(db)),

    OrganizeTypeAddOrModifySave: async (request) => {
      const body = request.body;
      const code = body.Code.trim();
      if (body.Id && !(await db.selectFrom('organization_types').select('id').where('id', '=', body.Id).executeTakeFirst())) {
        throw new Problem(404, 'masterNotFound');
      }
      let sameCode = db.selectFrom('organization_types').select('id').where('code', '=', code);
      if (body.Id) sameCode = sameCode.where('id', '<>', body.Id);
      requireOrganizationTypeCodeFree((await sameCode.executeTakeFirst()) !== undefined, code);
      const fields = { name: body.Name.trim(), code, sort_num: body.SORT_NUM ?? 0, is_active: body.IsActive ?? true, remark: body.Remark ?? null };
      const id = body.Id ?? randomUUID();
      await db.transaction().execute(async (trx) => {
        if (body.Id) {
          const before = await trx.selectFrom('organization_types').select('code').where('id', '=', id).executeTakeFirstOrThrow();
          await trx.updateTable('organization_types').set(fields).where('id', '=', id).execute();
          // Organisations name their type by code: a renamed code carries over.
          if (before.code !== code) await trx.updateTable('organizations').set({ org_type: code }).where('org_type', '=', before.code).execute();
        } else {
          await trx.insertInto('organization_types').values({ id, ...fields }).execute();
        }
      });
      const [saved] = await loadTypes(db, id);
      return ok(saved, messageForRequest(request, 'masterSaved'));
    },

    OrganizeTypeDelete: async (request) => {
      const type = await db.selectFrom('organization_types').select(['id', 'code']).where('id', '=', request.query.id).executeTakeFirst();
      if (!type) throw new Problem(404, 'masterNotFound');
      if (await db.selectFrom('organizations').select('id').where('org_type', '=', type.code).executeTakeFirst()) throw new Problem(409, 'masterInUse');
      await db.deleteFrom('organization_types').where('id', '=', type.id).execute();
      return ok(null, messageForRequest(request, 'masterDeleted'));
    },
  } satisfies Partial<OperationHandlers>);
}
