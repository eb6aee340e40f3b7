/**
 * Download centre (spec §2 administration, 下载中心): every user with this menu sees the published
 * tools files (PDA installer, printer drivers, print agent ...) and downloads them, saved under the
 * file's own name.
 */
import { useRef } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ProTable } from '../../../core/forms/ProTable';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZES } from '../../../core/settings/settingsStore';
import { downloadBlob } from '../../../grid/logic/download';
import { downloadToolFile, formatFileSize, loadPublishedToolFiles, type ToolFile } from '../toolsApi';

export default function DownloadPage() {
  const { t } = useTranslation('admin');
  const table = useRef<ActionType>(null);

  const download = async (row: ToolFile) => {
    try {
      downloadBlob(await downloadToolFile(row.ID, 'centre'), row.FILE_NAME);
    } catch {
      // The failure was shown as its toast.
    }
  };

  const columns: ProColumns<ToolFile>[] = [
    { title: t('tools.fields.NAME'), dataIndex: 'NAME', width: 220, ellipsis: true },
    { title: t('tools.fields.VERSION'), dataIndex: 'VERSION', width: 110 },
    { title: t('tools.fields.REMARK'), dataIndex: 'REMARK', width: 260, ellipsis: true },
    { title: t('tools.fields.FILE_NAME'), dataIndex: 'FILE_NAME', width: 240, ellipsis: true },
    { title: t('tools.fields.FILE_SIZE'), dataIndex: 'FILE_SIZE', width: 100, align: 'right', render: (_, row) => formatFileSize(row.FILE_SIZE) },
    { title: t('tools.fields.UPDATED_AT'), dataIndex: 'UPDATED_AT', width: 170, valueType: 'dateTime' },
    {
      title: t('actions'),
      valueType: 'option',
      width: 110,
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void download(row)}>
          {t('tools.download')}
        </Button>
      ),
    },
  ];

  return (
    <ProTable<ToolFile, { keyword?: string }>
      rowKey="ID"
      headerTitle={t('downloads.title')}
      tooltip={t('downloads.hint')}
      actionRef={table}
      columns={columns}
      search={false}
      size="small"
      scroll={{ x: 1200 }}
      options={{ search: { placeholder: t('tools.searchPlaceholder'), allowClear: true }, reload: true, density: false, setting: false }}
      pagination={{ defaultPageSize: DEFAULT_PAGE_SIZES[0], pageSizeOptions: [...DEFAULT_PAGE_SIZES], showSizeChanger: true }}
      locale={{ emptyText: t('downloads.empty') }}
      request={async (params) => {
        const { rows, total } = await loadPublishedToolFiles(params.keyword?.trim() || undefined);
        return { data: rows, total, success: true };
      }}
    />
  );
}
