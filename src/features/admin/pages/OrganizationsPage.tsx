/**
 * Organisations (spec §3 Organisation: name, parent, type, enabled, remarks, code, users): the tree
 * on the left; the chosen organisation's fields and its users on the right. An organisation cannot
 * be its own parent nor under its own sub-organisation (the parent choice leaves them out; the
 * server refuses them too).
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ProFormDigit, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea, ProFormTreeSelect } from '@ant-design/pro-components';
import { Card, Form, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { deleteOrganization, loadOrganizationTree, loadOrganizationTypes, loadUsers, saveOrganization, type AdminUser, type OrganizationNode, type OrganizationSave } from '../api';
import { flattenTree, parentChoices, TreeEditor, treeNodes } from '../components/TreeEditor';

function OrganizationUsers({ orgId }: { orgId: string }) {
  const { t } = useTranslation('admin');
  const users = useQuery({ queryKey: ['admin', 'organizationUsers', orgId], queryFn: async () => (await loadUsers({ ORGANIZE_ID: orgId, Page: 1, Limit: 1000 })).rows });
  return (
    <Table<AdminUser>
      rowKey="ID"
      size="small"
      pagination={false}
      loading={users.isLoading}
      dataSource={users.data ?? []}
      columns={[
        { title: t('users.fields.USER_NAME'), dataIndex: 'USER_NAME' },
        { title: t('users.fields.NICK_NAME'), dataIndex: 'NICK_NAME' },
        { title: t('users.fields.ROLE_ID'), dataIndex: 'ROLE_NAME' },
      ]}
    />
  );
}

export default function OrganizationsPage() {
  const { t } = useTranslation('admin');
  const [selected, setSelected] = useState<Partial<OrganizationNode> | null>(null);
  const [form] = Form.useForm<OrganizationSave>();
  const organizations = useQuery({ queryKey: ['admin', 'organizationTree'], queryFn: loadOrganizationTree });
  const tree = useMemo(() => organizations.data ?? [], [organizations.data]);
  const reload = async () => {
    await organizations.refetch();
  };
  const all = useMemo(() => flattenTree(tree), [tree]);

  useEffect(() => {
    form.resetFields();
    if (selected) form.setFieldsValue({ Enabled: true, SORT_NUM: 0, ...selected } as OrganizationSave);
  }, [selected, form]);

  return (
    <TreeEditor<OrganizationSave, OrganizationNode>
      tree={{
        title: t('orgs.title'),
        treeData: treeNodes(tree, (n) => `${n.OrganizeName} (${n.OrganizeCode}) · ${n.UserCount}`),
        selectedId: selected?.Id,
        onSelectId: (id) => setSelected(all.find((n) => n.Id === id) ?? null),
        onAdd: () => setSelected({ Parent_Id: selected?.Id ?? null }),
      }}
      record={selected}
      emptyText={t('orgs.chooseOrganization')}
      titles={{ add: t('orgs.add'), edit: t('orgs.edit') }}
      form={form}
      save={(values, record, options) => saveOrganization({ ...values, ...(record.Id ? { Id: record.Id } : {}), Parent_Id: values.Parent_Id ?? null }, options)}
      remove={deleteOrganization}
      confirmDelete={t('confirmDelete')}
      reload={reload}
      select={setSelected}
      details={
        selected?.Id && (
          <Card size="small" title={t('orgs.users')}>
            <OrganizationUsers orgId={selected.Id} />
          </Card>
        )
      }
    >
      <ProFormText name="OrganizeName" label={t('orgs.fields.OrganizeName')} rules={[{ required: true, message: t('required', { field: t('orgs.fields.OrganizeName') }) }]} />
      <ProFormText name="OrganizeCode" label={t('orgs.fields.OrganizeCode')} rules={[{ required: true, message: t('required', { field: t('orgs.fields.OrganizeCode') }) }]} />
      <ProFormTreeSelect name="Parent_Id" label={t('orgs.fields.Parent_Id')} allowClear fieldProps={{ treeData: parentChoices(tree, selected?.Id, (n) => n.OrganizeName), treeDefaultExpandAll: true }} />
      <ProFormSelect name="OrgType" label={t('orgs.fields.OrgType')} allowClear request={async () => (await loadOrganizationTypes()).filter((type) => type.IsActive).map((type) => ({ value: type.Code, label: type.Name }))} />
      <ProFormDigit name="SORT_NUM" label={t('orgs.fields.SORT_NUM')} fieldProps={{ precision: 0 }} />
      <ProFormSwitch name="Enabled" label={t('orgs.fields.Enabled')} />
      <ProFormTextArea name="Remark" label={t('orgs.fields.Remark')} colProps={{ span: 24 }} />
    </TreeEditor>
  );
}
