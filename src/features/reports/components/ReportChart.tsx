/**
 * A report's chart (issue 21: line, bar or pie over chosen columns), drawn as plain SVG like the
 * home page's data show: a few dozen elements over at most CHART_MAX_POINTS rows need no charting
 * library. Colours come from the antd theme, so the chart follows the user's theme.
 */
import { theme } from 'antd';
import { niceMax } from '../../../shared/chart-scale';
import type { ReportChart as ChartConfig } from '../api';

const WIDTH = 820;
const HEIGHT = 240;
const PAD = { top: 12, right: 8, bottom: 30, left: 56 };
/** The chart shows the first rows of the search: a chart of hundreds of bars says nothing. */
export const CHART_MAX_POINTS = 50;

export interface ReportChartProps {
  chart: ChartConfig;
  rows: readonly Record<string, unknown>[];
  /** Column captions, by field. */
  captionOf(field: string): string;
  label: string;
}

const numberOf = (value: unknown) => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
};

export function ReportChart({ chart, rows, captionOf, label }: ReportChartProps) {
  const { token } = theme.useToken();
  const palette = [token.colorPrimary, token.colorWarning, token.colorSuccess, token.colorError, token.colorInfo, '#8c6bb1', '#2ca5a5', '#d4860b'];
  const points = rows.slice(0, CHART_MAX_POINTS).map((row) => ({ x: String(row[chart.x] ?? ''), ys: chart.y.map((field) => numberOf(row[field])) }));

  if (chart.type === 'pie') {
    const values = points.map((p) => Math.max(0, p.ys[0] ?? 0));
    const total = values.reduce((a, b) => a + b, 0) || 1;
    const cx = 130;
    const cy = HEIGHT / 2;
    const r = HEIGHT / 2 - 16;
    const sweeps = values.map((value) => (value / total) * Math.PI * 2);
    const starts = sweeps.map((_, index) => -Math.PI / 2 + sweeps.slice(0, index).reduce((a, b) => a + b, 0));
    return (
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={label} data-testid="report-chart" data-chart-type="pie">
        {points.map((point, index) => {
          const sweep = sweeps[index];
          const start = starts[index];
          const end = start + sweep;
          const large = sweep > Math.PI ? 1 : 0;
          const path =
            sweep >= Math.PI * 2 - 1e-9
              ? `M ${cx} ${cy - r} A ${r} ${r} 0 1 1 ${cx - 0.01} ${cy - r} Z`
              : `M ${cx} ${cy} L ${cx + r * Math.cos(start)} ${cy + r * Math.sin(start)} A ${r} ${r} 0 ${large} 1 ${cx + r * Math.cos(end)} ${cy + r * Math.sin(end)} Z`;
          return (
            <path key={`${point.x}-${index}`} d={path} fill={palette[index % palette.length]} stroke={token.colorBgContainer} data-point={point.x}>
              <title>{`${point.x}: ${values[index].toLocaleString()}`}</title>
            </path>
          );
        })}
        {points.slice(0, 12).map((point, index) => (
          <g key={`legend-${point.x}-${index}`}>
            <rect x={290} y={16 + index * 18} width={10} height={10} fill={palette[index % palette.length]} />
            <text x={306} y={25 + index * 18} fontSize={11} fill={token.colorText}>{`${point.x} (${values[index].toLocaleString()})`}</text>
          </g>
        ))}
      </svg>
    );
  }

  const max = niceMax(Math.max(0, ...points.flatMap((p) => p.ys)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(points.length, 1);
  const barWidth = Math.max(2, Math.min(18, (slot * 0.8) / chart.y.length));
  const y = (value: number) => PAD.top + plotHeight - (Math.max(0, value) / max) * plotHeight;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => max * f);
  const centre = (index: number) => PAD.left + slot * index + slot / 2;

  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={label} data-testid="report-chart" data-chart-type={chart.type}>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke={token.colorBorderSecondary} />
          <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill={token.colorTextTertiary}>
            {tick.toLocaleString()}
          </text>
        </g>
      ))}
      {chart.type === 'bar' &&
        points.map((point, index) => (
          <g key={`${point.x}-${index}`} data-point={point.x}>
            {point.ys.map((value, series) => (
              <rect
                key={chart.y[series]}
                x={centre(index) - (barWidth * chart.y.length) / 2 + series * barWidth}
                y={y(value)}
                width={barWidth - 1}
                height={Math.max(0, y(0) - y(value))}
                rx={2}
                fill={palette[series % palette.length]}
              >
                <title>{`${point.x} ${captionOf(chart.y[series])}: ${value.toLocaleString()}`}</title>
              </rect>
            ))}
          </g>
        ))}
      {chart.type === 'line' &&
        chart.y.map((field, series) => (
          <polyline
            key={field}
            fill="none"
            stroke={palette[series % palette.length]}
            strokeWidth={2}
            points={points.map((point, index) => `${centre(index)},${y(point.ys[series])}`).join(' ')}
          >
            <title>{captionOf(field)}</title>
          </polyline>
        ))}
      {points.map((point, index) =>
        points.length <= 20 || index % Math.ceil(points.length / 20) === 0 ? (
          <text key={`label-${point.x}-${index}`} x={centre(index)} y={HEIGHT - 10} textAnchor="middle" fontSize={11} fill={token.colorTextSecondary}>
            {point.x.length > 10 ? `${point.x.slice(0, 9)}…` : point.x}
          </text>
        ) : null,
      )}
      {chart.y.map((field, series) => (
        <g key={`legend-${field}`}>
          <rect x={WIDTH - PAD.right - 150} y={PAD.top + series * 16} width={10} height={10} fill={palette[series % palette.length]} />
          <text x={WIDTH - PAD.right - 136} y={PAD.top + 9 + series * 16} fontSize={11} fill={token.colorText}>
            {captionOf(field)}
          </text>
        </g>
      ))}
    </svg>
  );
}
