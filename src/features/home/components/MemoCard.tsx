/** The memo list: add a line, remove one; newest first. */
import { useState } from 'react';
import { Button, Card, Empty, Input, List, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAddMemo, useDeleteMemo, useMemos } from '../api/home';
import { formatTime } from '../../../core/format/time';

const MEMO_MAX_LENGTH = 500;

export function MemoCard() {
  const { t } = useTranslation('home');
  const memos = useMemos();
  const add = useAddMemo();
  const remove = useDeleteMemo();
  const [draft, setDraft] = useState('');

  const submit = async () => {
    if (!draft.trim()) return;
    await add.mutateAsync(draft.trim());
    setDraft('');
  };

  return (
    <Card title={t('memo.title')} className="home-card">
      <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
        <Input
          aria-label={t('memo.placeholder')}
          placeholder={t('memo.placeholder')}
          value={draft}
          maxLength={MEMO_MAX_LENGTH}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={() => void submit()}
        />
        <Button type="primary" icon={<PlusOutlined />} loading={add.isPending} disabled={!draft.trim()} onClick={() => void submit()}>
          {t('memo.add')}
        </Button>
      </Space.Compact>
      <List
        aria-label={t('memo.title')}
        loading={memos.isLoading}
        dataSource={memos.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('memo.empty')} /> }}
        renderItem={(memo) => (
          <List.Item
            data-testid="memo"
            actions={[
              <Button
                key="remove"
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('memo.remove', { content: memo.CONTENT })}
                onClick={() => remove.mutate(memo.ID)}
              />,
            ]}
          >
            <List.Item.Meta title={memo.CONTENT} description={<Typography.Text type="secondary">{formatTime(memo.CREATE_TIME, 'minute')}</Typography.Text>} />
          </List.Item>
        )}
      />
    </Card>
  );
}
