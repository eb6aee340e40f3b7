/**
 * One terminal's permission tree of the role screen (spec §6): the menus of that terminal with
 * their buttons as leaves, checkable, with select-all. Checking a button checks its menu's path;
 * the saved grant is the checked menus (with their ancestors) and the checked buttons.
 */
import { useMemo } from 'react';
import { Checkbox, Empty, Space, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import type { AdminMenu } from '../api';

const BUTTON_KEY = 'button:';
export const buttonKey = (buttonId: string) => `${BUTTON_KEY}${buttonId}`;

export interface PermissionSelection {
  menuIds: string[];
  buttonIds: string[];
}

function toNodes(menus: AdminMenu[], language: string): DataNode[] {
  return menus.map((menu) => ({
    key: menu.Id,
    title: language === 'en' ? menu.MENU_EN || menu.Menu_Name : menu.Menu_Name,
    children: [
      ...menu.Buttons.map((button) => ({
        key: buttonKey(button.Id),
        title: (
          <Typography.Text type="secondary">
            {language === 'en' ? button.Button_Name_En || button.Button_Name : button.Button_Name} ({button.Menu_Code})
          </Typography.Text>
        ),
        isLeaf: true,
      })),
      ...toNodes(menu.children ?? [], language),
    ],
  }));
}

/** Every key of the tree, and each key's parent key. */
function indexTree(nodes: DataNode[], parent: string | null, keys: string[], parents: Map<string, string | null>) {
  for (const node of nodes) {
    keys.push(String(node.key));
    parents.set(String(node.key), parent);
    indexTree(node.children ?? [], String(node.key), keys, parents);
  }
}

export interface PermissionTreeProps {
  menus: AdminMenu[];
  value: PermissionSelection;
  onChange: (selection: PermissionSelection) => void;
  disabled?: boolean;
}

export function PermissionTree({ menus, value, onChange, disabled }: PermissionTreeProps) {
  const { t, i18n } = useTranslation('admin');
  const nodes = useMemo(() => toNodes(menus, i18n.language), [menus, i18n.language]);
  const { keys, parents } = useMemo(() => {
    const index = { keys: [] as string[], parents: new Map<string, string | null>() };
    indexTree(nodes, null, index.keys, index.parents);
    return index;
  }, [nodes]);
  const checked = [...value.menuIds, ...value.buttonIds.map(buttonKey)];
  const allChecked = keys.length > 0 && keys.every((key) => checked.includes(key));

  /** A checked key keeps its ancestors checked (a menu is reachable only through its parents). */
  const select = (chosen: string[]) => {
    const withAncestors = new Set(chosen);
    for (const key of chosen) for (let p = parents.get(key); p; p = parents.get(p)) withAncestors.add(p);
    const all = [...withAncestors];
    onChange({
      menuIds: all.filter((k) => !k.startsWith(BUTTON_KEY)).sort(),
      buttonIds: all.filter((k) => k.startsWith(BUTTON_KEY)).map((k) => k.slice(BUTTON_KEY.length)).sort(),
    });
  };

  if (!nodes.length) return <Empty description={t('roles.noMenus')} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Checkbox
        checked={allChecked}
        indeterminate={!allChecked && checked.length > 0}
        disabled={disabled}
        onChange={(e) => select(e.target.checked ? keys : [])}
      >
        {t('roles.selectAll')}
      </Checkbox>
      <Tree
        checkable
        checkStrictly
        defaultExpandAll
        disabled={disabled}
        treeData={nodes}
        checkedKeys={checked}
        onCheck={(keysChecked) => {
          const list = Array.isArray(keysChecked) ? keysChecked : keysChecked.checked;
          const next = list.map(String);
          // Unchecking a menu unchecks what is under it.
          const removed = checked.filter((k) => !next.includes(k));
          const under = (key: string) => {
            for (let p = parents.get(key); p; p = parents.get(p)) if (removed.includes(p)) return true;
            return false;
          };
          select(next.filter((k) => !under(k)));
        }}
      />
    </Space>
  );
}
