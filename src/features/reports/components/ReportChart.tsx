/**
 * A report's chart (issue 21: line, bar or pie over chosen columns), drawn as plain SVG like the
 * home page's data show: a few dozen elements over at most CHART_MAX_POINTS rows need no charting
 * library. Colours come from the antd theme, so the chart follows the user's theme.
 */
import { theme } from 'antd';
import { pieSlices, plotFrame, type PlotBox } from '../../../shared/chart-scale';
import { ValueGrid } from '../../../shell/charts/ValueGrid';
import type { ReportChart as ChartConfig } from '../api';

const BOX: PlotBox = { width: 820, height: 240, pad: { top: 12, right: 8, bottom: 30, left: 56 } };
const { width: WIDTH, height: HEIGHT, pad: PAD } = BOX;
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
    const cx = 130;
    const cy = HEIGHT / 2;
    const slices = pieSlices(values, cx, cy, HEIGHT / 2 - 16);
    return (
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={label} data-testid="report-chart" data-chart-type="pie">
        {points.map((point, index) => {
          const path = slices[index];
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

  const frame = plotFrame(BOX, points.length, Math.max(0, ...points.flatMap((p) => p.ys)));
  const { y, centre } = frame;
  const barWidth = Math.max(2, Math.min(18, (frame.slot * 0.8) / chart.y.length));

  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={label} data-testid="report-chart" data-chart-type={chart.type}>
      <ValueGrid box={BOX} frame={frame} />
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
