/**
 * The screen of every master-data entity: the DataGrid of its LIST_ROUTE (search, settings,
 * columns come from the grid framework) plus add / edit in a ProForm modal built from the field
 * declaration (a save the server refuses for one field marks that field with its reason), delete with confirmation, and Excel export (the grid's current search) and import
 * (with the downloadable per-row error report when rows fail). A page is just
 * `<MasterDataPage entity={partEntity} />` (written by `npm run gen -- master`).
 */
import { useMemo, useState } from 'react';
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  ModalForm,
  ProFormDatePicker,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { Button, Modal, Table, Typography, Upload } from 'antd';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../core/navigation/access';
import { useLanguage } from '../../core/i18n/localizedTitle';
import { useInvalidateGrid } from '../api/queries';
import { DataGrid, type GridRowAction } from '../DataGrid';
import { useGridFeedback } from '../hooks/useGridFeedback';
import { useKeepsTyping } from '../../core/forms/useKeepsTyping';
import { useFieldMarks } from '../../core/forms/useFieldMarks';
import { saveMarkingRefusal } from '../../api/problemPlace';
import { ALL_GRID_BUTTON_CODES } from '../model/codes';
import type { GridRow, QueryCondition } from '../model/types';
import { searchConditionsOf, useRouteSearch } from '../state/advancedSearchStore';
import type { EntityDeclaration, FieldDeclaration } from '../../shared/masterdata/declaration';
import { isEnabledRecord } from '../../shared/masterdata/suggestions';
import { deleteRecord, exportRecords, importRecords, loadRecords, saveRecord, type ImportOutcome, type MasterRecord } from './masterApi';
import { base64Blob, downloadBlob } from '../logic/download';
import { requiredMessageKey } from '../logic/requiredMessage';

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A new record: the fields' declared starting values. */
const newRecord = (entity: EntityDeclaration): MasterRecord =>
  Object.fromEntries(entity.fields.filter((f) => f.initial !== undefined).map((f) => [f.name, f.initial]));


/**
 * Options of a reference (the referenced entity's codes) or a lookup type (with its label in the user's language), searched as the user types.
 * A record whose 启用 is off is a disabled option: it cannot be chosen (a save refuses a newly chosen one,
 * record-values.ts referenceProblems), but a record that names it still shows it.
 */
function optionsRequest(field: FieldDeclaration, language: string) {
  return async ({ keyWords }: { keyWords?: string }) => {
    const like: QueryCondition[] = keyWords ? [{ FIELD_NAME: 'code', PARAM_NAME: 'code', ACTION_TYPE: 6, DATA_TYPE: 1, PARAM_VALUE: keyWords }] : [];
    if (field.type === 'lookup') {
      // A lookup type's few values, all of them: the select shows and filters them by name (and code) itself.
      // In the lookup's own order (sort_num: the equipment statuses as the spec lists them), not the codes' alphabet.
      const rows = await loadRecords(
        { resource: 'Lookup' },
        [{ FIELD_NAME: 'lookup_type', PARAM_NAME: 'lookup_type', ACTION_TYPE: 1, DATA_TYPE: 1, PARAM_VALUE: field.lookup ?? '' }],
        50,
        [{ field: 'sort_num', order: 'asc' }, { field: 'code', order: 'asc' }],
      );
      // Only the name: the code is the system's, not the user's (a value without a name shows its code).
      const nameOf = (r: Record<string, unknown>) => String((language === 'en' && r.name_en) || r.name || r.code);
      return rows.map((r) => ({ value: String(r.code), label: nameOf(r), disabled: !isEnabledRecord(r) }));
    }
    const rows = await loadRecords({ resource: field.ref ?? '' }, like);
    return rows.map((r) => ({ value: String(r.code), label: `${String(r.code)} ${String(r.name ?? '')}`.trim(), disabled: !isEnabledRecord(r) }));
  };
}

