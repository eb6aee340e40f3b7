/**
 * Environment config (spec §3 environment variable row, §7): the rows behind ADMIN's environment
 * selector — EnvName, VarName, UrlPrefix, Enabled — listed, added, updated and deleted. An API
 * address must be an http/https URL ('API address configuration format is wrong', spec §5).
 */
import { ProFormSwitch, ProFormText, type ProColumns } from '@ant-design/pro-components';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isHttpUrl } from '../../../shared/http-url';
import { addEnvConfig, deleteEnvConfig, loadEnvConfig, updateEnvConfig, type EnvConfigRow } from '../api';
import { AdminCrudTable } from '../components/AdminCrudTable';
import { rowActionsWidth } from '../components/RecordActions';

export default function EnvConfigPage() {
  const { t } = useTranslation('admin');

  const columns: ProColumns<EnvConfigRow>[] = [
    { title: t('env.fields.EnvName'), dataIndex: 'EnvName', width: 160 },
    { title: t('env.fields.VarName'), dataIndex: 'VarName', width: 180 },
    { title: t('env.fields.UrlPrefix'), dataIndex: 'UrlPrefix', ellipsis: true },
    {
      title: t('env.fields.Enabled'),
      dataIndex: 'Enabled',
      width: 90,
      render: (_, row) => (row.Enabled === 'Y' ? <Tag color="green">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>),
    },
  ];

  return (
    <AdminCrudTable<EnvConfigRow, { EnvName: string; VarName: string; UrlPrefix: string; Enabled: boolean }>
      rowKey="ID"
      headerTitle={t('env.title')}
      columns={columns}
      actionsWidth={rowActionsWidth(2)}
      load={loadEnvConfig}
      newRecord={{ Enabled: 'Y' }}
      remove={(row) => deleteEnvConfig(row.ID)}
      titles={{ add: t('env.add'), edit: t('env.edit') }}
      initialValues={(editing) => ({ ...editing, Enabled: editing.Enabled !== 'N' })}
      save={async (values, editing, options) => {
        const row = { EnvName: values.EnvName, VarName: values.VarName, UrlPrefix: values.UrlPrefix.trim(), Enabled: values.Enabled ? ('Y' as const) : ('N' as const) };
        if (editing.ID) await updateEnvConfig({ ID: editing.ID, ...row }, options);
        else await addEnvConfig(row, options);
      }}
    >
      <ProFormText name="EnvName" label={t('env.fields.EnvName')} rules={[{ required: true, message: t('required', { field: t('env.fields.EnvName') }) }]} />
      <ProFormText name="VarName" label={t('env.fields.VarName')} rules={[{ required: true, message: t('required', { field: t('env.fields.VarName') }) }]} />
      <ProFormText
        name="UrlPrefix"
        label={t('env.fields.UrlPrefix')}
        rules={[
          { required: true, message: t('required', { field: t('env.fields.UrlPrefix') }) },
          { validator: async (_: unknown, value?: string) => { if (value && !isHttpUrl(value)) throw new Error(t('env.urlInvalid')); } },
        ]}
      />
      <ProFormSwitch name="Enabled" label={t('env.fields.Enabled')} />
    </AdminCrudTable>
  );
}
