import { Breadcrumb } from 'antd';
import { menuTrail } from '../../core/navigation/buildRoutes';
import { useNavigationStore } from '../../core/navigation/navigationStore';
import { pickTitle, useLanguage } from '../../core/i18n/localizedTitle';
import { useMenuPathname } from './menuPath';

/** Root > group > screen, from the menu tree, in the current language. */
export function ShellBreadcrumb() {
  const pathname = useMenuPathname();
  const menus = useNavigationStore((s) => s.menus);
  const language = useLanguage();
  const trail = menuTrail(menus, pathname);
  return <Breadcrumb className="shell-breadcrumb" items={trail.map((menu) => ({ key: menu.id, title: pickTitle(menu.title, language) }))} />;
}
