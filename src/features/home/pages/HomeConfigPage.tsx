/**
 * 首页配置 (spec §2 homepage configuration; index may redirect to a configured home path): per user,
 * per role, or by default, the home page is a portal scheme or a path inside the portal. The caller's
 * home resolves user > role > default; with none, the standard home stays. Buttons follow the menu's
 * grants: Save (set), Delete (remove a row).
 */
import { useState } from 'react';
import dayjs from 'dayjs';
import { App, Button, Form, Input, Modal, Popconfirm, Radio, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../core/navigation/access';
import { deleteHomeConfig, saveHomeConfig, useHomeConfig, useInvalidatePortal, type HomeConfigRow } from '../api/portal';
import { useKeepsTyping } from '../../../core/forms/useKeepsTyping';

type TargetKind = HomeConfigRow['TargetKind'];
interface HomeForm {
  TargetKind: TargetKind;
  TargetId?: string;
  HomeKind: 'SCHEME' | 'PATH';
  SchemeId?: string;
  Path?: string;
}

export default function HomeConfigPage() {
  const { t } = useTranslation('portal');
  const { message } = App.useApp();
  const { can } = useAccess();
  const config = useHomeConfig();
  const invalidate = useInvalidatePortal();
  const [open, setOpen] = useState(false);
  const keepsTyping = useKeepsTyping(open);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<HomeForm>();
  const targetKind = Form.useWatch('TargetKind', form);
  const homeKind = Form.useWatch('HomeKind', form);
  const data = config.data;

  const openForm = (row?: HomeConfigRow) => {
    form.setFieldsValue(
      row
        ? { TargetKind: row.TargetKind, TargetId: row.TargetId || undefined, HomeKind: row.SchemeId ? 'SCHEME' : 'PATH', SchemeId: row.SchemeId ?? undefined, Path: row.Path ?? undefined }
        : { TargetKind: 'ROLE', TargetId: undefined, HomeKind: 'SCHEME', SchemeId: undefined, Path: undefined },
    );
    setOpen(true);
  };
  const submit = async (values: HomeForm) => {
    setSaving(true);
    try {
      await saveHomeConfig({
        TargetKind: values.TargetKind,
        TargetId: values.TargetKind === 'DEFAULT' ? '' : values.TargetId,
        SchemeId: values.HomeKind === 'SCHEME' ? (values.SchemeId ?? null) : null,
        Path: values.HomeKind === 'PATH' ? (values.Path ?? null) : null,
      });
      void message.success(t('home.saved'));
      setOpen(false);
      void invalidate();
    } catch {
      // The api layer showed the server's message; the form stays open.
    } finally {
      setSaving(false);
    }
  };
  const remove = async (row: HomeConfigRow) => {
    try {
      await deleteHomeConfig(row.Id);
      void message.success(t('home.deleted'));
      void invalidate();
    } catch {
      // Shown by the api layer.
    }
  };
  const targets = targetKind === 'USER' ? (data?.Users ?? []) : (data?.Roles ?? []);

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="home-config-page">
      {can('Save') && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm()} data-testid="home-config-add">
          {t('home.add')}
        </Button>
      )}
      <Table<HomeConfigRow>
        rowKey="Id"
        size="small"
        loading={config.isLoading}
        dataSource={data?.Rows ?? []}
        pagination={false}
        columns={[
          { title: t('home.targetKind'), render: (_, r) => <Tag>{t(`home.kind.${r.TargetKind}`)}</Tag>, width: 110 },
          { title: t('home.target'), render: (_, r) => (r.TargetKind === 'DEFAULT' ? t('home.everyone') : r.TargetName) },
          { title: t('home.home'), render: (_, r) => (r.SchemeId ? t('home.schemeIs', { name: r.SchemeName ?? '' }) : t('home.pathIs', { path: r.Path ?? '' })) },
          { title: t('home.updatedAt'), render: (_, r) => dayjs(r.UpdatedAt).format('YYYY-MM-DD HH:mm'), width: 150 },
          {
            title: t('home.actions'),
            width: 150,
            render: (_, r) => (
              <Space size={0}>
                {can('Save') && (
                  <Button type="link" size="small" onClick={() => openForm(r)}>
                    {t('home.edit')}
                  </Button>
                )}
                {can('Delete') && (
                  <Popconfirm title={t('home.confirmDelete')} onConfirm={() => void remove(r)}>
                    <Button type="link" size="small" danger>
                      {t('home.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal open={open} title={t('home.formTitle')} onCancel={() => setOpen(false)} onOk={() => form.submit()} confirmLoading={saving} forceRender {...keepsTyping.modalProps}>
        <Form form={form} layout="vertical" {...keepsTyping.formProps} onFinish={(values) => void submit(values)}>
          <Form.Item name="TargetKind" label={t('home.targetKind')}>
            <Radio.Group
              options={(['USER', 'ROLE', 'DEFAULT'] as const).map((kind) => ({ value: kind, label: t(`home.kind.${kind}`) }))}
              onChange={() => form.setFieldValue('TargetId', undefined)}
            />
          </Form.Item>
          {targetKind !== 'DEFAULT' && (
            <Form.Item name="TargetId" label={t(targetKind === 'USER' ? 'home.user' : 'home.role')} rules={[{ required: true, message: t('home.targetRequired') }]}>
              <Select showSearch optionFilterProp="label" options={targets.map((o) => ({ value: o.Id, label: o.Name }))} />
            </Form.Item>
          )}
          <Form.Item name="HomeKind" label={t('home.home')}>
            <Radio.Group options={[{ value: 'SCHEME', label: t('home.byScheme') }, { value: 'PATH', label: t('home.byPath') }]} />
          </Form.Item>
          {homeKind === 'PATH' ? (
            <Form.Item name="Path" label={t('home.path')} rules={[{ required: true, whitespace: true, message: t('home.pathRequired') }]} extra={t('home.pathHint')}>
              <Input maxLength={500} placeholder="/warehouse/stock" />
            </Form.Item>
          ) : (
            <Form.Item name="SchemeId" label={t('home.scheme')} rules={[{ required: true, message: t('home.schemeRequired') }]}>
              <Select options={(data?.Schemes ?? []).map((s) => ({ value: s.Id, label: s.Name }))} />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </Space>
  );
}
