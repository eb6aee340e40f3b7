/**
 * A generated list screen with a ProForm editor (`npm run gen -- page ... <save call>`): the DataGrid
 * of the page's list and a ModalForm whose fields the page declares (src/shared/pages/declaration.ts,
 * PageEditorDeclaration: made by the generator from the save call's request-body schema). 编辑 on one
 * selected row opens it filled from the row (the list's key read-only), 新增 empty when the call also
 * adds; 保存 sends the body through the typed client (openapi-fetch, the contract's paths). A refusal
 * shows the server's message (the api layer's toast) and keeps the form open; a save refreshes the grid.
 * A page is just `<ListEditorPage page={reelPrintLogPage} />`.
 */
import { useState } from 'react';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ModalForm,
  ProFormDatePicker,
  ProFormDateTimePicker,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
} from '@ant-design/pro-components';
import { Button } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { callWrapped } from '../api/call';
import type { paths } from '../api/schema';
import { useLanguage } from '../core/i18n/localizedTitle';
import type { PageDeclaration, PageEditorDeclaration, PageEditorFieldDeclaration } from '../shared/pages/declaration';
import { useInvalidateGrid } from './api/queries';
import type { GridRowAction } from './DataGrid';
import { useGridFeedback } from './hooks/useGridFeedback';
import { useKeepsTyping } from '../core/forms/useKeepsTyping';
import type { GridRow } from './model/types';
import { ListRoutePage } from './ListRoutePage';
import { requiredMessageKey } from './logic/requiredMessage';

/** The contract's calls a form can save through: a POST with a JSON body. */
export type JsonSaveCall = {
  [P in keyof paths]: paths[P] extends { post: { requestBody?: { content: { 'application/json': unknown } } } } ? P : never;
}[keyof paths];

type FormValues = Record<string, unknown>;
const squeeze = (name: string) => name.replace(/_/g, '').toLowerCase();

/** A row's value of a column, whatever case the list answers its fields in (reel_code, REEL_CODE). */
const rowValue = (row: GridRow, column: string) => {
  const key = Object.keys(row).find((k) => squeeze(k) === squeeze(column));
  return key === undefined ? undefined : row[key];
};

/** The form's starting values: a row's (edit) or none (add). */
function startingValues(editor: PageEditorDeclaration, row: GridRow | null): FormValues {
  if (!row) return {};
  const values: FormValues = {};
  for (const field of editor.fields) {
    const value = field.column ? rowValue(row, field.column) : undefined;
    if (value === undefined || value === null || value === '') continue;
    values[field.name] = field.kind === 'date' || field.kind === 'datetime' ? dayjs(String(value)) : value;
  }
  return values;
}

/**
 * The request body. A new record: every field given (an empty required switch is false). An edited
 * row: its required fields, its hidden ones (id, version) and those the user changed, so what the form
 * did not show is kept ("absent, kept"); a field emptied is sent as null when the schema takes null.
 */
export function saveBody(editor: PageEditorDeclaration, values: FormValues, start: FormValues | null): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const plain = (field: PageEditorFieldDeclaration, value: unknown) => {
    if (typeof value === 'string') value = value.trim();
    if (value === undefined || value === null || value === '') return undefined;
    if (field.kind === 'date') return dayjs(value as string).format('YYYY-MM-DD');
    if (field.kind === 'datetime') return dayjs(value as string).toISOString();
    if (field.kind === 'int' || field.kind === 'number') return Number(value);
    return value;
  };
  for (const field of editor.fields) {
    const value = plain(field, field.hidden && start ? start[field.name] : values[field.name]);
    if (start && !field.required && !field.hidden && value === plain(field, start[field.name])) continue;
    if (value !== undefined) body[field.name] = value;
    else if (field.kind === 'bool' && field.required) body[field.name] = false;
    else if (field.nullable && start) body[field.name] = null;
  }
  return body;
}

/** Saves through the one client, typed by the contract; the call was checked against the contract when the page was generated. */
const save = (call: string, body: Record<string, unknown>) =>
  callWrapped(api.POST(call as JsonSaveCall, { body } as never) as Promise<{ data?: { code: number; msg: string }; response: Response }>);

