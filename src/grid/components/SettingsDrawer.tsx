import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Button, Form, Input, InputNumber, Select, type TableColumnsType } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { FormListFieldData } from 'antd/es/form/FormList';
import { useTranslation } from 'react-i18next';
import { deleteAllSearchFields, deleteSearchField, saveSearchFields } from '../api/listParam';
import { useInvalidateGrid, useSearchFields } from '../api/queries';
import { useAccess } from '../../core/navigation/access';
import { useGridFeedback } from '../hooks/useGridFeedback';
import { byOrder, isShowFormatEditable, newSearchFieldDraft, settingsForSave } from '../logic/rows';
import { ACTION_TYPES, AGGREGATIONS, DATA_TYPES } from '../model/codes';
import { SETTINGS_DRAWER_WIDTH } from '../model/constants';
import type { SearchFieldDraft, SearchFieldSetting } from '../model/types';
import { EditableRowsDrawer, type RowsForm } from './EditableRowsDrawer';

/** The drawer's header, its toolbar and the table's header above the scrolling rows. */
const SETTINGS_TABLE_BODY_HEIGHT = 'calc(100vh - 220px)';

interface SettingsDrawerProps {
  open: boolean;
  onClose(): void;
  listRoute: string;
  /** The DeleteOne button code: a delete button on each row. */
  canDeleteOne: boolean;
  /** The SeniorSettingDeleteAll button code. */
  canDeleteAll: boolean;
}

const toDraft = ({ ID, LIST_ROUTE, ORD_IDX, PARAM_NAME, PARAM_CAPTION, FIELD_NAME, DATA_TYPE, ACTION_TYPE, IS_FAST_SEARCH,
  DEFAULT_VALUE, SHOW_FORMAT, AGGREGATION, IS_PAGING, REMARK, PARAM_VALUE, REFERENCE_SQL, SUB_SQL }: SearchFieldSetting): SearchFieldDraft => ({
  ID, LIST_ROUTE, ORD_IDX, PARAM_NAME, PARAM_CAPTION, FIELD_NAME, DATA_TYPE, ACTION_TYPE, IS_FAST_SEARCH,
  DEFAULT_VALUE, SHOW_FORMAT, AGGREGATION, IS_PAGING, REMARK, PARAM_VALUE, REFERENCE_SQL, SUB_SQL,
});

/**
 * The advanced settings drawer (spec §2, §5): the list's search-field settings as an editable
 * grid. Closing with unsaved edits asks whether to save; saving an empty grid does nothing.
 */
