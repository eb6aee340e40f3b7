/**
 * A reel's detail and edit dialog (spec §2 reel editing; issue 17): its lot, date code and expiry,
 * saved by Reel/Update (never its quantity: that is the ledger's), and its history below — who, when,
 * which field, old → new (a lot changed in stock names its ledger transaction). Refusals (an issued
 * reel, a reserved reel's lot) toast with the server's message and keep the dialog open.
 */
import { ModalForm, ProFormDatePicker, ProFormText } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { App, Descriptions, Form, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { updateReel, useReel, useReelHistory, type ReelHistoryEntry } from '../api';
import { formatTime } from '../../../core/format/time';
import { useKeepsTyping } from '../../../core/forms/useKeepsTyping';

interface FormValues {
  LotCode?: string;
  DateCode?: string;
  ExpireDate?: Dayjs | string | null;
}

export interface ReelEditDialogProps {
  reelCode: string | null;
  onClose(): void;
  onSaved?(): void;
}

export function ReelEditDialog({ reelCode, onClose, onSaved }: ReelEditDialogProps) {
  const { t } = useTranslation('stock');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const reel = useReel(reelCode ?? undefined);
  const history = useReelHistory(reelCode ?? undefined);
  const current = reel.data;
  const [form] = Form.useForm<FormValues>();
  // The reel's values once read (the dialog opens at once, its fields fill when the reel arrives).
  useEffect(() => {
    if (current) form.setFieldsValue({ LotCode: current.LotCode, DateCode: current.DateCode ?? '', ExpireDate: current.ExpireDate ? dayjs(current.ExpireDate) : null });
  }, [current, form]);
  const fieldName = (field: ReelHistoryEntry['Field']) => t(`reels.fields.${field}`);
  const keepsTyping = useKeepsTyping(reelCode !== null);
  return (
    <ModalForm<FormValues>
      form={form}
      title={t('reels.editTitle', { reel: reelCode ?? '' })}
      open={reelCode !== null}
      onOpenChange={(open) => !open && onClose()}
      width={720}
      {...keepsTyping.formProps}
      modalProps={{ destroyOnClose: true, ...keepsTyping.modalProps }}
      submitter={{ searchConfig: { submitText: t('reels.save'), resetText: t('reels.cancel') } }}
      grid
      rowProps={{ gutter: 16 }}
      onFinish={async (values) => {
        if (!current || !reelCode) return false;
        const expire = !values.ExpireDate ? null : typeof values.ExpireDate === 'string' ? values.ExpireDate : values.ExpireDate.format('YYYY-MM-DD');
        const body: { ReelCode: string; LotCode?: string; DateCode?: string | null; ExpireDate?: string | null } = { ReelCode: reelCode };
        if ((values.LotCode ?? '').trim() !== current.LotCode) body.LotCode = (values.LotCode ?? '').trim();
        if (((values.DateCode ?? '').trim() || null) !== current.DateCode) body.DateCode = (values.DateCode ?? '').trim() || null;
        if (expire !== current.ExpireDate) body.ExpireDate = expire;
        if (Object.keys(body).length === 1) return true;
        await updateReel(body);
        message.success(t('reels.saved', { reel: reelCode }));
        await queryClient.invalidateQueries({ queryKey: ['stock'] });
        onSaved?.();
        return true;
      }}
    >
      {current && (
        <Descriptions size="small" column={4} style={{ marginBottom: 12, width: '100%', paddingInline: 8 }} data-testid="reel-edit-facts">
          <Descriptions.Item label={t('field.PartCode')}>{current.PartCode}</Descriptions.Item>
          <Descriptions.Item label={t('field.Qty')}>{current.Qty}</Descriptions.Item>
          <Descriptions.Item label={t('reels.status')}>{t(`reelStatus.${current.Status}`, { defaultValue: current.Status })}</Descriptions.Item>
          <Descriptions.Item label={t('field.Loc')}>{[current.Sic, current.Loc].filter(Boolean).join(' / ') || '—'}</Descriptions.Item>
        </Descriptions>
      )}
      <ProFormText name="LotCode" label={t('reels.lot')} colProps={{ span: 8 }} fieldProps={{ maxLength: 100, 'aria-label': t('reels.lot') }} />
      <ProFormText name="DateCode" label={t('reels.dateCode')} colProps={{ span: 8 }} fieldProps={{ maxLength: 100, 'aria-label': t('reels.dateCode') }} />
      <ProFormDatePicker name="ExpireDate" label={t('reels.expireDate')} colProps={{ span: 8 }} fieldProps={{ style: { width: '100%' }, 'aria-label': t('reels.expireDate') }} />
      <div style={{ width: '100%', paddingInline: 8 }}>
        <Typography.Title level={5}>{t('reels.history')}</Typography.Title>
        <Table<ReelHistoryEntry>
          data-testid="reel-history"
          size="small"
          rowKey={(row) => `${row.ChangedAt}-${row.Field}`}
          loading={history.isLoading}
          dataSource={history.data ?? []}
          pagination={false}
          locale={{ emptyText: t('reels.noHistory') }}
          columns={[
            { key: 'when', title: t('reels.when'), dataIndex: 'ChangedAt', width: 160, render: (value: string) => formatTime(value) },
            { key: 'who', title: t('reels.who'), dataIndex: 'UserName', width: 100 },
            { key: 'field', title: t('reels.field'), dataIndex: 'Field', width: 90, render: fieldName },
            { key: 'change', title: `${t('reels.old')} → ${t('reels.new')}`, render: (_: unknown, row) => `${row.OldValue ?? '—'} → ${row.NewValue ?? '—'}` },
            { key: 'txn', title: t('reels.transaction'), dataIndex: 'TransactionId', width: 100, render: (value: string | null) => value ?? '' },
          ]}
        />
      </div>
    </ModalForm>
  );
}