function EditorField({ field, label, readOnly }: { field: PageEditorFieldDeclaration; label: string; readOnly: boolean }) {
  const { t } = useTranslation('grid');
  const rules = field.required && field.kind !== 'bool' ? [{ required: true, message: t(requiredMessageKey(field.kind), { field: label }) }] : [];
  const common = { name: field.name, label, rules, disabled: readOnly };
  if (field.hidden) return null;
  switch (field.kind) {
    case 'int':
    case 'number':
      return <ProFormDigit {...common} fieldProps={{ precision: field.kind === 'int' ? 0 : undefined, style: { width: '100%' }, 'aria-label': label }} />;
    case 'bool':
      return <ProFormSwitch {...common} />;
    case 'date':
      return <ProFormDatePicker {...common} width="100%" fieldProps={{ 'aria-label': label }} />;
    case 'datetime':
      return <ProFormDateTimePicker {...common} fieldProps={{ style: { width: '100%' }, 'aria-label': label }} />;
    case 'select':
      return <ProFormSelect {...common} options={(field.options ?? []).map((value) => ({ value, label: String(value) }))} />;
    default:
      return <ProFormText {...common} fieldProps={{ maxLength: field.maxLength, 'aria-label': label }} />;
  }
}

export interface ListEditorPageProps {
  page: PageDeclaration & { editor: PageEditorDeclaration };
}

export function ListEditorPage({ page }: ListEditorPageProps) {
  const { t } = useTranslation('grid');
  const language = useLanguage();
  const feedback = useGridFeedback();
  const invalidate = useInvalidateGrid(page.link);
  const editor = page.editor;
  const keyField = page.list?.keyField;
  // null: closed; { row: null }: a new record; { row }: that row's record.
  const [editing, setEditing] = useState<{ row: GridRow | null } | null>(null);
  const keepsTyping = useKeepsTyping(editing !== null);
  const labelOf = (field: PageEditorFieldDeclaration) => field.label[language === 'en' ? 'en' : 'zh-chs'];

  const editAction: GridRowAction = {
    key: 'edit',
    label: t('editor.edit'),
    icon: <EditOutlined />,
    onClick: (rows) => (rows.length === 1 ? setEditing({ row: rows[0] }) : feedback.warning(t('rowAction.selectOne', { count: rows.length }))),
  };

  return (
    <>
      <ListRoutePage
        listRoute={page.link}
        rowActions={[editAction]}
        toolbarExtra={
          editor.adds ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })} data-testid="editor-add">
              {t('actions.add')}
            </Button>
          ) : undefined
        }
      />
      <ModalForm<FormValues>
        key={editing ? JSON.stringify(editing.row && keyField ? rowValue(editing.row, keyField) : 'new') : 'closed'}
        title={`${page.title[language === 'en' ? 'en' : 'zh-chs']} - ${editing?.row ? t('editor.edit') : t('actions.add')}`}
        open={editing !== null}
        initialValues={editing ? startingValues(editor, editing.row) : {}}
        {...keepsTyping.formProps}
        modalProps={{ destroyOnHidden: true, onCancel: () => setEditing(null), ...keepsTyping.modalProps }}
        submitter={{ searchConfig: { submitText: t('actions.save'), resetText: t('actions.cancel') } }}
        grid
        colProps={{ span: 12 }}
        onFinish={async (values) => {
          try {
            await save(editor.save, saveBody(editor, values, editing?.row ? startingValues(editor, editing.row) : null));
          } catch {
            // The api layer showed the server's message; the form stays open.
            return false;
          }
          feedback.success(t('notice.saved'));
          setEditing(null);
          void invalidate('rows');
          return true;
        }}
      >
        {editor.fields.map((field) => (
          <EditorField key={field.name} field={field} label={labelOf(field)} readOnly={Boolean(editing?.row && field.column && field.column === keyField)} />
        ))}
      </ModalForm>
    </>
  );
}

export default ListEditorPage;
