/**
 * Add / edit a user with every field of spec §3 (roles — several, user type, organisations, contacts, remark,
 * available flag); a save refused for one field (a user name taken) marks that field.
 */
import { ModalForm, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea, ProFormTreeSelect } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { saveMarkingRefusal } from '../../../api/problemPlace';
import { useFieldMarks } from '../../../core/forms/useFieldMarks';
import { useKeepsTyping } from '../../../core/forms/useKeepsTyping';
import { requiredSelect } from './formRules';
import { isUserNameTaken, loadOrganizationTree, loadRoles, saveUser, type AdminUser, type OrganizationNode } from '../api';

export interface UserFormProps {
  /** The user edited; an empty object adds one. */
  user: Partial<AdminUser> | null;
  onClose: () => void;
  /** After a save: the generated password of a new user, shown once by the caller. */
  onSaved: (generatedPassword: string | null) => void;
}

interface TreeOption {
  title: string;
  value: string;
  children?: TreeOption[];
}

const toTreeData = (nodes: OrganizationNode[]): TreeOption[] =>
  nodes.map((node) => ({ title: `${node.OrganizeName} (${node.OrganizeCode})`, value: node.Id, children: node.children ? toTreeData(node.children) : undefined }));

export function UserForm({ user, onClose, onSaved }: UserFormProps) {
  const { t } = useTranslation('admin');
  const editing = Boolean(user?.ID);
  const keepsTyping = useKeepsTyping(user !== null);
  const marks = useFieldMarks();
  return (
    <ModalForm<Partial<AdminUser> & { Password?: string }>
      title={editing ? t('users.edit') : t('users.add')}
      open={user !== null}
      initialValues={{ IS_AVAILABLE: true, ORGANIZE_IDS: [], ROLE_IDS: [], ...user }}
      {...keepsTyping.formProps}
      {...marks.formProps}
      modalProps={{ destroyOnHidden: true, onCancel: onClose, ...keepsTyping.modalProps }}
      grid
      rowProps={{ gutter: 16 }}
      colProps={{ span: 12 }}
      onFinish={async (values) => {
        const body = {
          ...(user?.ID ? { ID: user.ID } : {}),
          USER_NAME: values.USER_NAME ?? '',
          NICK_NAME: values.NICK_NAME ?? '',
          ROLE_IDS: values.ROLE_IDS ?? [],
          ORGANIZE_IDS: values.ORGANIZE_IDS ?? [],
          USER_TYPE: values.USER_TYPE ?? null,
          PHONE: values.PHONE ?? null,
          EMAIL: values.EMAIL ?? null,
          WECHAT_ID: values.WECHAT_ID ?? null,
          DINGTALK_ID: values.DINGTALK_ID ?? null,
          REMARK: values.REMARK ?? null,
          IS_AVAILABLE: values.IS_AVAILABLE ?? true,
          ...(values.Password ? { Password: values.Password } : {}),
        };
        const saved = await saveMarkingRefusal(marks, (options) => saveUser(body, options));
        onSaved(saved?.Password ?? null);
        return true;
      }}
    >
      <ProFormText
        name="USER_NAME"
        label={t('users.fields.USER_NAME')}
        disabled={editing}
        rules={[
          { required: true, message: t('required', { field: t('users.fields.USER_NAME') }) },
          {
            // Spec §5: an existing user gives '该用户已存在' (the server says so too).
            validator: async (_: unknown, value?: string) => {
              if (!editing && value?.trim() && (await isUserNameTaken(value.trim()))) throw new Error(t('users.exists'));
            },
          },
        ]}
        validateTrigger="onBlur"
      />
      <ProFormText name="NICK_NAME" label={t('users.fields.NICK_NAME')} rules={[{ required: true, message: t('required', { field: t('users.fields.NICK_NAME') }) }]} />
      {/* Spec §3 User: roles — one or more; the user's menus and buttons are the union over them. */}
      <ProFormSelect
        name="ROLE_IDS"
        label={t('users.fields.ROLE_IDS')}
        mode="multiple"
        tooltip={t('users.rolesHint')}
        rules={[requiredSelect(t, t('users.fields.ROLE_IDS'), { multiple: true })]}
        request={async () => (await loadRoles()).map((role) => ({ value: role.ID, label: role.ROLE_NAME }))}
      />
      <ProFormText name="USER_TYPE" label={t('users.fields.USER_TYPE')} />
      <ProFormTreeSelect
        name="ORGANIZE_IDS"
        label={t('users.fields.ORGANIZE_IDS')}
        rules={[requiredSelect(t, t('users.fields.ORGANIZE_IDS'), { multiple: true })]}
        request={async () => toTreeData(await loadOrganizationTree())}
        fieldProps={{ multiple: true, treeDefaultExpandAll: true }}
      />
      {!editing && (
        <ProFormText.Password
          name="Password"
          label={t('users.fields.Password')}
          placeholder={t('users.passwordGeneratedWhenEmpty')}
          rules={[{ min: 4, max: 32, message: t('passwordLength') }]}
        />
      )}
      <ProFormText name="PHONE" label={t('users.fields.PHONE')} />
      <ProFormText name="EMAIL" label={t('users.fields.EMAIL')} rules={[{ type: 'email', message: t('users.emailInvalid') }]} />
      <ProFormText name="WECHAT_ID" label={t('users.fields.WECHAT_ID')} />
      <ProFormText name="DINGTALK_ID" label={t('users.fields.DINGTALK_ID')} />
      <ProFormSwitch name="IS_AVAILABLE" label={t('users.fields.IS_AVAILABLE')} />
      <ProFormTextArea name="REMARK" label={t('users.fields.REMARK')} colProps={{ span: 24 }} />
    </ModalForm>
  );
}
