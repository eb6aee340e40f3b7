/** The stock screens' search and reset buttons, at the end of their inline search form. */
import { Button, Form, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function SearchActions({ onReset }: { onReset(): void }) {
  const { t } = useTranslation('stock');
  // The grids' own search button's word (搜索 / Search), so every list screen says the same.
  const { t: tGrid } = useTranslation('grid');
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {tGrid('quickSearch.search')}
        </Button>
        <Button onClick={onReset}>{t('search.reset')}</Button>
      </Space>
    </Form.Item>
  );
}
