/**
 * Custom report setting (spec §2: index, add, child, sun, three step parts, help document): every
 * report with its children and grandchildren, the three-step wizard to add or edit one (or to add a
 * child under it), its help document, its change log (who, when, the SQL before and after) and
 * delete. The buttons follow the menu's grants: Save (basics, grid, help), SqlConfig (SQL and its
 * preview), Delete. A portal administration table (a few dozen reports), not a DataGrid list.
 */
import { useRef, useState } from 'react';
import { App, Button, Drawer, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../core/navigation/access';
import { RichTextEditor, type RichTextEditorHandle } from '../../../shell/richText/RichTextEditor';
import { deleteReport, saveReportHelp, useInvalidateReports, useReportAudit, useReports, type Report } from '../api';
import { ReportWizard } from '../components/ReportWizard';
import { formatTime } from '../../../core/format/time';
import { useKeepsTyping } from '../../../core/forms/useKeepsTyping';

type WizardTarget = { report?: Report; parentCode?: string };

export default function ReportSettingPage() {
  const { t } = useTranslation('reports');
  const { message } = App.useApp();
  const { can } = useAccess();
  const reports = useReports();
  const invalidate = useInvalidateReports();
  const [wizard, setWizard] = useState<WizardTarget>();
  const [helpOf, setHelpOf] = useState<Report>();
  const [auditOf, setAuditOf] = useState<Report>();
  const rows = reports.data?.rows ?? [];
  const canSave = can('Save');

  const remove = async (report: Report) => {
    try {
      await deleteReport(report.Code);
      void message.success(t('setting.deleted'));
      void invalidate();
    } catch {
      // The api layer showed the server's message.
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="report-setting-page">
      <Space>
        {canSave && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setWizard({})} data-testid="report-add">
            {t('setting.add')}
          </Button>
        )}
      </Space>
      <Table
        size="small"
        rowKey="Code"
        loading={reports.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="report-table"
        columns={[
          {
            key: 'code',
            title: t('field.code'),
            render: (_: unknown, row: Report) => <span style={{ paddingLeft: (row.Level - 1) * 20 }}>{row.Code}</span>,
          },
          { key: 'name', title: t('field.name'), dataIndex: 'Name' },
          { key: 'nameEn', title: t('field.nameEn'), dataIndex: 'NameEn' },
          { key: 'level', title: t('field.level'), render: (_: unknown, row: Report) => <Tag>{t(`level.${row.Level}`)}</Tag> },
          { key: 'menu', title: t('field.menu'), render: (_: unknown, row: Report) => row.MenuCode ?? (row.ParentCode ? `↳ ${row.ParentCode}` : '') },
          { key: 'sql', title: t('field.sql'), render: (_: unknown, row: Report) => (row.Sql ? <Tag color="green">{t('setting.sqlSet')}</Tag> : <Tag>{t('setting.sqlMissing')}</Tag>) },
          { key: 'updated', title: t('field.updated'), render: (_: unknown, row: Report) => `${row.UpdatedBy ?? ''} ${formatTime(row.UpdatedAt, 'minute')}` },
          {
            key: 'actions',
            title: t('setting.actions'),
            // One line of actions per report, however narrow the window: the table scrolls sideways instead.
            onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
            render: (_: unknown, row: Report) => (
              <Space size={0}>
                <Button size="small" type="link" onClick={() => setWizard({ report: row })} data-testid={`report-edit-${row.Code}`}>
                  {canSave ? t('setting.edit') : t('setting.view')}
                </Button>
                {canSave && row.Level < 3 && (
                  <Button size="small" type="link" onClick={() => setWizard({ parentCode: row.Code })} data-testid={`report-add-child-${row.Code}`}>
                    {row.Level === 1 ? t('setting.addChild') : t('setting.addSun')}
                  </Button>
                )}
                {canSave && (
                  <Button size="small" type="link" onClick={() => setHelpOf(row)} data-testid={`report-help-${row.Code}`}>
                    {t('setting.help')}
                  </Button>
                )}
                <Button size="small" type="link" onClick={() => setAuditOf(row)} data-testid={`report-audit-${row.Code}`}>
                  {t('setting.audit')}
                </Button>
                {can('Delete') && (
                  <Popconfirm title={t('setting.confirmDelete', { code: row.Code })} onConfirm={() => void remove(row)}>
                    <Button size="small" type="link" danger data-testid={`report-delete-${row.Code}`}>
                      {t('setting.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Drawer
        open={Boolean(wizard)}
        width="90%"
        destroyOnHidden
        onClose={() => setWizard(undefined)}
        title={wizard?.report ? t('wizard.editTitle', { code: wizard.report.Code }) : wizard?.parentCode ? t('wizard.childTitle', { parent: wizard.parentCode }) : t('wizard.addTitle')}
      >
        {wizard && (
          <ReportWizard
            report={wizard.report}
            parentCode={wizard.parentCode}
            reports={rows}
            canSave={canSave}
            canConfigureSql={can('SqlConfig')}
            onSaved={() => void invalidate()}
            onClose={() => setWizard(undefined)}
          />
        )}
      </Drawer>
      {helpOf && <HelpDialog report={helpOf} onClose={() => setHelpOf(undefined)} onSaved={() => void invalidate()} />}
      <Drawer open={Boolean(auditOf)} width="70%" destroyOnHidden onClose={() => setAuditOf(undefined)} title={t('audit.title', { code: auditOf?.Code ?? '' })}>
        {auditOf && <AuditLog code={auditOf.Code} />}
      </Drawer>
    </Space>
  );
}

/** The help document in the portal's rich-text editor (sanitised as typed, by the server when saved, and again when shown). */
function HelpDialog({ report, onClose, onSaved }: { report: Report; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('reports');
  const editor = useRef<RichTextEditorHandle>(null);
  const [busy, setBusy] = useState(false);
  const keepsTyping = useKeepsTyping(true);
  const save = async () => {
    setBusy(true);
    try {
      // The body as it is now: the last keystrokes may still be inside the editor's delay.
      await saveReportHelp({ Code: report.Code, HelpHtml: editor.current?.flush() ?? report.HelpHtml ?? '' });
      onSaved();
      onClose();
    } catch {
      // The api layer showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open width="70%" title={t('help.title', { code: report.Code })} onCancel={onClose} onOk={() => void save()} okButtonProps={{ loading: busy, 'data-testid': 'help-save' } as never} {...keepsTyping.modalProps}>
      <Typography.Paragraph type="secondary">{t('help.hint')}</Typography.Paragraph>
      <RichTextEditor ref={editor} label={t('help.body')} initialValue={report.HelpHtml ?? ''} height={240} onEdit={keepsTyping.edited} />
    </Modal>
  );
}

function AuditLog({ code }: { code: string }) {
  const { t } = useTranslation('reports');
  const audit = useReportAudit(code);
  return (
    <Table
      size="small"
      rowKey="Id"
      loading={audit.isLoading}
      dataSource={audit.data ?? []}
      pagination={false}
      data-testid="report-audit"
      columns={[
        { key: 'at', title: t('audit.at'), render: (_: unknown, row) => formatTime(row.At) },
        { key: 'user', title: t('audit.user'), dataIndex: 'UserName' },
        { key: 'action', title: t('audit.action'), render: (_: unknown, row) => t(`audit.actions.${row.Action}`) },
        { key: 'before', title: t('audit.sqlBefore'), render: (_: unknown, row) => row.SqlBefore && <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{row.SqlBefore}</pre> },
        { key: 'after', title: t('audit.sqlAfter'), render: (_: unknown, row) => row.SqlAfter && <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{row.SqlAfter}</pre> },
      ]}
    />
  );
}
