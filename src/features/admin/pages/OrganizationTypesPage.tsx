/** Organisation types (spec §3: name, code, sort, active, remark): list, add, edit, delete. */
import { ProFormDigit, ProFormSwitch, ProFormText, ProFormTextArea, type ProColumns } from '@ant-design/pro-components';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { deleteOrganizationType, loadOrganizationTypes, saveOrganizationType, type OrganizationType } from '../api';
import { AdminCrudTable } from '../components/AdminCrudTable';
import { rowActionsWidth } from '../components/RecordActions';

export default function OrganizationTypesPage() {
  const { t } = useTranslation('admin');

  const columns: ProColumns<OrganizationType>[] = [
    { title: t('orgTypes.fields.Name'), dataIndex: 'Name', width: 180 },
    { title: t('orgTypes.fields.Code'), dataIndex: 'Code', width: 140 },
    { title: t('orgTypes.fields.SORT_NUM'), dataIndex: 'SORT_NUM', width: 90 },
    { title: t('orgTypes.fields.IsActive'), dataIndex: 'IsActive', width: 90, render: (_, row) => (row.IsActive ? <Tag color="green">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>) },
    { title: t('orgTypes.fields.Remark'), dataIndex: 'Remark', ellipsis: true },
  ];

  return (
    <AdminCrudTable<OrganizationType, Partial<OrganizationType>>
      rowKey="Id"
      headerTitle={t('orgTypes.title')}
      columns={columns}
      actionsWidth={rowActionsWidth(2)}
      pagination={false}
      load={async () => {
        const rows = await loadOrganizationTypes();
        return { rows, total: rows.length };
      }}
      newRecord={{ IsActive: true, SORT_NUM: 0 }}
      remove={(row) => deleteOrganizationType(row.Id)}
      titles={{ add: t('orgTypes.add'), edit: t('orgTypes.edit') }}
      initialValues={(editing) => editing}
      save={(values, editing, options) =>
        saveOrganizationType(
          {
            ...(editing.Id ? { Id: editing.Id } : {}),
            Name: values.Name ?? '',
            Code: values.Code ?? '',
            SORT_NUM: values.SORT_NUM ?? 0,
            IsActive: values.IsActive ?? true,
            Remark: values.Remark ?? null,
          },
          options,
        )
      }
    >
      <ProFormText name="Name" label={t('orgTypes.fields.Name')} rules={[{ required: true, message: t('required', { field: t('orgTypes.fields.Name') }) }]} />
      <ProFormText name="Code" label={t('orgTypes.fields.Code')} rules={[{ required: true, message: t('required', { field: t('orgTypes.fields.Code') }) }]} />
      <ProFormDigit name="SORT_NUM" label={t('orgTypes.fields.SORT_NUM')} fieldProps={{ precision: 0 }} />
      <ProFormSwitch name="IsActive" label={t('orgTypes.fields.IsActive')} />
      <ProFormTextArea name="Remark" label={t('orgTypes.fields.Remark')} />
    </AdminCrudTable>
  );
}
