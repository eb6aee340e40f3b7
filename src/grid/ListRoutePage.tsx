import { Result } from 'antd';
import { useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useMenuRoute } from '../app/routes/menuRouteContext';
import { pickTitle, useLanguage } from '../shell/i18n/localizedTitle';
import { DataGrid, type DataGridProps } from './DataGrid';
import { useMenuButtonCodes } from './api/buttonCodes';

export interface ListRoutePageProps {
  /** The LIST_ROUTE; default: the `listRoute` route param, else the menu link the page was opened from. */
  listRoute?: string;
  /** The page title; default: the menu item's title in the current language. */
  title?: string;
  /** The granted grid button codes; default: the role's buttons on the page's menu item. */
  buttonCodes?: readonly string[];
  rowActions?: DataGridProps['rowActions'];
  toolbarExtra?: DataGridProps['toolbarExtra'];
}

const withLeadingSlash = (path: string) => (path.startsWith('/') ? path : `/${path}`);

/**
 * A page that is just the DataGrid of one LIST_ROUTE (menu links like `/grid/demo-reels`). The
 * list is the menu link itself unless a prop or the `listRoute` route param names another.
 */
export function ListRoutePage({ listRoute, title, buttonCodes, rowActions, toolbarExtra }: ListRoutePageProps) {
  const { t } = useTranslation('grid');
  const location = useLocation();
  const params = useParams();
  const menuRoute = useMenuRoute();
  const language = useLanguage();
  const grantedCodes = useMenuButtonCodes(menuRoute?.menuId, buttonCodes === undefined);

  const routeParam = params.listRoute ? withLeadingSlash(decodeURIComponent(params.listRoute)) : undefined;
  const list = listRoute ?? routeParam ?? (menuRoute ? withLeadingSlash(menuRoute.path) : location.pathname);
  if (!list || list === '/') return <Result status="warning" title={t('page.noListRoute')} />;

  return (
    <DataGrid
      // A different list is a different grid: nothing of the previous one's state carries over.
      key={list}
      listRoute={list}
      routePath={location.pathname}
      title={title ?? (menuRoute ? pickTitle(menuRoute.title, language) : list)}
      buttonCodes={buttonCodes ?? grantedCodes}
      rowActions={rowActions}
      toolbarExtra={toolbarExtra}
    />
  );
}

export default ListRoutePage;
