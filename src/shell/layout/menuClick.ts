/**
 * What a menu click does (spec §2 "Menu item click"): an item without id is invalid; new-window
 * items open their iframe URL or path in a new window (external http and easyupgrade links get
 * user_name and user_id); items with a route navigate; groups do nothing by themselves.
 */
import { appendQuery, isExternalLink } from '../../core/navigation/buildRoutes';
import type { ShellMenuItem } from '../../core/navigation/types';

export type MenuClickAction =
  | { type: 'invalid' }
  | { type: 'openWindow'; url: string }
  | { type: 'navigate'; to: string }
  | { type: 'moduleNotFound'; to: string; module: string }
  | { type: 'none' };

const EASY_UPGRADE_LINK = /easyupgrade/i;

/** The page module key a path needs, or undefined when it needs none (iframes, child apps) or has one. */
export type MissingModuleOf = (path: string) => string | undefined;

export function menuClickAction(
  menu: ShellMenuItem,
  user?: { id: string; userName: string } | null,
  missingModuleOf: MissingModuleOf = () => undefined,
): MenuClickAction {
  if (!menu.id) return { type: 'invalid' };
  if (menu.newWindowUrl) {
    const url = menu.newWindowUrl;
    const external = isExternalLink(url) || EASY_UPGRADE_LINK.test(url);
    return { type: 'openWindow', url: external ? appendQuery(url, { user_name: user?.userName, user_id: user?.id }) : url };
  }
  if (menu.path) {
    const missing = missingModuleOf(menu.path);
    return missing ? { type: 'moduleNotFound', to: menu.path, module: missing } : { type: 'navigate', to: menu.path };
  }
  return { type: 'none' };
}
