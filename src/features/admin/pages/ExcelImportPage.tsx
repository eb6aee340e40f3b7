/**
 * Excel import (spec §2 administration, Excel导入): one place to bulk-load master data. Pick what to
 * import (the master-data entities, each imported by its own Import), download its template, upload
 * the filled .xlsx: every row is checked first and nothing is written when any row fails — the page
 * then lists the rows with what is wrong and offers the error report; otherwise it says how many
 * rows were imported.
 */
import { useState } from 'react';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Select, Space, Spin, Table, Tag, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { base64Blob, downloadBlob } from '../../../grid/logic/download';
import { downloadImportTemplate, importExcel, loadImportTargets, type ImportOutcome } from '../toolsApi';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The master-data import's limit (server/http/uploads.ts). */
const IMPORT_MAX_MB = 10;

export default function ExcelImportPage() {
  const { t, i18n } = useTranslation('admin');
  const { message } = App.useApp();
  const targets = useQuery({ queryKey: ['admin', 'excelImportTargets', i18n.language], queryFn: loadImportTargets });
  const [resource, setResource] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ outcome: ImportOutcome; message: string; fileName: string } | null>(null);
  const target = targets.data?.find((item) => item.RESOURCE === resource);

  const pick = (value: string) => {
    setResource(value);
    setResult(null);
  };

  const upload = async (file: File) => {
    if (!target) return;
    // Spec §5: the type and the size are checked before anything is sent.
    if (!/\.xlsx$/i.test(file.name)) return void message.error(t('excelImport.wrongType'));
    if (file.size > IMPORT_MAX_MB * 1024 * 1024) return void message.error(t('tools.tooLarge', { max: IMPORT_MAX_MB }));
    setBusy(true);
    setResult(null);
    try {
      const answer = await importExcel(target.RESOURCE, file);
      setResult({ ...answer, fileName: file.name });
    } catch {
      // The failure was shown as its toast.
    } finally {
      setBusy(false);
    }
  };

  const failed = Boolean(result?.outcome.ERRORS.length);

  return (
    <Card title={t('excelImport.title')} size="small">
      <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 960 }}>
        <Space wrap>
          <Typography.Text strong>{t('excelImport.target')}</Typography.Text>
          <Select
            data-testid="excel-import-target"
            style={{ width: 280 }}
            showSearch
            optionFilterProp="label"
            loading={targets.isLoading}
            placeholder={t('excelImport.targetPlaceholder')}
            value={resource}
            onChange={pick}
            options={(targets.data ?? []).map((item) => ({ value: item.RESOURCE, label: item.TITLE }))}
          />
          <Button
            icon={<DownloadOutlined />}
            disabled={!target}
            onClick={async () => {
              if (!target) return;
              try {
                downloadBlob(await downloadImportTemplate(target.RESOURCE), t('excelImport.templateName', { title: target.TITLE }));
              } catch {
                // The failure was shown as its toast.
              }
            }}
          >
            {t('excelImport.template')}
          </Button>
        </Space>

        {target && (
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('excelImport.columns')}>
              <Space size={[4, 4]} wrap>
                {target.FIELDS.map((field) => (
                  <Tag key={field.NAME} color={field.REQUIRED ? 'blue' : undefined}>
                    {field.REQUIRED ? `* ${field.LABEL}` : field.LABEL}
                  </Tag>
                ))}
              </Space>
            </Descriptions.Item>
          </Descriptions>
        )}
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('excelImport.rules', { max: IMPORT_MAX_MB })}
        </Typography.Paragraph>

        <Spin spinning={busy}>
          <Upload.Dragger
            data-testid="excel-import-upload"
            disabled={!target || busy}
            accept={`.xlsx,${XLSX_TYPE}`}
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{target ? t('excelImport.drop', { title: target.TITLE }) : t('excelImport.pickFirst')}</p>
          </Upload.Dragger>
        </Spin>

        {result && !failed && <Alert type="success" showIcon data-testid="excel-import-result" message={result.message} description={result.fileName} />}
        {result && failed && (
          <Space direction="vertical" style={{ width: '100%' }} data-testid="excel-import-errors">
            <Alert
              type="error"
              showIcon
              data-testid="excel-import-result"
              message={result.message}
              description={result.fileName}
              action={
                result.outcome.REPORT_FILE && (
                  <Button
                    size="small"
                    danger
                    icon={<DownloadOutlined />}
                    onClick={() => downloadBlob(base64Blob(result.outcome.REPORT_FILE!, XLSX_TYPE), result.outcome.REPORT_NAME ?? 'errors.xlsx')}
                  >
                    {t('excelImport.report')}
                  </Button>
                )
              }
            />
            <Table
              size="small"
              rowKey="ROW"
              pagination={false}
              scroll={{ y: 360 }}
              dataSource={result.outcome.ERRORS}
              columns={[
                { title: t('excelImport.row'), dataIndex: 'ROW', width: 90 },
                { title: t('excelImport.problem'), dataIndex: 'MESSAGE' },
              ]}
            />
          </Space>
        )}
      </Space>
    </Card>
  );
}
