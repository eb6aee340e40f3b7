/**
 * The left aside: root icons in an 80 px column; the active root's second-level panel beside it
 * when expanded (280 px in all). Right-click on a screen in the panel adds it to or removes it
 * from the favourites (spec §2).
 */
import { Dropdown, Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ShellMenuItem } from '../../core/navigation/types';
import { pickTitle, useLanguage } from '../../core/i18n/localizedTitle';
import { asideWidth, type AsideState } from './asideState';
import { MenuIcon } from './MenuIcon';
import { ScrollArrows } from './ScrollArrows';

export interface MenuAsideProps {
  menus: readonly ShellMenuItem[];
  state: AsideState;
  selectedPath: string;
  darkPanel: boolean;
  onRootClick(root: ShellMenuItem): void;
  onItemClick(item: ShellMenuItem): void;
  isFavourite?(item: ShellMenuItem): boolean;
  onToggleFavourite?(item: ShellMenuItem): void;
}

type MenuItems = NonNullable<MenuProps['items']>;

function findById(menus: readonly ShellMenuItem[], id: string): ShellMenuItem | undefined {
  for (const menu of menus) {
    if (menu.id === id) return menu;
    const below = findById(menu.children, id);
    if (below) return below;
  }
  return undefined;
}

function selectedIds(menus: readonly ShellMenuItem[], path: string): string[] {
  return menus.flatMap((menu) => [...(menu.path === path ? [menu.id] : []), ...selectedIds(menu.children, path)]);
}

export function MenuAside(props: MenuAsideProps) {
  const { menus, state, selectedPath, darkPanel, onRootClick, onItemClick, isFavourite, onToggleFavourite } = props;
  const { t } = useTranslation('shell');
  const language = useLanguage();
  const activeRoot = menus.find((root) => root.id === state.activeRootId);
  const panelOpen = !state.collapsed && Boolean(activeRoot?.children.length);

  const label = (item: ShellMenuItem) => {
    const title = pickTitle(item.title, language);
    if (!item.path || !onToggleFavourite) return title;
    const favourite = isFavourite?.(item) ?? false;
    return (
      <Dropdown
        trigger={['contextMenu']}
        menu={{
          items: [{ key: 'favourite', label: t(favourite ? 'aside.removeFavourite' : 'aside.addFavourite') }],
          onClick: ({ domEvent }) => {
            domEvent.stopPropagation();
            onToggleFavourite(item);
          },
        }}
      >
        <span className="shell-panel-item">{title}</span>
      </Dropdown>
    );
  };

  // A group's title is kept to one line (shell.css): a cut one is read whole in its tooltip.
  const groupTitle = (item: ShellMenuItem) => {
    const title = pickTitle(item.title, language);
    return (
      <span className="shell-group-title" title={title}>
        {title}
      </span>
    );
  };

  const toItems = (items: readonly ShellMenuItem[]): MenuItems =>
    items.map((item) =>
      item.children.length
        ? { key: item.id, icon: <MenuIcon name={item.icon} />, label: groupTitle(item), children: toItems(item.children) }
        : { key: item.id, icon: <MenuIcon name={item.icon} />, label: label(item) },
    );

  return (
    <nav
      className="shell-aside"
      style={{ width: asideWidth({ collapsed: !panelOpen }) }}
      aria-label={t('aside.label')}
      data-collapsed={!panelOpen}
    >
      <ScrollArrows className="shell-roots">
        {menus.map((root) => {
          const active = root.id === state.activeRootId;
          const title = pickTitle(root.title, language);
          return (
            <button
              key={root.id || root.code}
              type="button"
              className={`shell-root${active ? ' shell-root--active' : ''}`}
              aria-current={active ? 'true' : undefined}
              aria-expanded={root.children.length ? active && panelOpen : undefined}
              title={title}
              onClick={() => onRootClick(root)}
            >
              <MenuIcon name={root.icon} />
              <span className="shell-root-title">{title}</span>
            </button>
          );
        })}
      </ScrollArrows>
      {panelOpen && activeRoot && (
        <div className="shell-panel" role="region" aria-label={pickTitle(activeRoot.title, language)}>
          <div className="shell-panel-title">{pickTitle(activeRoot.title, language)}</div>
          <ScrollArrows>
            <Menu
              mode="inline"
              theme={darkPanel ? 'dark' : 'light'}
              items={toItems(activeRoot.children)}
              selectedKeys={selectedIds(activeRoot.children, selectedPath)}
              onClick={({ key }) => {
                const item = findById(activeRoot.children, key);
                if (item) onItemClick(item);
              }}
            />
          </ScrollArrows>
        </div>
      )}
    </nav>
  );
}
