/**
 * 生成条码 (spec §2 reel barcode generation; issue 17): reels without a bill — a part, its lot, date
 * code, expiry and vendor, the quantity per reel and how many reels — made by Reel/Generate (CREATED,
 * new codes); then the caller offers to print their labels (onGenerated). The part and the vendor are
 * typed or scanned as on a bill's line, with suggestions by code or name. A refusal toasts (spec §8), or
 * when it is about one field (a part or vendor unknown or disabled) marks that field; the form stays open.
 */
import { ModalForm, ProFormDatePicker, ProFormDigit, ProFormText } from '@ant-design/pro-components';
import { App, Col, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MAX_GENERATED_REELS } from '../../../shared/labels/generate-rules';
import { generateReels } from '../api';
import { saveMarkingRefusal } from '../../../api/problemPlace';
import { useFieldMarks } from '../../../core/forms/useFieldMarks';
import { useKeepsTyping } from '../../../core/forms/useKeepsTyping';
import { StockCodeInput } from './StockCodeInput';

const QUANTITY = /^\d{1,12}(\.\d{1,6})?$/;

interface FormValues {
  PartCode: string;
  LotCode?: string;
  DateCode?: string;
  ExpireDate?: Dayjs | string | null;
  VendorCode?: string;
  Qty: string;
  Count: number;
}

export interface GenerateReelsFormProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The codes of the reels made. */
  onGenerated(reelCodes: string[]): void;
}

const text = (value: string | undefined) => value?.trim() || undefined;
const day = (value: FormValues['ExpireDate']) => (!value ? undefined : typeof value === 'string' ? value : value.format('YYYY-MM-DD'));

export function GenerateReelsForm({ open, onOpenChange, onGenerated }: GenerateReelsFormProps) {
  const { t } = useTranslation('stock');
  const { message } = App.useApp();
  const required = (field: string) => ({ required: true, message: t('reels.required', { field }) });
  const keepsTyping = useKeepsTyping(open);
  const marks = useFieldMarks();
  return (
    <ModalForm<FormValues>
      title={t('reels.generateTitle')}
      open={open}
      onOpenChange={onOpenChange}
      width={560}
      {...keepsTyping.formProps}
      {...marks.formProps}
      modalProps={{ destroyOnClose: true, ...keepsTyping.modalProps }}
      initialValues={{ Count: 1 }}
      grid
      rowProps={{ gutter: 16 }}
      submitter={{ searchConfig: { submitText: t('reels.generate'), resetText: t('reels.cancel') } }}
      onFinish={async (values) => {
        const body = {
          PartCode: values.PartCode.trim(),
          Qty: String(values.Qty).trim(),
          Count: Number(values.Count),
          LotCode: text(values.LotCode),
          DateCode: text(values.DateCode),
          ExpireDate: day(values.ExpireDate),
          VendorCode: text(values.VendorCode),
        };
        const codes = await saveMarkingRefusal(marks, (options) => generateReels(body, options));
        message.success(t('reels.generated', { count: codes.length }));
        onGenerated(codes);
        return true;
      }}
    >
      <Col span={12}>
        <Form.Item name="PartCode" label={t('reels.part')} rules={[required(t('reels.part'))]}>
          <StockCodeInput field="PartCode" aria-label={t('reels.part')} placeholder={t('search.codeOrName')} autoFocus />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="VendorCode" label={t('reels.vendor')}>
          <StockCodeInput field="VendorCode" aria-label={t('reels.vendor')} placeholder={t('search.codeOrName')} />
        </Form.Item>
      </Col>
      <ProFormText
        name="Qty"
        label={t('reels.qty')}
        colProps={{ span: 12 }}
        fieldProps={{ 'aria-label': t('reels.qty'), style: { textAlign: 'right' } }}
        rules={[
          required(t('reels.qty')),
          {
            validator: (_: unknown, value: string | undefined) =>
              !value || (QUANTITY.test(String(value).trim()) && Number(value) > 0) ? Promise.resolve() : Promise.reject(new Error(t('reels.quantity', { field: t('reels.qty') }))),
          },
        ]}
      />
      <ProFormDigit
        name="Count"
        label={t('reels.count')}
        colProps={{ span: 12 }}
        fieldProps={{ precision: 0, 'aria-label': t('reels.count') }}
        rules={[
          required(t('reels.count')),
          {
            validator: (_: unknown, value: number | undefined) =>
              value === undefined || value === null || (Number.isInteger(Number(value)) && value >= 1 && value <= MAX_GENERATED_REELS)
                ? Promise.resolve()
                : Promise.reject(new Error(t('reels.countRange', { field: t('reels.count'), max: MAX_GENERATED_REELS }))),
          },
        ]}
      />
      <ProFormText name="LotCode" label={t('reels.lot')} colProps={{ span: 8 }} fieldProps={{ maxLength: 100, 'aria-label': t('reels.lot') }} />
      <ProFormText name="DateCode" label={t('reels.dateCode')} colProps={{ span: 8 }} fieldProps={{ maxLength: 100, 'aria-label': t('reels.dateCode') }} />
      <ProFormDatePicker name="ExpireDate" label={t('reels.expireDate')} colProps={{ span: 8 }} fieldProps={{ style: { width: '100%' }, 'aria-label': t('reels.expireDate') }} />
    </ModalForm>
  );
}
