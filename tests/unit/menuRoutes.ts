/**
 * The menu route a screen test renders its page under (MenuRouteContext), as the shell makes it from a menu row:
 * a page whose link is `link` (with its leading slash, as the menu stores it), the menu's code, its titles.
 */
import { menuIdOf } from '../../mocks/scenarios/demo-data';
import type { DynamicRoute } from '../../src/core/navigation/types';

export const menuPageRoute = (menuCode: string, link: string, zh: string, en: string, params?: Record<string, string>): DynamicRoute => ({
  path: link.replace(/^\//, ''),
  name: menuCode,
  menuId: menuIdOf(menuCode),
  title: { zh, en },
  kind: 'page',
  componentKey: link.replace(/^\//, ''),
  ...(params ? { params } : {}),
});
