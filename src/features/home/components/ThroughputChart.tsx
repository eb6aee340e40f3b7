/**
 * The data-show chart: grouped bars of inbound and outbound quantity per day. Seven days of two
 * series need no charting library: a few dozen SVG elements, coloured from the antd theme so they
 * follow the user's theme colour, cost nothing in the bundle (a chart library would add 100 KB+).
 */
import { theme } from 'antd';
import { plotFrame, type PlotBox } from '../../../shared/chart-scale';
import { ValueGrid } from '../../../shell/charts/ValueGrid';
import type { DailyThroughput } from '../api/home';

const BOX: PlotBox = { width: 820, height: 230, pad: { top: 12, right: 8, bottom: 28, left: 44 } };

export interface ThroughputChartProps {
  days: readonly DailyThroughput[];
  label: string;
  seriesNames: { inbound: string; outbound: string };
}

export function ThroughputChart({ days, label, seriesNames }: ThroughputChartProps) {
  const { token } = theme.useToken();
  const colours = { inbound: token.colorPrimary, outbound: token.colorWarning };
  const frame = plotFrame(BOX, days.length, Math.max(0, ...days.flatMap((d) => [d.INBOUND_QTY, d.OUTBOUND_QTY])));
  const barWidth = Math.min(18, frame.slot / 3);
  const { y } = frame;

  return (
    <svg viewBox={`0 0 ${BOX.width} ${BOX.height}`} width="100%" role="img" aria-label={label} className="home-chart">
      <ValueGrid box={BOX} frame={frame} />
      {days.map((day, index) => {
        const centre = frame.centre(index);
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
            <text x={centre} y={BOX.height - 8} textAnchor="middle" fontSize={11} fill={token.colorTextSecondary}>
              {day.STAT_DATE.slice(5)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
