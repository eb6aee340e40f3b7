/**
 * Role management (spec §2, §3 Role, §6): roles with their type (super administrator, system
 * administrator, ordinary) and system-default flag; permission assignment as three trees — menus,
 * PDA menus and tablet menus — each with select-all and the menus' buttons, saved per role and
 * application code.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SafetyOutlined } from '@ant-design/icons';
import { ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea, type ProColumns } from '@ant-design/pro-components';
import { App, Button, Drawer, Spin, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { deleteRole, loadMenuTree, loadRolePermissions, loadRoles, saveRole, saveRolePermissions, TERMINALS, type AdminMenu, type Role, type Terminal } from '../api';
import { PermissionTree, type PermissionSelection } from '../components/PermissionTree';
import { AdminCrudTable } from '../components/AdminCrudTable';
import { requiredSelect } from '../components/formRules';
import { RowActionButton, rowActionsWidth } from '../components/RecordActions';
import { useAccess } from '../../../core/navigation/access';

const ROLE_TYPES = ['SUPER_ADMIN', 'SYSTEM_ADMIN', 'NORMAL'] as const;

type Trees = Record<Terminal, { menus: AdminMenu[]; selection: PermissionSelection }>;

/** The three trees of a role: every terminal's menus with what the role is given there. */
async function loadTrees(roleId: string): Promise<Trees> {
  const entries = await Promise.all(
    TERMINALS.map(async (terminal) => {
      const [menus, granted] = await Promise.all([loadMenuTree(terminal), loadRolePermissions(roleId, terminal)]);
      return [terminal, { menus, selection: { menuIds: granted?.MenuIds ?? [], buttonIds: granted?.ButtonIds ?? [] } }] as const;
    }),
  );
  return Object.fromEntries(entries) as Trees;
}

function RolePermissionsDrawer({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const { can } = useAccess();
  const loaded = useQuery({ queryKey: ['admin', 'rolePermissions', role?.ID], queryFn: () => loadTrees(role!.ID), enabled: role !== null, gcTime: 0 });
  // The administrator's changes, per terminal, over what was loaded.
  const [edits, setEdits] = useState<Partial<Record<Terminal, PermissionSelection>>>({});
  const [saving, setSaving] = useState(false);
  const trees: Trees | null = loaded.data
    ? (Object.fromEntries(TERMINALS.map((tm) => [tm, { ...loaded.data[tm], selection: edits[tm] ?? loaded.data[tm].selection }])) as Trees)
    : null;
  const close = () => {
    setEdits({});
    onClose();
  };

  const save = async () => {
    if (!role || !trees) return;
    setSaving(true);
    try {
      for (const terminal of TERMINALS) {
        const { selection } = trees[terminal];
        await saveRolePermissions(role.ID, terminal, selection.menuIds, selection.buttonIds);
      }
      message.success(t('saved'));
      close();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      title={t('roles.permissionsOf', { role: role?.ROLE_NAME ?? '' })}
      open={role !== null}
      width={560}
      onClose={close}
      destroyOnHidden
      extra={
        can('Permission') && (
          <Button type="primary" loading={saving} disabled={!trees} onClick={save}>
            {t('save')}
          </Button>
        )
      }
    >
      {!trees ? (
        <Spin />
      ) : (
        <Tabs
          items={TERMINALS.map((terminal) => ({
            key: terminal,
            label: t(`roles.trees.${terminal}`),
            children: (
              <PermissionTree
                menus={trees[terminal].menus}
                value={trees[terminal].selection}
                disabled={!can('Permission')}
                onChange={(selection) => setEdits({ ...edits, [terminal]: selection })}
              />
            ),
          }))}
        />
      )}
    </Drawer>
  );
}

export default function RolesPage() {
  const { t } = useTranslation('admin');
  const [assigning, setAssigning] = useState<Role | null>(null);
  const typeOptions = ROLE_TYPES.map((type) => ({ value: type, label: t(`roles.types.${type}`) }));

  const columns: ProColumns<Role>[] = [
    { title: t('roles.fields.ROLE_NAME'), dataIndex: 'ROLE_NAME', width: 180 },
    { title: t('roles.fields.ROLE_TYPE'), dataIndex: 'ROLE_TYPE', width: 150, render: (_, role) => t(`roles.types.${role.ROLE_TYPE}`) },
    {
      title: t('roles.fields.IS_SYSTEM_DEFAULT'),
      dataIndex: 'IS_SYSTEM_DEFAULT',
      width: 110,
      render: (_, role) => (role.IS_SYSTEM_DEFAULT ? <Tag color="gold">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>),
    },
    { title: t('roles.fields.REMARK'), dataIndex: 'REMARK', width: 200, ellipsis: true },
    { title: t('roles.fields.CREATED_AT'), dataIndex: 'CREATED_AT', valueType: 'dateTime', width: 170 },
  ];

  return (
    <>
      <AdminCrudTable<Role, Partial<Role>>
        rowKey="ID"
        headerTitle={t('roles.title')}
        columns={columns}
        actionsWidth={rowActionsWidth(3)}
        pagination={false}
        load={async () => {
          const roles = await loadRoles();
          return { rows: roles, total: roles.length };
        }}
        newRecord={{}}
        rowActions={(role) => (
          <RowActionButton label={t('roles.permissions')} icon={<SafetyOutlined />} onClick={() => setAssigning(role)} />
        )}
        remove={(role) => deleteRole(role.ID)}
        // A system-default role cannot be deleted.
        deletable={(role) => !role.IS_SYSTEM_DEFAULT}
        titles={{ add: t('roles.add'), edit: t('roles.edit') }}
        initialValues={(editing) => ({ ROLE_TYPE: 'NORMAL', IS_SYSTEM_DEFAULT: false, ...editing })}
        save={(values, editing, options) =>
          saveRole(
            {
              ...(editing.ID ? { ID: editing.ID } : {}),
              ROLE_NAME: values.ROLE_NAME ?? '',
              ROLE_TYPE: values.ROLE_TYPE ?? 'NORMAL',
              IS_SYSTEM_DEFAULT: values.IS_SYSTEM_DEFAULT ?? false,
              REMARK: values.REMARK ?? null,
            },
            options,
          )
        }
      >
        <ProFormText name="ROLE_NAME" label={t('roles.fields.ROLE_NAME')} rules={[{ required: true, message: t('required', { field: t('roles.fields.ROLE_NAME') }) }]} />
        <ProFormSelect name="ROLE_TYPE" label={t('roles.fields.ROLE_TYPE')} options={typeOptions} rules={[requiredSelect(t, t('roles.fields.ROLE_TYPE'))]} />
        <ProFormSwitch name="IS_SYSTEM_DEFAULT" label={t('roles.fields.IS_SYSTEM_DEFAULT')} />
        <ProFormTextArea name="REMARK" label={t('roles.fields.REMARK')} />
      </AdminCrudTable>
      <RolePermissionsDrawer role={assigning} onClose={() => setAssigning(null)} />
    </>
  );
}
