/**
 * Environment config (spec §3 environment variable row, §7): the rows behind ADMIN's environment
 * selector — EnvName, VarName, UrlPrefix, Enabled — listed, added, updated and deleted. An API
 * address must be an http/https URL ('API address configuration format is wrong', spec §5).
 */
import { useRef, useState } from 'react';
import { ModalForm, ProFormSwitch, ProFormText, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { App, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { addEnvConfig, deleteEnvConfig, isHttpUrl, loadEnvConfig, updateEnvConfig, type EnvConfigRow } from '../api';
import { AddRecordButton, RecordActions } from '../components/RecordActions';

export default function EnvConfigPage() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const table = useRef<ActionType>(null);
  const [editing, setEditing] = useState<Partial<EnvConfigRow> | null>(null);

  const columns: ProColumns<EnvConfigRow>[] = [
    { title: t('env.fields.EnvName'), dataIndex: 'EnvName', width: 160 },
    { title: t('env.fields.VarName'), dataIndex: 'VarName', width: 180 },
    { title: t('env.fields.UrlPrefix'), dataIndex: 'UrlPrefix', ellipsis: true },
    {
      title: t('env.fields.Enabled'),
      dataIndex: 'Enabled',
      width: 90,
      render: (_, row) => (row.Enabled === 'Y' ? <Tag color="green">Y</Tag> : <Tag>N</Tag>),
    },
    {
      title: t('actions'),
      valueType: 'option',
      width: 180,
      render: (_, row) => (
        <Space size={0}>
          <RecordActions onEdit={() => setEditing(row)} onDelete={() => deleteEnvConfig(row.ID)} afterDelete={() => table.current?.reload()} />
        </Space>
      ),
    },
  ];

  return (
    <>
      <ProTable<EnvConfigRow>
        rowKey="ID"
        headerTitle={t('env.title')}
        actionRef={table}
        columns={columns}
        search={false}
        size="small"
        request={async () => {
          const { rows, total } = await loadEnvConfig();
          return { data: rows, total, success: true };
        }}
        toolBarRender={() => [<AddRecordButton key="add" onAdd={() => setEditing({ Enabled: 'Y' })} />]}
      />
      <ModalForm<{ EnvName: string; VarName: string; UrlPrefix: string; Enabled: boolean }>
        title={editing?.ID ? t('env.edit') : t('env.add')}
        open={editing !== null}
        initialValues={{ ...editing, Enabled: editing?.Enabled !== 'N' }}
        modalProps={{ destroyOnHidden: true, onCancel: () => setEditing(null) }}
        onFinish={async (values) => {
          const row = { EnvName: values.EnvName, VarName: values.VarName, UrlPrefix: values.UrlPrefix.trim(), Enabled: values.Enabled ? ('Y' as const) : ('N' as const) };
          if (editing?.ID) await updateEnvConfig({ ID: editing.ID, ...row });
          else await addEnvConfig(row);
          setEditing(null);
          message.success(t('saved'));
          table.current?.reload();
          return true;
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
      </ModalForm>
    </>
  );
}
