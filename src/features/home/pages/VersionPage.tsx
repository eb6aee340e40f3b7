/**
 * Version master and detail (spec §2 administration): the releases, newest first, and what the
 * selected one changed. Administrators add, change and delete them; the home page shows the newest. A save
 * the server refuses for one field (a version number taken) marks that field.
 */
import { useState } from 'react';
import { App, Button, Card, Col, DatePicker, Form, Input, Modal, Popconfirm, Row, Select, Space, Table, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useDeleteVersion, useSaveVersion, useVersionDetails, useVersions, type VersionDetail, type VersionMaster } from '../api/home';
import { useKeepsTyping } from '../../../core/forms/useKeepsTyping';
import { useFieldMarks } from '../../../core/forms/useFieldMarks';
import { saveMarkingRefusal } from '../../../api/problemPlace';

const CHANGE_TYPES = ['feature', 'improvement', 'fix'] as const;
const CHANGE_COLOURS = { feature: 'green', improvement: 'blue', fix: 'orange' } as const;

interface VersionForm {
  VERSION_NO: string;
  TITLE: string;
  RELEASE_DATE: Dayjs;
  REMARK?: string;
  Details: { CHANGE_TYPE: (typeof CHANGE_TYPES)[number]; CONTENT: string }[];
}

export default function VersionPage() {
  const { t } = useTranslation('home');
  const { message } = App.useApp();
  const versions = useVersions();
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const selected = versions.data?.find((v) => v.ID === selectedId) ?? versions.data?.[0];
  const details = useVersionDetails(selected?.ID);
  const save = useSaveVersion();
  const remove = useDeleteVersion();
  const [editing, setEditing] = useState<VersionMaster | 'new' | null>(null);
  const keepsTyping = useKeepsTyping(editing !== null);
  const [form] = Form.useForm<VersionForm>();
  const marks = useFieldMarks(form);

  const openEditor = (version: VersionMaster | 'new') => {
    setEditing(version);
    form.setFieldsValue(
      version === 'new'
        ? { VERSION_NO: '', TITLE: '', RELEASE_DATE: dayjs(), REMARK: '', Details: [{ CHANGE_TYPE: 'feature', CONTENT: '' }] }
        : {
            ...version,
            RELEASE_DATE: dayjs(version.RELEASE_DATE),
            Details: (details.data ?? []).map((d: VersionDetail) => ({ CHANGE_TYPE: d.CHANGE_TYPE, CONTENT: d.CONTENT })),
          },
    );
  };

  const submit = async () => {
    const values = await form.validateFields();
    const version = {
      ...(editing && editing !== 'new' ? { ID: editing.ID } : {}),
      VERSION_NO: values.VERSION_NO.trim(),
      TITLE: values.TITLE.trim(),
      RELEASE_DATE: values.RELEASE_DATE.format('YYYY-MM-DD'),
      REMARK: values.REMARK ?? '',
      Details: values.Details ?? [],
    };
    const saved = await saveMarkingRefusal(marks, (options) => save.mutateAsync({ version, options }));
    message.success(t('versions.saved'));
    setSelectedId(saved.ID);
    setEditing(null);
  };

  return (
    <Row gutter={16}>
      <Col xs={24} lg={14}>
        <Card
          title={t('versions.title')}
          extra={
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openEditor('new')}>
              {t('versions.add')}
            </Button>
          }
        >
          <Table<VersionMaster>
            rowKey="ID"
            size="small"
            loading={versions.isLoading}
            dataSource={versions.data ?? []}
            pagination={false}
            rowSelection={{ type: 'radio', selectedRowKeys: selected ? [selected.ID] : [], onChange: (keys) => setSelectedId(String(keys[0])) }}
            onRow={(version) => ({ onClick: () => setSelectedId(version.ID) })}
            columns={[
              { title: t('version.number'), dataIndex: 'VERSION_NO', width: 110 },
              { title: t('version.name'), dataIndex: 'TITLE' },
              { title: t('version.released'), dataIndex: 'RELEASE_DATE', width: 120 },
              { title: t('versions.remark'), dataIndex: 'REMARK', ellipsis: true },
              {
                title: t('versions.actions'),
                width: 100,
                render: (_, version) => (
                  <Space size={0}>
                    <Button
                      type="text"
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={t('versions.edit', { version: version.VERSION_NO })}
                      disabled={version.ID !== selected?.ID || details.isLoading}
                      onClick={() => openEditor(version)}
                    />
                    <Popconfirm
                      title={t('versions.deleteConfirm', { version: version.VERSION_NO })}
                      onConfirm={async () => {
                        await remove.mutateAsync(version.ID);
                        message.success(t('versions.deleted'));
                        setSelectedId(undefined);
                      }}
                    >
                      <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('versions.delete', { version: version.VERSION_NO })} />
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card title={selected ? t('versions.detailsOf', { version: selected.VERSION_NO }) : t('version.changes')}>
          <Table<VersionDetail>
            rowKey="ID"
            size="small"
            loading={details.isLoading}
            dataSource={details.data ?? []}
            pagination={false}
            columns={[
              { title: '#', dataIndex: 'SORT_NUM', width: 50 },
              {
                title: t('versions.changeType'),
                dataIndex: 'CHANGE_TYPE',
                width: 100,
                render: (type: VersionDetail['CHANGE_TYPE']) => <Tag color={CHANGE_COLOURS[type]}>{t(`version.change.${type}`)}</Tag>,
              },
              { title: t('version.changes'), dataIndex: 'CONTENT' },
            ]}
          />
        </Card>
      </Col>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('versions.add') : t('versions.editTitle')}
        okText={t('commonFunctions.save')}
        cancelText={t('commonFunctions.cancel')}
        confirmLoading={save.isPending}
        width={720}
        onCancel={() => setEditing(null)}
        onOk={() => submit().catch(() => {})}
        {...keepsTyping.modalProps}
      >
        <Form form={form} layout="vertical" {...keepsTyping.formProps} onFieldsChange={marks.formProps.onFieldsChange}>
          <Row gutter={12}>
            <Col span={8}>
              <Form.Item name="VERSION_NO" label={t('version.number')} rules={[{ required: true, whitespace: true, message: t('versions.required') }]}>
                <Input maxLength={40} />
              </Form.Item>
            </Col>
            <Col span={16}>
              <Form.Item name="TITLE" label={t('version.name')} rules={[{ required: true, whitespace: true, message: t('versions.required') }]}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="RELEASE_DATE" label={t('version.released')} rules={[{ required: true, message: t('versions.required') }]}>
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={16}>
              <Form.Item name="REMARK" label={t('versions.remark')}>
                <Input />
              </Form.Item>
            </Col>
          </Row>
          <Form.List name="Details">
            {(fields, { add, remove: removeRow }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                    <Form.Item name={[field.name, 'CHANGE_TYPE']} rules={[{ required: true }]}>
                      <Select style={{ width: 110 }} options={CHANGE_TYPES.map((type) => ({ value: type, label: t(`version.change.${type}`) }))} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'CONTENT']} rules={[{ required: true, whitespace: true, message: t('versions.required') }]} style={{ width: 480 }}>
                      <Input aria-label={t('version.changes')} maxLength={2000} />
                    </Form.Item>
                    <MinusCircleOutlined aria-label={t('versions.removeChange')} onClick={() => removeRow(field.name)} />
                  </Space>
                ))}
                <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ CHANGE_TYPE: 'feature', CONTENT: '' })}>
                  {t('versions.addChange')}
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      </Modal>
    </Row>
  );
}
