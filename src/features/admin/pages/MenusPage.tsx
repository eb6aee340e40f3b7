/**
 * Menu and button management (spec §3 Menu, §5): the menu tree of each terminal (portal, PDA,
 * tablet) on the left; the chosen menu's every field and its buttons on the right. A link address
 * is unique ('该路由地址已存在'), and a menu cannot be its own parent nor under its own submenu
 * (the server refuses both; the parent choice already leaves them out).
 *
 * The PDA menu configuration screen (PdaMenusPage) is this editor fixed to the PDA terminal.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PlusOutlined } from '@ant-design/icons';
import { ModalForm, ProFormDigit, ProFormSelect, ProFormSwitch, ProFormText, ProFormTreeSelect } from '@ant-design/pro-components';
import { App, Button, Card, Form, Popconfirm, Segmented, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { deleteMenu, deleteMenuButton, isLinkTaken, loadMenuTree, saveMenu, saveMenuButton, TERMINALS, type AdminMenu, type AdminMenuSave, type MenuButton, type Terminal } from '../api';
import { flattenTree, parentChoices, TreeEditor, treeNodes } from '../components/TreeEditor';
import { useAccess } from '../../../core/navigation/access';
import { useKeepsTyping } from '../../../core/forms/useKeepsTyping';
import { useFieldMarks } from '../../../core/forms/useFieldMarks';
import { saveMarkingRefusal } from '../../../api/problemPlace';

export interface MenuTreeEditorProps {
  /** Edit only this terminal's tree (no terminal switch); none: every terminal, the portal's first. */
  terminal?: Terminal;
}

