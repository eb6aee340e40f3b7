/**
 * PortalScheme/*, HomeConfig/*, Portal/Home and Portal/CardData (issue 21). Who may call what is the
 * contract's x-permission: 门户方案管理 (ReportPortalScheme) and its Save / Delete buttons, 首页配置
 * (WarehouseHomeConfig) and its Save / Delete buttons; the caller's own home and its cards' data are
 * open to every signed-in user (a card's data only for a card of their own home scheme).
 */
import type { components } from '../../../src/api/schema';
import { authOf } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { Problem } from '../../http/problem.ts';
import { ok } from '../../http/responses.ts';
import { sql } from 'kysely';
import { languageOf } from '../../../src/shared/messages/catalogue.ts';
import {
  assignableRoles,
  assignableUsers,
  cardData,
  deleteHomeConfig,
  deleteScheme,
  enabledCards,
  hasBuiltInData,
  listHomeConfig,
  listSchemes,
  resolveHome,
  saveHomeConfig,
  saveScheme,
  saveSchemeLayout,
  type CardRow,
  type HomeConfigRow,
  type SchemeRow,
} from './portal.ts';

type WireScheme = components['schemas']['PortalScheme'];
type WireCard = components['schemas']['PortalCardOption'];
type WireHomeConfig = components['schemas']['HomeConfigRow'];

const wireScheme = (row: SchemeRow): WireScheme => ({
  Id: row.id,
  Name: row.name,
  Layout: row.layout,
  RoleIds: row.role_ids,
  UserIds: row.user_ids,
  Version: row.version,
  UpdatedAt: row.updated_at.toISOString(),
  UpdatedBy: row.updated_by,
});

const wireCard = (row: CardRow): WireCard => ({
  Code: row.code,
  TitleZh: row.title_zh,
  TitleEn: row.title_en,
  Source: row.source,
  View: row.view,
  ReportCode: row.report_code,
});

