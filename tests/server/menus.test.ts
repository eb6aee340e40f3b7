import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_MENUS, GRID_BUTTONS } from '../../server/db/seed/demo-data.ts';
import { describeServer } from './support/test-server.ts';
import { billTypeASN } from '../../src/shared/bills/types/ASN.ts';
import { billTypeIN } from '../../src/shared/bills/types/IN.ts';
import { billTypeOD } from '../../src/shared/bills/types/OD.ts';
import { billTypeWO } from '../../src/shared/bills/types/WO.ts';

const F01 = 'org-f01';

interface MenuItem {
  Id: string;
  Menu_Code: string;
  Menu_Name: string;
  MENU_EN: string;
  Link_Url: string;
  ENABLED: string;
  AppCode: string | null;
  children?: MenuItem[];
}

const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...flatten(item.children ?? [])]);

describeServer('role menus, buttons and apps', {}, (server) => {
  let admin: string;
  let operator: string;
  beforeAll(async () => {
    admin = (await server.login('ADMIN', 'admin123', F01)).Token;
    operator = (await server.login('operator', 'operator123', F01)).Token;
  });

  const loadMenus = (token: string, roleId: string) => server.call('GET', '/Role/LoadMenusByRoleId', { token, query: { roleId } });

  it('ADMIN gets the full tree of every screen area, enabled items only', async () => {
    const { body } = await loadMenus(admin, 'role-super-admin');
    const roots = (body.data as MenuItem[]).map((m) => m.Menu_Code);
    expect(roots).toEqual(['HomeArea', 'Admin', 'Report', 'Warehouse', 'MasterData', 'Schedule', 'Bill', 'Reel', 'Quality', 'Stocktake', 'MsdRunCard', 'FrontLog', 'ChildApps']);
    const all = flatten(body.data);
    expect(all).toHaveLength(DEMO_MENUS.filter((m) => m.ENABLED === 'Y').length);
    expect(all.every((m) => m.ENABLED === 'Y')).toBe(true);
    expect(all.map((m) => m.Menu_Code)).not.toContain('BillLegacy');
  });

  it('the tree carries the links the client\'s route builder expects', async () => {
    const all = flatten((await loadMenus(admin, 'role-super-admin')).body.data);
    const link = (code: string) => all.find((m) => m.Menu_Code === code)?.Link_Url;
    expect(link('AdminUser')).toBe('/admin/user');
    expect(link('BillIN')).toBe('/bill/master?billType=IN');
    expect(link('ReportStock')).toBe('/report/loading?code=DEMO_STOCK');
    expect(link('ReportHostView')).toBe('{REPORT_HOST}/view');
    expect(all.find((m) => m.Menu_Code === 'DemoChildHome')).toMatchObject({ AppCode: 'DEMO', AppUrl: '/child-demo/' });
    expect(all.find((m) => m.Menu_Code === 'ScmPurchase')).toMatchObject({ AppCode: 'SCM' });
    expect(all.find((m) => m.Menu_Code === 'ReportSettingHelp')).toMatchObject({ Target: '_blank' });
  });

  it('the operator sees only the menus granted to the operator role', async () => {
    const { body } = await loadMenus(operator, 'role-operator');
    expect(flatten(body.data).map((m) => m.Menu_Code).sort()).toEqual(
      [
        'HomeArea', 'HomeNotice', 'HomeTodo',
        'Warehouse', 'WarehouseAuxiliary', 'WarehouseSolderPaste', 'WarehouseRedGlue', 'WarehouseReceiving',
        'MasterData', 'MasterPart', 'MasterVendor',
        'Bill', 'BillASN', 'BillIN', 'BillOD', 'BillWO',
        'Reel', 'GridDemoReels',
        'Stocktake', 'FrontLog',
      ].sort(),
    );
  });

  it('a user asking for another role\'s menus gets 403', async () => {
    const { status, body } = await loadMenus(operator, 'role-super-admin');
    expect(status).toBe(403);
    expect(body.msg).toBe('拒绝访问');
  });

  it('the super administrator may read another role\'s menus', async () => {
    const { status, body } = await loadMenus(admin, 'role-operator');
    expect(status).toBe(200);
    expect(flatten(body.data).map((m) => m.Menu_Code)).toContain('MasterPart');
  });

  it('the button map lists the caller\'s role\'s button codes per menu id', async () => {
    const operatorButtons = (await server.call('GET', '/Role/GetAllButtonByRoleId', { token: operator })).body.data;
    // A bill type's menu: searching and columns, then every action the type offers (its declaration).
    const billButtons = (actions: readonly string[]) => ['SeniorSearch', 'SeniorColumn', ...actions];
    expect(operatorButtons).toEqual({
      'menu-BillASN': billButtons(billTypeASN.actions),
      'menu-BillIN': billButtons(billTypeIN.actions),
      'menu-BillOD': billButtons(billTypeOD.actions),
      'menu-BillWO': billButtons(billTypeWO.actions),
      'menu-GridDemoReels': ['SeniorSearch', 'SeniorColumn'],
      'menu-MasterPart': ['SeniorSearch', 'SeniorColumn'],
    });
    const adminButtons = (await server.call('GET', '/Role/GetAllButtonByRoleId', { token: admin })).body.data;
    // A master-data screen: the grid buttons, then add/edit, delete, import and export.
    expect(adminButtons['menu-MasterPart']).toEqual([...GRID_BUTTONS.map((b) => b.code), 'Save', 'Delete', 'Import', 'Export']);
    expect(adminButtons['menu-BillLegacy']).toBeUndefined();
  });

  it('SysApp/GetAll lists the child apps in the legacy shape', async () => {
    const { body } = await server.call('GET', '/SysApp/GetAll', { token: operator });
    expect(body).toEqual({
      Result: [
        { Code: 'DEMO', Name: '演示子应用', Url: '/child-demo/' },
        { Code: 'SCM', Name: 'SCM供应链协同', Url: '/scm/' },
      ],
      TotalCount: 2,
      ErrorInfo: { Status: false, Message: '' },
    });
  });

  it('the API path configuration holds the variables menu placeholders use', async () => {
    const { body } = await server.call('GET', '/SysConfig/GetApiPathConfig', { token: operator });
    expect(body.data).toEqual({ REPORT_HOST: '/report-host' });
  });

  it('the report-service link is relative to the portal, so it works on any host and PORT', async () => {
    const { body } = await server.call('GET', '/SysConfig/GetApiPathConfig', { token: operator });
    for (const value of Object.values(body.data as Record<string, string>)) expect(value).toMatch(/^\/(?!\/)/);
  });

  it('every bill menu is named as its bill type in the bill-type master, in both languages and organisations', async () => {
    const bills = flatten((await loadMenus(admin, 'role-super-admin')).body.data).filter((m) => m.Link_Url.startsWith('/bill/master?billType='));
    const { rows: types } = await sql<{ org_id: string; code: string; name: string; name_en: string }>`
      select org_id, code, name, name_en from md_bill_type order by code, org_id`.execute(server.db);
    expect(bills).toHaveLength(23);
    for (const menu of bills) {
      const code = menu.Link_Url.split('=')[1];
      expect(types.filter((t) => t.code === code).map((t) => [t.org_id, t.name, t.name_en]), `bill type ${code}`).toEqual([
        [F01, menu.Menu_Name, menu.MENU_EN],
        ['org-f02', menu.Menu_Name, menu.MENU_EN],
      ]);
    }
  });

  it('the environment variables list has every row with its enabled flag', async () => {
    const { body } = await server.call('GET', '/SysEnvConfig/GetEnvVars', { token: admin });
    expect(body.data).toContainEqual({ EnvName: 'LOCAL', VarName: 'API_BASE', UrlPrefix: 'http://localhost:8080/api', Enabled: 'Y' });
    expect(body.data).toContainEqual(expect.objectContaining({ EnvName: 'OLD', Enabled: 'N' }));
  });
});
