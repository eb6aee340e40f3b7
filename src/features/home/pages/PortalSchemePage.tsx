/**
 * 门户方案管理 (spec §2 portal scheme management: index, design, edit form): the organisation's
 * schemes with the roles and users they are assigned to; the edit form (name, roles, users), the
 * designer (PortalDesigner) and delete. Buttons follow the menu's grants: Save (add, edit, design
 * save), Delete. A portal administration table (a handful of schemes), not a DataGrid list.
 */
import { useState } from 'react';
import dayjs from 'dayjs';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../core/navigation/access';
import { PortalDesigner } from '../components/PortalDesigner';
import { deleteScheme, saveScheme, useInvalidatePortal, useSchemes, type PortalScheme } from '../api/portal';
import { useKeepsTyping } from '../../../core/forms/useKeepsTyping';

interface SchemeForm {
  Name: string;
  RoleIds: string[];
  UserIds: string[];
}

export default function PortalSchemePage() {
  const { t } = useTranslation('portal');
  const { message } = App.useApp();
  const { can } = useAccess();
  const schemes = useSchemes();
  const invalidate = useInvalidatePortal();
  const [editing, setEditing] = useState<PortalScheme | 'new'>();
  const keepsTyping = useKeepsTyping(editing !== undefined);
  const [designing, setDesigning] = useState<PortalScheme>();
  const [form] = Form.useForm<SchemeForm>();
  const [saving, setSaving] = useState(false);
  const data = schemes.data;
  const roleName = new Map((data?.Roles ?? []).map((r) => [r.Id, r.Name]));
  const userName = new Map((data?.Users ?? []).map((u) => [u.Id, u.Name]));

  const openForm = (scheme: PortalScheme | 'new') => {
    setEditing(scheme);
    form.setFieldsValue(scheme === 'new' ? { Name: '', RoleIds: [], UserIds: [] } : { Name: scheme.Name, RoleIds: scheme.RoleIds, UserIds: scheme.UserIds });
  };
  const submit = async (values: SchemeForm) => {
    setSaving(true);
    try {
      await saveScheme(editing === 'new' || !editing ? values : { ...values, Id: editing.Id, Version: editing.Version });
      void message.success(t('scheme.saved'));
      setEditing(undefined);
      void invalidate();
    } catch {
      // The api layer showed the server's message; the form stays open.
    } finally {
      setSaving(false);
    }
  };
  const remove = async (scheme: PortalScheme) => {
    try {
      await deleteScheme(scheme.Id);
      void message.success(t('scheme.deleted'));
      void invalidate();
    } catch {
      // Shown by the api layer.
    }
  };

  if (designing && data) {
    return (
      <PortalDesigner
        key={`${designing.Id}:${designing.Version}`}
        scheme={designing}
        cards={data.Cards}
        canSave={can('Save')}
        onSaved={(saved) => {
          setDesigning(saved);
          void invalidate();
        }}
        onClose={() => setDesigning(undefined)}
      />
    );
  }

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="portal-scheme-page">
      {can('Save') && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm('new')} data-testid="portal-scheme-add">
          {t('scheme.add')}
        </Button>
      )}
      <Table<PortalScheme>
        rowKey="Id"
        size="small"
        loading={schemes.isLoading}
        dataSource={data?.Schemes ?? []}
        pagination={false}
        columns={[
          { title: t('scheme.name'), dataIndex: 'Name' },
          { title: t('scheme.cards'), render: (_, s) => s.Layout.length, width: 90 },
          { title: t('scheme.roles'), render: (_, s) => s.RoleIds.map((id) => <Tag key={id}>{roleName.get(id) ?? id}</Tag>) },
          { title: t('scheme.users'), render: (_, s) => s.UserIds.map((id) => <Tag key={id}>{userName.get(id) ?? id}</Tag>) },
          { title: t('scheme.updatedAt'), render: (_, s) => dayjs(s.UpdatedAt).format('YYYY-MM-DD HH:mm'), width: 150 },
          {
            title: t('scheme.actions'),
            width: 200,
            render: (_, s) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setDesigning(s)}>
                  {t('scheme.design')}
                </Button>
                {can('Save') && (
                  <Button type="link" size="small" onClick={() => openForm(s)}>
                    {t('scheme.edit')}
                  </Button>
                )}
                {can('Delete') && (
                  <Popconfirm title={t('scheme.confirmDelete', { name: s.Name })} onConfirm={() => void remove(s)}>
                    <Button type="link" size="small" danger>
                      {t('scheme.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== undefined}
        title={editing === 'new' ? t('scheme.add') : t('scheme.edit')}
        onCancel={() => setEditing(undefined)}
        onOk={() => form.submit()}
        confirmLoading={saving}
        destroyOnHidden
        forceRender
        {...keepsTyping.modalProps}
      >
        <Form form={form} layout="vertical" {...keepsTyping.formProps} onFinish={(values) => void submit(values)}>
          <Form.Item name="Name" label={t('scheme.name')} rules={[{ required: true, whitespace: true, message: t('scheme.nameRequired') }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="RoleIds" label={t('scheme.roles')}>
            <Select mode="multiple" optionFilterProp="label" options={(data?.Roles ?? []).map((r) => ({ value: r.Id, label: r.Name }))} />
          </Form.Item>
          <Form.Item name="UserIds" label={t('scheme.users')}>
            <Select mode="multiple" optionFilterProp="label" options={(data?.Users ?? []).map((u) => ({ value: u.Id, label: u.Name }))} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