export function portalHandlers(ctx: ServerContext) {
  const { db } = ctx;
  const options = async (orgId: string) => ({
    Roles: (await assignableRoles(db)).map((r) => ({ Id: r.id, Name: r.name })),
    Users: (await assignableUsers(db, orgId)).map((u) => ({ Id: u.id, Name: u.nick_name ? `${u.user_name} (${u.nick_name})` : u.user_name })),
  });
  const wireHomeConfig = (row: HomeConfigRow, names: Map<string, string>, schemes: Map<string, string>): WireHomeConfig => ({
    Id: row.id,
    TargetKind: row.target_kind,
    TargetId: row.target_id,
    TargetName: row.target_kind === 'DEFAULT' ? '' : (names.get(`${row.target_kind}:${row.target_id}`) ?? row.target_id),
    SchemeId: row.scheme_id,
    SchemeName: row.scheme_id ? (schemes.get(row.scheme_id) ?? null) : null,
    Path: row.path,
    UpdatedAt: row.updated_at.toISOString(),
    UpdatedBy: row.updated_by,
  });
  const homeConfigView = async (orgId: string) => {
    const [rows, schemes, opts] = await Promise.all([listHomeConfig(db, orgId), listSchemes(db, orgId), options(orgId)]);
    const names = new Map([...opts.Roles.map((r) => [`ROLE:${r.Id}`, r.Name] as const), ...opts.Users.map((u) => [`USER:${u.Id}`, u.Name] as const)]);
    const schemeNames = new Map(schemes.map((s) => [s.id, s.name]));
    return { rows, names, schemeNames, schemes, opts };
  };

  return exactHandlers({
    PortalSchemeLoadData: async (request) => {
      const { orgId } = authOf(request);
      const [schemes, cards, opts] = await Promise.all([listSchemes(db, orgId), enabledCards(db, orgId), options(orgId)]);
      return ok({ Schemes: schemes.map(wireScheme), Cards: cards.map(wireCard), ...opts });
    },

    PortalSchemeSave: async (request) => {
      const auth = authOf(request);
      const { Id, Version, Name, RoleIds, UserIds } = request.body;
      return ok(wireScheme(await saveScheme(db, auth.orgId, auth.user.userName, { id: Id, version: Version, name: Name, roleIds: RoleIds, userIds: UserIds })));
    },

    PortalSchemeSaveLayout: async (request) => {
      const auth = authOf(request);
      const { Id, Version, Layout } = request.body;
      return ok(wireScheme(await saveSchemeLayout(db, auth.orgId, auth.user.userName, Id, Version, Layout)));
    },

    PortalSchemeDelete: async (request) => {
      await deleteScheme(db, authOf(request).orgId, request.body.Id);
      return ok(null);
    },

    HomeConfigLoadData: async (request) => {
      const { orgId } = authOf(request);
      const view = await homeConfigView(orgId);
      return ok({
        Rows: view.rows.map((row) => wireHomeConfig(row, view.names, view.schemeNames)),
        Schemes: view.schemes.map((s) => ({ Id: s.id, Name: s.name })),
        ...view.opts,
      });
    },

    HomeConfigSave: async (request) => {
      const auth = authOf(request);
      const { TargetKind, TargetId, SchemeId, Path } = request.body;
      const saved = await saveHomeConfig(db, auth.orgId, auth.user.userName, { targetKind: TargetKind, targetId: TargetId, schemeId: SchemeId, path: Path });
      const view = await homeConfigView(auth.orgId);
      return ok(wireHomeConfig(saved, view.names, view.schemeNames));
    },

    HomeConfigDelete: async (request) => {
      await deleteHomeConfig(db, authOf(request).orgId, request.body.Id);
      return ok(null);
    },

    PortalHome: async (request) => {
      const auth = authOf(request);
      const home = await resolveHome(db, auth.orgId, auth.user.id, auth.user.roleIds);
      if (home.kind !== 'SCHEME') return ok({ Kind: home.kind, Path: home.kind === 'PATH' ? home.path : null, SchemeName: null, Layout: [], Cards: [] });
      const cards = new Map((await enabledCards(db, auth.orgId)).map((c) => [c.code, c]));
      // A card disabled (or removed) since the layout was saved drops out of the home page.
      const layout = home.scheme.layout.filter((item) => cards.has(item.card));
      return ok({ Kind: 'SCHEME' as const, Path: null, SchemeName: home.scheme.name, Layout: layout, Cards: layout.map((item) => wireCard(cards.get(item.card)!)) });
    },

    PortalCardData: async (request) => {
      const auth = authOf(request);
      const code = request.body.Code;
      const home = await resolveHome(db, auth.orgId, auth.user.id, auth.user.roleIds);
      if (home.kind !== 'SCHEME' || !home.scheme.layout.some((item) => item.card === code)) throw new Problem(403, 'portalCardNotOnHome', { card: code });
      const card = (await enabledCards(db, auth.orgId)).find((c) => c.code === code);
      if (!card) throw new Problem(404, 'portalCardNotFound', { card: code });
      if (!hasBuiltInData(card.source)) throw new Problem(400, 'portalCardNoData', { card: code });
      const english = languageOf(request.headers['accept-language']) === 'en';
      // Codes are shown by their 字典 names (the organisation's, as an administrator may have renamed them).
      const { rows: names } = await sql<{ lookup_type: string; code: string; name: string; name_en: string | null }>`
        select lookup_type, code, name, name_en from md_lookup
        where org_id = ${auth.orgId} and lookup_type in ('ABC_CLASS', 'BILL_STATUS', 'WARNING_LEVEL', 'PORTAL_SOURCE')`.execute(db);
      const label = (type: string, value: string) => {
        if (!type) return english ? 'Uncategorised' : '未分类';
        const row = names.find((n) => n.lookup_type === type && n.code === value);
        return row ? (english ? row.name_en || row.name : row.name) : value;
      };
      const data = await cardData(db, auth.orgId, card.source, label);
      return ok({ Rows: data.rows, Unit: data.unit });
    },
  } satisfies Partial<OperationHandlers>);
}
