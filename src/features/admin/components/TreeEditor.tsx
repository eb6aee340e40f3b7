/**
 * The admin tree editors (menus, organisations): the tree on the left; on the right the chosen
 * node's form, saved with the Save button code and deleted with the Delete one (spec §6), then what
 * the screen shows of a saved node. Saving selects the saved node; deleting selects nothing. A save refused
 * for one field (a code taken) marks that field.
 */
import type { ReactNode } from 'react';
import { DeleteOutlined } from '@ant-design/icons';
import { ProForm } from '@ant-design/pro-components';
import { App, Button, Card, Col, Empty, Popconfirm, Row, Space, type FormInstance } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import { saveMarkingRefusal } from '../../../api/problemPlace';
import type { CallOptions } from '../../../api/call';
import { useFieldMarks } from '../../../core/forms/useFieldMarks';
import { useAccess } from '../../../core/navigation/access';
import { TreePanel, type TreePanelProps } from './TreePanel';

interface TreeNode<N> {
  Id: string;
  children?: N[];
}

export const flattenTree = <N extends TreeNode<N>>(nodes: N[]): N[] => nodes.flatMap((n) => [n, ...flattenTree(n.children ?? [])]);

export const treeNodes = <N extends TreeNode<N>>(nodes: N[], title: (node: N) => string): DataNode[] =>
  nodes.map((n) => ({ key: n.Id, title: title(n), children: treeNodes(n.children ?? [], title) }));

interface TreeOption {
  title: string;
  value: string;
  children?: TreeOption[];
}

/** Parent choices: every node except the edited one and its subtree. */
export function parentChoices<N extends TreeNode<N>>(nodes: N[], excludedId: string | undefined, title: (node: N) => string): TreeOption[] {
  return nodes.filter((n) => n.Id !== excludedId).map((n) => ({ title: title(n), value: n.Id, children: parentChoices(n.children ?? [], excludedId, title) }));
}

export interface TreeEditorProps<Values, Saved> {
  tree: TreePanelProps;
  /** What the form edits (no Id: a new node); null: nothing chosen, `emptyText` instead. */
  record: { Id?: string } | null;
  emptyText: string;
  titles: { add: string; edit: string };
  form: FormInstance<Values>;
  /** Saves with the call `options` (a refusal the form marks on its field is not toasted as well). */
  save(values: Values, record: { Id?: string }, options: CallOptions): Promise<Saved | null | undefined>;
  remove(id: string): Promise<unknown>;
  confirmDelete: string;
  reload(): Promise<void>;
  select(node: Saved | null): void;
  /** The form's fields. */
  children: ReactNode;
  /** Shown under the form (e.g. a saved node's buttons or users). */
  details?: ReactNode;
  /** Dialogs the screen opens from its details. */
  dialogs?: ReactNode;
}

export function TreeEditor<Values extends Record<string, unknown>, Saved>(props: TreeEditorProps<Values, Saved>) {
  const { tree, record, emptyText, titles, form, save, remove, confirmDelete, reload, select, children, details, dialogs } = props;
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const { can } = useAccess();
  const marks = useFieldMarks();
  return (
    <Row gutter={16}>
      <Col span={9}>
        <TreePanel {...tree} />
      </Col>
      <Col span={15}>
        {!record ? (
          <Card size="small"><Empty description={emptyText} /></Card>
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Card size="small" title={record.Id ? titles.edit : titles.add}>
              <ProForm<Values>
                form={form}
                {...marks.formProps}
                grid
                rowProps={{ gutter: 12 }}
                colProps={{ span: 12 }}
                submitter={can('Save') ? { searchConfig: { submitText: t('save') }, resetButtonProps: false } : false}
                onFinish={async (values) => {
                  const saved = await saveMarkingRefusal(marks, (options) => save(values, record, options));
                  message.success(t('saved'));
                  await reload();
                  if (saved) select(saved);
                  return true;
                }}
              >
                {children}
              </ProForm>
              {record.Id && can('Delete') && (
                <Popconfirm title={confirmDelete} onConfirm={async () => { await remove(record.Id!); message.success(t('deleted')); select(null); await reload(); }}>
                  <Button danger icon={<DeleteOutlined />}>{t('delete')}</Button>
                </Popconfirm>
              )}
            </Card>
            {details}
          </Space>
        )}
      </Col>
      {dialogs}
    </Row>
  );
}
