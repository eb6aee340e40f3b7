/** The stock screens' search and reset buttons, at the end of their inline search form. */
import { Button, Form, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function SearchActions({ onReset }: { onReset(): void }) {
  // The grids' own words (搜索 / 重置), so every list screen says the same.
  const { t } = useTranslation('grid');
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('quickSearch.search')}
        </Button>
        <Button onClick={onReset}>{t('quickSearch.reset')}</Button>
      </Space>
    </Form.Item>
  );
}
