/**
 * User management (spec §2 administration, §3 User): the user grid with search (name/phone, role),
 * add / edit (several roles per user), the menus given to a user directly on top of their roles
 * (User/GetUserMenuTree, User/SaveUserMenu), lock / unlock (the locked user's session ends at once), reset password (a value the
 * administrator types, or a generated one shown once), delete and export to xlsx. Each action shows
 * only with its button permission.
 *
 * The rows come from react-query, not ProTable's `request`: its abort-and-refetch cycle around the search
 * form's first submit fetched twice and could leave the 查询 button spinning after the rows had come.
 */
import { useState } from 'react';
import { DownloadOutlined, EditOutlined, KeyOutlined, LockOutlined, MenuOutlined, PlusOutlined, UnlockOutlined } from '@ant-design/icons';
import { ModalForm, ProFormText, type ProColumns } from '@ant-design/pro-components';
import { ProTable } from '../../../core/forms/ProTable';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { changeLockStatus, deleteUser, exportUsers, loadOrganizationTree, loadRoles, loadUsers, resetPassword, type AdminUser, type OrganizationNode, type UserSearch } from '../api';
import { DeleteRecordButton, RowActionButton, rowActionsWidth } from '../components/RecordActions';
import { UserForm } from '../components/UserForm';
import { UserMenuDrawer } from '../components/UserMenuDrawer';
import { useAccess } from '../../../core/navigation/access';
import { DEFAULT_PAGE_SIZES } from '../../../core/settings/settingsStore';
import { downloadBlob } from '../../../grid/logic/download';
import { useKeepsTyping } from '../../../core/forms/useKeepsTyping';

const USERS_KEY = ['admin', 'users'] as const;

