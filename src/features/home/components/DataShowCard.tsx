/** The data-show widget: this week's warehouse totals and the daily chart. */
import { Card, Col, Empty, Row, Skeleton, Space, Statistic, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDataShow } from '../api/home';
import { ThroughputChart } from './ThroughputChart';

export function DataShowCard() {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const dataShow = useDataShow();
  const days = dataShow.data ?? [];
  const total = (pick: (d: (typeof days)[number]) => number) => days.reduce((sum, d) => sum + pick(d), 0);

  return (
    <Card title={t('dataShow.title')} extra={<Typography.Text type="secondary">{t('dataShow.period')}</Typography.Text>} className="home-card">
      {dataShow.isLoading ? (
        <Skeleton active />
      ) : !days.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dataShow.empty')} />
      ) : (
        <>
          <Row gutter={16}>
            <Col span={8}>
              <Statistic title={t('dataShow.inbound')} value={total((d) => d.INBOUND_QTY)} />
            </Col>
            <Col span={8}>
              <Statistic title={t('dataShow.outbound')} value={total((d) => d.OUTBOUND_QTY)} />
            </Col>
            <Col span={8}>
              <Statistic title={t('dataShow.inspected')} value={total((d) => d.INSPECTED_QTY)} />
            </Col>
          </Row>
          <ThroughputChart days={days} label={t('dataShow.chartLabel')} seriesNames={{ inbound: t('dataShow.inbound'), outbound: t('dataShow.outbound') }} />
          <Space size="large" className="home-legend">
            <span><i className="home-legend-swatch" style={{ background: token.colorPrimary }} />{t('dataShow.inbound')}</span>
            <span><i className="home-legend-swatch" style={{ background: token.colorWarning }} />{t('dataShow.outbound')}</span>
          </Space>
        </>
      )}
    </Card>
  );
}
