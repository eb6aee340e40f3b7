/**
 * Publishing a notice (SysNotice/AddOrModifySave, needs the notices menu): title, pinned flag, rich-text body.
 * The form's fields are the request's (TITLE, IS_TOP, CONTENT), so a save the server refuses for one of them
 * (a title too long, a body with too many images) marks it.
 */
import { useRef } from 'react';
import { App, Form, Input, Modal, Switch } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { callLegacyResult, type CallOptions } from '../../../api/call';
import { saveMarkingRefusal } from '../../../api/problemPlace';
import { useFieldMarks } from '../../../core/forms/useFieldMarks';
import { homeKeys } from '../api/home';
import { RichTextEditor, type RichTextEditorHandle } from '../../../shell/richText/RichTextEditor';
import { useKeepsTyping } from '../../../core/forms/useKeepsTyping';

type NoticeInput = { TITLE: string; CONTENT: string; IS_TOP: 'Y' | 'N' };

const saveNotice = ({ notice, options }: { notice: NoticeInput; options: CallOptions }) =>
  callLegacyResult(api.POST('/SysNotice/AddOrModifySave', { body: notice }), options);

export function NoticeEditorDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('home');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ TITLE: string; IS_TOP: boolean; CONTENT: string }>();
  const marks = useFieldMarks(form);
  const editor = useRef<RichTextEditorHandle>(null);
  const keepsTyping = useKeepsTyping(open);
  const save = useMutation({
    mutationFn: saveNotice,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: homeKeys.notices });
      message.success(t('notices.saved'));
      form.resetFields();
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
          ({ TITLE, IS_TOP }) => {
            const notice: NoticeInput = { TITLE: TITLE.trim(), CONTENT: editor.current?.flush() ?? form.getFieldValue('CONTENT'), IS_TOP: IS_TOP ? 'Y' : 'N' };
            // A refusal is marked on its field or toasted; the dialog stays open with what was typed.
            return saveMarkingRefusal(marks, (options) => save.mutateAsync({ notice, options })).catch(() => {});
          },
          () => {}, // the form shows what is missing
        )
      }
    >
      <Form form={form} layout="vertical" {...keepsTyping.formProps} onFieldsChange={marks.formProps.onFieldsChange} initialValues={{ TITLE: '', IS_TOP: false, CONTENT: '' }}>
        <Form.Item name="TITLE" label={t('notices.titleLabel')} rules={[{ required: true, whitespace: true, message: t('notices.titleRequired') }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="IS_TOP" label={t('notices.pinned')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {/* Named for the request's body so a refusal of it is marked here; the item hands the editor its onChange. */}
        <Form.Item name="CONTENT" label={t('notices.body')}>
          <RichTextEditor
            ref={editor}
            label={t('notices.body')}
            onEdit={keepsTyping.edited}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
