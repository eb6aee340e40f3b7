/**
 * The front-end log page (spec §2 `log`, §8 "Logging"): the danger entries of this browser
 * session — api errors and uncaught front-end errors — newest first, with a text filter over
 * message, user and addresses, and a button that empties the log.
 */
import { useMemo, useState } from 'react';
import { ClearOutlined } from '@ant-design/icons';
import { Button, Card, Input, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLogStore, type LogEntry } from '../../../core/log/store';
import { formatTime } from '../../../core/format/time';

const PAGE_SIZE = 50;

/** Entries whose message, user, page or request address contains the text (case-insensitive). */
export function filterLogEntries(entries: readonly LogEntry[], text: string): LogEntry[] {
  const needle = text.trim().toLowerCase();
  const newestFirst = [...entries].reverse();
  if (!needle) return newestFirst;
  return newestFirst.filter((entry) =>
    [entry.message, entry.user, entry.url, entry.requestUrl].some((field) => field?.toLowerCase().includes(needle)),
  );
}

export function LogPage() {
  const { t } = useTranslation('log');
  const entries = useLogStore((s) => s.entries);
  const clear = useLogStore((s) => s.clear);
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => filterLogEntries(entries, filter), [entries, filter]);

  const columns: TableColumnsType<LogEntry> = [
    { key: 'time', title: t('columns.time'), dataIndex: 'time', width: 170, render: (time: string) => formatTime(time) },
    { key: 'message', title: t('columns.message'), dataIndex: 'message', ellipsis: { showTitle: true } },
    { key: 'user', title: t('columns.user'), dataIndex: 'user', width: 120 },
    { key: 'requestUrl', title: t('columns.requestUrl'), dataIndex: 'requestUrl', width: 280, ellipsis: { showTitle: true } },
    { key: 'url', title: t('columns.url'), dataIndex: 'url', width: 280, ellipsis: { showTitle: true } },
  ];

  return (
    <Card
      title={t('title')}
      extra={
        <Space wrap>
          <Input.Search
            allowClear
            aria-label={t('filter')}
            placeholder={t('filter')}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            style={{ width: 280 }}
          />
          <Button icon={<ClearOutlined />} danger disabled={!entries.length} onClick={clear}>
            {t('clear')}
          </Button>
        </Space>
      }
    >
      <Table<LogEntry>
        rowKey="id"
        columns={columns}
        dataSource={shown}
        locale={{ emptyText: t(entries.length ? 'noMatch' : 'empty') }}
        pagination={{ pageSize: PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true, showTotal: (total) => t('total', { count: total }) }}
        // Uncaught errors carry a stack; an expand column only when some entry has one.
        expandable={
          shown.some((entry) => entry.stack)
            ? {
                rowExpandable: (entry) => Boolean(entry.stack),
                expandedRowRender: (entry) => (
                  <Typography.Paragraph copyable={{ text: entry.stack }}>
                    <pre>{entry.stack}</pre>
                  </Typography.Paragraph>
                ),
              }
            : undefined
        }
        scroll={{ x: 1000 }}
      />
    </Card>
  );
}
