/**
 * Portal schemes and the homepage configuration in mock mode (issue 21), with the server's rules:
 * the layout check of src/shared/portal/cards.ts over the organisation's enabled portal cards (the
 * master-data mock's PortalCard rows), the stale-version and name refusals, the home path rule, and
 * the caller's home resolved user > role > default > assigned schemes. It starts with one demo scheme
 * assigned to nobody, so the standard home stays until a tester assigns or configures one.
 */
import type { components } from '../../src/api/schema';
import { DEMO_PORTAL_LAYOUT, layoutProblem } from '../../src/shared/portal/cards';
import { Refusal } from '../../src/shared/messages/refusal';
import { SYSTEM_LOOKUPS } from '../../server/db/seed/system-data';
import { getMockDb, scenarioState } from '../db';
import { createContractHttp } from '../generated/handlers';
import { okWith as ok, signedInAnswer, type SignedIn } from './answers';
import { masterRowsIn } from './masterdata';

type Scheme = components['schemas']['PortalScheme'] & { orgId: string };
type HomeConfig = components['schemas']['HomeConfigRow'] & { orgId: string };

const state = () =>
  scenarioState('portal', () => ({
    next: 1,
    schemes: getMockDb().organizations.map(
      (org, i): Scheme => ({ orgId: org.Id, Id: `scheme-demo-${i + 1}`, Name: '仓库看板', Layout: [...DEMO_PORTAL_LAYOUT], RoleIds: [], UserIds: [], Version: 1, UpdatedAt: '2026-01-05T08:00:00.000Z', UpdatedBy: 'ADMIN' }),
    ),
    homes: [] as HomeConfig[],
  }));

const cardsOf = (orgId: string) =>
  masterRowsIn('PortalCard', orgId)
    .filter((row) => row.enabled)
    .map((row) => ({ Code: String(row.code), TitleZh: String(row.title_zh), TitleEn: String(row.title_en), Source: String(row.source), View: String(row.view), ReportCode: (row.report_code as string | null) ?? null }));

const roles = () => getMockDb().roles.map((r) => ({ Id: r.ID, Name: r.ROLE_NAME }));
const users = (orgId: string) =>
  getMockDb().users.filter((u) => u.organizationIds.includes(orgId)).map((u) => ({ Id: u.ID, Name: u.NICK_NAME ? `${u.USER_NAME} (${u.NICK_NAME})` : u.USER_NAME }));
const wire = ({ orgId: _org, ...rest }: Scheme) => rest;
const wireHome = ({ orgId: _org, ...rest }: HomeConfig) => rest;
const schemeOf = (orgId: string, id: string) => {
  const scheme = state().schemes.find((s) => s.orgId === orgId && s.Id === id);
  if (!scheme) throw new Refusal(404, 'portalSchemeNotFound');
  return scheme;
};

/** The server's order (server/modules/portal/portal.ts resolveHome): user > role > default, a setting before an assignment. */
function resolveHome(caller: SignedIn): { kind: 'NONE' } | { kind: 'PATH'; path: string } | { kind: 'SCHEME'; scheme: Scheme } {
  const { schemes, homes } = state();
  const mine = homes.filter((h) => h.orgId === caller.orgId);
  const inOrg = schemes.filter((s) => s.orgId === caller.orgId).sort((a, b) => a.Name.localeCompare(b.Name));
  const fromConfig = (config: HomeConfig | undefined) => {
    if (config?.Path) return { kind: 'PATH' as const, path: config.Path };
    const scheme = config?.SchemeId ? inOrg.find((s) => s.Id === config.SchemeId) : undefined;
    return scheme ? { kind: 'SCHEME' as const, scheme } : undefined;
  };
  const assigned = (has: (scheme: Scheme) => boolean) => {
    const scheme = inOrg.find(has);
    return scheme ? { kind: 'SCHEME' as const, scheme } : undefined;
  };
  const levels = [
    () => fromConfig(mine.find((h) => h.TargetKind === 'USER' && h.TargetId === caller.user.ID)),
    () => assigned((s) => s.UserIds.includes(caller.user.ID)),
    ...caller.user.ROLE_IDS.flatMap((role) => [
      () => fromConfig(mine.find((h) => h.TargetKind === 'ROLE' && h.TargetId === role)),
      () => assigned((s) => s.RoleIds.includes(role)),
    ]),
    () => fromConfig(mine.find((h) => h.TargetKind === 'DEFAULT')),
  ];
  for (const level of levels) {
    const home = level();
    if (home) return home;
  }
  return { kind: 'NONE' };
}

