/**
 * The add / edit / delete controls every admin list shares, each shown only with its button
 * (spec §6: Save, Delete). Deleting asks first, says '删除成功' and reloads the list.
 */
import type { ReactNode } from 'react';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm, Tooltip, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../core/navigation/access';

/** The toolbar's add button (with the Save button code). */
export function AddRecordButton({ onAdd, size }: { onAdd(): void; size?: 'small' }) {
  const { t } = useTranslation('admin');
  const { can } = useAccess();
  if (!can('Save')) return null;
  return (
    <Button type="primary" size={size} icon={<PlusOutlined />} onClick={onAdd}>
      {t('add')}
    </Button>
  );
}

/**
 * A row action: its icon, with its name in a tooltip and as its accessible name. A row's actions then
 * take the same small width in every language, so a sticky actions column never covers the record
 * and never wraps ('Delete' under 'Edit'). The rest of the props go to the button (a Popconfirm
 * around it passes its handlers and ref through).
 */
export function RowActionButton({ label, ...button }: ButtonProps & { label: string }) {
  return (
    <Tooltip title={label}>
      <Button type="link" size="small" aria-label={label} {...button} />
    </Tooltip>
  );
}

/** Room for `count` row actions in an actions column (icon buttons of 24 px, the cell's padding). */
export const rowActionsWidth = (count: number) => Math.max(80, count * 28 + 24);

export function EditRecordButton({ onEdit }: { onEdit(): void }) {
  const { t } = useTranslation('admin');
  const { can } = useAccess();
  if (!can('Save')) return null;
  return <RowActionButton label={t('edit')} icon={<EditOutlined />} onClick={onEdit} />;
}

export function DeleteRecordButton({ onDelete, afterDelete }: { onDelete(): Promise<unknown>; afterDelete(): void }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const { can } = useAccess();
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
      <RowActionButton label={t('delete')} danger icon={<DeleteOutlined />} />
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