function FieldInput({ field, label, otherLabel }: { field: FieldDeclaration; label: string; otherLabel?: string }) {
  const { t } = useTranslation('grid');
  const language = useLanguage();
  const rules = [
    ...(field.required && field.type !== 'bool' ? [{ required: true, message: t(requiredMessageKey(field.type), { field: label }) }] : []),
    ...(field.positive
      ? [{ validator: (_: unknown, value: unknown) => (value === null || value === undefined || Number(value) > 0 ? Promise.resolve() : Promise.reject(new Error(t('master.positive', { field: label })))) }]
      : []),
    // The declaration's cross-field rule, the same the server enforces (src/shared/masterdata/record-values.ts).
    ...(field.differentFrom
      ? [
          ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
            validator: (_: unknown, value: unknown) =>
              value === null || value === undefined || value === '' || value !== getFieldValue(field.differentFrom!)
                ? Promise.resolve()
                : Promise.reject(new Error(t('master.sameAs', { field: label, other: otherLabel }))),
          }),
        ]
      : []),
  ];
  const common = { name: field.name, label, rules, ...(field.differentFrom ? { dependencies: [field.differentFrom] } : {}) };
  switch (field.type) {
    case 'int':
    case 'number':
      return <ProFormDigit {...common} fieldProps={{ precision: field.type === 'int' ? 0 : undefined, style: { width: '100%' } }} />;
    case 'bool':
      return <ProFormSwitch {...common} />;
    case 'date':
      return <ProFormDatePicker {...common} width="100%" />;
    case 'ref':
    case 'lookup':
      return <ProFormSelect {...common} showSearch request={optionsRequest(field, language)} params={{ language }} debounceTime={300} />;
    default:
      // A secret reads as the mask; left as it is, the save keeps the stored secret (the server's rule).
      if (field.secret) return <ProFormText.Password {...common} fieldProps={{ maxLength: 200, autoComplete: 'new-password', visibilityToggle: false }} />;
      return (field.maxLength ?? 200) > 200
        ? <ProFormTextArea {...common} fieldProps={{ maxLength: field.maxLength, rows: 4, style: { fontFamily: 'monospace' } }} />
        : <ProFormText {...common} fieldProps={{ maxLength: 200 }} />;
  }
}

export interface MasterDataPageProps {
  entity: EntityDeclaration;
  /** An entity's own row actions after edit and delete (e.g. the equipment ledger's image and status history). */
  extraRowActions?: GridRowAction[];
}

