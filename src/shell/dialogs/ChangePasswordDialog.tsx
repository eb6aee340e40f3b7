/**
 * Change password (spec §5): each field shows its rule's message as it is edited (changing the
 * new password re-checks the confirmation); on OK the first failing message is shown as an error
 * and nothing is sent. Success: 'Successful modification, please log in again' for 4000 ms, then
 * the user is logged out (the server has revoked the session's tokens).
 */
import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { useKeepsTyping } from '../../core/forms/useKeepsTyping';
import { useShellServices } from '../services';
import {
  confirmPasswordError,
  firstPasswordChangeError,
  newPasswordError,
  oldPasswordError,
  type PasswordChangeValues,
  type PasswordMessageKey,
} from './passwordRules';

export const PASSWORD_SUCCESS_NOTICE_MS = 4000;

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const services = useShellServices();
  const [form] = Form.useForm<PasswordChangeValues>();
  const [submitting, setSubmitting] = useState(false);
  // Three passwords typed by hand: Escape after a field's message must not throw them away.
  const keepsTyping = useKeepsTyping(open);

  const rule = (check: (value: string | undefined) => PasswordMessageKey | undefined) => ({
    validator: (_rule: unknown, value: string | undefined) => {
      const error = check(value);
      return error ? Promise.reject(new Error(t(error))) : Promise.resolve();
    },
  });

  const submit = async () => {
    const values = form.getFieldsValue(true) as PasswordChangeValues;
    const error = firstPasswordChangeError(values);
    if (error) {
      // Mark every field's own message, and say the first failing one out loud.
      void form.validateFields().catch(() => undefined);
      message.error(t(error));
      return;
    }
    setSubmitting(true);
    try {
      await services.changePassword({
        oldPassword: values.oldPassword!,
        newPassword: values.newPassword!,
        confirmPassword: values.confirmPassword!,
      });
    } catch (failure) {
      setSubmitting(false);
      // The api layer has already shown its own failures; anything else gets '修改失败'.
      if (!(failure instanceof ApiError)) message.error(t('password.failed'));
      return;
    }
    setSubmitting(false);
    onClose();
    form.resetFields();
    await message.success(t('password.success'), PASSWORD_SUCCESS_NOTICE_MS / 1000);
    await services.logout();
  };

  return (
    <Modal
      title={t('password.title')}
      open={open}
      onOk={submit}
      confirmLoading={submitting}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
      {...keepsTyping.modalProps}
    >
      <Form form={form} layout="vertical" autoComplete="off" preserve={false} {...keepsTyping.formProps}>
        <Form.Item name="oldPassword" label={t('password.old')} rules={[rule(oldPasswordError)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('password.new')} rules={[rule(newPasswordError)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('password.confirm')}
          dependencies={['newPassword']}
          rules={[({ getFieldValue }) => rule((value) => confirmPasswordError(value, getFieldValue('newPassword')))]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