const badPath = (path: string) => {
  if (path.length > 500 || !path.startsWith('/') || path.startsWith('//') || /[\s\\]/.test(path) || /^\/[a-z][a-z0-9+.-]*:/i.test(path)) return true;
  const bare = path.split(/[?#]/)[0].replace(/\/+$/, '');
  return bare === '' || bare === '/index' || bare === '/login';
};

export function portalHandlers(baseUrl: string) {
  const http = createContractHttp(baseUrl);
  const homeView = (orgId: string) => {
    const schemes = state().schemes.filter((s) => s.orgId === orgId);
    return { Schemes: schemes.map((s) => ({ Id: s.Id, Name: s.Name })), Roles: roles(), Users: users(orgId) };
  };
  return [
    http.post('/PortalScheme/LoadData', signedInAnswer((caller, request) =>
      ok(request, { Schemes: state().schemes.filter((s) => s.orgId === caller.orgId).map(wire), Cards: cardsOf(caller.orgId), Roles: roles(), Users: users(caller.orgId) }),
    )),
    http.post('/PortalScheme/Save', signedInAnswer(async (caller, request) => {
      const body = (await request.json()) as components['schemas']['PortalSchemeSaveRequest'];
      const name = body.Name.trim();
      if (!name) throw new Refusal(400, 'portalSchemeNameRequired');
      const unknownRole = body.RoleIds.find((id) => !roles().some((r) => r.Id === id));
      if (unknownRole !== undefined) throw new Refusal(400, 'portalUnknownRole', { role: unknownRole });
      const unknownUser = body.UserIds.find((id) => !users(caller.orgId).some((u) => u.Id === id));
      if (unknownUser !== undefined) throw new Refusal(400, 'portalUnknownUser', { user: unknownUser });
      const s = state();
      if (s.schemes.some((x) => x.orgId === caller.orgId && x.Name === name && x.Id !== body.Id)) throw new Refusal(409, 'portalSchemeNameTaken', { name });
      const now = new Date().toISOString();
      if (!body.Id) {
        const scheme: Scheme = { orgId: caller.orgId, Id: `scheme-${s.next++}`, Name: name, Layout: [], RoleIds: [...new Set(body.RoleIds)], UserIds: [...new Set(body.UserIds)], Version: 1, UpdatedAt: now, UpdatedBy: caller.user.USER_NAME };
        s.schemes.push(scheme);
        return ok(request, wire(scheme));
      }
      const scheme = schemeOf(caller.orgId, body.Id);
      if (scheme.Version !== body.Version) throw new Refusal(409, 'portalSchemeStale');
      Object.assign(scheme, { Name: name, RoleIds: [...new Set(body.RoleIds)], UserIds: [...new Set(body.UserIds)], Version: scheme.Version + 1, UpdatedAt: now, UpdatedBy: caller.user.USER_NAME });
      return ok(request, wire(scheme));
    })),
    http.post('/PortalScheme/SaveLayout', signedInAnswer(async (caller, request) => {
      const body = (await request.json()) as components['schemas']['PortalSchemeLayoutRequest'];
      const scheme = schemeOf(caller.orgId, body.Id);
      const problem = layoutProblem(body.Layout, new Set(cardsOf(caller.orgId).map((c) => c.Code)));
      if (problem) throw new Refusal(400, problem.key, problem.params);
      if (scheme.Version !== body.Version) throw new Refusal(409, 'portalSchemeStale');
      Object.assign(scheme, { Layout: body.Layout.map(({ card, x, y, w, h }) => ({ card, x, y, w, h })), Version: scheme.Version + 1, UpdatedAt: new Date().toISOString(), UpdatedBy: caller.user.USER_NAME });
      return ok(request, wire(scheme));
    })),
    http.post('/PortalScheme/Delete', signedInAnswer(async (caller, request) => {
      const { Id } = (await request.json()) as { Id: string };
      const scheme = schemeOf(caller.orgId, Id);
      if (state().homes.some((h) => h.SchemeId === Id)) throw new Refusal(409, 'portalSchemeInUse', { name: scheme.Name });
      state().schemes = state().schemes.filter((s) => s !== scheme);
      return ok(request, null);
    })),
    http.post('/HomeConfig/LoadData', signedInAnswer((caller, request) =>
      ok(request, { Rows: state().homes.filter((h) => h.orgId === caller.orgId).map(wireHome), ...homeView(caller.orgId) }),
    )),
    http.post('/HomeConfig/Save', signedInAnswer(async (caller, request) => {
      const body = (await request.json()) as components['schemas']['HomeConfigSaveRequest'];
      const targetId = body.TargetKind === 'DEFAULT' ? '' : (body.TargetId ?? '').trim();
      if (body.TargetKind !== 'DEFAULT' && !targetId) throw new Refusal(400, 'homeConfigTargetRequired');
      const options = body.TargetKind === 'ROLE' ? roles() : users(caller.orgId);
      const target = options.find((o) => o.Id === targetId);
      if (body.TargetKind === 'ROLE' && !target) throw new Refusal(400, 'portalUnknownRole', { role: targetId });
      if (body.TargetKind === 'USER' && !target) throw new Refusal(400, 'portalUnknownUser', { user: targetId });
      const schemeId = body.SchemeId?.trim() || null;
      const path = body.Path?.trim() || null;
      if ((schemeId === null) === (path === null)) throw new Refusal(400, 'homeConfigOneHome');
      const scheme = schemeId ? schemeOf(caller.orgId, schemeId) : null;
      if (path && badPath(path)) throw new Refusal(400, 'homeConfigBadPath', { path });
      const s = state();
      const existing = s.homes.find((h) => h.orgId === caller.orgId && h.TargetKind === body.TargetKind && h.TargetId === targetId);
      const row: HomeConfig = {
        orgId: caller.orgId, Id: existing?.Id ?? `home-${s.next++}`, TargetKind: body.TargetKind, TargetId: targetId, TargetName: target?.Name ?? '',
        SchemeId: schemeId, SchemeName: scheme?.Name ?? null, Path: path, UpdatedAt: new Date().toISOString(), UpdatedBy: caller.user.USER_NAME,
      };
      s.homes = [...s.homes.filter((h) => h !== existing), row];
      return ok(request, wireHome(row));
    })),
    http.post('/HomeConfig/Delete', signedInAnswer(async (caller, request) => {
      const { Id } = (await request.json()) as { Id: string };
      const s = state();
      if (!s.homes.some((h) => h.orgId === caller.orgId && h.Id === Id)) throw new Refusal(404, 'homeConfigNotFound');
      s.homes = s.homes.filter((h) => h.Id !== Id);
      return ok(request, null);
    })),
    http.get('/Portal/Home', signedInAnswer((caller, request) => {
      const home = resolveHome(caller);
      if (home.kind !== 'SCHEME') return ok(request, { Kind: home.kind, Path: home.kind === 'PATH' ? home.path : null, SchemeName: null, Layout: [], Cards: [] });
      const cards = new Map(cardsOf(caller.orgId).map((c) => [c.Code, c]));
      const layout = home.scheme.Layout.filter((item) => cards.has(item.card));
      return ok(request, { Kind: 'SCHEME', Path: null, SchemeName: home.scheme.Name, Layout: layout, Cards: layout.map((item) => cards.get(item.card)) });
    })),
    http.post('/Portal/CardData', signedInAnswer(async (caller, request) => {
      const { Code } = (await request.json()) as { Code: string };
      const home = resolveHome(caller);
      if (home.kind !== 'SCHEME' || !home.scheme.Layout.some((item) => item.card === Code)) throw new Refusal(403, 'portalCardNotOnHome', { card: Code });
      const card = cardsOf(caller.orgId).find((c) => c.Code === Code);
      if (!card) throw new Refusal(404, 'portalCardNotFound', { card: Code });
      const en = caller.language === 'en';
      const label = (type: string, code: string) => {
        const row = SYSTEM_LOOKUPS.find(([t, c]) => t === type && c === code);
        return row ? (en ? row[3] : row[2]) : code;
      };
      // Plausible fixed figures: the mock keeps no stock, inspections or warnings of its own for these.
      const rows: Record<string, { Label: string; Value: number }[]> = {
        STOCK_BY_CATEGORY: [{ Label: label('ABC_CLASS', 'A'), Value: 12800 }, { Label: label('ABC_CLASS', 'B'), Value: 46500 }, { Label: label('ABC_CLASS', 'C'), Value: 152000 }],
        INSPECTION_PASS_RATE: [{ Label: label('PORTAL_SOURCE', 'INSPECTION_PASS_RATE'), Value: 97.5 }],
        OPEN_BILLS_BY_STATUS: [{ Label: label('BILL_STATUS', 'EDITING'), Value: 4 }, { Label: label('BILL_STATUS', 'WAITING'), Value: 9 }, { Label: label('BILL_STATUS', 'PROCESSING'), Value: 6 }],
        WARNINGS: [{ Label: label('WARNING_LEVEL', 'warning'), Value: 3 }, { Label: label('WARNING_LEVEL', 'danger'), Value: 1 }],
      };
      const data = rows[card.Source];
      if (!data) throw new Refusal(400, 'portalCardNoData', { card: Code });
      return ok(request, { Rows: data, Unit: card.Source === 'INSPECTION_PASS_RATE' ? '%' : '' });
    })),
  ];
}
