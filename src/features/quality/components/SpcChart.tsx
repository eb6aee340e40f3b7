/**
 * The X̄-R chart of a variable check item across lots (issue 19 SPC), on the inspection: each lot one
 * subgroup (its first n measurements, n the smallest lot's count, 2 to 10), the lot being inspected
 * with what is typed now; control limits, Cp / Cpk and the points breaking Western Electric rules 1–4
 * highlighted — all computed by src/shared/quality/spc.ts. A plain SVG, as the report charts are.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Space, Spin, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { capability, westernElectric, xbarRChart, type Limits } from '../../../shared/quality/spc';
import { loadSpcHistory, type InspectionDocument, type InspectionItem, type SpcPoint } from '../api';

const MAX_SUBGROUP = 10;
const WIDTH = 640;
const PAD = { left: 56, right: 16, top: 12, bottom: 20 };

/** The subgroups of the lots: the first n measurements of each lot having n, n the smallest count (2 to 10). */
export function subgroupsOf(points: readonly Pick<SpcPoint, 'DocCode' | 'Measurements'>[]) {
  const usable = points.filter((p) => p.Measurements.length >= 2);
  if (usable.length < 2) return null;
  const n = Math.min(MAX_SUBGROUP, ...usable.map((p) => p.Measurements.length));
  return { n, lots: usable.map((p) => p.DocCode), subgroups: usable.map((p) => p.Measurements.slice(0, n)) };
}

function LineChart({ title, values, limits, flagged, labels, height, testId }: { title: string; values: number[]; limits: Limits; flagged: boolean[]; labels: string[]; height: number; testId: string }) {
  const { token } = theme.useToken();
  const all = [...values, limits.lcl, limits.ucl];
  const spread = Math.max(...all) - Math.min(...all) || 1;
  const low = Math.min(...all) - spread * 0.1;
  const high = Math.max(...all) + spread * 0.1;
  const x = (i: number) => PAD.left + (values.length === 1 ? 0 : (i * (WIDTH - PAD.left - PAD.right)) / (values.length - 1));
  const y = (v: number) => PAD.top + ((high - v) * (height - PAD.top - PAD.bottom)) / (high - low);
  const line = (value: number, name: string, dashed: boolean) => (
    <g key={name}>
      <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(value)} y2={y(value)} stroke={dashed ? token.colorError : token.colorTextSecondary} strokeDasharray={dashed ? '4 3' : undefined} />
      <text x={4} y={y(value) + 4} fontSize={10} fill={token.colorTextSecondary}>{`${name} ${value.toFixed(3)}`}</text>
    </g>
  );
  return (
    <svg width="100%" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={title} data-testid={testId}>
      {line(limits.ucl, 'UCL', true)}
      {line(limits.cl, 'CL', false)}
      {line(limits.lcl, 'LCL', true)}
      <polyline fill="none" stroke={token.colorPrimary} points={values.map((v, i) => `${x(i)},${y(v)}`).join(' ')} />
      {values.map((v, i) => (
        <circle key={i} cx={x(i)} cy={y(v)} r={flagged[i] ? 5 : 3.5} fill={flagged[i] ? token.colorError : token.colorPrimary} data-out={flagged[i] ? 'true' : undefined}>
          <title>{`${labels[i]}: ${v.toFixed(4)}`}</title>
        </circle>
      ))}
    </svg>
  );
}

export interface SpcChartProps {
  doc: InspectionDocument;
  item: InspectionItem;
  /** What is typed for the lot now (its chart point follows the editor). */
  current: readonly number[];
}

export function SpcChart({ doc, item, current }: SpcChartProps) {
  const { t } = useTranslation('quality');
  const history = useQuery({ queryKey: ['quality', 'spc', doc.Id, item.CheckItemCode], queryFn: () => loadSpcHistory(doc.Id, item.CheckItemCode) });
  const chart = useMemo(() => {
    if (!history.data) return null;
    const others = history.data.filter((p) => p.DocCode !== doc.DocCode);
    const points = [...others, { DocCode: doc.DocCode, Measurements: [...current] }];
    const grouped = subgroupsOf(points);
    if (!grouped) return null;
    const xr = xbarRChart(grouped.subgroups);
    const rules = westernElectric(xr.means, xr.xbar.cl, (xr.xbar.ucl - xr.xbar.cl) / 3);
    const rangeOut = xr.ranges.map((r) => r > xr.r.ucl || r < xr.r.lcl);
    return { ...grouped, xr, rules, rangeOut, ...capability(xr.xbar.cl, xr.sigma, item.LowerLimit, item.UpperLimit) };
  }, [history.data, current, doc.DocCode, item.LowerLimit, item.UpperLimit]);

  if (history.isPending) return <Spin size="small" />;
  if (!chart) return <Alert type="info" showIcon message={t('spc.notEnough')} />;
  const labels = chart.lots.map((lot) => (lot === doc.DocCode ? `${lot} (${t('spc.current')})` : lot));
  const broken = chart.rules.flatMap((rules, i) => (rules.length ? [t('spc.rule', { lot: labels[i], rules: rules.join(', ') })] : []));
  const fmt = (v: number | null) => (v === null ? '-' : v.toFixed(2));
  return (
    <div data-testid={`spc-${item.CheckItemCode}`}>
      <Space wrap size="large">
        <Typography.Text strong>{t('spc.title', { count: chart.lots.length })}</Typography.Text>
        <Typography.Text>{t('spc.subgroup', { n: chart.n })}</Typography.Text>
        <Typography.Text>{t('spc.capability', { cp: fmt(chart.cp), cpk: fmt(chart.cpk) })}</Typography.Text>
        <Typography.Text type={broken.length ? 'danger' : 'secondary'}>{t('spc.outOfControl', { count: broken.length })}</Typography.Text>
      </Space>
      <Typography.Text type="secondary" style={{ display: 'block' }}>{t('spc.xbar')}</Typography.Text>
      <LineChart title={t('spc.xbar')} testId="spc-xbar" values={chart.xr.means} limits={chart.xr.xbar} flagged={chart.rules.map((r) => r.length > 0)} labels={labels} height={200} />
      <Typography.Text type="secondary" style={{ display: 'block' }}>{t('spc.r')}</Typography.Text>
      <LineChart title={t('spc.r')} testId="spc-r" values={chart.xr.ranges} limits={chart.xr.r} flagged={chart.rangeOut} labels={labels} height={140} />
      {broken.map((text) => (
        <Typography.Text key={text} type="danger" style={{ display: 'block' }}>
          {text}
        </Typography.Text>
      ))}
    </div>
  );
}
