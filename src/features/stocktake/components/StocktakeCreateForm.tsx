/** The form of a new count plan: its scope (storage locations, locators, parts; empty = all) and options. */
import { ModalForm, ProFormSelect, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { useGridFeedback } from '../../../grid/hooks/useGridFeedback';
import { createStocktake, type StocktakeCreate, type StocktakePlan } from '../api';

export interface StocktakeCreateFormProps {
  open: boolean;
  onClose(): void;
  onCreated(plan: StocktakePlan): void;
}

export function StocktakeCreateForm({ open, onClose, onCreated }: StocktakeCreateFormProps) {
  const { t } = useTranslation('stocktake');
  const feedback = useGridFeedback();
  const tags = { mode: 'tags' as const, tokenSeparators: [',', ' ', '\n'], open: false };
  return (
    <ModalForm<StocktakeCreate>
      title={t('create')}
      open={open}
      modalProps={{ destroyOnHidden: true, onCancel: onClose, maskClosable: false }}
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
      <ProFormSelect name="Sics" label={t('field.sics')} fieldProps={tags} placeholder={t('scopeAll')} />
      <ProFormSelect name="Locs" label={t('field.locs')} fieldProps={tags} placeholder={t('scopeAll')} />
      <ProFormSelect name="Parts" label={t('field.parts')} fieldProps={tags} placeholder={t('scopeAll')} />
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
