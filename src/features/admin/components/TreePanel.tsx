/**
 * The left half of the admin tree editors (menus, organisations): a card with the tree, its add
 * button (Save button code) and an empty state; picking a node selects it for the editor beside it.
 */
import type { ReactNode } from 'react';
import { Card, Empty, Tree, type TreeDataNode } from 'antd';
import { AddRecordButton } from './RecordActions';

export interface TreePanelProps {
  title: ReactNode;
  treeData: TreeDataNode[];
  selectedId: string | undefined;
  onSelectId(id: string | undefined): void;
  onAdd(): void;
}

export function TreePanel(props: TreePanelProps) {
  const { title, treeData, selectedId, onSelectId, onAdd } = props;
  return (
    <Card size="small" title={title} extra={<AddRecordButton size="small" onAdd={onAdd} />}>
      {treeData.length ? (
        <Tree blockNode defaultExpandAll treeData={treeData} selectedKeys={selectedId ? [selectedId] : []} onSelect={(keys) => onSelectId(keys[0] as string | undefined)} />
      ) : (
        <Empty />
      )}
    </Card>
  );
}
