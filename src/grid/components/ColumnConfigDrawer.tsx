import { useCallback, useEffect, useMemo } from 'react';
import { Button, Form, Input, InputNumber, Select, Switch, type TableColumnsType } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { FormListFieldData } from 'antd/es/form/FormList';
import { useTranslation } from 'react-i18next';
import { serverReason } from '../../api/errors';
import { deleteColumnConfig, saveColumnConfig } from '../api/listParam';
import { useColumnConfig, useInvalidateGrid, useTableColumns } from '../api/queries';
import { useGridFeedback } from '../hooks/useGridFeedback';
import { byOrder, columnDraftsOfSource, columnsForSave, newColumnConfigDraft } from '../logic/rows';
import { COLUMN_CONFIG_DRAWER_WIDTH, DEFAULT_COLUMN_WIDTH } from '../model/constants';
import type { ColumnConfig, ColumnConfigDraft } from '../model/types';
import { EditableRowsDrawer, type RowsForm } from './EditableRowsDrawer';

interface ColumnConfigDrawerProps {
  open: boolean;
  onClose(): void;
  listRoute: string;
  userName: string;
  /** The SeniorColumnDeleteAll button code. */
  canDeleteAll: boolean;
  /** The width the grid shows each column in (a column nobody sized fits its text): a new configuration starts from it. */
  shownWidths?: ReadonlyMap<string, number>;
}

const toDraft = ({ LIST_ROUTE, ORD_IDX, FIELD_NAME, FIELD_CAPTION, FIELD_WIDTH, IS_VISIBLE }: ColumnConfig): ColumnConfigDraft => ({
  LIST_ROUTE,
  ORD_IDX,
  FIELD_NAME,
  FIELD_CAPTION,
  FIELD_WIDTH: FIELD_WIDTH ?? DEFAULT_COLUMN_WIDTH,
  IS_VISIBLE,
});

/**
 * The column configuration drawer (spec §2, §5): the user's columns with order, field, caption,
 * width (default 140) and visibility — for a user without a configuration, the grid's columns as
 * it shows them; delete the user's own configuration or everyone's.
 */
