/** Publishing a notice (SysNotice/AddOrModifySave, needs the notices menu): title, pinned flag, rich-text body. */
import { useRef, useState } from 'react';
import { App, Form, Input, Modal, Switch } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { callLegacyResult } from '../../../api/call';
import { homeKeys } from '../api/home';
import { RichTextEditor, type RichTextEditorHandle } from '../../../shell/richText/RichTextEditor';
import { useKeepsTyping } from '../../../core/forms/useKeepsTyping';

const saveNotice = (notice: { TITLE: string; CONTENT: string; IS_TOP: 'Y' | 'N' }) =>
  callLegacyResult(api.POST('/SysNotice/AddOrModifySave', { body: notice }));

export function NoticeEditorDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('home');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ title: string; pinned: boolean }>();
  const [content, setContent] = useState('');
  const editor = useRef<RichTextEditorHandle>(null);
  const keepsTyping = useKeepsTyping(open);
  const save = useMutation({
    mutationFn: saveNotice,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: homeKeys.notices });
      message.success(t('notices.saved'));
      form.resetFields();
      setContent('');
      onClose();
    },
  });

  return (
    <Modal
      open={open}
      title={t('notices.publish')}
      okText={t('notices.publishOk')}
      cancelText={t('commonFunctions.cancel')}
      confirmLoading={save.isPending}
      width={680}
      destroyOnHidden
      onCancel={onClose}
      {...keepsTyping.modalProps}
      onOk={() =>
        form.validateFields().then(
          // The body as it is now: a change typed just before clicking is still inside the editor's delay.
          ({ title, pinned }) => save.mutate({ TITLE: title.trim(), CONTENT: editor.current?.flush() ?? content, IS_TOP: pinned ? 'Y' : 'N' }),
          () => {}, // the form shows what is missing
        )
      }
    >
      <Form form={form} layout="vertical" {...keepsTyping.formProps} initialValues={{ title: '', pinned: false }}>
        <Form.Item name="title" label={t('notices.titleLabel')} rules={[{ required: true, whitespace: true, message: t('notices.titleRequired') }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="pinned" label={t('notices.pinned')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label={t('notices.body')}>
          <RichTextEditor
            ref={editor}
            label={t('notices.body')}
            onChange={setContent}
            onEdit={keepsTyping.edited}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