export function MasterDataPage({ entity, extraRowActions = [] }: MasterDataPageProps) {
  const { t } = useTranslation('grid');
  const language = useLanguage();
  const location = useLocation();
  const feedback = useGridFeedback();
  const invalidate = useInvalidateGrid(entity.listRoute);
  // Button permissions (spec §6) of the entity's menu: Save, Delete, Import, Export and the grid's.
  const { can } = useAccess();
  const gridButtons = useMemo(() => ALL_GRID_BUTTON_CODES.filter(can), [can]);
  const routeSearch = useRouteSearch(location.pathname);
  const [editing, setEditing] = useState<MasterRecord | null>(null);
  const keepsTyping = useKeepsTyping(editing !== null);
  const marks = useFieldMarks();
  const [importOutcome, setImportOutcome] = useState<{ outcome: ImportOutcome; message: string } | null>(null);
  const labelOf = (field: FieldDeclaration) => field.label[language === 'en' ? 'en' : 'zh-chs'];
  const title = entity.title[language === 'en' ? 'en' : 'zh-chs'];

  const openEditor = (record: MasterRecord) => setEditing(record);
  /**
   * Edit and delete work on one record: several selected rows are told so with their count (the
   * spec's 请选择一条要操作的数据行 is for no selection, which the grid answers before this).
   */
  const oneRow = (rows: GridRow[], act: (row: GridRow) => void) =>
    rows.length === 1 ? act(rows[0]) : feedback.warning(t(rows.length ? 'rowAction.selectOne' : 'rowAction.selectFirst', { count: rows.length }));

  const editAction: GridRowAction = {
    key: 'edit',
    label: t('master.edit'),
    icon: <EditOutlined />,
    onClick: (rows: GridRow[]) => oneRow(rows, (row) => openEditor({ ...row })),
  };
  const deleteAction: GridRowAction = {
    key: 'delete',
    label: t('actions.delete'),
    icon: <DeleteOutlined />,
    danger: true,
    onClick: (rows: GridRow[]) =>
      oneRow(rows, (row) =>
        feedback.confirm({
          content: t('master.confirmDelete'),
          onOk: async () => {
            await deleteRecord(entity, String(row.id));
            feedback.success(t('notice.deleted'));
            // The reload drops the deleted row from the grid's selection too (useGridSelection).
            void invalidate('rows');
          },
        }),
      ),
  };
  const rowActions = [...(can('Save') ? [editAction] : []), ...(can('Delete') ? [deleteAction] : []), ...extraRowActions];

  const exportList = async () => {
    try {
      const conditions = searchConditionsOf(routeSearch);
      downloadBlob(await exportRecords(entity, conditions), `${title}.xlsx`);
    } catch {
      // The api layer showed the server's message.
    }
  };

  const importFile = async (file: File) => {
    try {
      const result = await importRecords(entity, file);
      if (result.outcome.ERRORS.length) setImportOutcome(result);
      else {
        feedback.success(result.message);
        void invalidate('rows');
      }
    } catch {
      // The api layer showed why (file type or size, empty file).
    }
  };

  const toolbarExtra = (
    <>
      {can('Save') && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openEditor(newRecord(entity))}>
          {t('actions.add')}
        </Button>
      )}
      {can('Import') && (
        <Upload
          accept={XLSX_ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            void importFile(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />}>{t('master.import')}</Button>
        </Upload>
      )}
      {can('Export') && (
        <Button icon={<DownloadOutlined />} onClick={() => void exportList()}>
          {t('master.export')}
        </Button>
      )}
    </>
  );

  return (
    <>
      <DataGrid
        listRoute={entity.listRoute}
        routePath={location.pathname}
        title={title}
        buttonCodes={gridButtons}
        rowActions={rowActions}
        toolbarExtra={toolbarExtra}
      />
      <ModalForm<MasterRecord>
        key={editing ? String(editing.id ?? 'new') : 'closed'}
        title={`${title} - ${editing?.id ? t('master.edit') : t('actions.add')}`}
        open={editing !== null}
        initialValues={editing ?? {}}
        dateFormatter="string"
        {...keepsTyping.formProps}
        {...marks.formProps}
        modalProps={{ destroyOnHidden: true, onCancel: () => setEditing(null), ...keepsTyping.modalProps }}
        grid
        colProps={{ span: 12 }}
        onFinish={async (values) => {
          try {
            const record = Object.fromEntries(entity.fields.map((f) => [f.name, values[f.name] ?? (f.type === 'bool' ? false : null)]));
            const body = editing?.id ? { ...record, id: editing.id, version: editing.version } : record;
            await saveMarkingRefusal(marks, (options) => saveRecord(entity, body, options));
            feedback.success(t('notice.saved'));
            setEditing(null);
            void invalidate('rows');
            return true;
          } catch {
            // Shown: on the field it is about (a code taken, a reference that does not exist, a value the rules refuse),
            // or toasted by the api layer (unchanged, changed by someone else).
            return false;
          }
        }}
      >
        {entity.fields.map((field) => (
          <FieldInput
            key={field.name}
            field={field}
            label={labelOf(field)}
            otherLabel={field.differentFrom ? labelOf(entity.fields.find((f) => f.name === field.differentFrom)!) : undefined}
          />
        ))}
      </ModalForm>
      <Modal
        open={importOutcome !== null}
        title={t('master.importFailed')}
        onCancel={() => setImportOutcome(null)}
        footer={[
          <Button
            key="report"
            type="primary"
            icon={<DownloadOutlined />}
            disabled={!importOutcome?.outcome.REPORT_FILE}
            onClick={() =>
              importOutcome?.outcome.REPORT_FILE &&
              downloadBlob(
                base64Blob(importOutcome.outcome.REPORT_FILE, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
                importOutcome.outcome.REPORT_NAME ?? 'errors.xlsx',
              )
            }
          >
            {t('master.downloadReport')}
          </Button>,
          <Button key="close" onClick={() => setImportOutcome(null)}>
            {t('actions.ok')}
          </Button>,
        ]}
        width={720}
      >
        <Typography.Paragraph type="danger" data-testid="import-message">
          {importOutcome?.message}
        </Typography.Paragraph>
        <Table
          size="small"
          rowKey="ROW"
          pagination={false}
          scroll={{ y: 300 }}
          dataSource={importOutcome?.outcome.ERRORS ?? []}
          columns={[
            { title: t('master.row'), dataIndex: 'ROW', width: 80 },
            { title: t('master.errors'), dataIndex: 'MESSAGE' },
          ]}
        />
      </Modal>
    </>
  );
}
