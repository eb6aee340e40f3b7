import { Button, Form, InputNumber, Modal, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { normalizePageSizes, pageSizeProblem } from '../logic/pageSizes';
import { CUSTOM_PAGE_SIZE_STEP } from '../model/constants';

interface PageSizeDialogProps {
  open: boolean;
  sizes: readonly number[];
  onClose(): void;
  onSave(sizes: number[]): void;
}

interface PageSizeForm {
  sizes: (number | null)[];
}

/**
 * The custom page-size dialog (spec §5, §9): several page sizes, each required, an integer from
 * 10 to 10000 in steps of 10, no duplicates ('不能含有重复页数项').
 */
export function PageSizeDialog({ open, sizes, onClose, onSave }: PageSizeDialogProps) {
  const { t } = useTranslation('grid');
  const [form] = Form.useForm<PageSizeForm>();

  const save = async () => {
    try {
      const { sizes: values } = await form.validateFields();
      onSave(normalizePageSizes(values));
      onClose();
    } catch {
      // The invalid inputs show their messages.
    }
  };

  return (
    <Modal
      open={open}
      title={t('pageSize.title')}
      maskClosable={false}
      destroyOnHidden
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
    >
      <Form<PageSizeForm> form={form} initialValues={{ sizes: [...sizes] }}>
        <Form.List name="sizes">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Space key={field.key} align="baseline">
                  <Form.Item
                    name={field.name}
                    // Every input re-checks when any changes: a duplicate is the pair's problem.
                    dependencies={fields.filter((other) => other.key !== field.key).map((other) => ['sizes', other.name])}
                    rules={[
                      ({ getFieldValue }) => ({
                        validator: (_, value) => {
                          const problem = pageSizeProblem(value, getFieldValue('sizes') ?? []);
                          return problem ? Promise.reject(new Error(t(`pageSize.errors.${problem}`))) : Promise.resolve();
                        },
                      }),
                    ]}
                  >
                    {/* No min/max/precision: the input would silently correct what the message should explain. */}
                    <InputNumber aria-label={t('pageSize.item', { index: index + 1 })} step={CUSTOM_PAGE_SIZE_STEP} />
                  </Form.Item>
                  {fields.length > 1 && (
                    <MinusCircleOutlined aria-label={t('pageSize.remove', { index: index + 1 })} onClick={() => remove(field.name)} />
                  )}
                </Space>
              ))}
              <Form.Item>
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(null)}>
                  {t('pageSize.add')}
                </Button>
              </Form.Item>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
