/**
 * The Equipment ledger screen (menu link /warehouse/equipment): the shared master-data page over its
 * declaration (statuses moved by its table, §5 dates, import/export), plus the equipment's image
 * (upload: jpeg/jpg/png/gif up to 20MB, checked again by content on the server) and status history.
 */
import { useState } from 'react';
import { HistoryOutlined, PictureOutlined } from '@ant-design/icons';
import { Button, Image, Modal, Space, Table, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../core/navigation/access';
import { useLanguage } from '../../../core/i18n/localizedTitle';
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import type { GridRowAction } from '../../../grid/DataGrid';
import { useGridFeedback } from '../../../grid/hooks/useGridFeedback';
import type { GridRow } from '../../../grid/model/types';
import { EQUIPMENT_IMAGE_ACCEPT, EQUIPMENT_IMAGE_EXTENSIONS, EQUIPMENT_IMAGE_MAX_MB } from '../../../shared/equipment/image-rules';
import { EQUIPMENT_STATUS_LABELS, type EquipmentStatus } from '../../../shared/equipment/statuses';
import { equipmentEntity } from '../../../shared/masterdata/entities/equipment';
import { loadEquipmentImage, loadEquipmentStatusHistory, uploadEquipmentImage, type EquipmentStatusChange } from '../equipmentApi';
import { formatTime } from '../../../core/format/time';

export default function EquipmentPage() {
  const { t } = useTranslation('warehouse');
  const { t: tGrid } = useTranslation('grid');
  const language = useLanguage() === 'en' ? 'en' : 'zh-chs';
  const feedback = useGridFeedback();
  const { can } = useAccess();
  const [history, setHistory] = useState<{ row: GridRow; changes: EquipmentStatusChange[] } | null>(null);
  const [image, setImage] = useState<{ row: GridRow; url: string | null } | null>(null);
  const statusLabel = (code: string | null) => (code ? EQUIPMENT_STATUS_LABELS[code as EquipmentStatus]?.[language] ?? code : '-');

  const oneRow = (rows: GridRow[], act: (row: GridRow) => void) => (rows.length === 1 ? act(rows[0]) : feedback.warning(tGrid(rows.length ? 'rowAction.selectOne' : 'rowAction.selectFirst', { count: rows.length })));

  const showImage = async (row: GridRow) => {
    if (!row.has_image) return setImage({ row, url: null });
    try {
      setImage({ row, url: URL.createObjectURL(await loadEquipmentImage(String(row.id))) });
    } catch {
      // The api layer showed why.
    }
  };
  const closeImage = () => {
    if (image?.url) URL.revokeObjectURL(image.url);
    setImage(null);
  };
  const upload = async (file: File) => {
    if (!image) return;
    try {
      await uploadEquipmentImage(String(image.row.id), file);
      feedback.success(t('equipment.imageSaved'));
      if (image.url) URL.revokeObjectURL(image.url);
      setImage({ row: { ...image.row, has_image: true }, url: URL.createObjectURL(file) });
    } catch {
      // The api layer showed the server's refusal (type by content, size).
    }
  };

  const actions: GridRowAction[] = [
    {
      key: 'image',
      label: t('equipment.image'),
      icon: <PictureOutlined />,
      onClick: (rows) => oneRow(rows, (row) => void showImage(row)),
    },
    {
      key: 'statusHistory',
      label: t('equipment.statusHistory'),
      icon: <HistoryOutlined />,
      onClick: (rows) =>
        oneRow(rows, (row) => {
          void loadEquipmentStatusHistory(String(row.id)).then((changes) => setHistory({ row, changes }), () => undefined);
        }),
    },
  ];

  return (
    <>
      <MasterDataPage entity={equipmentEntity} extraRowActions={actions} />
      <Modal
        open={history !== null}
        title={`${t('equipment.statusHistory')} - ${String(history?.row.equipment_no ?? '')}`}
        footer={null}
        onCancel={() => setHistory(null)}
        width={720}
      >
        <Table<EquipmentStatusChange>
          data-testid="equipment-status-history"
          rowKey={(r) => `${r.ChangedAt}-${r.ToStatus}`}
          size="small"
          pagination={false}
          dataSource={history?.changes ?? []}
          columns={[
            { title: t('equipment.from'), dataIndex: 'FromStatus', render: (v: string | null) => statusLabel(v) },
            { title: t('equipment.to'), dataIndex: 'ToStatus', render: (v: string) => statusLabel(v) },
            { title: t('equipment.user'), dataIndex: 'UserName' },
            { title: t('equipment.changedAt'), dataIndex: 'ChangedAt', render: (v: string) => formatTime(v) },
          ]}
        />
      </Modal>
      <Modal open={image !== null} title={`${t('equipment.image')} - ${String(image?.row.equipment_no ?? '')}`} footer={null} onCancel={closeImage} destroyOnHidden>
        <Space direction="vertical" style={{ width: '100%' }}>
          {image?.url ? <Image src={image.url} alt={String(image.row.name ?? '')} /> : <Typography.Text type="secondary">{t('equipment.noImage')}</Typography.Text>}
          {can('Save') && (
            <Upload
              accept={EQUIPMENT_IMAGE_ACCEPT}
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                return Upload.LIST_IGNORE;
              }}
            >
              <Button icon={<PictureOutlined />}>{t('equipment.uploadImage')}</Button>
            </Upload>
          )}
          <Typography.Text type="secondary">{t('equipment.imageRule', { types: EQUIPMENT_IMAGE_EXTENSIONS.join('/'), max: EQUIPMENT_IMAGE_MAX_MB })}</Typography.Text>
        </Space>
      </Modal>
    </>
  );
}
