/**
 * Organisations (a tree: Organize/*) and organisation types (OrganizeType/*) in mock mode, as the
 * reference server keeps them (server/modules/admin/organizations.ts): the same organisations the
 * login offers and users belong to (the mock db's `organizations`), so an organisation added here
 * is one a user can be given and log in to. The tree rules are the shared ones
 * (src/shared/admin-rules/tree.ts); an organisation with sub-organisations or users, and a type
 * organisations use, cannot be deleted; a type's renamed code follows into its organisations.
 */
import { http } from 'msw';
import type { components } from '../../src/api/schema';
import { buildTree, parentProblem } from '../../src/shared/admin-rules/tree';
import { requireOrganizationCodeFree, requireOrganizationTypeCodeFree } from '../../src/shared/admin-rules/organizations';
import { Refusal } from '../../src/shared/messages/refusal';
import { getMockDb, scenarioState } from '../db';
import { answerSignedIn, okWith as ok } from './answers';

type OrganizationNode = components['schemas']['OrganizationNode'];
type OrganizationSave = components['schemas']['OrganizationSaveRequest'];
type OrganizationType = components['schemas']['OrganizationType'];
type OrganizationTypeSave = components['schemas']['OrganizationTypeSaveRequest'];

/** What the tree shows beyond the login's organisation (id, code, name), by organisation id. */
type OrganizationDetails = Pick<OrganizationNode, 'Parent_Id' | 'OrgType' | 'Enabled' | 'Remark' | 'SORT_NUM'>;

const DEMO_TYPES: OrganizationType[] = [
  { Id: 'org-type-group', Code: 'GROUP', Name: '集团', SORT_NUM: 10, IsActive: true, Remark: null },
  { Id: 'org-type-factory', Code: 'FACTORY', Name: '工厂', SORT_NUM: 20, IsActive: true, Remark: null },
  { Id: 'org-type-warehouse', Code: 'WAREHOUSE', Name: '仓库', SORT_NUM: 30, IsActive: true, Remark: null },
];

const state = () =>
  scenarioState('organizations', () => ({
    details: new Map<string, OrganizationDetails>(
      getMockDb().organizations.map((org, index) => [org.Id, { Parent_Id: null, OrgType: 'FACTORY', Enabled: true, Remark: null, SORT_NUM: (index + 1) * 10 }]),
    ),
    types: structuredClone(DEMO_TYPES),
    nextId: 0,
  }));

const detailsOf = (id: string): OrganizationDetails =>
  state().details.get(id) ?? { Parent_Id: null, OrgType: null, Enabled: true, Remark: null, SORT_NUM: 0 };

/** Every organisation as the tree's row, with how many users belong to it; by sort number, then code. */
function organizationRows(): OrganizationNode[] {
  const db = getMockDb();
  return db.organizations
    .map((org) => ({
      Id: org.Id,
      OrganizeCode: org.OrganizeCode,
      OrganizeName: org.OrganizeName,
      ...detailsOf(org.Id),
      UserCount: db.users.filter((user) => user.organizationIds.includes(org.Id)).length,
    }))
    .sort((a, b) => a.SORT_NUM - b.SORT_NUM || a.OrganizeCode.localeCompare(b.OrganizeCode));
}

const newId = (prefix: string) => `${prefix}-mock-${++state().nextId}`;

function saveOrganization(request: Request, body: OrganizationSave) {
  const db = getMockDb();
  const parentId = body.Parent_Id || null;
  const parents = new Map(db.organizations.map((org) => [org.Id, detailsOf(org.Id).Parent_Id]));
  if ((body.Id && !parents.has(body.Id)) || (parentId && !parents.has(parentId))) throw new Refusal(404, 'masterNotFound');
  const problem = parentProblem(body.Id, parentId, parents);
  if (problem === 'ownParent') throw new Refusal(400, 'organizationOwnParent');
  if (problem === 'parentIsDescendant') throw new Refusal(400, 'organizationParentIsDescendant');
  const code = body.OrganizeCode.trim();
  requireOrganizationCodeFree(db.organizations.some((org) => org.OrganizeCode === code && org.Id !== body.Id), code);
  const id = body.Id ?? newId('org');
  const organization = { Id: id, OrganizeCode: code, OrganizeName: body.OrganizeName.trim() };
  const index = db.organizations.findIndex((org) => org.Id === id);
  if (index >= 0) db.organizations[index] = { ...db.organizations[index], ...organization };
  else db.organizations.push(organization);
  state().details.set(id, { Parent_Id: parentId, OrgType: body.OrgType || null, Enabled: body.Enabled ?? true, Remark: body.Remark ?? null, SORT_NUM: body.SORT_NUM ?? 0 });
  return ok(request, organizationRows().find((org) => org.Id === id), 'masterSaved');
}

