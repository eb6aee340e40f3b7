import { useMemo, useState } from 'react';
import { Button, Input, Modal, Space, Table, type TableProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDropdownPage } from '../api/queries';
import type { DropdownPageRequest } from '../api/listParam';
import { DEFAULT_PICKER_PAGE_SIZE, PICKER_PAGE_SIZES } from '../model/constants';
import type { DropdownOption } from '../model/types';

interface PagedDropdownPickerProps {
  listRoute: string;
  paramName: string;
  multiple: boolean;
  value: string | string[] | null;
  onChange(value: string | string[] | null): void;
  disabled?: boolean;
  ariaLabel: string;
}

const ORDER_SORT = { ascend: 0, descend: 1 } as const;

/**
 * The dropdown picker for fields with paging on (IS_PAGING Y): options are read a page at a time
 * (spec §3 picker request; page sizes 15/25/35/45, default 15), with a key filter and sorting.
 */
export function PagedDropdownPicker({ listRoute, paramName, multiple, value, onChange, disabled, ariaLabel }: PagedDropdownPickerProps) {
  const { t } = useTranslation('grid');
  const [open, setOpen] = useState(false);
  const [request, setRequest] = useState<DropdownPageRequest>({
    Key: '',
    PARAM_NAME: paramName,
    Page: 1,
    Limit: DEFAULT_PICKER_PAGE_SIZE,
  });
  const [picked, setPicked] = useState<string[]>([]);
  const page = useDropdownPage(listRoute, { ...request, PARAM_NAME: paramName }, open);

  const chosen = value == null ? [] : Array.isArray(value) ? value : [value];

  const openPicker = () => {
    setPicked(chosen);
    setOpen(true);
  };
  const finish = (codes: string[]) => {
    onChange(multiple ? codes : (codes[0] ?? null));
    setOpen(false);
  };

  const columns = useMemo<TableProps<DropdownOption>['columns']>(
    () => [
      { title: t('picker.code'), dataIndex: 'CODE', key: 'CODE', sorter: true },
      { title: t('picker.name'), dataIndex: 'NAME', key: 'NAME', sorter: true },
    ],
    [t],
  );

  const onTableChange: TableProps<DropdownOption>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    setRequest((r) => ({
      ...r,
      Page: pagination.pageSize !== r.Limit ? 1 : (pagination.current ?? 1),
      Limit: pagination.pageSize ?? r.Limit,
      OrderByParam: single?.order ? String(single.columnKey) : undefined,
      OrderBySort: single?.order ? ORDER_SORT[single.order] : undefined,
    }));
  };

  return (
    <>
      <Space.Compact block>
        <Input aria-label={ariaLabel} readOnly value={chosen.join(', ')} disabled={disabled} onClick={disabled ? undefined : openPicker} />
        <Button aria-label={t('picker.open')} icon={<SearchOutlined />} disabled={disabled} onClick={openPicker} />
      </Space.Compact>
      <Modal
        open={open}
        title={t('picker.title')}
        width={720}
        maskClosable={false}
        destroyOnHidden
        okText={t('actions.ok')}
        cancelText={t('actions.cancel')}
        onOk={() => finish(picked)}
        onCancel={() => setOpen(false)}
      >
        <Input.Search
          aria-label={t('picker.key')}
          placeholder={t('picker.key')}
          allowClear
          enterButton
          onSearch={(Key) => setRequest((r) => ({ ...r, Key, Page: 1 }))}
          style={{ marginBottom: 8 }}
        />
        <Table<DropdownOption>
          size="small"
          rowKey="CODE"
          columns={columns}
          dataSource={page.data?.rows}
          loading={page.isFetching}
          scroll={{ y: 360 }}
          rowSelection={{
            type: multiple ? 'checkbox' : 'radio',
            selectedRowKeys: picked,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setPicked(keys.map(String)),
          }}
          // One click on a row picks it in single mode; multi mode ticks boxes and confirms with OK.
          onRow={multiple ? undefined : (option) => ({ onClick: () => finish([option.CODE]) })}
          pagination={{
            current: request.Page,
            pageSize: request.Limit,
            total: page.data?.total ?? 0,
            pageSizeOptions: PICKER_PAGE_SIZES.map(String),
            showSizeChanger: true,
            showTotal: (total) => t('pagination.total', { count: total }),
          }}
          onChange={onTableChange}
        />
      </Modal>
    </>
  );
}
