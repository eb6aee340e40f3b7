import { beforeAll, expect, it } from 'vitest';
import { DEMO_MENUS, GRID_BUTTONS } from '../../server/db/seed/demo-data.ts';
import { describeServer } from './support/test-server.ts';

const F01 = 'org-f01';

interface MenuItem {
  Id: string;
  Menu_Code: string;
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
        'Bill', 'BillIN', 'BillOD',
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
    expect(operatorButtons).toEqual({
      'menu-BillIN': ['SeniorSearch', 'SeniorColumn'],
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
    expect(body.data).toEqual({ REPORT_HOST: 'http://localhost:8080/report-host' });
  });

  it('the environment variables list has every row with its enabled flag', async () => {
    const { body } = await server.call('GET', '/SysEnvConfig/GetEnvVars', { token: admin });
    expect(body.data).toContainEqual({ EnvName: 'LOCAL', VarName: 'API_BASE', UrlPrefix: 'http://localhost:8080/api', Enabled: 'Y' });
    expect(body.data).toContainEqual(expect.objectContaining({ EnvName: 'OLD', Enabled: 'N' }));
  });
});