export function ColumnConfigDrawer({ open, onClose, listRoute, userName, canDeleteAll, shownWidths }: ColumnConfigDrawerProps) {
  const { t } = useTranslation('grid');
  const feedback = useGridFeedback();
  const invalidate = useInvalidateGrid(listRoute);
  const [form] = Form.useForm<RowsForm<ColumnConfigDraft>>();
  const { data, isFetching, refetch } = useColumnConfig(listRoute, userName);
  const tableColumns = useTableColumns(listRoute, open);

  // Each opening reads the columns again; whatever arrives replaces the grid's rows.
  useEffect(() => {
    if (open) void refetch();
  }, [open, refetch]);
  const sourceColumns = tableColumns.data;
  useEffect(() => {
    if (!open || !data) return;
    if (data.length) form.setFieldsValue({ rows: byOrder(data).map(toDraft) });
    // No configuration yet: the columns the grid shows now are the rows to edit, not an empty table.
    else if (sourceColumns) form.setFieldsValue({ rows: columnDraftsOfSource(sourceColumns, listRoute, shownWidths) });
    // The widths as they were when the drawer opened: a page loading behind it does not rewrite the rows being edited.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, data, sourceColumns, form, listRoute]);

  const rows = (): ColumnConfigDraft[] => form.getFieldValue('rows') ?? [];

  const afterChange = async (notice: string) => {
    feedback.success(notice);
    await invalidate('columnConfig');
  };

  const save = async () => {
    if (rows().length === 0) return;
    try {
      await form.validateFields();
    } catch {
      return;
    }
    await saveColumnConfig(columnsForSave(rows(), listRoute));
    await afterChange(t('notice.saved'));
  };

  const deleteMine = async () => {
    await deleteColumnConfig(listRoute, false);
    await afterChange(t('notice.deleted'));
  };

  const deleteAll = () =>
    feedback.confirm({
      content: t('columns.deleteAllConfirm'),
      onOk: async () => {
        try {
          await deleteColumnConfig(listRoute, true, { silent: true });
        } catch (error) {
          feedback.error(serverReason(error) ?? t('notice.deleteFailed'));
          return;
        }
        await afterChange(t('notice.deleted'));
      },
    });

  const fieldOptions = useMemo(
    () => (tableColumns.data ?? []).map((c) => ({ value: c.COLUMN_NAME, label: `${c.COLUMN_CAPTION} (${c.COLUMN_NAME})` })),
    [tableColumns.data],
  );
  const captionOf = useMemo(() => new Map((tableColumns.data ?? []).map((c) => [c.COLUMN_NAME, c.COLUMN_CAPTION])), [tableColumns.data]);

  const columns = useCallback(
    (remove: (index: number) => void): TableColumnsType<FormListFieldData> => {
      const label = (name: string, index: number) => `${t(`columns.fields.${name}`)} ${index + 1}`;
      return [
        {
          key: 'ORD_IDX',
          title: t('columns.fields.ORD_IDX'),
          width: 100,
          render: (_, field) => (
            <Form.Item name={[field.name, 'ORD_IDX']} rules={[{ required: true, message: t('columns.required.ORD_IDX') }]}>
              <InputNumber aria-label={label('ORD_IDX', field.name)} min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          ),
        },
        {
          key: 'FIELD_NAME',
          title: t('columns.fields.FIELD_NAME'),
          width: 220,
          render: (_, field) => (
            <Form.Item name={[field.name, 'FIELD_NAME']} rules={[{ required: true, message: t('columns.required.FIELD_NAME') }]}>
              <Select
                aria-label={label('FIELD_NAME', field.name)}
                showSearch
                optionFilterProp="label"
                options={fieldOptions}
                onChange={(name: string) => {
                  // A new field brings its caption along unless one was typed already.
                  if (!form.getFieldValue(['rows', field.name, 'FIELD_CAPTION'])) {
                    form.setFieldValue(['rows', field.name, 'FIELD_CAPTION'], captionOf.get(name) ?? '');
                  }
                }}
              />
            </Form.Item>
          ),
        },
        {
          key: 'FIELD_CAPTION',
          title: t('columns.fields.FIELD_CAPTION'),
          width: 200,
          render: (_, field) => (
            <Form.Item name={[field.name, 'FIELD_CAPTION']} rules={[{ required: true, whitespace: true, message: t('columns.required.FIELD_CAPTION') }]}>
              <Input aria-label={label('FIELD_CAPTION', field.name)} />
            </Form.Item>
          ),
        },
        {
          key: 'FIELD_WIDTH',
          title: t('columns.fields.FIELD_WIDTH'),
          width: 120,
          render: (_, field) => (
            <Form.Item name={[field.name, 'FIELD_WIDTH']}>
              <InputNumber aria-label={label('FIELD_WIDTH', field.name)} min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          ),
        },
        {
          key: 'IS_VISIBLE',
          title: t('columns.fields.IS_VISIBLE'),
          width: 90,
          render: (_, field) => (
            <Form.Item
              name={[field.name, 'IS_VISIBLE']}
              valuePropName="checked"
              getValueProps={(value) => ({ checked: value === 'Y' })}
              normalize={(checked: boolean) => (checked ? 'Y' : 'N')}
            >
              <Switch aria-label={label('IS_VISIBLE', field.name)} />
            </Form.Item>
          ),
        },
        {
          key: 'operation',
          title: t('columns.fields.operation'),
          width: 70,
          render: (_, field) => (
            <Button aria-label={`${t('actions.delete')} ${field.name + 1}`} danger type="text" icon={<DeleteOutlined />} onClick={() => remove(field.name)} />
          ),
        },
      ];
    },
    [t, fieldOptions, captionOf, form],
  );

  return (
    <EditableRowsDrawer<ColumnConfigDraft>
      open={open}
      title={t('columns.title')}
      width={COLUMN_CONFIG_DRAWER_WIDTH}
      onClose={onClose}
      form={form}
      newRow={() => newColumnConfigDraft(rows(), listRoute)}
      onSave={save}
      loading={isFetching || tableColumns.isFetching}
      columns={columns}
      deleteButtons={
        <>
          <Button icon={<DeleteOutlined />} onClick={() => void deleteMine().catch(() => {})}>
            {t('columns.deleteMine')}
          </Button>
          {canDeleteAll && (
            <Button danger icon={<DeleteOutlined />} onClick={deleteAll}>
              {t('columns.deleteAll')}
            </Button>
          )}
        </>
      }
    />
  );
}
