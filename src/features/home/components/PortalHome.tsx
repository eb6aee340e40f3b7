/**
 * The portal home (issue 21: the home page of a user's scheme): the scheme's cards where its layout
 * puts them, each drawn by its data source — a home widget draws itself (memos, to-do, notices,
 * throughput, common functions, data show, version), a built-in data source's rows (Portal/CardData)
 * are shown in the card's view (number, table, list, line/bar/pie chart as plain SVG), and a custom
 * report card opens its report.
 */
import { Button, Card, Empty, List, Skeleton, Statistic, Table, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { GridLayout, useContainerWidth } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { pieSlices, plotFrame, type PlotBox } from '../../../shared/chart-scale';
import { ValueGrid } from '../../../shell/charts/ValueGrid';
import { PORTAL_GRID_COLUMNS } from '../../../shared/portal/cards';
import { REPORT_LOADING_LINK } from '../../../shared/reports/definition';
import { useDataShow } from '../api/home';
import { useCardData, useReportCardData, type PortalCardOption, type PortalHome as Home } from '../api/portal';
import { CommonFunctionsCard } from './CommonFunctionsCard';
import { DataShowCard } from './DataShowCard';
import { MemoCard } from './MemoCard';
import { NoticeSwiper } from './NoticeSwiper';
import { ThroughputChart } from './ThroughputChart';
import { TodoCard } from './TodoCard';
import { VersionCard } from './VersionCard';

type Row = { Label: string; Value: number };
const BOX: PlotBox = { width: 400, height: 200, pad: { top: 10, right: 8, bottom: 24, left: 40 } };
const { width: WIDTH, height: HEIGHT } = BOX;

/** Line, bar or pie of label/value rows, sized by its card. */
export function PortalChart({ rows, kind, label }: { rows: Row[]; kind: 'LINE' | 'BAR' | 'PIE'; label: string }) {
  const { token } = theme.useToken();
  const palette = [token.colorPrimary, token.colorWarning, token.colorSuccess, token.colorError, token.colorInfo, token.purple ?? '#722ed1'];
  if (kind === 'PIE') {
    const slices = pieSlices(rows.map((row) => row.Value), HEIGHT / 2, HEIGHT / 2, HEIGHT / 2 - 8);
    return (
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" height="100%" role="img" aria-label={label}>
        {rows.map((row, i) => {
          const path = slices[i];
          return (
            <g key={row.Label}>
              <path d={path} fill={palette[i % palette.length]} />
              <rect x={HEIGHT + 16} y={16 + i * 22} width={12} height={12} fill={palette[i % palette.length]} />
              <text x={HEIGHT + 34} y={26 + i * 22} fontSize={12} fill={token.colorText}>{`${row.Label} ${row.Value.toLocaleString()}`}</text>
            </g>
          );
        })}
      </svg>
    );
  }
  const frame = plotFrame(BOX, rows.length, Math.max(0, ...rows.map((r) => r.Value)));
  const { y, centre: x, slot } = frame;
  const plotBottom = y(0);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" height="100%" role="img" aria-label={label}>
      <ValueGrid box={BOX} frame={frame} shares={[0, 0.5, 1]} fontSize={10} />
      {kind === 'BAR'
        ? rows.map((row, i) => <rect key={row.Label} x={x(i) - Math.min(24, slot / 3) / 2} width={Math.min(24, slot / 3)} y={y(row.Value)} height={plotBottom - y(row.Value)} fill={token.colorPrimary} />)
        : <polyline fill="none" stroke={token.colorPrimary} strokeWidth={2} points={rows.map((row, i) => `${x(i)},${y(row.Value)}`).join(' ')} />}
      {rows.map((row, i) => (
        <text key={row.Label} x={x(i)} y={HEIGHT - 8} textAnchor="middle" fontSize={10} fill={token.colorTextSecondary}>{row.Label}</text>
      ))}
    </svg>
  );
}

/** Label/value rows in the card's view. */
function DataBody({ rows, unit, view, title, loading }: { rows: Row[]; unit: string; view: string; title: string; loading: boolean }) {
  const { t } = useTranslation('portal');
  if (loading) return <Skeleton active />;
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('card.noData')} />;
  if (view === 'NUMBER') return <Statistic value={rows.length === 1 ? rows[0].Value : rows.reduce((sum, r) => sum + r.Value, 0)} suffix={unit} />;
  if (view === 'TABLE') {
    return <Table size="small" pagination={false} rowKey={(_, i) => String(i)} dataSource={rows} showHeader={false} columns={[{ dataIndex: 'Label' }, { dataIndex: 'Value', align: 'right', render: (v: number) => `${v.toLocaleString()}${unit}` }]} />;
  }
  if (view === 'LIST') return <List size="small" dataSource={rows} renderItem={(r) => <List.Item extra={`${r.Value.toLocaleString()}${unit}`}>{r.Label}</List.Item>} />;
  return <PortalChart rows={rows} kind={view as 'LINE' | 'BAR' | 'PIE'} label={title} />;
}

