import { useLocation } from 'react-router-dom';
import { STATIC_PATHS } from '../../core/navigation/staticPaths';

/**
 * The menu path a location shows: /frameOut/admin/user shows the same screen as /admin/user
 * (without the aside), so its breadcrumb and window title are those of /admin/user.
 */
export function menuPathOf(pathname: string): string {
  const prefix = `${STATIC_PATHS.frameOut}/`;
  return pathname.startsWith(prefix) ? pathname.slice(STATIC_PATHS.frameOut.length) : pathname;
}

export function useMenuPathname(): string {
  return menuPathOf(useLocation().pathname);
}
