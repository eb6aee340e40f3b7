/**
 * A bill's form (new, or edited while editing): the ProForm header with the type's header fields
 * (its required ones required, as the server requires them) and the editable lines with the type's
 * line columns. Saved whole through Bill/Save; nothing in it is per type. A save refused for one field
 * (a line's disabled part, a missing vendor) marks that field with the server's reason and brings it into view.
 */
import { useState } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DrawerForm, ProFormDatePicker, ProFormText } from '@ant-design/pro-components';
import { App, Button, Col, DatePicker, Form, Input, Space, Table, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../core/i18n/localizedTitle';
import { ApiError } from '../../../api/errors';
import { saveMarkingRefusal, type ProblemPlace } from '../../../api/problemPlace';
import { useFieldMarks, type FieldPath } from '../../../core/forms/useFieldMarks';
import type { BillTypeDeclaration } from '../../../shared/bills/declaration';
import { BILL_HEADER_FIELDS, BILL_LINE_COLUMNS, REQUIRED_LINE_FIELDS, isBillRefField, type BillFieldInfo, type BillLineColumn, type BillRefField } from '../../../shared/bills/fields';
import { saveLineNumbers } from '../../../shared/bills/save-rules';
import { saveBill, type Bill, type BillSaveLine, type BillSaveRequest } from '../api';
import { headerFieldLabel, lineColumnLabel } from '../model/labels';
import { RefInput, type RefInputProps } from './RefInput';

/** Line columns the server computes or names: shown in the lines tab, not typed in the form. */
const COMPUTED_LINE_COLUMNS: readonly BillLineColumn[] = ['LineNo', 'PartName', 'ActualQty', 'BalanceQty', 'Status'];
/** Header texts of free prose, longer than a code: they count their characters against the limit as typed. */
const LONG_TEXT_FIELDS: readonly string[] = ['Description', 'MoveReason'];
const QUANTITY = /^[0-9]+(\.[0-9]+)?$/;
/** Line cells holding a quantity: a positive decimal, as Bill/Save requires of both. */
const QUANTITY_COLUMNS: readonly BillLineColumn[] = ['Qty', 'Mpq'];
const INTEGER = /^[0-9]+$/;

type LineValues = Partial<Record<BillLineColumn, string | Dayjs | null>>;
type FormValues = { [wire: string]: unknown; Lines?: LineValues[] };

export interface BillFormProps {
  declaration: BillTypeDeclaration;
  /** The bill being edited; absent, a new one. */
  bill?: Bill;
  open: boolean;
  onOpenChange(open: boolean): void;
  onSaved(saved: { Id: string; BillCode: string }): void;
}

/** 128 random bits as hex (getRandomValues: unlike randomUUID, also on a plant's plain-http address). */
const newRequestKey = () => [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');

const blankToNull = (value: unknown) => (typeof value === 'string' ? value.trim() || null : (value ?? null));

/** A form line's LineNo as Bill/Save is sent it: an edited line's own number, none for a new line. */
const givenLineNo = (line: LineValues | undefined) => (blankToNull(line?.LineNo) === null ? undefined : Number(line?.LineNo));

/** The form's values as Bill/Save's body: blank texts are null, quantities stay decimal text, dates are days. */
function requestOf(declaration: BillTypeDeclaration, values: FormValues, bill: Bill | undefined, requestKey: string): BillSaveRequest {
  const header = Object.fromEntries(
    declaration.headerFields.map((field) => {
      const wire = BILL_HEADER_FIELDS[field].wire;
      const value = values[wire];
      return [wire, dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : blankToNull(value)];
    }),
  );
  const lines = (values.Lines ?? []).map((line) => {
    const out: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(line)) {
      if (value === undefined) continue;
      if (column === 'LineNo') {
        const lineNo = givenLineNo(line);
        if (lineNo !== undefined) out.LineNo = lineNo;
      } else if (column === 'TotalBox') out[column] = blankToNull(value) === null ? null : Number(value);
      else out[column] = dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : blankToNull(value);
    }
    return out as unknown as BillSaveLine;
  });
  // A new bill carries the form's one key: a retried or double-clicked save makes it once.
  return { ...(bill ? { Id: bill.Id } : { RequestKey: requestKey }), BillType: declaration.code, ...header, Lines: lines } as BillSaveRequest;
}

/** A bill's values as the form's. */
function valuesOf(declaration: BillTypeDeclaration, bill: Bill | undefined): FormValues {
  if (!bill) return { Lines: [{}] };
  const record = bill as unknown as Record<string, unknown>;
  const header = Object.fromEntries(declaration.headerFields.map((field) => [BILL_HEADER_FIELDS[field].wire, (record[BILL_HEADER_FIELDS[field].wire] as string | null) ?? undefined]));
  const lines = bill.Lines.map((line) => {
    const source = line as unknown as Record<string, unknown>;
    return Object.fromEntries(
      [...declaration.lineColumns.filter((c) => !COMPUTED_LINE_COLUMNS.includes(c)), 'LineNo' as const].map((column) => {
        const value = source[column];
        if (value == null) return [column, undefined];
        return [column, BILL_LINE_COLUMNS[column].kind === 'date' ? dayjs(String(value)) : String(value)];
      }),
    ) as LineValues;
  });
  return { ...header, Lines: lines };
}

/**
 * The form field a refused save points at (the answer's place: a header field, or a line's cell by the number
 * Bill/Save gave the line), as the form names it; undefined when the form shows no such field.
 */
function refusedField(place: ProblemPlace, request: BillSaveRequest, headerWires: readonly string[], lineColumns: readonly string[]): FieldPath | undefined {
  if (!place.Field) return undefined;
  if (place.LineNo === undefined) return headerWires.includes(place.Field) ? [place.Field] : undefined;
  // The form's rows are the request's lines, in order.
  const row = saveLineNumbers(request.Lines).indexOf(place.LineNo);
  return row >= 0 && lineColumns.includes(place.Field) ? ['Lines', row, place.Field] : undefined;
}

/** The storage location whose locators a line's locator cell suggests. */
const SIC_OF_LOCATOR: Partial<Record<BillRefField, BillLineColumn>> = { ToLoc: 'ToSic', FromLoc: 'FromSic' };

/** A line's master-code cell; a locator suggests the locators of the storage location typed on the same line. */
function LineRefInput({ rowIndex, ...props }: RefInputProps & { rowIndex: number }) {
  const sicColumn = SIC_OF_LOCATOR[props.field];
  const sic = Form.useWatch(['Lines', rowIndex, sicColumn ?? 'ToSic'], Form.useFormInstance()) as string | undefined;
  return <RefInput {...props} sic={sicColumn ? sic?.trim() : undefined} />;
}

export function BillForm({ declaration, bill, open, onOpenChange, onSaved }: BillFormProps) {
  const { t } = useTranslation('bills');
  const language = useLanguage();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  // A save refused for one field marks that field.
  const marks = useFieldMarks();
  // One per opened form: the server makes one bill however often this form's save is sent.
  const [requestKey] = useState(newRequestKey);
  const required = new Set<string>(declaration.requiredHeaderFields);
  const lineColumns = declaration.lineColumns.filter((column) => !COMPUTED_LINE_COLUMNS.includes(column));
  const requiredLine = new Set<BillLineColumn>(['PartCode', 'Qty', ...(REQUIRED_LINE_FIELDS[declaration.category] ?? [])]);
  const title = bill ? t('form.editTitle', { bill: bill.BillCode }) : t('form.newTitle', { type: declaration.name[language] });

  const lineEditor = (column: BillLineColumn, rowIndex: number, lineNo: number) => {
    const label = lineColumnLabel(column, language);
    // A quantity cell (the line's Qty, or its MPQ when given) shows its first problem only: '-1' is
    // "must be greater than 0", not that stacked under "must be a number".
    const quantityProblem = (value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (!text) return requiredLine.has(column) ? 'form.required' : null;
      if (!QUANTITY.test(text)) return Number(text) <= 0 ? 'form.positive' : 'form.quantity';
      return Number(text) > 0 ? null : 'form.positive';
    };
    const rules = QUANTITY_COLUMNS.includes(column)
      ? [
          {
            validator: (_: unknown, value: unknown) => {
              const problem = quantityProblem(value);
              return problem ? Promise.reject(new Error(t(problem, { field: label }))) : Promise.resolve();
            },
          },
        ]
      : [
          ...(requiredLine.has(column) ? [{ required: true, message: t('form.required', { field: label }) }] : []),
          ...(column === 'TotalBox' ? [{ pattern: INTEGER, message: t('form.integer', { field: label }) }] : []),
        ];
    const ariaLabel = t('form.lineCell', { line: lineNo, field: label });
    return (
      <Form.Item name={[rowIndex, column]} rules={rules} style={{ margin: 0 }}>
        {BILL_LINE_COLUMNS[column].kind === 'date' ? (
          <DatePicker aria-label={ariaLabel} style={{ width: '100%' }} />
        ) : isBillRefField(column) ? (
          <LineRefInput billType={declaration.code} field={column} rowIndex={rowIndex} aria-label={ariaLabel} />
        ) : (
          <Input aria-label={ariaLabel} maxLength={100} style={BILL_LINE_COLUMNS[column].kind === 'number' ? { textAlign: 'right' } : undefined} />
        )}
      </Form.Item>
    );
  };

  return (
    <DrawerForm<FormValues>
      title={title}
      form={form}
      {...marks.formProps}
      open={open}
      onOpenChange={onOpenChange}
      width={Math.min(1100, window.innerWidth - 80)}
      initialValues={valuesOf(declaration, bill)}
      drawerProps={{ destroyOnClose: true, maskClosable: false, keyboard: false }}
      grid
      rowProps={{ gutter: 16 }}
      submitter={{ searchConfig: { submitText: t('form.save'), resetText: t('form.cancel') } }}
      onFinish={async (values) => {
        if (!values.Lines?.length) {
          message.error(t('form.noLines'));
          return false;
        }
        const request = requestOf(declaration, values, bill, requestKey);
        const headerWires = declaration.headerFields.map((field) => BILL_HEADER_FIELDS[field].wire);
        try {
          const saved = await saveMarkingRefusal(marks, (options) => saveBill(request, options), (place) => refusedField(place, request, headerWires, lineColumns));
          message.success(t('form.saved', { bill: saved.BillCode }));
          onSaved(saved);
          return true;
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          // Shown (on its field, or toasted); the form stays open with everything typed.
          return false;
        }
      }}
    >
      {declaration.headerFields.map((field) => {
        const info: BillFieldInfo = BILL_HEADER_FIELDS[field];
        const label = headerFieldLabel(field, language);
        const rules = required.has(field) ? [{ required: true, message: t('form.required', { field: label }) }] : [];
        if (info.kind === 'ref' && isBillRefField(info.wire)) {
          return (
            <Col key={field} span={8}>
              <Form.Item name={info.wire} label={label} rules={rules}>
                <RefInput billType={declaration.code} field={info.wire} placeholder={t('form.refPlaceholder')} />
              </Form.Item>
            </Col>
          );
        }
        return info.kind === 'date' ? (
          <ProFormDatePicker key={field} name={info.wire} label={label} rules={rules} colProps={{ span: 8 }} />
        ) : (
          <ProFormText key={field} name={info.wire} label={label} rules={rules} colProps={{ span: 8 }} fieldProps={LONG_TEXT_FIELDS.includes(info.wire) ? { maxLength: 200, showCount: true } : { maxLength: 100 }} />
        );
      })}
      <Form.List name="Lines">
        {(rows, { add, remove }) => {
          // Each row by the number messages name it by ('第 5 行'): an edited line's LineNo (one removed leaves a gap), a new
          // line the one Bill/Save will give it; not its place in the list.
          const lineNumbers = saveLineNumbers(((form.getFieldValue('Lines') as LineValues[] | undefined) ?? []).map((line) => ({ LineNo: givenLineNo(line) })));
          const lineNoOf = (row: (typeof rows)[number]) => lineNumbers[row.name] ?? row.name + 1;
          const columns: TableColumnsType<(typeof rows)[number]> = [
            {
              key: 'no',
              title: '#',
              width: 44,
              // An edited line keeps its number (its reels and log name it).
              render: (_, row) => (
                <>
                  {lineNoOf(row)}
                  <Form.Item name={[row.name, 'LineNo']} hidden noStyle>
                    <Input />
                  </Form.Item>
                </>
              ),
            },
            ...lineColumns.map((column) => ({
              key: column,
              title: (requiredLine.has(column) ? '* ' : '') + lineColumnLabel(column, language),
              width: column === 'PartCode' ? 160 : 120,
              render: (_: unknown, row: (typeof rows)[number]) => lineEditor(column, row.name, lineNoOf(row)),
            })),
            {
              key: 'remove',
              width: 48,
              render: (_, row) => <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('form.removeLine', { line: lineNoOf(row) })} onClick={() => remove(row.name)} />,
            },
          ];
          return (
            <Space direction="vertical" style={{ width: '100%', paddingInline: 8 }}>
              <Table data-testid="bill-form-lines" size="small" bordered rowKey="key" columns={columns} dataSource={rows} pagination={false} scroll={{ x: 'max-content' }} />
              <Button icon={<PlusOutlined />} onClick={() => add({})}>
                {t('form.addLine')}
              </Button>
            </Space>
          );
        }}
      </Form.List>
    </DrawerForm>
  );
}
