/**
 * The menus of one user (User/GetUserMenuTree, User/SaveUserMenu): per terminal (portal, PDA,
 * tablet) the whole menu tree, where the menus the user's roles give are shown checked and fixed
 * (tagged 'role'), and the others can be given to this user directly, on top of their roles.
 * Checking a menu checks its parents (a menu is reachable only through them); unchecking one
 * unchecks what is under it. Directly given menus carry no buttons: buttons come from roles.
 */
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Empty, Segmented, Space, Spin, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import { loadUserMenuTree, saveUserMenus, TERMINALS, type AdminUser, type Terminal, type UserMenuItem } from '../api';

export interface UserMenuDrawerProps {
  /** The user whose menus are shown; null closes the drawer. Give the drawer `key={user.ID}` so each user starts afresh. */
  user: Pick<AdminUser, 'ID' | 'USER_NAME'> | null;
  onClose: () => void;
  /** Without the Permission button the tree is read-only. */
  canSave: boolean;
}

function indexTree(items: UserMenuItem[], parent: string | null, parents: Map<string, string | null>) {
  for (const item of items) {
    parents.set(item.Id, parent);
    indexTree(item.children ?? [], item.Id, parents);
  }
}

export function UserMenuDrawer({ user, onClose, canSave }: UserMenuDrawerProps) {
  const { t, i18n } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [terminal, setTerminal] = useState<Terminal>('PC');
  const [saving, setSaving] = useState(false);
  const queryKey = ['admin', 'userMenus', user?.ID, terminal];
  const tree = useQuery({ queryKey, queryFn: () => loadUserMenuTree(user!.ID, terminal), enabled: user !== null });
  // The ticks shown: the saved ones of the loaded tree until the administrator changes them.
  const loadedKey = `${terminal}@${tree.dataUpdatedAt}`;
  const [edits, setEdits] = useState<{ loadedKey: string; checked: string[] } | null>(null);
  const checked = edits?.loadedKey === loadedKey ? edits.checked : (tree.data?.CheckedIds ?? []);
  const setChecked = (next: string[]) => setEdits({ loadedKey, checked: next });

  const byRoles = useMemo(() => new Set(tree.data?.RoleMenuIds ?? []), [tree.data]);
  const parents = useMemo(() => {
    const map = new Map<string, string | null>();
    indexTree(tree.data?.Menus ?? [], null, map);
    return map;
  }, [tree.data]);
  const nodes = useMemo(() => {
    const toNodes = (items: UserMenuItem[]): DataNode[] =>
      items.map((item) => ({
        key: item.Id,
        disableCheckbox: byRoles.has(item.Id) || !canSave,
        title: (
          <Space size={4}>
            {i18n.language === 'en' ? item.MENU_EN || item.Menu_Name : item.Menu_Name}
            {byRoles.has(item.Id) && <Tag color="blue">{t('users.fromRole')}</Tag>}
          </Space>
        ),
        children: toNodes(item.children ?? []),
      }));
    return toNodes(tree.data?.Menus ?? []);
  }, [tree.data, byRoles, canSave, i18n.language, t]);

  const onCheck = (keys: string[]) => {
    const removed = checked.filter((k) => !keys.includes(k));
    const underRemoved = (key: string) => {
      for (let p = parents.get(key); p; p = parents.get(p)) if (removed.includes(p)) return true;
      return false;
    };
    const next = new Set(keys.filter((k) => !byRoles.has(k) && !underRemoved(k)));
    // A checked menu keeps its parents (unless a role gives them already).
    for (const key of [...next]) for (let p = parents.get(key); p; p = parents.get(p)) if (!byRoles.has(p)) next.add(p);
    setChecked([...next].sort());
  };

  const save = async () => {
    if (!user) return;
    setSaving(true);
    try {
      await saveUserMenus(user.ID, terminal, checked);
      message.success(t('saved'));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'userMenus', user.ID] });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      title={t('users.userMenusOf', { user: user?.USER_NAME ?? '' })}
      open={user !== null}
      onClose={onClose}
      width={520}
      destroyOnHidden
      extra={
        canSave && (
          <Button type="primary" loading={saving} disabled={tree.isLoading} onClick={save}>
            {t('save')}
          </Button>
        )
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Segmented<Terminal>
          value={terminal}
          options={TERMINALS.map((value) => ({ value, label: t(`users.menuTrees.${value}`) }))}
          onChange={setTerminal}
        />
        <Alert type="info" showIcon message={t('users.userMenusHint')} />
        {tree.isLoading ? (
          <Spin />
        ) : nodes.length ? (
          <Tree
            checkable
            checkStrictly
            defaultExpandAll
            treeData={nodes}
            checkedKeys={[...checked, ...byRoles]}
            onCheck={(value) => onCheck((Array.isArray(value) ? value : value.checked).map(String))}
          />
        ) : (
          <Empty description={t('roles.noMenus')} />
        )}
      </Space>
    </Drawer>
  );
}
