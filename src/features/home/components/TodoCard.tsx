/** The to-do widget: the user's open items first, with priority and due time; an item opens its screen. */
import { Card, Empty, List, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useTodos, type TodoItem } from '../api/home';

const PRIORITY_COLOURS = { high: 'red', normal: 'blue', low: 'default' } as const;

export function TodoCard({ onOpen }: { onOpen(path: string): void }) {
  const { t } = useTranslation('home');
  const todos = useTodos();
  const open = (todos.data ?? []).filter((item) => item.STATUS === 'open').length;
  const overdue = (item: TodoItem) => item.STATUS === 'open' && item.DUE_TIME && dayjs(item.DUE_TIME).isBefore(dayjs());

  return (
    <Card title={t('todo.title')} extra={<Tag color="processing">{t('todo.open', { count: open })}</Tag>} className="home-card">
      <List
        aria-label={t('todo.title')}
        loading={todos.isLoading}
        dataSource={todos.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('todo.empty')} /> }}
        renderItem={(item) => (
          <List.Item
            className={`home-list-item${item.STATUS === 'done' ? ' home-list-item--done' : ''}`}
            onClick={item.MENU_PATH ? () => onOpen(item.MENU_PATH) : undefined}
            extra={
              item.DUE_TIME && (
                <Typography.Text type={overdue(item) ? 'danger' : 'secondary'}>{dayjs(item.DUE_TIME).format('MM-DD HH:mm')}</Typography.Text>
              )
            }
          >
            <List.Item.Meta
              title={
                <Space size={6}>
                  <Tag color={item.STATUS === 'done' ? 'success' : PRIORITY_COLOURS[item.PRIORITY]}>
                    {item.STATUS === 'done' ? t('todo.done') : t(`todo.priority.${item.PRIORITY}`)}
                  </Tag>
                  <span>{item.TITLE}</span>
                </Space>
              }
              description={item.CONTENT}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
