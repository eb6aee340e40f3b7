/**
 * The tabs bar (spec §2): one tab per open screen, Home first and not closable; tabs are dragged
 * to reorder (native HTML drag and drop: no extra dependency for a mouse-driven desktop portal);
 * right-click offers refresh / close left / close right / close others / close all (Home: close
 * all only). Clicking a tab goes back to the full path it was left at.
 */
import { cloneElement, useState, type DragEvent, type ReactElement, type ReactNode } from 'react';
import { ArrowLeftOutlined, ArrowRightOutlined, CloseOutlined, ColumnWidthOutlined, ReloadOutlined } from '@ant-design/icons';
import { Dropdown, Tabs, type TabsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useNavigationStore } from '../../core/navigation/navigationStore';
import { STATIC_PATHS } from '../../core/navigation/staticPaths';
import { pickTitle, useLanguage } from '../../core/i18n/localizedTitle';
import { useRefreshTab } from './navigation';
import { isHomeTab, tabActionsFor, useTabsStore, type TabAction, type TabItem } from './tabsStore';
import { tabForLocation } from './useTabsFollowLocation';

/** An active key no tab has: antd's Tabs would fall back to the first tab (Home) for an undefined one. */
const NO_ACTIVE_TAB = '';

/** Icons make the five look-alike entries quick to tell apart. */
const ACTION_ICONS: Record<TabAction, ReactNode> = {
  refresh: <ReloadOutlined />,
  closeLeft: <ArrowLeftOutlined />,
  closeRight: <ArrowRightOutlined />,
  closeOthers: <ColumnWidthOutlined />,
  closeAll: <CloseOutlined />,
};

export function TabsBar() {
  const { t } = useTranslation('shell');
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const { pathname } = location;
  const tabs = useTabsStore((s) => s.tabs);
  const currentPath = useTabsStore((s) => s.currentPath);
  const routes = useNavigationStore((s) => s.routes);
  // The tab of the page on screen. A page without a tab (404) activates none, rather than the last tab
  // opened; the refresh route only passes through on its way back to the tab it reloads.
  const activeKey = pathname === STATIC_PATHS.refresh ? currentPath : (tabForLocation(location, routes)?.path ?? NO_ACTIVE_TAB);
  const refreshTab = useRefreshTab();
  const [draggedPath, setDraggedPath] = useState<string | null>(null);

  const show = (tab: TabItem) => {
    if (tab.path !== pathname) navigate(tab.fullPath);
  };
  const tabByPath = (path: string) => tabs.find((tab) => tab.path === path);
  const titleOf = (tab: TabItem) => (isHomeTab(tab.path) || !tab.title ? t('home') : pickTitle(tab.title, language));

  const runAction = (action: TabAction, tab: TabItem) => {
    const store = useTabsStore.getState();
    switch (action) {
      case 'refresh':
        return refreshTab(tab);
      case 'closeLeft':
        return show(store.closeLeft(tab.path));
      case 'closeRight':
        return show(store.closeRight(tab.path));
      case 'closeOthers':
        return show(store.closeOthers(tab.path));
      case 'closeAll':
        return show(store.closeAll());
    }
  };

  const dragProps = (path: string) =>
    isHomeTab(path)
      ? { onDragOver: (e: DragEvent) => e.preventDefault(), onDrop: () => setDraggedPath(null) }
      : {
          draggable: true,
          onDragStart: (e: DragEvent) => {
            setDraggedPath(path);
            // Firefox starts a drag only when some data is set.
            e.dataTransfer?.setData('text/plain', path);
          },
          onDragOver: (e: DragEvent) => e.preventDefault(),
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            if (draggedPath) useTabsStore.getState().move(draggedPath, path);
            setDraggedPath(null);
          },
          onDragEnd: () => setDraggedPath(null),
        };

  const renderTabBar: TabsProps['renderTabBar'] = (tabBarProps, DefaultTabBar) => (
    <DefaultTabBar {...tabBarProps}>
      {(node: ReactElement) => {
        const path = String(node.key);
        const tab = tabByPath(path);
        if (!tab) return node;
        return (
          <Dropdown
            key={path}
            trigger={['contextMenu']}
            // Opened from the keyboard (Shift+F10 or the menu key on a focused tab), arrows and Enter pick an entry.
            autoFocus
            menu={{
              items: tabActionsFor(path).map((action) => ({ key: action, icon: ACTION_ICONS[action], label: t(`tabs.${action}`) })),
              onClick: ({ key }) => runAction(key as TabAction, tab),
            }}
          >
            {cloneElement(node as ReactElement<Record<string, unknown>>, dragProps(path))}
          </Dropdown>
        );
      }}
    </DefaultTabBar>
  );

  return (
    <Tabs
      className="shell-tabs"
      aria-label={t('tabs.label')}
      // The close button and the more-tabs button show only an icon: their names in the UI's language, not antd's English.
      locale={{ removeAriaLabel: t('tabs.close'), dropdownAriaLabel: t('tabs.more') }}
      type="editable-card"
      hideAdd
      size="small"
      activeKey={activeKey}
      items={tabs.map((tab) => ({ key: tab.path, label: titleOf(tab), closable: !isHomeTab(tab.path) }))}
      onChange={(path) => {
        const tab = tabByPath(path);
        if (tab) show(tab);
      }}
      onEdit={(path, action) => {
        if (action === 'remove' && typeof path === 'string') show(useTabsStore.getState().close(path));
      }}
      renderTabBar={renderTabBar}
    />
  );
}
