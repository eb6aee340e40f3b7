/**
 * The admin lists that are a table with an add / edit dialog (organisation types, roles,
 * environment config): the add button in the toolbar, edit and delete on each row, each only with
 * its button code (spec §6: Save, Delete); saving says '保存成功' and reloads the list, and a save refused
 * for one field (a name or code taken) marks that field.
 */
import { useRef, useState, type ReactNode } from 'react';
import { ModalForm, type ActionType, type ProColumns, type ProTableProps } from '@ant-design/pro-components';
import { ProTable } from '../../../core/forms/ProTable';
import { App, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveMarkingRefusal } from '../../../api/problemPlace';
import type { CallOptions } from '../../../api/call';
import { useFieldMarks } from '../../../core/forms/useFieldMarks';
import { useKeepsTyping } from '../../../core/forms/useKeepsTyping';
import { AddRecordButton, RecordActions } from './RecordActions';

export interface AdminCrudTableProps<Row extends Record<string, unknown>, Values extends Record<string, unknown>> {
  /** The key column; a record with it set is edited, one without is added. */
  rowKey: keyof Row & string;
  headerTitle: ReactNode;
  /** The record's columns; the actions column (edit, `rowActions`, delete) comes after them. */
  columns: ProColumns<Row>[];
  actionsWidth: number;
  /** More columns than a 1280 px screen holds: scroll sideways with the actions fixed at the right, instead of squeezing them. */
  wide?: boolean;
  load(): Promise<{ rows: Row[]; total: number }>;
  pagination?: ProTableProps<Row, Record<string, unknown>>['pagination'];
  /** What the add dialog starts from. */
  newRecord: Partial<Row>;
  /** The screen's own row actions, between edit and delete. */
  rowActions?(row: Row): ReactNode;
  remove(row: Row): Promise<unknown>;
  /** None: every row can be deleted. */
  deletable?(row: Row): boolean;
  titles: { add: string; edit: string };
  initialValues(editing: Partial<Row>): Partial<Values>;
  /** Saves with the call `options` (a refusal the dialog marks on its field is not toasted as well). */
  save(values: Values, editing: Partial<Row>, options: CallOptions): Promise<unknown>;
  /** The dialog's fields. */
  children: ReactNode;
}

export function AdminCrudTable<Row extends Record<string, unknown>, Values extends Record<string, unknown>>(props: AdminCrudTableProps<Row, Values>) {
  const { rowKey, headerTitle, columns, actionsWidth, wide = false, load, pagination, newRecord, rowActions, remove, deletable, titles, initialValues, save, children } = props;
  const { t } = useTranslation('admin');
  const { t: tGrid } = useTranslation('grid');
  const { message } = App.useApp();
  const table = useRef<ActionType>(null);
  const [editing, setEditing] = useState<Partial<Row> | null>(null);
  const keepsTyping = useKeepsTyping(editing !== null);
  const marks = useFieldMarks();

  const actionsColumn: ProColumns<Row> = {
    title: t('actions'),
    valueType: 'option',
    width: actionsWidth,
    // Kept in sight at the right while a wide table scrolls, never squeezed until its buttons wrap.
    ...(wide ? { fixed: 'right' as const } : {}),
    render: (_, row) => (
      <Space size={0}>
        <RecordActions
          onEdit={() => setEditing(row)}
          onDelete={deletable && !deletable(row) ? undefined : () => remove(row)}
          afterDelete={() => table.current?.reload()}
        >
          {rowActions?.(row)}
        </RecordActions>
      </Space>
    ),
  };

  return (
    <>
      <ProTable<Row>
        rowKey={rowKey}
        headerTitle={headerTitle}
        actionRef={table}
        columns={[...columns, actionsColumn]}
        search={false}
        size="small"
        // A wide table keeps its column widths and scrolls sideways on a narrow screen (作业调度's twelve columns at 1280 px).
        scroll={wide ? { x: 'max-content' } : undefined}
        // The total as the grids' pagers say it (共 3 条 / 3 rows), not ProTable's own "1-1 of 1 items".
        pagination={pagination === false ? false : { showTotal: (total: number) => tGrid('pagination.total', { count: total }), ...pagination }}
        request={async () => {
          const { rows, total } = await load();
          return { data: rows, total, success: true };
        }}
        toolBarRender={() => [<AddRecordButton key="add" onAdd={() => setEditing(newRecord)} />]}
      />
      <ModalForm<Values>
        title={editing?.[rowKey] ? titles.edit : titles.add}
        open={editing !== null}
        initialValues={initialValues(editing ?? {})}
        {...keepsTyping.formProps}
        {...marks.formProps}
        modalProps={{ destroyOnHidden: true, onCancel: () => setEditing(null), ...keepsTyping.modalProps }}
        onFinish={async (values) => {
          await saveMarkingRefusal(marks, (options) => save(values, editing ?? {}, options));
          setEditing(null);
          message.success(t('saved'));
          table.current?.reload();
          return true;
        }}
      >
        {children}
      </ModalForm>
    </>
  );
}