export function SettingsDrawer({ open, onClose, listRoute, canDeleteOne, canDeleteAll }: SettingsDrawerProps) {
  const { t } = useTranslation('grid');
  const feedback = useGridFeedback();
  const invalidate = useInvalidateGrid(listRoute);
  const [form] = Form.useForm<RowsForm<SearchFieldDraft>>();
  const { data, isFetching, refetch } = useSearchFields(listRoute);
  const dirty = useRef(false);
  const canConfigureSql = useAccess().has('ReportSetting', 'SqlConfig');

  // Each opening reads the settings again. What arrives replaces the rows unless the user has
  // unsaved edits: a row deleted meanwhile is removed from the form directly, keeping the edits.
  useEffect(() => {
    if (open) void refetch();
  }, [open, refetch]);
  useEffect(() => {
    if (open && data && !dirty.current) form.setFieldsValue({ rows: byOrder(data).map(toDraft) });
  }, [open, data, form]);

  const rows = (): SearchFieldDraft[] => form.getFieldValue('rows') ?? [];

  /** Resolves true when saved; false when the grid is empty or a row is invalid. */
  const save = async (): Promise<boolean> => {
    if (rows().length === 0) return false;
    try {
      await form.validateFields();
    } catch {
      return false;
    }
    await saveSearchFields(settingsForSave(rows(), listRoute));
    feedback.success(t('notice.saved'));
    dirty.current = false;
    await invalidate('all');
    return true;
  };

  const close = () => {
    if (!dirty.current) return onClose();
    feedback.confirm({
      content: t('settings.unsavedConfirm'),
      onOk: async () => {
        if (await save()) onClose();
      },
      onCancel: () => {
        dirty.current = false;
        onClose();
      },
    });
  };

  const deleteRow = (index: number, remove: (index: number) => void) =>
    feedback.confirm({
      content: t('settings.deleteOneConfirm'),
      onOk: async () => {
        const id = rows()[index]?.ID;
        if (id) await deleteSearchField(listRoute, id);
        remove(index);
        if (!id) return;
        feedback.success(t('notice.deleted'));
        await invalidate('all');
      },
    });

  const deleteAll = () =>
    feedback.confirm({
      content: t('settings.deleteAllConfirm'),
      onOk: async () => {
        await deleteAllSearchFields(listRoute);
        feedback.success(t('notice.deleted'));
        dirty.current = false;
        await invalidate('all');
      },
    });

  const dataTypeOptions = useMemo(() => DATA_TYPES.map((code) => ({ value: code, label: t(`dataType.${code}`) })), [t]);
  const actionOptions = useMemo(() => ACTION_TYPES.map((code) => ({ value: code, label: t(`actionType.${code}`) })), [t]);
  const yesNoOptions = useMemo(() => [{ value: 'Y', label: t('yes') }, { value: 'N', label: t('no') }], [t]);
  const aggregationOptions = useMemo(() => AGGREGATIONS.map((a) => ({ value: a, label: t(`aggregation.${a}`) })), [t]);

  const columns = useCallback(
    (remove: (index: number) => void): TableColumnsType<FormListFieldData> => {
      const label = (name: string, index: number) => `${t(`settings.columns.${name}`)} ${index + 1}`;
      const text = (name: keyof SearchFieldDraft, width: number, message?: string, readOnlyWhy?: string) => ({
        key: name,
        title: t(`settings.columns.${name}`),
        width,
        render: (_: unknown, field: FormListFieldData) => (
          // No margin under a validated cell: its row stays as high as the others (the message shows when there is one).
          <Form.Item name={[field.name, name]} rules={message ? [{ required: true, whitespace: true, message }] : undefined} noStyle={!message} style={{ marginBottom: 0 }}>
            <Input aria-label={label(name, field.name)} readOnly={Boolean(readOnlyWhy)} title={readOnlyWhy} />
          </Form.Item>
        ),
      });
      // The server saves SQL only from the SQL configuration button: without it the cells show the SQL, not edit it.
      const sqlReadOnlyWhy = canConfigureSql ? undefined : t('settings.sqlReadOnly');
      const select = (name: keyof SearchFieldDraft, width: number, options: { value: string | number; label: string }[], multiple = false) => ({
        key: name,
        title: t(`settings.columns.${name}`),
        width,
        render: (_: unknown, field: FormListFieldData) => (
          <Form.Item name={[field.name, name]} noStyle>
            {/* Several choices stay on one line ('Total +1') instead of wrapping out of the cell. */}
            <Select aria-label={label(name, field.name)} options={options} mode={multiple ? 'multiple' : undefined} maxTagCount={multiple ? 'responsive' : undefined} style={{ width: '100%' }} />
          </Form.Item>
        ),
      });
      return [
        {
          key: 'ORD_IDX',
          title: t('settings.columns.ORD_IDX'),
          width: 80,
          render: (_, field) => (
            <Form.Item name={[field.name, 'ORD_IDX']} noStyle>
              <InputNumber aria-label={label('ORD_IDX', field.name)} min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          ),
        },
        text('PARAM_NAME', 160, t('settings.required.PARAM_NAME')),
        text('PARAM_CAPTION', 160, t('settings.required.PARAM_CAPTION')),
        text('FIELD_NAME', 160, t('settings.required.FIELD_NAME')),
        select('DATA_TYPE', 160, dataTypeOptions),
        select('ACTION_TYPE', 170, actionOptions),
        select('IS_FAST_SEARCH', 90, yesNoOptions),
        text('DEFAULT_VALUE', 140),
        {
          key: 'SHOW_FORMAT',
          title: t('settings.columns.SHOW_FORMAT'),
          width: 150,
          render: (_, field) => (
            <Form.Item noStyle dependencies={[['rows', field.name, 'DATA_TYPE']]}>
              {() => {
                const editable = isShowFormatEditable(form.getFieldValue(['rows', field.name, 'DATA_TYPE']));
                return (
                  <Form.Item name={[field.name, 'SHOW_FORMAT']} noStyle>
                    <Input aria-label={label('SHOW_FORMAT', field.name)} disabled={!editable} />
                  </Form.Item>
                );
              }}
            </Form.Item>
          ),
        },
        select('AGGREGATION', 180, aggregationOptions, true),
        select('IS_PAGING', 90, yesNoOptions),
        text('REFERENCE_SQL', 260, undefined, sqlReadOnlyWhy),
        text('SUB_SQL', 260, undefined, sqlReadOnlyWhy),
        text('REMARK', 140),
        ...(canDeleteOne
          ? [
              {
                key: 'operation',
                title: t('settings.columns.operation'),
                width: 70,
                fixed: 'right' as const,
                render: (_: unknown, field: FormListFieldData) => (
                  <Button
                    aria-label={`${t('actions.delete')} ${field.name + 1}`}
                    danger
                    type="text"
                    icon={<DeleteOutlined />}
                    onClick={() => deleteRow(field.name, remove)}
                  />
                ),
              },
            ]
          : []),
      ];
    },
    // deleteRow reads the form at click time, so it need not be a dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, dataTypeOptions, actionOptions, yesNoOptions, aggregationOptions, canDeleteOne, canConfigureSql, form],
  );

  return (
    <EditableRowsDrawer<SearchFieldDraft>
      open={open}
      title={t('settings.title')}
      width={SETTINGS_DRAWER_WIDTH}
      maskClosable={false}
      onClose={close}
      form={form}
      newRow={() => newSearchFieldDraft(rows(), listRoute)}
      onRowsChanged={() => (dirty.current = true)}
      onSave={save}
      loading={isFetching}
      columns={columns}
      bodyHeight={SETTINGS_TABLE_BODY_HEIGHT}
      deleteButtons={
        canDeleteAll && (
          <Button danger icon={<DeleteOutlined />} onClick={deleteAll}>
            {t('actions.deleteAll')}
          </Button>
        )
      }
    />
  );
}
