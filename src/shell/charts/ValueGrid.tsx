/**
 * A chart's value axis as plain SVG: a horizontal line at each share of the axis maximum, with its
 * value at the left (the home page's data show, a portal card's chart, a report's chart).
 */
import { theme } from 'antd';
import type { PlotBox, PlotFrame } from '../../shared/chart-scale';

export interface ValueGridProps {
  box: PlotBox;
  frame: PlotFrame;
  /** Where the lines go, as shares of the maximum. */
  shares?: readonly number[];
  fontSize?: number;
}

export function ValueGrid({ box, frame, shares = [0, 0.25, 0.5, 0.75, 1], fontSize = 11 }: ValueGridProps) {
  const { token } = theme.useToken();
  return (
    <>
      {shares.map((share) => {
        const value = frame.max * share;
        const y = frame.y(value);
        return (
          <g key={share}>
            <line x1={box.pad.left} x2={box.width - box.pad.right} y1={y} y2={y} stroke={token.colorBorderSecondary} />
            <text x={box.pad.left - 6} y={y + 4} textAnchor="end" fontSize={fontSize} fill={token.colorTextTertiary}>
              {value.toLocaleString()}
            </text>
          </g>
        );
      })}
    </>
  );
}
