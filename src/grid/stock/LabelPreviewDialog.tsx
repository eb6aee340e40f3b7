/**
 * The reel label dialog (issue 17; the reel grid's and a bill's reels): the labels of the chosen reels as the PDF the server renders,
 * shown in the page; Print sends them through the local printer service (spec §7) to the printer
 * chosen in the print dialog (PrintDialog: the service's current printer), as PDF or as ZPL for a
 * Zebra, then records the print on the reels (print count, date, printer); Download saves the
 * document. Spec §8 printer messages: no answer -> MesBatchManager._62; no printer chosen ->
 * MesBatchManager._61; a refusal -> 'Operation failed' with the service's Msg or 'Request failed'.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { Alert, App, Button, Empty, Form, Modal, Radio, Select, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getCurrentPrinter, printDocument, PrinterServiceError } from '../../api/printer';
import { pickTitle, useLanguage } from '../../core/i18n/localizedTitle';
import { ERROR_TOAST_SECONDS } from '../../core/noticeDurations';
import { downloadBlob } from '../logic/download';
import { DEFAULT_LABEL_TEMPLATE, LABEL_TEMPLATES } from '../../shared/labels/templates';
import { blobBase64, loadLabelDocument, recordLabelPrint, useRefreshAfterPrint, type LabelFormat } from './labels';

export interface LabelPreviewDialogProps {
  open: boolean;
  reelCodes: readonly string[];
  onClose(): void;
  /** After the print was sent and recorded: each reel's print count now. */
  onPrinted?(printed: { ReelCode: string; PrintCount: number }[]): void;
}

export function LabelPreviewDialog({ open, reelCodes, onClose, onPrinted }: LabelPreviewDialogProps) {
  const { t } = useTranslation('printer');
  const language = useLanguage();
  const { message, notification } = App.useApp();
  const refresh = useRefreshAfterPrint();
  const [template, setTemplate] = useState(DEFAULT_LABEL_TEMPLATE.code);
  const [format, setFormat] = useState<LabelFormat>('pdf');
  const [busy, setBusy] = useState<'print' | 'download' | null>(null);
  const codes = useMemo(() => [...reelCodes], [reelCodes]);
  // The preview's PDF, once per reels and template while the dialog is open (a failure toasts by itself).
  const preview = useQuery({
    queryKey: ['labels', 'pdf', template, codes],
    queryFn: () => loadLabelDocument(codes, 'pdf', template),
    enabled: open && codes.length > 0,
    gcTime: 0,
    retry: false,
  });
  const pdf = preview.data ?? null;
  const loadFailed = preview.isError;

  const previewUrl = useMemo(() => (pdf && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(pdf) : undefined), [pdf]);
  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);

  const documentOf = async (wanted: LabelFormat) => (wanted === 'pdf' && pdf ? pdf : loadLabelDocument(codes, wanted, template));
  const fileName = (wanted: LabelFormat) => `${codes.length === 1 ? codes[0] : t('labels.fileName', { count: codes.length })}.${wanted}`;

  const print = async () => {
    setBusy('print');
    try {
      let printer: string;
      try {
        printer = await getCurrentPrinter();
      } catch (error) {
        return failed(error);
      }
      if (!printer) {
        message.warning(t('dictionary._61'));
        return;
      }
      const document = await documentOf(format).catch(() => null);
      if (!document) return;
      try {
        await printDocument(printer, format, await blobBase64(document), fileName(format));
      } catch (error) {
        return failed(error);
      }
      const printed = await recordLabelPrint(codes, printer, template).catch(() => null);
      if (!printed) return;
      message.success(t('labels.printed', { count: codes.length, printer }));
      await refresh();
      onPrinted?.(printed);
      onClose();
    } finally {
      setBusy(null);
    }
  };

  // Error toasts stay the spec's 5 s, not the 2 s of other notices: the user has to start the print service or fix the printer.
  const failed = (error: unknown) => {
    if (error instanceof PrinterServiceError && error.kind === 'refused') {
      notification.error({ message: t('operationFailed'), description: error.serviceMessage || t('requestFailed'), duration: ERROR_TOAST_SECONDS });
    } else message.error({ content: t('dictionary._62'), duration: ERROR_TOAST_SECONDS });
  };

  const download = async () => {
    setBusy('download');
    try {
      const document = await documentOf(format).catch(() => null);
      if (document) downloadBlob(document, fileName(format));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      title={t('labels.title', { count: codes.length })}
      open={open}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('labels.close')}</Button>
          <Button icon={<DownloadOutlined />} onClick={() => void download()} loading={busy === 'download'} disabled={busy !== null || loadFailed}>
            {t('labels.download')}
          </Button>
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => void print()} loading={busy === 'print'} disabled={busy !== null || loadFailed}>
            {t('labels.print')}
          </Button>
        </Space>
      }
    >
      <Form layout="inline" colon={false} style={{ marginBottom: 12 }}>
        <Form.Item label={t('labels.template')}>
          <Select
            aria-label={t('labels.template')}
            value={template}
            onChange={setTemplate}
            style={{ minWidth: 320 }}
            options={LABEL_TEMPLATES.map((item) => ({ value: item.code, label: pickTitle({ zh: item.name['zh-chs'], en: item.name.en }, language) }))}
          />
        </Form.Item>
        <Form.Item label={t('labels.format')}>
          <Radio.Group
            value={format}
            onChange={(event) => setFormat(event.target.value as LabelFormat)}
            options={[
              { value: 'pdf', label: t('labels.formatPdf') },
              { value: 'zpl', label: t('labels.formatZpl') },
            ]}
          />
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('labels.hint')}
      </Typography.Paragraph>
      {loadFailed ? (
        <Alert type="error" showIcon message={t('labels.loadFailed')} />
      ) : !pdf ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin tip={t('labels.loading')}>
            <span />
          </Spin>
        </div>
      ) : previewUrl ? (
        <iframe title={t('labels.preview')} src={previewUrl} data-testid="label-preview" style={{ width: '100%', height: 420, border: '1px solid #d9d9d9' }} />
      ) : (
        <Empty data-testid="label-preview" description={t('labels.preview')} />
      )}
    </Modal>
  );
}
