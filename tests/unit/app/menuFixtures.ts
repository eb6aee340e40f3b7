/** Menu items shaped like the reference server's seed (spec §3 "Menu item from server"). */
import type { ServerMenuItem } from '../../../src/core/navigation/types';

export function menuItem(overrides: Partial<ServerMenuItem> & Pick<ServerMenuItem, 'Id' | 'Menu_Code'>): ServerMenuItem {
  return {
    Parent_Id: null,
    Menu_Name: `${overrides.Menu_Code} 中文`,
    MENU_EN: `${overrides.Menu_Code} English`,
    Link_Url: '',
    Icon_Url: '',
    Target: '',
    AppUrl: null,
    AppCode: null,
    ENABLED: 'Y',
    children: [],
    ...overrides,
  };
}

export const HOME_TITLE = { zh: '首页', en: 'Home' };

export const seedMenuTree: ServerMenuItem[] = [
  menuItem({
    Id: 'm-admin',
    Menu_Code: 'Admin',
    Menu_Name: '系统管理',
    MENU_EN: 'Administration',
    Icon_Url: 'setting',
    children: [
      menuItem({ Id: 'm-user', Parent_Id: 'm-admin', Menu_Code: 'User', Menu_Name: '用户管理', MENU_EN: 'Users', Link_Url: '/admin/user' }),
      menuItem({ Id: 'm-log', Parent_Id: 'm-admin', Menu_Code: 'Log', Link_Url: '/log' }),
    ],
  }),
  menuItem({
    Id: 'm-wh',
    Menu_Code: 'Warehouse',
    children: [
      menuItem({ Id: 'm-part', Parent_Id: 'm-wh', Menu_Code: 'Part', Link_Url: '/masterdata/part' }),
      menuItem({ Id: 'm-eq', Parent_Id: 'm-wh', Menu_Code: 'Equipment', Link_Url: '/warehouse/equipment' }),
      menuItem({ Id: 'm-in', Parent_Id: 'm-wh', Menu_Code: 'BillIN', Menu_Name: '采购入库', MENU_EN: 'Purchase receipt', Link_Url: '/bill/master?billType=IN' }),
      menuItem({ Id: 'm-rep', Parent_Id: 'm-wh', Menu_Code: 'DemoStock', Link_Url: '/report/loading?code=DEMO_STOCK' }),
    ],
  }),
  menuItem({ Id: 'm-stock', Menu_Code: 'Stocktake', Link_Url: '/stocktake', Icon_Url: 'audit' }),
];