function deleteOrganization(request: Request, id: string | null) {
  const db = getMockDb();
  const index = db.organizations.findIndex((org) => org.Id === id);
  if (index < 0) throw new Refusal(404, 'masterNotFound');
  const hasChild = db.organizations.some((org) => detailsOf(org.Id).Parent_Id === id);
  const hasMember = db.users.some((user) => user.organizationIds.includes(id!));
  const hasSession = [...db.sessions.values()].some((session) => session.organizationId === id);
  if (hasChild || hasMember || hasSession) throw new Refusal(409, 'masterInUse');
  db.organizations.splice(index, 1);
  state().details.delete(id!);
  return ok(request, null, 'masterDeleted');
}

const sortedTypes = () => [...state().types].sort((a, b) => a.SORT_NUM - b.SORT_NUM || a.Code.localeCompare(b.Code));

function saveType(request: Request, body: OrganizationTypeSave) {
  const { types, details } = state();
  const code = body.Code.trim();
  const existing = body.Id ? types.find((type) => type.Id === body.Id) : undefined;
  if (body.Id && !existing) throw new Refusal(404, 'masterNotFound');
  requireOrganizationTypeCodeFree(types.some((type) => type.Code === code && type.Id !== body.Id), code);
  const saved: OrganizationType = { Id: body.Id ?? newId('org-type'), Code: code, Name: body.Name.trim(), SORT_NUM: body.SORT_NUM ?? 0, IsActive: body.IsActive ?? true, Remark: body.Remark ?? null };
  if (existing) {
    // Organisations name their type by code: a renamed code carries over.
    if (existing.Code !== code) for (const detail of details.values()) if (detail.OrgType === existing.Code) detail.OrgType = code;
    Object.assign(existing, saved);
  } else {
    types.push(saved);
  }
  return ok(request, saved, 'masterSaved');
}

function deleteType(request: Request, id: string | null) {
  const { types, details } = state();
  const index = types.findIndex((type) => type.Id === id);
  if (index < 0) throw new Refusal(404, 'masterNotFound');
  if ([...details.values()].some((detail) => detail.OrgType === types[index].Code)) throw new Refusal(409, 'masterInUse');
  types.splice(index, 1);
  return ok(request, null, 'masterDeleted');
}

const idOf = (request: Request) => new URL(request.url).searchParams.get('id');

export function organizationHandlers(baseUrl: string) {
  return [
    http.get(`${baseUrl}/Organize/LoadTree`, ({ request }) =>
      answerSignedIn(request, () => ok(request, buildTree(organizationRows(), (org) => org.Id, (org) => org.Parent_Id))),
    ),
    http.post(`${baseUrl}/Organize/AddOrModifySave`, async ({ request }) => {
      const body = (await request.json()) as OrganizationSave;
      return answerSignedIn(request, () => saveOrganization(request, body));
    }),
    http.post(`${baseUrl}/Organize/Delete`, ({ request }) => answerSignedIn(request, () => deleteOrganization(request, idOf(request)))),
    http.get(`${baseUrl}/OrganizeType/LoadData`, ({ request }) => answerSignedIn(request, () => ok(request, sortedTypes()))),
    http.post(`${baseUrl}/OrganizeType/AddOrModifySave`, async ({ request }) => {
      const body = (await request.json()) as OrganizationTypeSave;
      return answerSignedIn(request, () => saveType(request, body));
    }),
    http.post(`${baseUrl}/OrganizeType/Delete`, ({ request }) => answerSignedIn(request, () => deleteType(request, idOf(request)))),
  ];
}
