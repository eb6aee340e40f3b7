/**
 * Tools files (spec §2 administration, 工具文件): the installers and drivers the plant hands out —
 * PDA installer APK, label-printer driver, print agent — each with a name, version, remark and a
 * published flag (published ones appear in 下载中心). Upload, replace the file, edit, download and
 * delete; the upload form checks the type and size (spec §5) before sending, as the server does, and a
 * save the server refuses for one field (a name and version taken) marks that field.
 */
import { useRef, useState } from 'react';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { ModalForm, ProFormSwitch, ProFormText, ProFormTextArea, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { ProTable } from '../../../core/forms/ProTable';
import { App, Button, Form, Space, Tag, Upload, type UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddRecordButton, RecordActions, RowActionButton, rowActionsWidth } from '../components/RecordActions';
import { extensionOf, TOOL_FILE_EXTENSIONS, TOOL_FILE_MAX_MB, TOOL_FILE_TYPES } from '../../../shared/tool-file-rules';
import { DEFAULT_PAGE_SIZES } from '../../../core/settings/settingsStore';
import { downloadBlob } from '../../../grid/logic/download';
import { saveMarkingRefusal } from '../../../api/problemPlace';
import { useFieldMarks } from '../../../core/forms/useFieldMarks';
import { deleteToolFile, downloadToolFile, formatFileSize, loadToolFiles, saveToolFile, type ToolFile } from '../toolsApi';

interface FormValues {
  NAME: string;
  VERSION: string;
  REMARK?: string;
  PUBLISHED: boolean;
  file?: UploadFile[];
}

export default function ToolsFilePage() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const table = useRef<ActionType>(null);
  const [editing, setEditing] = useState<Partial<ToolFile> | null>(null);
  const marks = useFieldMarks();

  /** Spec §5: the type and the size are checked before anything is sent. */
  const fileProblem = (file: File): string | undefined => {
    const extension = extensionOf(file.name);
    if (!TOOL_FILE_TYPES[extension]) return t('tools.wrongType', { ext: extension ? `.${extension}` : file.name, allowed: TOOL_FILE_EXTENSIONS.join(' ') });
    if (file.size === 0) return t('tools.empty');
    if (file.size > TOOL_FILE_MAX_MB * 1024 * 1024) return t('tools.tooLarge', { max: TOOL_FILE_MAX_MB });
    return undefined;
  };

  const download = async (row: ToolFile) => {
    try {
      downloadBlob(await downloadToolFile(row.ID, 'admin'), row.FILE_NAME);
    } catch {
      // The failure was shown as its toast.
    }
  };

  const columns: ProColumns<ToolFile>[] = [
    { title: t('tools.fields.NAME'), dataIndex: 'NAME', width: 200, ellipsis: true },
    { title: t('tools.fields.VERSION'), dataIndex: 'VERSION', width: 110 },
    { title: t('tools.fields.FILE_NAME'), dataIndex: 'FILE_NAME', width: 220, ellipsis: true },
    { title: t('tools.fields.FILE_SIZE'), dataIndex: 'FILE_SIZE', width: 100, align: 'right', render: (_, row) => formatFileSize(row.FILE_SIZE) },
    {
      title: t('tools.fields.PUBLISHED'),
      dataIndex: 'PUBLISHED',
      width: 90,
      render: (_, row) => (row.PUBLISHED === 'Y' ? <Tag color="green">{t('tools.published')}</Tag> : <Tag>{t('tools.unpublished')}</Tag>),
    },
    { title: t('tools.fields.REMARK'), dataIndex: 'REMARK', width: 220, ellipsis: true },
    { title: t('tools.fields.UPLOADED_BY'), dataIndex: 'UPLOADED_BY', width: 110 },
    { title: t('tools.fields.UPDATED_AT'), dataIndex: 'UPDATED_AT', width: 170, valueType: 'dateTime' },
    {
      title: t('actions'),
      valueType: 'option',
      width: rowActionsWidth(3),
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <RowActionButton label={t('tools.download')} icon={<DownloadOutlined />} onClick={() => void download(row)} />
          <RecordActions onEdit={() => setEditing(row)} onDelete={() => deleteToolFile(row.ID)} afterDelete={() => table.current?.reload()} />
        </Space>
      ),
    },
  ];

  const adding = !editing?.ID;

  return (
    <>
      <ProTable<ToolFile, { keyword?: string }>
        rowKey="ID"
        headerTitle={t('tools.title')}
        actionRef={table}
        columns={columns}
        search={false}
        size="small"
        scroll={{ x: 1460 }}
        options={{ search: { placeholder: t('tools.searchPlaceholder'), allowClear: true }, reload: true, density: false, setting: false }}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZES[0], pageSizeOptions: [...DEFAULT_PAGE_SIZES], showSizeChanger: true }}
        request={async (params) => {
          const { rows, total } = await loadToolFiles(params.keyword?.trim() || undefined);
          return { data: rows, total, success: true };
        }}
        toolBarRender={() => [<AddRecordButton key="add" onAdd={() => setEditing({ PUBLISHED: 'Y' })} />]}
      />
      <ModalForm<FormValues>
        title={adding ? t('tools.add') : t('tools.edit')}
        open={editing !== null}
        initialValues={{ NAME: editing?.NAME, VERSION: editing?.VERSION, REMARK: editing?.REMARK, PUBLISHED: editing?.PUBLISHED !== 'N' }}
        {...marks.formProps}
        modalProps={{ destroyOnHidden: true, onCancel: () => setEditing(null) }}
        onFinish={async (values) => {
          const file = values.file?.[0]?.originFileObj;
          const fields = {
            ...(editing?.ID ? { ID: editing.ID } : {}),
            NAME: values.NAME.trim(),
            VERSION: values.VERSION.trim(),
            REMARK: values.REMARK?.trim() ?? '',
            PUBLISHED: values.PUBLISHED ? ('Y' as const) : ('N' as const),
          };
          await saveMarkingRefusal(marks, (options) => saveToolFile(fields, file, options));
          setEditing(null);
          message.success(t('saved'));
          table.current?.reload();
          return true;
        }}
      >
        <ProFormText
          name="NAME"
          label={t('tools.fields.NAME')}
          placeholder={t('tools.namePlaceholder')}
          fieldProps={{ maxLength: 100 }}
          rules={[{ required: true, whitespace: true, message: t('required', { field: t('tools.fields.NAME') }) }]}
        />
        <ProFormText
          name="VERSION"
          label={t('tools.fields.VERSION')}
          fieldProps={{ maxLength: 50 }}
          rules={[{ required: true, whitespace: true, message: t('required', { field: t('tools.fields.VERSION') }) }]}
        />
        <Form.Item
          name="file"
          label={adding ? t('tools.fields.file') : t('tools.replaceFile')}
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
          extra={
            <>
              {!adding && editing?.FILE_NAME && <div>{t('tools.currentFile', { name: editing.FILE_NAME, size: formatFileSize(editing.FILE_SIZE ?? 0) })}</div>}
              <div>{t('tools.fileHint', { max: TOOL_FILE_MAX_MB, allowed: TOOL_FILE_EXTENSIONS.join(' ') })}</div>
            </>
          }
          rules={[
            { required: adding, message: t('tools.fileRequired') },
            {
              validator: async (_: unknown, files?: UploadFile[]) => {
                const file = files?.[0]?.originFileObj;
                const problem = file && fileProblem(file);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Upload beforeUpload={() => false} maxCount={1} accept={TOOL_FILE_EXTENSIONS.join(',')}>
            <Button icon={<UploadOutlined />}>{t('tools.chooseFile')}</Button>
          </Upload>
        </Form.Item>
        <ProFormTextArea name="REMARK" label={t('tools.fields.REMARK')} fieldProps={{ maxLength: 500, showCount: true, rows: 3 }} />
        <ProFormSwitch name="PUBLISHED" label={t('tools.fields.PUBLISHED')} extra={t('tools.publishedHint')} />
      </ModalForm>
    </>
  );
}