export function MenuTreeEditor({ terminal: fixedTerminal }: MenuTreeEditorProps) {
  const { t, i18n } = useTranslation('admin');
  const { message } = App.useApp();
  const { can } = useAccess();
  const [chosenTerminal, setTerminal] = useState<Terminal>(fixedTerminal ?? 'PC');
  const terminal = fixedTerminal ?? chosenTerminal;
  const [selected, setSelected] = useState<Partial<AdminMenu> | null>(null);
  const [editingButton, setEditingButton] = useState<Partial<MenuButton> | null>(null);
  const keepsTyping = useKeepsTyping(editingButton !== null);
  const buttonMarks = useFieldMarks();
  const [form] = Form.useForm<AdminMenuSave>();

  const menus = useQuery({ queryKey: ['admin', 'menuTree', terminal], queryFn: () => loadMenuTree(terminal) });
  const tree = useMemo(() => menus.data ?? [], [menus.data]);
  const reload = async () => {
    await menus.refetch();
  };
  const all = useMemo(() => flattenTree(tree), [tree]);
  const menuName = (m: AdminMenu) => (i18n.language === 'en' ? m.MENU_EN || m.Menu_Name : m.Menu_Name);
  const current = selected?.Id ? all.find((m) => m.Id === selected.Id) ?? selected : selected;

  useEffect(() => {
    form.resetFields();
    if (current) form.setFieldsValue({ Target: '', ENABLED: 'Y', Is_Shown: true, SORT_NUM: 0, ...current } as AdminMenuSave);
  }, [current?.Id, selected, form]); // eslint-disable-line react-hooks/exhaustive-deps

  const buttonColumns = [
    { title: t('menus.buttonFields.Menu_Code'), dataIndex: 'Menu_Code' },
    { title: t('menus.buttonFields.Button_Name'), dataIndex: 'Button_Name' },
    { title: t('menus.buttonFields.Button_Name_En'), dataIndex: 'Button_Name_En' },
    { title: t('menus.buttonFields.SORT_NUM'), dataIndex: 'SORT_NUM', width: 80 },
    {
      title: t('actions'),
      width: 140,
      render: (_: unknown, button: MenuButton) => (
        <Space size={0}>
          {can('Save') && <Button type="link" size="small" onClick={() => setEditingButton(button)}>{t('edit')}</Button>}
          {can('Delete') && (
            <Popconfirm title={t('confirmDelete')} onConfirm={async () => { await deleteMenuButton(button.Id); message.success(t('deleted')); await reload(); }}>
              <Button type="link" size="small" danger>{t('delete')}</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <TreeEditor<AdminMenuSave, AdminMenu>
      tree={{
        title: fixedTerminal ? (
          t(`roles.trees.${fixedTerminal}`)
        ) : (
          <Segmented value={terminal} options={TERMINALS.map((v) => ({ value: v, label: t(`roles.trees.${v}`) }))} onChange={(v) => { setTerminal(v as Terminal); setSelected(null); }} />
        ),
        treeData: treeNodes(tree, (m) => `${menuName(m)} · ${m.Menu_Code}`),
        selectedId: selected?.Id,
        onSelectId: (id) => setSelected(all.find((m) => m.Id === id) ?? null),
        onAdd: () => setSelected({ Parent_Id: selected?.Id ?? null, Terminal: terminal }),
      }}
      record={current}
      emptyText={t('menus.chooseMenu')}
      titles={{ add: t('menus.add'), edit: t('menus.edit') }}
      form={form}
      save={(values, record, options) => saveMenu({ ...values, ...(record.Id ? { Id: record.Id } : {}), Parent_Id: values.Parent_Id ?? null, Terminal: terminal }, options)}
      remove={deleteMenu}
      confirmDelete={t('menus.confirmDelete')}
      reload={reload}
      select={setSelected}
      details={
        current?.Id && (
          <Card size="small" title={t('menus.buttons')} extra={can('Save') && <Button size="small" icon={<PlusOutlined />} onClick={() => setEditingButton({ Parent_Id: current.Id })}>{t('add')}</Button>}>
            <Table<MenuButton> rowKey="Id" size="small" pagination={false} columns={buttonColumns} dataSource={current.Buttons ?? []} />
          </Card>
        )
      }
      dialogs={
        <ModalForm<Partial<MenuButton>>
          title={editingButton?.Id ? t('menus.editButton') : t('menus.addButton')}
          open={editingButton !== null}
          initialValues={{ SORT_NUM: 0, ...editingButton }}
          {...keepsTyping.formProps}
          {...buttonMarks.formProps}
          modalProps={{ destroyOnHidden: true, onCancel: () => setEditingButton(null), ...keepsTyping.modalProps }}
          onFinish={async (values) => {
            const button = {
              ...(editingButton?.Id ? { Id: editingButton.Id } : {}),
              Parent_Id: editingButton?.Parent_Id ?? '',
              Menu_Code: values.Menu_Code ?? '',
              Button_Name: values.Button_Name ?? '',
              Button_Name_En: values.Button_Name_En ?? '',
              SORT_NUM: values.SORT_NUM ?? 0,
            };
            await saveMarkingRefusal(buttonMarks, (options) => saveMenuButton(button, options));
            setEditingButton(null);
            message.success(t('saved'));
            await reload();
            return true;
          }}
        >
          <ProFormText name="Menu_Code" label={t('menus.buttonFields.Menu_Code')} rules={[{ required: true, message: t('required', { field: t('menus.buttonFields.Menu_Code') }) }]} />
          <ProFormText name="Button_Name" label={t('menus.buttonFields.Button_Name')} rules={[{ required: true, message: t('required', { field: t('menus.buttonFields.Button_Name') }) }]} />
          <ProFormText name="Button_Name_En" label={t('menus.buttonFields.Button_Name_En')} />
          <ProFormDigit name="SORT_NUM" label={t('menus.buttonFields.SORT_NUM')} fieldProps={{ precision: 0 }} />
        </ModalForm>
      }
    >
      <ProFormText name="Menu_Name" label={t('menus.fields.Menu_Name')} rules={[{ required: true, message: t('required', { field: t('menus.fields.Menu_Name') }) }]} />
      <ProFormText name="MENU_EN" label={t('menus.fields.MENU_EN')} />
      <ProFormText name="Menu_Code" label={t('menus.fields.Menu_Code')} rules={[{ required: true, message: t('required', { field: t('menus.fields.Menu_Code') }) }]} />
      <ProFormText name="Call_Alias" label={t('menus.fields.Call_Alias')} />
      <ProFormTreeSelect name="Parent_Id" label={t('menus.fields.Parent_Id')} allowClear fieldProps={{ treeData: parentChoices(tree, current?.Id, menuName), treeDefaultExpandAll: true }} />
      <ProFormText name="Icon_Url" label={t('menus.fields.Icon_Url')} />
      <ProFormText
        name="Link_Url"
        label={t('menus.fields.Link_Url')}
        validateTrigger="onBlur"
        rules={[{ validator: async (_: unknown, value?: string) => { if (value?.trim() && (await isLinkTaken(value.trim(), current?.Id))) throw new Error(t('menus.linkExists')); } }]}
      />
      <ProFormSelect name="Target" label={t('menus.fields.Target')} options={[{ value: '', label: t('menus.targets.none') }, { value: '_self', label: '_self' }, { value: '_blank', label: '_blank' }]} />
      <ProFormDigit name="SORT_NUM" label={t('menus.fields.SORT_NUM')} fieldProps={{ precision: 0 }} />
      <ProFormText name="COLUMNS" label={t('menus.fields.COLUMNS')} />
      <ProFormText name="Parent_Route" label={t('menus.fields.Parent_Route')} />
      <ProFormText name="AppCode" label={t('menus.fields.AppCode')} />
      <ProFormText name="AppUrl" label={t('menus.fields.AppUrl')} />
      <ProFormSelect name="ENABLED" label={t('menus.fields.ENABLED')} options={[{ value: 'Y', label: t('yes') }, { value: 'N', label: t('no') }]} />
      <ProFormSwitch name="Is_System_Default" label={t('menus.fields.Is_System_Default')} colProps={{ span: 8 }} />
      <ProFormSwitch name="Is_Expanded" label={t('menus.fields.Is_Expanded')} colProps={{ span: 8 }} />
      <ProFormSwitch name="Is_Shown" label={t('menus.fields.Is_Shown')} colProps={{ span: 8 }} />
    </TreeEditor>
  );
}

export default function MenusPage() {
  return <MenuTreeEditor />;
}
