import { useMemo } from 'react';
import { Result } from 'antd';
import { useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useMenuRoute } from '../core/navigation/menuRouteContext';
import { useAccess } from '../core/navigation/access';
import { pickTitle, useLanguage } from '../core/i18n/localizedTitle';
import { DataGrid, type DataGridProps } from './DataGrid';
import { ALL_GRID_BUTTON_CODES, type GridButtonCode } from './model/codes';
import type { PageDeclaration } from '../shared/pages/declaration';

export interface ListRoutePageProps {
  /** The LIST_ROUTE; default: `page`'s link, else the `listRoute` route param, else the menu link the page was opened from. */
  listRoute?: string;
  /**
   * A generated page's declaration (src/shared/pages): its link is the list, its list.emptyText what the empty
   * grid says (else 暂无数据). Handed in by the page rather than looked up, so list pages do not load every declaration.
   */
  page?: PageDeclaration;
  /** The page title; default: the menu item's title in the current language. */
  title?: string;
  /** The granted grid button codes; default: the user's grid buttons on the page's menu item. */
  buttonCodes?: readonly GridButtonCode[];
  rowActions?: DataGridProps['rowActions'];
  toolbarExtra?: DataGridProps['toolbarExtra'];
  /** A row clicked outside its selection box (a page opening the row's detail). */
  onRowClick?: DataGridProps['onRowClick'];
  /** The page's own cell content for some columns (e.g. a coded value's label). */
  cellRenderers?: DataGridProps['cellRenderers'];
}

const withLeadingSlash = (path: string) => (path.startsWith('/') ? path : `/${path}`);

/**
 * A page that is just the DataGrid of one LIST_ROUTE (menu links like `/grid/demo-reels`). The
 * list is the menu link itself unless a prop or the `listRoute` route param names another.
 */
export function ListRoutePage({ listRoute, page, title, buttonCodes, rowActions, toolbarExtra, onRowClick, cellRenderers }: ListRoutePageProps) {
  const { t } = useTranslation('grid');
  const location = useLocation();
  const params = useParams();
  const menuRoute = useMenuRoute();
  const language = useLanguage();
  const { can } = useAccess();
  const grantedCodes = useMemo(() => ALL_GRID_BUTTON_CODES.filter(can), [can]);

  const routeParam = params.listRoute ? withLeadingSlash(decodeURIComponent(params.listRoute)) : undefined;
  const list = listRoute ?? page?.link ?? routeParam ?? (menuRoute ? withLeadingSlash(menuRoute.path) : location.pathname);
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
      onRowClick={onRowClick}
      cellRenderers={cellRenderers}
      emptyText={page?.list?.emptyText?.[language]}
    />
  );
}

export default ListRoutePage;
