import type { ReactNode } from 'react';
import { Button, Drawer, Form, Space, Table, type FormInstance, type TableColumnsType } from 'antd';
import { PlusOutlined, SaveOutlined } from '@ant-design/icons';
import type { FormListFieldData } from 'antd/es/form/FormList';
import { useTranslation } from 'react-i18next';

/** The form of an editable-rows drawer: its rows under `rows`. */
export interface RowsForm<Row> {
  rows: Row[];
}

interface EditableRowsDrawerProps<Row> {
  open: boolean;
  title: string;
  width: string;
  /** Closing asks first (unsaved edits) when the caller's handler does; a click on the mask closes only where allowed. */
  onClose(): void;
  maskClosable?: boolean;
  form: FormInstance<RowsForm<Row>>;
  /** The row 新增 appends. */
  newRow(): Row;
  /** Whatever changed the rows: a typed edit or an added row. */
  onRowsChanged?(): void;
  onSave(): Promise<unknown>;
  /** The drawer's own delete buttons, after 新增 and 保存. */
  deleteButtons: ReactNode;
  loading: boolean;
  /** The table's columns; `remove` takes a row out of the form. */
  columns(remove: (index: number) => void): TableColumnsType<FormListFieldData>;
  /**
   * The rows scroll inside the drawer below this height (CSS), and sideways over the columns' widths,
   * so the horizontal scroll bar is always on screen and every column can be brought out from under
   * a sticky one; default: the table as high as its rows.
   */
  bodyHeight?: string;
}

/**
 * A drawer editing a list's configuration rows as a table of form fields (spec §2, §5): 新增 and
 * 保存 above the table, then the caller's delete buttons. The settings drawer and the column
 * config drawer are this with their own columns and rules.
 */
export function EditableRowsDrawer<Row>(props: EditableRowsDrawerProps<Row>) {
  const { open, title, width, onClose, maskClosable, form, newRow, onRowsChanged, onSave, deleteButtons, loading, columns, bodyHeight } = props;
  const { t } = useTranslation('grid');
  return (
    <Drawer open={open} title={title} width={width} maskClosable={maskClosable ?? true} onClose={onClose} destroyOnHidden>
      <Form<RowsForm<Row>> form={form} component={false} onValuesChange={onRowsChanged}>
        <Form.List name="rows">
          {(fields, { add, remove }) => {
            const tableColumns = columns(remove);
            return (
              <>
                <Space style={{ marginBottom: 8 }} wrap>
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => {
                      add(newRow());
                      onRowsChanged?.();
                    }}
                  >
                    {t('actions.add')}
                  </Button>
                  <Button type="primary" icon={<SaveOutlined />} onClick={() => void onSave().catch(() => {})}>
                    {t('actions.save')}
                  </Button>
                  {deleteButtons}
                </Space>
                <Table<FormListFieldData>
                  size="small"
                  bordered
                  rowKey="key"
                  loading={loading}
                  pagination={false}
                  dataSource={fields}
                  columns={tableColumns}
                  scroll={bodyHeight ? { x: tableColumns.reduce((sum, column) => sum + Number(column.width ?? 0), 0), y: bodyHeight } : undefined}
                />
              </>
            );
          }}
        </Form.List>
      </Form>
    </Drawer>
  );
}