function DataCard({ card, title }: { card: PortalCardOption; title: string }) {
  const data = useCardData(card.Code);
  return (
    <Card size="small" title={title} style={{ height: '100%', overflow: 'auto' }} data-testid={`portal-card-${card.Code}`}>
      <DataBody rows={data.data?.Rows ?? []} unit={data.data?.Unit ?? ''} view={card.View} title={title} loading={data.isLoading} />
    </Card>
  );
}

/** A custom report's first rows in the card's view, with a link to the whole report. */
function ReportCard({ card, title, onOpen }: { card: PortalCardOption; title: string; onOpen(path: string): void }) {
  const { t } = useTranslation('portal');
  const code = card.ReportCode ?? '';
  const data = useReportCardData(code);
  return (
    <Card size="small" title={title} style={{ height: '100%', overflow: 'auto' }} data-testid={`portal-card-${card.Code}`}
      extra={<Button type="link" size="small" onClick={() => onOpen(`${REPORT_LOADING_LINK}/${code}`)}>{t('card.openReport')}</Button>}
    >
      {card.View === 'NUMBER'
        ? <Statistic value={data.data?.count ?? 0} loading={data.isLoading} />
        : <DataBody rows={data.data?.rows ?? []} unit="" view={card.View} title={title} loading={data.isLoading} />}
    </Card>
  );
}

function ThroughputCard({ title }: { title: string }) {
  const { t } = useTranslation('home');
  const days = useDataShow().data ?? [];
  return (
    <Card size="small" title={title} style={{ height: '100%', overflow: 'auto' }}>
      <ThroughputChart days={days} label={t('dataShow.chartLabel')} seriesNames={{ inbound: t('dataShow.inbound'), outbound: t('dataShow.outbound') }} />
    </Card>
  );
}

/** One card by its source (a widget draws its own frame; its title is the widget's). */
export function PortalCardView({ card, onOpen }: { card: PortalCardOption; onOpen(path: string): void }) {
  const { t, i18n } = useTranslation('portal');
  const title = i18n.language === 'en' ? card.TitleEn : card.TitleZh;
  switch (card.Source) {
    case 'MEMO':
      return <MemoCard />;
    case 'TODO':
      return <TodoCard onOpen={onOpen} />;
    case 'NOTICES':
      return <NoticeSwiper />;
    case 'COMMON_FUNCTIONS':
      return <CommonFunctionsCard onOpen={onOpen} />;
    case 'DATA_SHOW':
      return <DataShowCard />;
    case 'VERSION':
      return <VersionCard />;
    case 'THROUGHPUT':
      return <ThroughputCard title={title} />;
    case 'REPORT':
      return <ReportCard card={card} title={title} onOpen={onOpen} />;
    case 'STOCK_BY_CATEGORY':
    case 'INSPECTION_PASS_RATE':
    case 'OPEN_BILLS_BY_STATUS':
    case 'WARNINGS':
      return <DataCard card={card} title={title} />;
    default:
      return (
        <Card size="small" title={title} style={{ height: '100%' }}>
          {t('card.unknownSource')}
        </Card>
      );
  }
}

/** The scheme's cards on the read-only grid. */
export function PortalHome({ home, onOpen }: { home: Home; onOpen(path: string): void }) {
  const { width, containerRef, mounted } = useContainerWidth();
  const cards = new Map(home.Cards.map((card) => [card.Code, card]));
  return (
    <div ref={containerRef} className="portal-home" data-testid="portal-home">
      {mounted && (
        <GridLayout
          width={width}
          layout={home.Layout.map(({ card, x, y, w, h }) => ({ i: card, x, y, w, h, static: true }))}
          gridConfig={{ cols: PORTAL_GRID_COLUMNS, rowHeight: 40 }}
          dragConfig={{ enabled: false }}
          resizeConfig={{ enabled: false }}
        >
          {home.Layout.map((item) => (
            <div key={item.card} style={{ overflow: 'auto' }} data-testid={`portal-home-item-${item.card}`}>
              {cards.has(item.card) && <PortalCardView card={cards.get(item.card)!} onOpen={onOpen} />}
            </div>
          ))}
        </GridLayout>
      )}
    </div>
  );
}
