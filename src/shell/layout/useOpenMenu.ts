import { useCallback } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useNavigationStore } from '../../core/navigation/navigationStore';
import { MENU_RESERVED_PATHS } from '../../core/navigation/staticPaths';
import type { DynamicRoute, SearchEntry, ShellMenuItem } from '../../core/navigation/types';
import { useShellServices } from '../services';
import { menuClickAction, type MissingModuleOf } from './menuClick';

/**
 * A page route whose registry key has no module; iframe and child-app routes need none, and neither do
 * links a static route serves (the router leaves those menu routes out: MENU_RESERVED_PATHS).
 */
export function missingModuleIn(routes: readonly DynamicRoute[], registry: Readonly<Record<string, unknown>>): MissingModuleOf {
  return (path) => {
    const pathname = path.split(/[?#]/)[0].replace(/^\//, '');
    if (MENU_RESERVED_PATHS.includes(pathname)) return undefined;
    const route = routes.find((candidate) => candidate.path === pathname);
    if (!route || route.kind !== 'page') return undefined;
    const key = route.componentKey ?? route.path;
    return key in registry ? undefined : key;
  };
}

/** Carries out a menu click (spec §2): warn, open a new window, report a missing module, or navigate. */
export function useOpenMenu() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const services = useShellServices();
  const routes = useNavigationStore((s) => s.routes);
  return useCallback(
    (menu: ShellMenuItem) => {
      const action = menuClickAction(menu, services.user, missingModuleIn(routes, services.pageRegistry));
      if (action.type === 'invalid') message.warning(t('invalidMenu'));
      else if (action.type === 'moduleNotFound') {
        message.error(t('moduleNotFound.description', { module: action.module }));
        navigate(action.to);
      }
      else if (action.type === 'openWindow') services.openWindow(action.url);
      else if (action.type === 'navigate') navigate(action.to);
    },
    [message, navigate, routes, services, t],
  );
}

/** A search result as the menu item it came from. */
export const menuOfSearchEntry = (entry: SearchEntry): ShellMenuItem => ({
  id: entry.name,
  code: entry.name,
  title: entry.title,
  children: [],
  ...(entry.newWindow ? { newWindowUrl: entry.path } : { path: entry.path }),
});
