/**
 * Organisations (spec §3 Organisation: name, parent, type, enabled, remarks, code, users): the tree
 * on the left; the chosen organisation's fields and its users on the right. An organisation cannot
 * be its own parent nor under its own sub-organisation (the parent choice leaves them out; the
 * server refuses them too).
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DeleteOutlined } from '@ant-design/icons';
import { ProForm, ProFormDigit, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea, ProFormTreeSelect } from '@ant-design/pro-components';
import { App, Button, Card, Col, Empty, Form, Popconfirm, Row, Space, Table } from 'antd';
import { TreePanel } from '../components/TreePanel';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import { deleteOrganization, loadOrganizationTree, loadOrganizationTypes, loadUsers, saveOrganization, type AdminUser, type OrganizationNode, type OrganizationSave } from '../api';
import { useAdminButtons } from '../useAdminButtons';

const flatten = (nodes: OrganizationNode[]): OrganizationNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

interface TreeOption {
  title: string;
  value: string;
  children?: TreeOption[];
}

function parentOptions(nodes: OrganizationNode[], excludedId: string | undefined): TreeOption[] {
  return nodes.filter((n) => n.Id !== excludedId).map((n) => ({ title: n.OrganizeName, value: n.Id, children: parentOptions(n.children ?? [], excludedId) }));
}

const toNodes = (nodes: OrganizationNode[]): DataNode[] =>
  nodes.map((n) => ({ key: n.Id, title: `${n.OrganizeName} (${n.OrganizeCode}) · ${n.UserCount}`, children: toNodes(n.children ?? []) }));

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
  const { message } = App.useApp();
  const can = useAdminButtons();
  const [selected, setSelected] = useState<Partial<OrganizationNode> | null>(null);
  const [form] = Form.useForm<OrganizationSave>();
  const organizations = useQuery({ queryKey: ['admin', 'organizationTree'], queryFn: loadOrganizationTree });
  const tree = useMemo(() => organizations.data ?? [], [organizations.data]);
  const reload = async () => {
    await organizations.refetch();
  };
  const all = useMemo(() => flatten(tree), [tree]);

  useEffect(() => {
    form.resetFields();
    if (selected) form.setFieldsValue({ Enabled: true, SORT_NUM: 0, ...selected } as OrganizationSave);
  }, [selected, form]);

  return (
    <Row gutter={16}>
      <Col span={9}>
        <TreePanel
          title={t('orgs.title')}
          treeData={toNodes(tree)}
          selectedId={selected?.Id}
          onSelectId={(id) => setSelected(all.find((n) => n.Id === id) ?? null)}
          onAdd={() => setSelected({ Parent_Id: selected?.Id ?? null })}
        />
      </Col>
      <Col span={15}>
        {!selected ? (
          <Card size="small"><Empty description={t('orgs.chooseOrganization')} /></Card>
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Card size="small" title={selected.Id ? t('orgs.edit') : t('orgs.add')}>
              <ProForm<OrganizationSave>
                form={form}
                grid
                rowProps={{ gutter: 12 }}
                colProps={{ span: 12 }}
                submitter={can('Save') ? { searchConfig: { submitText: t('save') }, resetButtonProps: false } : false}
                onFinish={async (values) => {
                  const saved = await saveOrganization({ ...values, ...(selected.Id ? { Id: selected.Id } : {}), Parent_Id: values.Parent_Id ?? null });
                  message.success(t('saved'));
                  await reload();
                  if (saved) setSelected(saved);
                  return true;
                }}
              >
                <ProFormText name="OrganizeName" label={t('orgs.fields.OrganizeName')} rules={[{ required: true, message: t('required', { field: t('orgs.fields.OrganizeName') }) }]} />
                <ProFormText name="OrganizeCode" label={t('orgs.fields.OrganizeCode')} rules={[{ required: true, message: t('required', { field: t('orgs.fields.OrganizeCode') }) }]} />
                <ProFormTreeSelect name="Parent_Id" label={t('orgs.fields.Parent_Id')} allowClear fieldProps={{ treeData: parentOptions(tree, selected.Id), treeDefaultExpandAll: true }} />
                <ProFormSelect name="OrgType" label={t('orgs.fields.OrgType')} allowClear request={async () => (await loadOrganizationTypes()).filter((type) => type.IsActive).map((type) => ({ value: type.Code, label: type.Name }))} />
                <ProFormDigit name="SORT_NUM" label={t('orgs.fields.SORT_NUM')} fieldProps={{ precision: 0 }} />
                <ProFormSwitch name="Enabled" label={t('orgs.fields.Enabled')} />
                <ProFormTextArea name="Remark" label={t('orgs.fields.Remark')} colProps={{ span: 24 }} />
              </ProForm>
              {selected.Id && can('Delete') && (
                <Popconfirm title={t('confirmDelete')} onConfirm={async () => { await deleteOrganization(selected.Id!); message.success(t('deleted')); setSelected(null); await reload(); }}>
                  <Button danger icon={<DeleteOutlined />}>{t('delete')}</Button>
                </Popconfirm>
              )}
            </Card>
            {selected.Id && (
              <Card size="small" title={t('orgs.users')}>
                <OrganizationUsers orgId={selected.Id} />
              </Card>
            )}
          </Space>
        )}
      </Col>
    </Row>
  );
}
