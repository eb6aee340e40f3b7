/**
 * The common-functions widget: the screens the user picked (MesCommonFunctions), the most used
 * ones (menu click statistics) and the favourites (SysFavorites), as tiles that open the screen.
 * The user picks the common functions from their own menu.
 */
import { useMemo, useState } from 'react';
import { Button, Card, Empty, Modal, Segmented, Tree, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { menuTrail } from '../../../core/navigation/buildRoutes';
import { useNavigationStore } from '../../../core/navigation/navigationStore';
import type { ShellMenuItem } from '../../../core/navigation/types';
import { loadMenuClicks } from '../../../shell/favourites/api';
import { pickTitle, useLanguage } from '../../../core/i18n/localizedTitle';
import { MenuIcon } from '../../../shell/layout/MenuIcon';
import { useShellServices } from '../../../shell/services';
import { useCommonFunctions, useSaveCommonFunctions } from '../api/home';

const MOST_USED_COUNT = 8;

type View = 'common' | 'mostUsed' | 'favourites';

interface Tile {
  key: string;
  path: string;
  title: string;
  icon?: string;
  hint?: string;
}

/** The screens of a menu tree (items with a path), for the picker. */
function screenTree(items: readonly ShellMenuItem[], language: 'zh-chs' | 'en'): { title: string; key: string; children?: unknown[]; checkable?: boolean }[] {
  return items
    .filter((item) => item.code !== 'Home' && (item.path || item.children.length))
    .map((item) =>
      item.children.length
        ? { title: pickTitle(item.title, language), key: `group:${item.id}`, checkable: true, children: screenTree(item.children, language) }
        : { title: pickTitle(item.title, language), key: item.id },
    );
}

function screensById(items: readonly ShellMenuItem[], into = new Map<string, ShellMenuItem>()) {
  for (const item of items) {
    if (item.path && item.id) into.set(item.id, item);
    screensById(item.children, into);
  }
  return into;
}

export function CommonFunctionsCard({ onOpen }: { onOpen(path: string): void }) {
  const { t } = useTranslation('home');
  const language = useLanguage();
  const { user } = useShellServices();
  const menus = useNavigationStore((s) => s.menus);
  const favourites = useNavigationStore((s) => s.favourites);
  const common = useCommonFunctions();
  const save = useSaveCommonFunctions();
  const [view, setView] = useState<View>('common');
  const [picking, setPicking] = useState<string[] | null>(null);
  const mostUsed = useQuery({
    queryKey: ['home', 'menuClicks', user?.id],
    queryFn: () => loadMenuClicks(user!.id),
    enabled: view === 'mostUsed' && Boolean(user),
  });
  const screens = useMemo(() => screensById(menus), [menus]);

  const titleOfPath = (path: string) => {
    const item = menuTrail(menus, path).at(-1);
    return item ? { title: pickTitle(item.title, language), icon: item.icon } : undefined;
  };

  const tiles: Tile[] =
    view === 'common'
      ? (common.data ?? []).map((f) => ({ key: f.ID, path: f.MENU_PATH, title: language === 'en' ? f.MENU_EN_TITLE || f.MENU_TITLE : f.MENU_TITLE, icon: f.MENU_ICON }))
      : view === 'mostUsed'
        ? (mostUsed.data ?? []).slice(0, MOST_USED_COUNT).map((c) => ({
            key: c.ID,
            path: c.MENU_PATH,
            title: language === 'en' ? c.MENU_EN_TITLE || c.MENU_TITLE : c.MENU_TITLE,
            icon: c.MENU_ICON,
            hint: t('commonFunctions.clicks', { count: c.NUM_OF_CLICK }),
          }))
        : favourites.flatMap((f) => {
            const shown = titleOfPath(f.MENUM_PATH);
            return shown ? [{ key: f.ID, path: f.MENUM_PATH, ...shown }] : [];
          });

  const loading = (view === 'common' && common.isLoading) || (view === 'mostUsed' && mostUsed.isLoading);
  const emptyText = t(`commonFunctions.empty.${view}`);

  const savePicked = async () => {
    const records = (picking ?? []).flatMap((id) => {
      const item = screens.get(id);
      return item?.path ? [{ MENU_ID: item.id, MENU_PATH: item.path }] : [];
    });
    await save.mutateAsync(records);
    setPicking(null);
    setView('common');
  };

  return (
    <Card
      title={t('commonFunctions.title')}
      className="home-card"
      extra={
        <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setPicking((common.data ?? []).map((f) => f.MENU_ID))}>
          {t('commonFunctions.edit')}
        </Button>
      }
    >
      <Segmented<View>
        block
        value={view}
        onChange={setView}
        options={[
          { value: 'common', label: t('commonFunctions.views.common') },
          { value: 'mostUsed', label: t('commonFunctions.views.mostUsed') },
          { value: 'favourites', label: t('commonFunctions.views.favourites') },
        ]}
        style={{ marginBottom: 12 }}
      />
      {loading ? null : tiles.length ? (
        <nav className="home-tiles" aria-label={t(`commonFunctions.views.${view}`)}>
          {tiles.map((tile) => (
            <button key={tile.key} type="button" className="home-tile" onClick={() => onOpen(tile.path)} title={tile.hint ?? tile.title}>
              <span className="home-tile-icon">
                <MenuIcon name={tile.icon} />
              </span>
              <span className="home-tile-title">{tile.title}</span>
              {tile.hint && <Typography.Text type="secondary" className="home-tile-hint">{tile.hint}</Typography.Text>}
            </button>
          ))}
        </nav>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      )}
      <Modal
        open={picking !== null}
        title={t('commonFunctions.pickTitle')}
        okText={t('commonFunctions.save')}
        cancelText={t('commonFunctions.cancel')}
        confirmLoading={save.isPending}
        onOk={() => void savePicked()}
        onCancel={() => setPicking(null)}
      >
        <Typography.Paragraph type="secondary">{t('commonFunctions.pickHint')}</Typography.Paragraph>
        <div className="home-picker">
          <Tree
            checkable
            defaultExpandAll
            selectable={false}
            treeData={screenTree(menus, language) as never}
            checkedKeys={picking ?? []}
            onCheck={(checked) => {
              const keys = (Array.isArray(checked) ? checked : checked.checked).map(String);
              setPicking(keys.filter((key) => screens.has(key)));
            }}
          />
        </div>
      </Modal>
    </Card>
  );
}
