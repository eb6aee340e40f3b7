/**
 * The add / edit / delete controls every admin list shares, each shown only with its button
 * (spec §6: Save, Delete). Deleting asks first, says '删除成功' and reloads the list.
 */
import type { ReactNode } from 'react';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminButtons } from '../useAdminButtons';

/** The toolbar's add button (with the Save button code). */
export function AddRecordButton({ onAdd, size }: { onAdd(): void; size?: 'small' }) {
  const { t } = useTranslation('admin');
  const can = useAdminButtons();
  if (!can('Save')) return null;
  return (
    <Button type="primary" size={size} icon={<PlusOutlined />} onClick={onAdd}>
      {t('add')}
    </Button>
  );
}

export function EditRecordButton({ onEdit }: { onEdit(): void }) {
  const { t } = useTranslation('admin');
  const can = useAdminButtons();
  if (!can('Save')) return null;
  return (
    <Button type="link" size="small" icon={<EditOutlined />} onClick={onEdit}>
      {t('edit')}
    </Button>
  );
}

export function DeleteRecordButton({ onDelete, afterDelete }: { onDelete(): Promise<unknown>; afterDelete(): void }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const can = useAdminButtons();
  if (!can('Delete')) return null;
  return (
    <Popconfirm
      title={t('confirmDelete')}
      onConfirm={async () => {
        await onDelete();
        message.success(t('deleted'));
        afterDelete();
      }}
    >
      <Button type="link" size="small" danger icon={<DeleteOutlined />}>
        {t('delete')}
      </Button>
    </Popconfirm>
  );
}

/** Edit, then whatever the screen adds (its own actions), then delete. */
export function RecordActions(props: { onEdit(): void; onDelete?(): Promise<unknown>; afterDelete(): void; children?: ReactNode }) {
  const { onEdit, onDelete, afterDelete, children } = props;
  return (
    <>
      <EditRecordButton onEdit={onEdit} />
      {children}
      {onDelete && <DeleteRecordButton onDelete={onDelete} afterDelete={afterDelete} />}
    </>
  );
}