export default function UsersPage() {
  const { t } = useTranslation('admin');
  const { t: tGrid } = useTranslation('grid');
  const { message, modal } = App.useApp();
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState<UserSearch>({});
  const [paging, setPaging] = useState<{ current: number; pageSize: number }>({ current: 1, pageSize: DEFAULT_PAGE_SIZES[0] });
  const users = useQuery({
    queryKey: [...USERS_KEY, search, paging],
    queryFn: () => loadUsers({ ...search, Page: paging.current, Limit: paging.pageSize }),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<Partial<AdminUser> | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const keepsTypingPassword = useKeepsTyping(resetting !== null);
  const [menusOf, setMenusOf] = useState<AdminUser | null>(null);

  const organizations = useQuery({ queryKey: ['admin', 'organizationTree'], queryFn: loadOrganizationTree });
  const organizationName = (id: string) => {
    const find = (nodes: OrganizationNode[]): OrganizationNode | undefined =>
      nodes.map((n) => (n.Id === id ? n : find(n.children ?? []))).find(Boolean);
    return find(organizations.data ?? [])?.OrganizeName ?? id;
  };
  const reload = () => queryClient.invalidateQueries({ queryKey: USERS_KEY });
  const searchFor = (values: UserSearch) => {
    setSearch({ Key: values.Key || undefined, ROLE_ID: values.ROLE_ID || undefined });
    setPaging((current) => ({ ...current, current: 1 }));
  };
  /** A generated password is shown once; the administrator passes it on. */
  const showPassword = (userName: string, password: string) =>
    modal.success({
      title: t('users.generatedPasswordTitle', { user: userName }),
      content: <Typography.Paragraph copyable={{ text: password }} code>{password}</Typography.Paragraph>,
    });

  const columns: ProColumns<AdminUser>[] = [
    { title: t('users.search.Key'), dataIndex: 'Key', hideInTable: true },
    {
      title: t('users.fields.ROLE_ID'),
      dataIndex: 'ROLE_ID',
      hideInTable: true,
      valueType: 'select',
      request: async () => (await loadRoles()).map((role) => ({ value: role.ID, label: role.ROLE_NAME })),
    },
    { title: t('users.fields.USER_NAME'), dataIndex: 'USER_NAME', search: false, width: 140 },
    { title: t('users.fields.NICK_NAME'), dataIndex: 'NICK_NAME', search: false, width: 120 },
    {
      title: t('users.fields.ROLE_IDS'),
      dataIndex: 'ROLE_NAMES',
      search: false,
      width: 200,
      render: (_, user) => (
        <Space size={[0, 4]} wrap>
          {user.ROLE_NAMES.map((name, index) => <Tag key={user.ROLE_IDS[index] ?? name}>{name}</Tag>)}
        </Space>
      ),
    },
    { title: t('users.fields.USER_TYPE'), dataIndex: 'USER_TYPE', search: false, width: 100 },
    {
      title: t('users.fields.ORGANIZE_IDS'),
      dataIndex: 'ORGANIZE_IDS',
      search: false,
      width: 160,
      render: (_, user) => user.ORGANIZE_IDS.map(organizationName).join('、'),
    },
    { title: t('users.fields.PHONE'), dataIndex: 'PHONE', search: false, width: 130 },
    { title: t('users.fields.EMAIL'), dataIndex: 'EMAIL', search: false, width: 180, ellipsis: true },
    { title: t('users.fields.WECHAT_ID'), dataIndex: 'WECHAT_ID', search: false, width: 120 },
    { title: t('users.fields.DINGTALK_ID'), dataIndex: 'DINGTALK_ID', search: false, width: 120 },
    {
      title: t('users.fields.IS_AVAILABLE'),
      dataIndex: 'IS_AVAILABLE',
      search: false,
      width: 90,
      render: (_, user) => (user.IS_AVAILABLE ? <Tag color="green">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>),
    },
    {
      title: t('users.lockStatus'),
      dataIndex: 'IS_LOCKED',
      search: false,
      width: 90,
      render: (_, user) => (user.IS_LOCKED ? <Tag color="red">{t('users.locked')}</Tag> : <Tag color="blue">{t('users.normal')}</Tag>),
    },
    { title: t('users.fields.REMARK'), dataIndex: 'REMARK', search: false, width: 200, ellipsis: true },
    {
      title: t('actions'),
      valueType: 'option',
      fixed: 'right',
      width: rowActionsWidth(5),
      render: (_, user) => (
        <Space size={0}>
          {can('Save') && <RowActionButton label={t('edit')} icon={<EditOutlined />} onClick={() => setEditing(user)} />}
          {can('Lock') && (
            <Popconfirm
              title={user.IS_LOCKED ? t('users.confirmUnlock', { user: user.USER_NAME }) : t('users.confirmLock', { user: user.USER_NAME })}
              onConfirm={async () => {
                await changeLockStatus(user.ID, !user.IS_LOCKED);
                message.success(t('saved'));
                reload();
              }}
            >
              <RowActionButton label={user.IS_LOCKED ? t('users.unlock') : t('users.lock')} icon={user.IS_LOCKED ? <UnlockOutlined /> : <LockOutlined />} />
            </Popconfirm>
          )}
          {can('Permission') && <RowActionButton label={t('users.userMenus')} icon={<MenuOutlined />} onClick={() => setMenusOf(user)} />}
          {can('ResetPassword') && <RowActionButton label={t('users.resetPassword')} icon={<KeyOutlined />} onClick={() => setResetting(user)} />}
          <DeleteRecordButton onDelete={() => deleteUser(user.ID)} afterDelete={reload} />
        </Space>
      ),
    },
  ];

  return (
    <>
      <ProTable<AdminUser, UserSearch>
        rowKey="ID"
        headerTitle={t('users.title')}
        columns={columns}
        scroll={{ x: 1800 }}
        size="small"
        dataSource={users.data?.rows}
        loading={users.isFetching}
        onSubmit={searchFor}
        onReset={() => searchFor({})}
        options={{ reload }}
        pagination={{
          ...paging,
          total: users.data?.total ?? 0,
          pageSizeOptions: [...DEFAULT_PAGE_SIZES],
          // As the grids' pagers say it, not ProTable's "1-20 of 45 items".
          showTotal: (total: number) => tGrid('pagination.total', { count: total }),
          onChange: (current, pageSize) => setPaging({ current, pageSize }),
        }}
        toolBarRender={() => [
          can('Save') && (
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              {t('add')}
            </Button>
          ),
          can('Export') && (
            <Button key="export" icon={<DownloadOutlined />} onClick={async () => downloadBlob(await exportUsers(search), `${t('users.title')}.xlsx`)}>
              {t('export')}
            </Button>
          ),
        ]}
      />
      <UserForm
        user={editing}
        onClose={() => setEditing(null)}
        onSaved={(password) => {
          const userName = editing?.USER_NAME ?? '';
          setEditing(null);
          message.success(t('saved'));
          reload();
          if (password) showPassword(userName, password);
        }}
      />
      <UserMenuDrawer key={menusOf?.ID ?? ''} user={menusOf} onClose={() => setMenusOf(null)} canSave={can('Permission')} />
      <ModalForm<{ password?: string }>
        title={t('users.resetPasswordOf', { user: resetting?.USER_NAME ?? '' })}
        open={resetting !== null}
        {...keepsTypingPassword.formProps}
        modalProps={{ destroyOnHidden: true, onCancel: () => setResetting(null), ...keepsTypingPassword.modalProps }}
        onFinish={async ({ password }) => {
          const user = resetting!;
          const result = await resetPassword(user.ID, password || undefined);
          setResetting(null);
          message.success(t('saved'));
          if (result?.Password) showPassword(user.USER_NAME, result.Password);
          return true;
        }}
      >
        <ProFormText.Password
          name="password"
          label={t('users.newPassword')}
          placeholder={t('users.passwordGeneratedWhenEmpty')}
          rules={[{ min: 4, max: 32, message: t('passwordLength') }]}
        />
      </ModalForm>
    </>
  );
}
