/**
 * The message centre widget: notices (pinned first, rich text opened in a dialog) and warnings
 * with their call status (spec §4: pending, processing, success, failure).
 */
import { useState } from 'react';
import { App, Badge, Button, Card, Empty, List, Modal, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { EditOutlined, PushpinFilled, RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../core/navigation/access';
import { isOpenWarning } from '../../../shared/home/warnings';
import { useLiveInvalidation } from '../../../shell/live/useLiveUpdates';
import { homeKeys, useNotices, useRetryWarning, useWarnings, type Notice, type Warning, type WarningCallStatus } from '../api/home';
import { NoticeEditorDialog } from './NoticeEditorDialog';
import { RichText } from '../../../shell/richText/RichText';
import { formatTime } from '../../../core/format/time';

export const CALL_STATUS_COLOURS: Record<WarningCallStatus, string> = {
  pending: 'default',
  processing: 'processing',
  success: 'success',
  failure: 'error',
};

const LEVEL_COLOURS = { info: 'blue', warning: 'orange', danger: 'red' } as const;


const when = (time: string | null | undefined) => formatTime(time, 'minute');

export function MessageCentre() {
  const { t } = useTranslation('home');
  const notices = useNotices();
  const warnings = useWarnings();
  // Raised anywhere (the ERP delivery job, another server): the lists reload without a page reload.
  useLiveInvalidation('warning', [homeKeys.warnings]);
  useLiveInvalidation('notice', [homeKeys.notices]);
  const [opened, setOpened] = useState<Notice | null>(null);
  const [publishing, setPublishing] = useState(false);
  // The server's x-permission of publishing is HomeNotice#Save.
  const canPublish = useAccess().has('HomeNotice', 'Save');
  const openWarnings = (warnings.data ?? []).filter((w) => isOpenWarning(w.CALL_STATUS)).length;
  // The server's x-permission of a retry is HomeWarning#Retry.
  const canRetry = useAccess().has('HomeWarning', 'Retry');
  const retry = useRetryWarning();
  const { message } = App.useApp();
  const retryable = (warning: Warning) => canRetry && warning.RETRYABLE === true && (warning.CALL_STATUS === 'pending' || warning.CALL_STATUS === 'failure');
  const onRetry = (warning: Warning) =>
    retry.mutate(warning.ID, {
      onSuccess: ({ CALL_STATUS }) => {
        if (CALL_STATUS === 'success') void message.success(t('warnings.retrySuccess'));
        else if (CALL_STATUS === 'failure') void message.error(t('warnings.retryFailure'));
        else void message.info(t('warnings.retryProcessing'));
      },
    });

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
        <List.Item
          className="home-list-item"
          data-testid="warning"
          extra={
            <Space size={8}>
              <Badge status={CALL_STATUS_COLOURS[warning.CALL_STATUS] as 'default'} text={t(`warnings.status.${warning.CALL_STATUS}`)} />
              {retryable(warning) && (
                <Button
                  size="small"
                  icon={<RedoOutlined />}
                  loading={retry.isPending && retry.variables === warning.ID}
                  onClick={() => onRetry(warning)}
                >
                  {t('warnings.retry')}
                </Button>
              )}
            </Space>
          }
        >
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
