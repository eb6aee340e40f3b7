/** The bench's list: 20 columns (text, numbers, dates) and N deterministic rows. */
import type { MockList } from '../../mocks/scenarios/listparam';

export const BENCH_LIST_ROUTE = '/bench/grid';
export const BENCH_COLUMN_COUNT = 20;

const KINDS = ['text', 'number', 'date', 'code'] as const;
type Kind = (typeof KINDS)[number];

export const benchColumns = Array.from({ length: BENCH_COLUMN_COUNT }, (_, index) => {
  const kind: Kind = index === 0 ? 'code' : KINDS[index % KINDS.length];
  return { name: `c${String(index + 1).padStart(2, '0')}`, caption: `列${index + 1}`, kind };
});

function cell(kind: Kind, row: number, column: number): string | number {
  switch (kind) {
    case 'number':
      return ((row * 7919 + column * 104729) % 100000) / 100;
    case 'date':
      return new Date(Date.UTC(2025, 0, 1) + ((row + column) % 365) * 86_400_000).toISOString();
    case 'code':
      return `R${String(row).padStart(9, '0')}`;
    default:
      return `文本 ${row}-${column}`;
  }
}

export function benchRows(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, row) =>
    Object.fromEntries(benchColumns.map((column, index) => [column.name, cell(column.kind, row + 1, index)])),
  );
}

/** The same data as a ListParam list the mock serves, with footer figures on two number columns. */
export function benchList(rows: Record<string, unknown>[]): MockList {
  const numbers = benchColumns.filter((c) => c.kind === 'number');
  const dates = benchColumns.filter((c) => c.kind === 'date');
  return {
    listRoute: BENCH_LIST_ROUTE,
    title: '表格基准',
    titleEn: 'Grid bench',
    keyField: benchColumns[0].name,
    menuCode: 'GridDemoReels',
    orgScoped: false,
    columns: benchColumns.map(({ name, caption }) => ({ name, caption })),
    rows,
    settings: [
      ...numbers.slice(0, 2).map((c, i) => ({
        ORD_IDX: i + 1, PARAM_NAME: c.name, PARAM_CAPTION: c.caption, FIELD_NAME: c.name,
        DATA_TYPE: 3 as const, ACTION_TYPE: 1 as const, IS_FAST_SEARCH: 'N' as const, IS_PAGING: 'N' as const,
        AGGREGATION: ['sum' as const, 'avg' as const],
      })),
      ...dates.slice(0, 1).map((c) => ({
        ORD_IDX: 10, PARAM_NAME: c.name, PARAM_CAPTION: c.caption, FIELD_NAME: c.name,
        DATA_TYPE: 4 as const, ACTION_TYPE: 1 as const, IS_FAST_SEARCH: 'N' as const, IS_PAGING: 'N' as const,
      })),
    ],
  };
}
