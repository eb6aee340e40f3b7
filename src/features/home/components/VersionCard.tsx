/** Version info: the newest release of the version master and what it changed (its details). */
import { Card, Descriptions, Empty, List, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useVersionDetails, useVersions } from '../api/home';

const CHANGE_COLOURS = { feature: 'green', improvement: 'blue', fix: 'orange' } as const;

export function VersionCard() {
  const { t } = useTranslation('home');
  const versions = useVersions();
  const current = versions.data?.[0];
  const details = useVersionDetails(current?.ID);

  return (
    <Card title={t('version.title')} extra={current && <Tag color="green">v{current.VERSION_NO}</Tag>} className="home-card">
      {versions.isLoading ? (
        <Skeleton active />
      ) : !current ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('version.empty')} />
      ) : (
        <>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('version.number')}>{current.VERSION_NO}</Descriptions.Item>
            <Descriptions.Item label={t('version.name')}>{current.TITLE}</Descriptions.Item>
            <Descriptions.Item label={t('version.released')}>{current.RELEASE_DATE}</Descriptions.Item>
          </Descriptions>
          <List
            size="small"
            aria-label={t('version.changes')}
            loading={details.isLoading}
            dataSource={details.data ?? []}
            renderItem={(detail) => (
              <List.Item>
                <Tag color={CHANGE_COLOURS[detail.CHANGE_TYPE]}>{t(`version.change.${detail.CHANGE_TYPE}`)}</Tag>
                <span style={{ flex: 1 }}>{detail.CONTENT}</span>
              </List.Item>
            )}
          />
        </>
      )}
    </Card>
  );
}
