/**
 * The custom report setting's three steps (issue 21), each saved on its own:
 * 1. basics — code, names in both languages, the parent (child / grandchild report) and which of
 *    the parent's columns give its parameters, or the menu that opens it;
 * 2. SQL — the SELECT and its named parameters (read as param.<name>), a preview of the first 50
 *    rows on real data with the columns it returns and the time it took; only a user with the
 *    SQL-configuration button (SqlConfig) previews or saves SQL, anyone else sees it read-only;
 * 3. grid — column captions, widths, formats, footer sum/avg, search fields, and an optional chart.
 */
import { useMemo, useState } from 'react';
import { Alert, App, Button, Checkbox, Col, Form, Input, InputNumber, Row, Select, Space, Steps, Table, Tag, TreeSelect, Typography } from 'antd';
import { MinusCircleOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../core/navigation/access';
import { useNavigationStore } from '../../../core/navigation/navigationStore';
import type { ShellMenuItem } from '../../../core/navigation/types';
import { loadTableColumns } from '../../../grid/api/listParam';
import { REPORT_PARAM_TYPES } from '../../../shared/reports/definition';
import {
  previewReportSql,
  saveReportBasics,
  saveReportGrid,
  saveReportSql,
  type Report,
  type ReportChart,
  type ReportColumn,
  type ReportParam,
  type ReportPreview,
} from '../api';

export interface ReportWizardProps {
  /** The report being edited; absent: a new one (under `parentCode` when given). */
  report?: Report;
  parentCode?: string;
  reports: readonly Report[];
  canSave: boolean;
  canConfigureSql: boolean;
  onSaved(): void;
  onClose(): void;
}

interface BasicsForm {
  Code: string;
  Name: string;
  NameEn: string;
  ParentCode?: string | null;
  MenuCode?: string | null;
  MenuParentId?: string | null;
  Drill?: { param: string; column: string }[];
}

interface MenuGroupOption {
  value: string;
  title: string;
  children: MenuGroupOption[];
}

/** The id of the group holding the menu item `code` in the user's menu, if it is there. */
function groupOfMenu(items: readonly ShellMenuItem[], code: string | null | undefined, parentId: string | null = null): string | null {
  if (!code) return null;
  for (const item of items) {
    if (item.code === code) return parentId;
    const found = groupOfMenu(item.children, code, item.id);
    if (found) return found;
  }
  return null;
}

/** The groups of the user's menu (items with no screen of their own), as a tree to place a report in. */
function menuGroups(items: readonly ShellMenuItem[], language: string): MenuGroupOption[] {
  return items
    .filter((item) => !item.path && !item.newWindowUrl)
    .map((item) => ({ value: item.id, title: language === 'en' ? item.title.en || item.title.zh : item.title.zh, children: menuGroups(item.children, language) }));
}

interface SqlForm {
  Sql: string;
  Params: ReportParam[];
  Values?: Record<string, string | number | null>;
}

interface ColumnDraft extends ReportColumn {
  include: boolean;
}

export function ReportWizard({ report: initial, parentCode, reports, canSave, canConfigureSql, onSaved, onClose }: ReportWizardProps) {
  const { t, i18n } = useTranslation('reports');
  // Placing the report in the menu writes a menu item: offered to those who may edit menus (the server checks too).
  const canPlaceInMenu = useAccess().has('AdminMenu', 'Save');
  const menus = useNavigationStore((state) => state.menus);
  const groupTree = useMemo(() => menuGroups(menus, i18n.language), [menus, i18n.language]);
  const { message } = App.useApp();
  const [step, setStep] = useState(0);
  const [report, setReport] = useState<Report | undefined>(initial);
  const [busy, setBusy] = useState(false);
  const [basics] = Form.useForm<BasicsForm>();
  const [sqlForm] = Form.useForm<SqlForm>();
  const [preview, setPreview] = useState<ReportPreview>();
  const [columns, setColumns] = useState<ColumnDraft[]>([]);
  const [chart, setChart] = useState<ReportChart | null>(initial?.Chart ?? null);
  const parent = reports.find((r) => r.Code === (report?.ParentCode ?? parentCode));

  const run = async <T,>(work: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    try {
      return await work();
    } catch {
      // The api layer showed the server's message.
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  const saveBasics = async () => {
    const values = await basics.validateFields();
    const saved = await run(() =>
      saveReportBasics({
        Code: values.Code.trim(),
        Name: values.Name,
        NameEn: values.NameEn ?? '',
        IsNew: !report,
        ParentCode: values.ParentCode || null,
        MenuCode: values.MenuCode || null,
        MenuParentId: canPlaceInMenu && !values.ParentCode ? values.MenuParentId || null : null,
        DrillParams: Object.fromEntries((values.Drill ?? []).filter((d) => d?.param && d?.column).map((d) => [d.param.trim(), d.column.trim()])),
      }),
    );
    if (!saved) return;
    setReport(saved);
    onSaved();
    void message.success(t('wizard.saved'));
    setStep(1);
  };

  const runPreview = async () => {
    const values = await sqlForm.validateFields();
    const answer = await run(() => previewReportSql({ Sql: values.Sql, Params: values.Params ?? [], Values: cleanValues(values.Values) }));
    if (answer) setPreview(answer);
  };

  const saveSql = async () => {
    const values = await sqlForm.validateFields();
    const saved = await run(() => saveReportSql({ Code: report!.Code, Sql: values.Sql, Params: values.Params ?? [] }));
    if (!saved) return;
    setReport(saved);
    onSaved();
    void message.success(t('wizard.saved'));
  };

  /** Opens a step; step 3 starts from the columns the saved SQL returns, with what was configured for them. */
  const openStep = async (next: number, current: Report | undefined = report) => {
    setStep(next);
    if (next !== 2 || !current?.Sql) return;
    const found = await run(() => loadTableColumns(current.ListRoute));
    if (!found) return;
    const configured = new Map(current.Columns.map((c) => [c.field, c]));
    setColumns(
      found.map((column) => {
        const known = configured.get(column.COLUMN_NAME);
        return {
          field: column.COLUMN_NAME,
          include: current.Columns.length === 0 || Boolean(known),
          caption: known?.caption ?? '',
          captionEn: known?.captionEn ?? '',
          width: known?.width,
          format: known?.format,
          aggregation: known?.aggregation ?? '',
          search: known?.search ?? false,
        };
      }),
    );
  };

  const saveGrid = async () => {
    const chosen = columns.filter((c) => c.include).map(({ include: _include, ...column }) => stripEmpty(column));
    const saved = await run(() => saveReportGrid({ Code: report!.Code, Columns: chosen, Chart: chart && chart.x && chart.y.length ? chart : null }));
    if (!saved) return;
    setReport(saved);
    onSaved();
    void message.success(t('wizard.saved'));
    onClose();
  };

  const fieldOptions = useMemo(() => columns.map((c) => ({ value: c.field, label: c.caption ? `${c.caption} (${c.field})` : c.field })), [columns]);
  const parentOptions = reports.filter((r) => r.Level < 3 && r.Code !== report?.Code).map((r) => ({ value: r.Code, label: `${r.Code} ${r.Name}` }));

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="report-wizard">
      <Steps
        current={step}
        onChange={(next) => report && void openStep(next)}
        items={[{ title: t('wizard.step.basics') }, { title: t('wizard.step.sql') }, { title: t('wizard.step.grid') }]}
      />

      <div hidden={step !== 0}>
        <Form
          form={basics}
          layout="vertical"
          disabled={!canSave}
          initialValues={{
            Code: report?.Code ?? '',
            Name: report?.Name ?? '',
            NameEn: report?.NameEn ?? '',
            ParentCode: report?.ParentCode ?? parentCode ?? null,
            MenuCode: report?.MenuCode ?? null,
            MenuParentId: canPlaceInMenu ? groupOfMenu(menus, report?.MenuCode) : null,
            Drill: Object.entries(report?.DrillParams ?? {}).map(([param, column]) => ({ param, column })),
          }}
        >
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item name="Code" label={t('field.code')} rules={[{ required: true }, { pattern: /^[A-Za-z][A-Za-z0-9_]{0,39}$/, message: t('wizard.codeRule') }]}>
                <Input disabled={Boolean(report)} data-testid="report-code" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="Name" label={t('field.name')} rules={[{ required: true }]}>
                <Input data-testid="report-name" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="NameEn" label={t('field.nameEn')}>
                <Input data-testid="report-name-en" />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="ParentCode" label={t('field.parent')} extra={t('wizard.parentHint')}>
                <Select allowClear options={parentOptions} data-testid="report-parent" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item noStyle shouldUpdate={(a, b) => a.ParentCode !== b.ParentCode || a.Code !== b.Code}>
                {({ getFieldValue }) =>
                  getFieldValue('ParentCode') ? null : (
                    <>
                      {canPlaceInMenu && (
                        <Form.Item name="MenuParentId" label={t('field.menuPlacement')} extra={t('wizard.menuPlacementHint', { code: getFieldValue('Code') || '…' })}>
                          <TreeSelect allowClear showSearch treeNodeFilterProp="title" treeDefaultExpandAll treeData={groupTree} data-testid="report-menu-placement" />
                        </Form.Item>
                      )}
                      <Form.Item name="MenuCode" label={t('field.menu')} extra={t('wizard.menuHint', { link: `/report/loading?code=${getFieldValue('Code') || '…'}` })}>
                        <Input data-testid="report-menu" />
                      </Form.Item>
                    </>
                  )
                }
              </Form.Item>
            </Col>
          </Row>
          <Form.Item noStyle shouldUpdate={(a, b) => a.ParentCode !== b.ParentCode}>
            {({ getFieldValue }) =>
              getFieldValue('ParentCode') ? (
                <Form.Item label={t('wizard.drill', { parent: getFieldValue('ParentCode') })}>
                  <Form.List name="Drill">
                    {(fields, { add, remove }) => (
                      <>
                        {fields.map((field) => (
                          <Space key={field.key} align="baseline">
                            <Form.Item name={[field.name, 'param']} rules={[{ required: true }]}>
                              <Input placeholder={t('wizard.drillParam')} data-testid={`drill-param-${field.name}`} />
                            </Form.Item>
                            <span>←</span>
                            <Form.Item name={[field.name, 'column']} rules={[{ required: true }]}>
                              <Select
                                style={{ width: 220 }}
                                placeholder={t('wizard.drillColumn')}
                                options={(parent?.Columns ?? []).map((c) => ({ value: c.field, label: c.caption ? `${c.caption} (${c.field})` : c.field }))}
                                showSearch
                                data-testid={`drill-column-${field.name}`}
                              />
                            </Form.Item>
                            <MinusCircleOutlined onClick={() => remove(field.name)} />
                          </Space>
                        ))}
                        <Button type="dashed" onClick={() => add()} icon={<PlusOutlined />} data-testid="drill-add">
                          {t('wizard.drillAdd')}
                        </Button>
                      </>
                    )}
                  </Form.List>
                </Form.Item>
              ) : null
            }
          </Form.Item>
        </Form>
        <Space>
          <Button type="primary" loading={busy} disabled={!canSave} onClick={() => void saveBasics()} data-testid="wizard-save-basics">
            {t('wizard.saveNext')}
          </Button>
          {report && <Button onClick={() => setStep(1)}>{t('wizard.next')}</Button>}
        </Space>
      </div>

      <div hidden={step !== 1}>
        {!canConfigureSql && <Alert type="info" showIcon message={t('wizard.sqlReadOnly')} style={{ marginBottom: 12 }} />}
        <Form form={sqlForm} layout="vertical" disabled={!canConfigureSql} initialValues={{ Sql: report?.Sql ?? '', Params: report?.Params ?? [] }}>
          <Form.Item name="Sql" label={t('field.sql')} extra={t('wizard.sqlHint')} rules={[{ required: true }]}>
            <Input.TextArea rows={10} spellCheck={false} style={{ fontFamily: 'monospace' }} data-testid="report-sql" />
          </Form.Item>
          <Form.Item label={t('field.params')}>
            <Form.List name="Params">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field) => (
                    <Space key={field.key} align="baseline" wrap>
                      <Form.Item name={[field.name, 'name']} rules={[{ required: true, pattern: /^[a-z][a-z0-9_]{0,39}$/, message: t('wizard.paramRule') }]}>
                        <Input placeholder={t('param.name')} style={{ width: 140 }} data-testid={`param-name-${field.name}`} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'caption']} rules={[{ required: true }]}>
                        <Input placeholder={t('param.caption')} style={{ width: 140 }} data-testid={`param-caption-${field.name}`} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'captionEn']}>
                        <Input placeholder={t('param.captionEn')} style={{ width: 140 }} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'type']} initialValue="text">
                        <Select style={{ width: 110 }} options={REPORT_PARAM_TYPES.map((type) => ({ value: type, label: t(`paramType.${type}`) }))} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'defaultValue']}>
                        <Input placeholder={t('param.default')} style={{ width: 120 }} />
                      </Form.Item>
                      <Form.Item noStyle shouldUpdate>
                        {({ getFieldValue }) => {
                          const name = getFieldValue(['Params', field.name, 'name']);
                          return name ? (
                            <Form.Item name={['Values', name]}>
                              <Input placeholder={t('param.previewValue')} style={{ width: 140 }} data-testid={`param-value-${field.name}`} />
                            </Form.Item>
                          ) : null;
                        }}
                      </Form.Item>
                      <MinusCircleOutlined onClick={() => remove(field.name)} />
                    </Space>
                  ))}
                  <Button type="dashed" onClick={() => add({ type: 'text' })} icon={<PlusOutlined />} data-testid="param-add">
                    {t('wizard.paramAdd')}
                  </Button>
                </>
              )}
            </Form.List>
          </Form.Item>
        </Form>
        <Space>
          <Button icon={<PlayCircleOutlined />} loading={busy} disabled={!canConfigureSql} onClick={() => void runPreview()} data-testid="wizard-preview">
            {t('wizard.preview')}
          </Button>
          <Button type="primary" loading={busy} disabled={!canConfigureSql || !report} onClick={() => void saveSql()} data-testid="wizard-save-sql">
            {t('wizard.saveSql')}
          </Button>
          <Button onClick={() => setStep(0)}>{t('wizard.back')}</Button>
          <Button disabled={!report?.Sql} onClick={() => void openStep(2)} data-testid="wizard-to-grid">
            {t('wizard.next')}
          </Button>
        </Space>
        {preview && (
          <div data-testid="report-preview" style={{ marginTop: 16 }}>
            <Typography.Text type="secondary" data-testid="report-preview-summary">
              {t('wizard.previewSummary', { count: preview.Rows.length, limit: preview.RowLimit, ms: preview.ElapsedMs })}
            </Typography.Text>
            <div style={{ margin: '8px 0' }}>
              {preview.Columns.map((column) => (
                <Tag key={column.name}>{`${column.name}: ${t(`columnType.${column.type}`)}`}</Tag>
              ))}
            </div>
            <Table
              size="small"
              rowKey={(_row, index) => String(index)}
              scroll={{ x: true, y: 320 }}
              pagination={false}
              dataSource={preview.Rows}
              columns={preview.Columns.map((column) => ({ key: column.name, dataIndex: column.name, title: column.name, render: (value: unknown) => cellText(value) }))}
            />
          </div>
        )}
      </div>

      <div hidden={step !== 2}>
        <Table
          size="small"
          rowKey="field"
          pagination={false}
          dataSource={columns}
          data-testid="report-grid-columns"
          columns={[
            { key: 'include', title: t('grid.include'), render: (_: unknown, row: ColumnDraft) => <Checkbox checked={row.include} onChange={(e) => patchColumn(setColumns, row.field, { include: e.target.checked })} /> },
            { key: 'field', title: t('grid.field'), dataIndex: 'field' },
            { key: 'caption', title: t('grid.caption'), render: (_: unknown, row: ColumnDraft) => <Input value={row.caption} onChange={(e) => patchColumn(setColumns, row.field, { caption: e.target.value })} data-testid={`grid-caption-${row.field}`} /> },
            { key: 'captionEn', title: t('grid.captionEn'), render: (_: unknown, row: ColumnDraft) => <Input value={row.captionEn} onChange={(e) => patchColumn(setColumns, row.field, { captionEn: e.target.value })} /> },
            { key: 'width', title: t('grid.width'), render: (_: unknown, row: ColumnDraft) => <InputNumber min={0} max={2000} value={row.width} onChange={(value) => patchColumn(setColumns, row.field, { width: value ?? undefined })} /> },
            { key: 'format', title: t('grid.format'), render: (_: unknown, row: ColumnDraft) => <Input value={row.format} placeholder="0.00" onChange={(e) => patchColumn(setColumns, row.field, { format: e.target.value })} /> },
            {
              key: 'aggregation',
              title: t('grid.aggregation'),
              render: (_: unknown, row: ColumnDraft) => (
                <Select
                  style={{ width: 120 }}
                  value={row.aggregation ?? ''}
                  onChange={(value) => patchColumn(setColumns, row.field, { aggregation: value })}
                  options={(['', 'sum', 'avg', 'sum,avg'] as const).map((value) => ({ value, label: t(`aggregation.${value || 'none'}`) }))}
                  data-testid={`grid-aggregation-${row.field}`}
                />
              ),
            },
            { key: 'search', title: t('grid.search'), render: (_: unknown, row: ColumnDraft) => <Checkbox checked={row.search} onChange={(e) => patchColumn(setColumns, row.field, { search: e.target.checked })} /> },
          ]}
        />
        <Space wrap style={{ marginTop: 16 }} data-testid="report-chart-config">
          <span>{t('grid.chart')}</span>
          <Select
            style={{ width: 140 }}
            value={chart?.type ?? 'none'}
            onChange={(type: 'none' | ReportChart['type']) => setChart(type === 'none' ? null : { type, x: chart?.x ?? '', y: chart?.y ?? [] })}
            options={(['none', 'bar', 'line', 'pie'] as const).map((type) => ({ value: type, label: t(`chartType.${type}`) }))}
            data-testid="chart-type"
          />
          {chart && (
            <>
              <Select style={{ width: 200 }} placeholder={t('grid.chartX')} value={chart.x || undefined} options={fieldOptions} onChange={(x) => setChart({ ...chart, x })} data-testid="chart-x" />
              <Select
                style={{ minWidth: 260 }}
                mode="multiple"
                placeholder={t('grid.chartY')}
                value={chart.y}
                options={fieldOptions}
                onChange={(y) => setChart({ ...chart, y })}
                data-testid="chart-y"
              />
            </>
          )}
        </Space>
        <div style={{ marginTop: 16 }}>
          <Space>
            <Button onClick={() => setStep(1)}>{t('wizard.back')}</Button>
            <Button type="primary" loading={busy} disabled={!canSave} onClick={() => void saveGrid()} data-testid="wizard-save-grid">
              {t('wizard.finish')}
            </Button>
          </Space>
        </div>
      </div>
    </Space>
  );
}

const cleanValues = (values: SqlForm['Values']) =>
  Object.fromEntries(Object.entries(values ?? {}).map(([name, value]) => [name, value === '' || value === undefined ? null : value]));

/** Leaves out the empty texts of a column (the contract's fields are optional, not empty). */
function stripEmpty(column: ReportColumn): ReportColumn {
  return Object.fromEntries(Object.entries(column).filter(([, value]) => value !== '' && value !== undefined && value !== null && value !== false)) as unknown as ReportColumn;
}

function patchColumn(set: (update: (all: ColumnDraft[]) => ColumnDraft[]) => void, field: string, change: Partial<ColumnDraft>) {
  set((all) => all.map((column) => (column.field === field ? { ...column, ...change } : column)));
}

const cellText = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));
