import type { CSSProperties } from 'react';
import { Breadcrumb } from 'antd';
import { menuTrail } from '../../core/navigation/buildRoutes';
import { useNavigationStore } from '../../core/navigation/navigationStore';
import { pickTitle, useLanguage } from '../../core/i18n/localizedTitle';
import { useMenuPathname } from './menuPath';

/**
 * Root > group > screen, from the menu tree, in the current language. On one line whatever the header's width
 * (shell.css): the earlier items shorten to an ellipsis first, so the whole path is the tooltip (title).
 */
export function ShellBreadcrumb() {
  const pathname = useMenuPathname();
  const menus = useNavigationStore((s) => s.menus);
  const language = useLanguage();
  const titles = menuTrail(menus, pathname).map((menu) => ({ key: menu.id, title: pickTitle(menu.title, language) }));
  return (
    <div className="shell-breadcrumb" title={titles.map((item) => item.title).join(' / ')} style={{ '--shell-crumbs-before': Math.max(titles.length - 1, 0) } as CSSProperties}>
      <Breadcrumb items={titles} />
    </div>
  );
}
