/** Organisation types (spec §3: name, code, sort, active, remark): list, add, edit, delete. */
import { useRef, useState } from 'react';
import { ModalForm, ProFormDigit, ProFormSwitch, ProFormText, ProFormTextArea, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { App, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { deleteOrganizationType, loadOrganizationTypes, saveOrganizationType, type OrganizationType } from '../api';
import { AddRecordButton, RecordActions } from '../components/RecordActions';

export default function OrganizationTypesPage() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const table = useRef<ActionType>(null);
  const [editing, setEditing] = useState<Partial<OrganizationType> | null>(null);

  const columns: ProColumns<OrganizationType>[] = [
    { title: t('orgTypes.fields.Name'), dataIndex: 'Name', width: 180 },
    { title: t('orgTypes.fields.Code'), dataIndex: 'Code', width: 140 },
    { title: t('orgTypes.fields.SORT_NUM'), dataIndex: 'SORT_NUM', width: 90 },
    { title: t('orgTypes.fields.IsActive'), dataIndex: 'IsActive', width: 90, render: (_, row) => (row.IsActive ? <Tag color="green">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>) },
    { title: t('orgTypes.fields.Remark'), dataIndex: 'Remark', ellipsis: true },
    {
      title: t('actions'),
      valueType: 'option',
      width: 180,
      render: (_, row) => (
        <Space size={0}>
          <RecordActions onEdit={() => setEditing(row)} onDelete={() => deleteOrganizationType(row.Id)} afterDelete={() => table.current?.reload()} />
        </Space>
      ),
    },
  ];

  return (
    <>
      <ProTable<OrganizationType>
        rowKey="Id"
        headerTitle={t('orgTypes.title')}
        actionRef={table}
        columns={columns}
        search={false}
        size="small"
        pagination={false}
        request={async () => {
          const rows = await loadOrganizationTypes();
          return { data: rows, total: rows.length, success: true };
        }}
        toolBarRender={() => [<AddRecordButton key="add" onAdd={() => setEditing({ IsActive: true, SORT_NUM: 0 })} />]}
      />
      <ModalForm<Partial<OrganizationType>>
        title={editing?.Id ? t('orgTypes.edit') : t('orgTypes.add')}
        open={editing !== null}
        initialValues={editing ?? {}}
        modalProps={{ destroyOnHidden: true, onCancel: () => setEditing(null) }}
        onFinish={async (values) => {
          await saveOrganizationType({
            ...(editing?.Id ? { Id: editing.Id } : {}),
            Name: values.Name ?? '',
            Code: values.Code ?? '',
            SORT_NUM: values.SORT_NUM ?? 0,
            IsActive: values.IsActive ?? true,
            Remark: values.Remark ?? null,
          });
          setEditing(null);
          message.success(t('saved'));
          table.current?.reload();
          return true;
        }}
      >
        <ProFormText name="Name" label={t('orgTypes.fields.Name')} rules={[{ required: true, message: t('required', { field: t('orgTypes.fields.Name') }) }]} />
        <ProFormText name="Code" label={t('orgTypes.fields.Code')} rules={[{ required: true, message: t('required', { field: t('orgTypes.fields.Code') }) }]} />
        <ProFormDigit name="SORT_NUM" label={t('orgTypes.fields.SORT_NUM')} fieldProps={{ precision: 0 }} />
        <ProFormSwitch name="IsActive" label={t('orgTypes.fields.IsActive')} />
        <ProFormTextArea name="Remark" label={t('orgTypes.fields.Remark')} />
      </ModalForm>
    </>
  );
}
