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
import { niceMax } from '../../../shared/chart-scale';
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
const WIDTH = 400;
const HEIGHT = 200;
const PAD = { top: 10, right: 8, bottom: 24, left: 40 };

/** Line, bar or pie of label/value rows, sized by its card. */
export function PortalChart({ rows, kind, label }: { rows: Row[]; kind: 'LINE' | 'BAR' | 'PIE'; label: string }) {
  const { token } = theme.useToken();
  const palette = [token.colorPrimary, token.colorWarning, token.colorSuccess, token.colorError, token.colorInfo, token.purple ?? '#722ed1'];
  if (kind === 'PIE') {
    const total = rows.reduce((sum, r) => sum + Math.max(0, r.Value), 0) || 1;
    // Each slice starts where the ones before it end.
    const starts = rows.map((_, i) => -Math.PI / 2 + (rows.slice(0, i).reduce((sum, r) => sum + Math.max(0, r.Value), 0) / total) * Math.PI * 2);
    return (
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" height="100%" role="img" aria-label={label}>
        {rows.map((row, i) => {
          const sweep = (Math.max(0, row.Value) / total) * Math.PI * 2;
          const [cx, cy, r] = [HEIGHT / 2, HEIGHT / 2, HEIGHT / 2 - 8];
          const from = starts[i];
          const start = [cx + r * Math.cos(from), cy + r * Math.sin(from)];
          const end = [cx + r * Math.cos(from + sweep), cy + r * Math.sin(from + sweep)];
          const path = sweep >= Math.PI * 2 - 1e-6
            ? `M ${cx - r} ${cy} a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0`
            : `M ${cx} ${cy} L ${start[0]} ${start[1]} A ${r} ${r} 0 ${sweep > Math.PI ? 1 : 0} 1 ${end[0]} ${end[1]} Z`;
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
  const max = niceMax(Math.max(0, ...rows.map((r) => r.Value)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(rows.length, 1);
  const y = (value: number) => PAD.top + plotHeight - (Math.max(0, value) / max) * plotHeight;
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" height="100%" role="img" aria-label={label}>
      {[0, 0.5, 1].map((f) => (
        <g key={f}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(max * f)} y2={y(max * f)} stroke={token.colorBorderSecondary} />
          <text x={PAD.left - 4} y={y(max * f) + 4} textAnchor="end" fontSize={10} fill={token.colorTextTertiary}>{Math.round(max * f).toLocaleString()}</text>
        </g>
      ))}
      {kind === 'BAR'
        ? rows.map((row, i) => <rect key={row.Label} x={x(i) - Math.min(24, slot / 3) / 2} width={Math.min(24, slot / 3)} y={y(row.Value)} height={PAD.top + plotHeight - y(row.Value)} fill={token.colorPrimary} />)
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
