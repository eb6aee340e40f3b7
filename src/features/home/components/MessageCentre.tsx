/**
 * The message centre widget: notices (pinned first, rich text opened in a dialog) and warnings
 * with their call status (spec §4: pending, processing, success, failure).
 */
import { useState } from 'react';
import { Badge, Button, Card, Empty, List, Modal, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { EditOutlined, PushpinFilled } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../core/navigation/access';
import { useNotices, useWarnings, type Notice, type WarningCallStatus } from '../api/home';
import { NoticeEditorDialog } from './NoticeEditorDialog';
import { RichText } from './RichText';

export const CALL_STATUS_COLOURS: Record<WarningCallStatus, string> = {
  pending: 'default',
  processing: 'processing',
  success: 'success',
  failure: 'error',
};

const LEVEL_COLOURS = { info: 'blue', warning: 'orange', danger: 'red' } as const;


const when = (time: string | null | undefined) => (time ? dayjs(time).format('YYYY-MM-DD HH:mm') : '');

export function MessageCentre() {
  const { t } = useTranslation('home');
  const notices = useNotices();
  const warnings = useWarnings();
  const [opened, setOpened] = useState<Notice | null>(null);
  const [publishing, setPublishing] = useState(false);
  // The server's x-permission of publishing is HomeNotice#Save.
  const canPublish = useAccess().has('HomeNotice', 'Save');
  const openWarnings = (warnings.data ?? []).filter((w) => w.CALL_STATUS !== 'success').length;

  const noticeList = (
    <List
      aria-label={t('notices.title')}
      loading={notices.isLoading}
      dataSource={notices.data ?? []}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.empty')} /> }}
      renderItem={(notice) => (
        <List.Item className="home-list-item" data-testid="notice" onClick={() => setOpened(notice)} extra={<Typography.Text type="secondary">{when(notice.PUBLISH_TIME)}</Typography.Text>}>
          <Space size={6}>
            {notice.IS_TOP === 'Y' && (
              <Tag color="red" icon={<PushpinFilled />}>
                {t('notices.pinned')}
              </Tag>
            )}
            <Typography.Link>{notice.TITLE}</Typography.Link>
          </Space>
        </List.Item>
      )}
    />
  );

  const warningList = (
    <List
      aria-label={t('warnings.title')}
      loading={warnings.isLoading}
      dataSource={warnings.data ?? []}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('warnings.empty')} /> }}
      renderItem={(warning) => (
        <List.Item className="home-list-item" data-testid="warning" extra={<Badge status={CALL_STATUS_COLOURS[warning.CALL_STATUS] as 'default'} text={t(`warnings.status.${warning.CALL_STATUS}`)} />}>
          <List.Item.Meta
            title={
              <Space size={6}>
                <Tag color={LEVEL_COLOURS[warning.WARNING_LEVEL]}>{t(`warnings.level.${warning.WARNING_LEVEL}`)}</Tag>
                <span>{warning.TITLE}</span>
              </Space>
            }
            description={
              <Typography.Text type="secondary" ellipsis={{ tooltip: warning.CONTENT }}>
                {when(warning.CREATE_TIME)} · {warning.CONTENT}
              </Typography.Text>
            }
          />
        </List.Item>
      )}
    />
  );

  return (
    <Card
      title={t('messageCentre.title')}
      className="home-card"
      styles={{ body: { paddingTop: 0 } }}
      extra={
        canPublish && (
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setPublishing(true)}>
            {t('notices.publish')}
          </Button>
        )
      }
    >
      {notices.isLoading && warnings.isLoading ? (
        <Skeleton active />
      ) : (
        <Tabs
          items={[
            { key: 'notices', label: `${t('notices.title')} (${notices.data?.length ?? 0})`, children: noticeList },
            { key: 'warnings', label: <Badge count={openWarnings} size="small" offset={[8, 0]}>{t('warnings.title')}</Badge>, children: warningList },
          ]}
        />
      )}
      <Modal open={Boolean(opened)} title={opened?.TITLE} footer={null} onCancel={() => setOpened(null)} width={640}>
        {opened && (
          <>
            <Typography.Paragraph type="secondary">
              {opened.PUBLISHER} · {when(opened.PUBLISH_TIME)}
            </Typography.Paragraph>
            <RichText html={opened.CONTENT} />
          </>
        )}
      </Modal>
      <NoticeEditorDialog open={publishing} onClose={() => setPublishing(false)} />
    </Card>
  );
}
