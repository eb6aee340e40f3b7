/**
 * The form of a new count plan: its scope (storage locations, locators, parts; empty = all: each typed or scanned,
 * or picked from the records suggested by code or name) and options.
 */
import { ModalForm, ProForm, ProFormSelect, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { useGridFeedback } from '../../../grid/hooks/useGridFeedback';
import { useKeepsTyping } from '../../../core/forms/useKeepsTyping';
import { CodeSuggestTags } from '../../../grid/components/CodeSuggestInput';
import { loadStockRefOptions, type StockRefOptionsRequest } from '../../../grid/stock/stockApi';
import { createStocktake, type StocktakeCreate, type StocktakePlan } from '../api';

/** The scope's fields and the records each suggests (Stock/RefOptions, which the plan's Save button grants). */
const SCOPE_FIELDS = [
  { name: 'Sics', label: 'field.sics', suggests: 'Sic' },
  { name: 'Locs', label: 'field.locs', suggests: 'Loc' },
  { name: 'Parts', label: 'field.parts', suggests: 'PartCode' },
] as const satisfies readonly { name: keyof StocktakeCreate; label: string; suggests: StockRefOptionsRequest['Field'] }[];

export interface StocktakeCreateFormProps {
  open: boolean;
  onClose(): void;
  onCreated(plan: StocktakePlan): void;
}

export function StocktakeCreateForm({ open, onClose, onCreated }: StocktakeCreateFormProps) {
  const { t } = useTranslation('stocktake');
  const feedback = useGridFeedback();
  const keepsTyping = useKeepsTyping(open);
  return (
    <ModalForm<StocktakeCreate>
      title={t('create')}
      open={open}
      {...keepsTyping.formProps}
      modalProps={{ destroyOnHidden: true, onCancel: onClose, ...keepsTyping.modalProps }}
      onFinish={async (values) => {
        try {
          const { data, message } = await createStocktake(values);
          feedback.success(message);
          onCreated(data);
          return true;
        } catch {
          return false;
        }
      }}
    >
      <ProFormText name="Description" label={t('field.description')} fieldProps={{ maxLength: 200 }} />
      {SCOPE_FIELDS.map((field) => (
        <ProForm.Item key={field.name} name={field.name} label={t(field.label)}>
          <CodeSuggestTags source={['stocktake', field.suggests]} suggest={(key) => loadStockRefOptions({ Field: field.suggests, Key: key })} placeholder={t('scopeAll')} />
        </ProForm.Item>
      ))}
      <ProFormSelect
        name="AbcClasses"
        label={t('field.abcClasses')}
        tooltip={t('abcHint')}
        mode="multiple"
        options={(['A', 'B', 'C'] as const).map((abc) => ({ value: abc, label: t('abcClass', { abc }) }))}
        placeholder={t('scopeAll')}
      />
      <ProFormSwitch name="Blind" label={t('field.blind')} />
      <ProFormSwitch name="RecountByOther" label={t('field.recountByOther')} />
    </ModalForm>
  );
}
