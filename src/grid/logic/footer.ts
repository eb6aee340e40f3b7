/**
 * Footer rows (spec §9): '合计' (sum) and '平均' (avg) for columns whose search field is set to
 * aggregate. decimal.js keeps 0.1 + 0.2 at 0.3; rows without a (numeric) value are dropped, so an
 * average is over the rows that have one, and a column where no row has one shows no figure.
 */
import Decimal from 'decimal.js';
import type { Aggregation } from '../model/codes';
import type { FooterValues, GridRow } from '../model/types';

export interface AggregatedField {
  /** The data key of the column. */
  field: string;
  aggregations: readonly Aggregation[];
}

/** Averages are shown to this many decimals (half up); sums are exact. */
export const AVERAGE_DECIMALS = 2;

function decimalOf(value: unknown): Decimal | undefined {
  if (value == null || value === '') return undefined;
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  try {
    const decimal = new Decimal(typeof value === 'string' ? value.trim() : value);
    return decimal.isFinite() ? decimal : undefined;
  } catch {
    return undefined;
  }
}

export const formatSum = (sum: Decimal.Value): string => new Decimal(sum).toString();
export const formatAverage = (avg: Decimal.Value): string =>
  new Decimal(avg).toDecimalPlaces(AVERAGE_DECIMALS, Decimal.ROUND_HALF_UP).toString();

/** Sums and averages of the given rows (the page's rows when the server sends no aggregates). */
export function footerFromRows(rows: readonly GridRow[], fields: readonly AggregatedField[]): FooterValues {
  const result: FooterValues = { sum: {}, avg: {} };
  for (const { field, aggregations } of fields) {
    if (!aggregations.length) continue;
    let sum = new Decimal(0);
    let count = 0;
    for (const row of rows) {
      const value = decimalOf(row[field]);
      if (!value) continue;
      sum = sum.plus(value);
      count += 1;
    }
    if (count === 0) continue;
    if (aggregations.includes('sum')) result.sum[field] = formatSum(sum);
    if (aggregations.includes('avg')) result.avg[field] = formatAverage(sum.dividedBy(count));
  }
  return result;
}

/** The server's whole-result figures (by FIELD_NAME) in the same display form; only configured ones are kept. */
export function footerFromServer(
  aggregates: Readonly<Record<string, { sum?: string | null; avg?: string | null } | undefined>>,
  fields: readonly AggregatedField[],
): FooterValues {
  const result: FooterValues = { sum: {}, avg: {} };
  for (const { field, aggregations } of fields) {
    const sum = decimalOf(aggregates[field]?.sum);
    const avg = decimalOf(aggregates[field]?.avg);
    if (aggregations.includes('sum') && sum) result.sum[field] = formatSum(sum);
    if (aggregations.includes('avg') && avg) result.avg[field] = formatAverage(avg);
  }
  return result;
}

