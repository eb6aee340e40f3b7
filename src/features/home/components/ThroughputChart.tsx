/**
 * The data-show chart: grouped bars of inbound and outbound quantity per day. Seven days of two
 * series need no charting library: a few dozen SVG elements, coloured from the antd theme so they
 * follow the user's theme colour, cost nothing in the bundle (a chart library would add 100 KB+).
 */
import { theme } from 'antd';
import { niceMax } from '../../../shared/chart-scale';
import type { DailyThroughput } from '../api/home';

const WIDTH = 820;
const HEIGHT = 230;
const PAD = { top: 12, right: 8, bottom: 28, left: 44 };

export interface ThroughputChartProps {
  days: readonly DailyThroughput[];
  label: string;
  seriesNames: { inbound: string; outbound: string };
}

export function ThroughputChart({ days, label, seriesNames }: ThroughputChartProps) {
  const { token } = theme.useToken();
  const colours = { inbound: token.colorPrimary, outbound: token.colorWarning };
  const max = niceMax(Math.max(0, ...days.flatMap((d) => [d.INBOUND_QTY, d.OUTBOUND_QTY])));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(days.length, 1);
  const barWidth = Math.min(18, slot / 3);
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(max * f));

  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={label} className="home-chart">
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke={token.colorBorderSecondary} />
          <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill={token.colorTextTertiary}>
            {tick.toLocaleString()}
          </text>
        </g>
      ))}
      {days.map((day, index) => {
        const centre = PAD.left + slot * index + slot / 2;
        const bars = [
          { key: 'inbound', value: day.INBOUND_QTY, x: centre - barWidth - 1 },
          { key: 'outbound', value: day.OUTBOUND_QTY, x: centre + 1 },
        ] as const;
        return (
          <g key={day.STAT_DATE} data-date={day.STAT_DATE}>
            {bars.map((bar) => (
              <rect key={bar.key} x={bar.x} y={y(bar.value)} width={barWidth} height={Math.max(0, y(0) - y(bar.value))} rx={3} fill={colours[bar.key]}>
                <title>{`${day.STAT_DATE} ${seriesNames[bar.key]}: ${bar.value.toLocaleString()}`}</title>
              </rect>
            ))}
            <text x={centre} y={HEIGHT - 8} textAnchor="middle" fontSize={11} fill={token.colorTextSecondary}>
              {day.STAT_DATE.slice(5)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
