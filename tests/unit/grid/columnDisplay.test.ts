/**
 * What a grid cell shows (issue 12 defects 5, 6, 17): 字典 labels instead of stored codes, yes/no
 * instead of Y/N or true/false, grouped digits in the user's locale, and no bookkeeping columns
 * for a user without a column configuration.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_FITTED_COLUMN_WIDTH,
  formatGroupedDecimalText,
  formatGroupedNumber,
  gridColumnSpecs,
  textFittedWidths,
  textWidth,
  type CellLocale,
} from '../../../src/grid/logic/columns';
import { DEFAULT_COLUMN_WIDTH } from '../../../src/grid/model/constants';
import type { TableColumnInfo } from '../../../src/grid/model/types';

const ZH: CellLocale = { numberLocale: 'zh-CN', yes: '是', no: '否' };
const EN: CellLocale = { numberLocale: 'en', yes: 'Yes', no: 'No' };

const columns: TableColumnInfo[] = [
  { COLUMN_NAME: 'code', COLUMN_CAPTION: '料号', COLUMN_TYPE: 'text' },
  { COLUMN_NAME: 'unit', COLUMN_CAPTION: '单位', COLUMN_TYPE: 'text', LABELS: [{ CODE: 'PCS', NAME: '个' }, { CODE: 'REEL', NAME: '盘' }] },
  { COLUMN_NAME: 'enabled', COLUMN_CAPTION: '启用', COLUMN_TYPE: 'boolean' },
  { COLUMN_NAME: 'qty', COLUMN_CAPTION: '数量', COLUMN_TYPE: 'number' },
  { COLUMN_NAME: 'id', COLUMN_CAPTION: 'ID', COLUMN_TYPE: 'text', IS_VISIBLE: 'N' },
  { COLUMN_NAME: 'org_id', COLUMN_CAPTION: '组织', COLUMN_TYPE: 'text', IS_VISIBLE: 'N' },
  { COLUMN_NAME: 'version', COLUMN_CAPTION: '版本', COLUMN_TYPE: 'number', IS_VISIBLE: 'N' },
];

describe('grid cells', () => {
  it('show a coded column’s 字典 label, and an unknown code as it is', () => {
    const unit = gridColumnSpecs([], columns, [], ZH).find((spec) => spec.field === 'unit')!;
    expect(unit.format?.('REEL')).toBe('盘');
    expect(unit.format?.('BOX')).toBe('BOX');
    expect(unit.format?.(null)).toBe('');
  });

  it('say yes or no in the user’s language for a yes/no column', () => {
    const zh = gridColumnSpecs([], columns, [], ZH).find((spec) => spec.field === 'enabled')!;
    const en = gridColumnSpecs([], columns, [], EN).find((spec) => spec.field === 'enabled')!;
    expect([zh.format?.(true), zh.format?.(false), zh.format?.('Y'), zh.format?.('N')]).toEqual(['是', '否', '是', '否']);
    expect([en.format?.(true), en.format?.(false)]).toEqual(['Yes', 'No']);
    expect(en.format?.(null)).toBe('');
  });

  it('group a number’s digits in the user’s locale, keep its decimals, and sit on the right', () => {
    const qty = gridColumnSpecs([], columns, [], EN).find((spec) => spec.field === 'qty')!;
    expect(qty.format?.(125013000)).toBe('125,013,000');
    expect(qty.format?.('3928.76')).toBe('3,928.76');
    expect(qty.format?.(null)).toBe('');
    expect(qty.align).toBe('right');
    expect(formatGroupedNumber(1234567.5, 'zh-CN')).toBe('1,234,567.5');
  });

  it('group a footer figure without losing any of its exact decimals', () => {
    expect(formatGroupedDecimalText('125013000', 'en')).toBe('125,013,000');
    expect(formatGroupedDecimalText('3928.76', 'zh-CN')).toBe('3,928.76');
    expect(formatGroupedDecimalText('-12345678901234567890.123456789', 'en')).toBe('-12,345,678,901,234,567,890.123456789');
    expect(formatGroupedDecimalText('not a number', 'en')).toBe('not a number');
  });
});

describe('default columns', () => {
  it('leave out the bookkeeping columns for a user without a configuration', () => {
    expect(gridColumnSpecs([], columns, [], ZH).map((spec) => spec.field)).toEqual(['code', 'unit', 'enabled', 'qty']);
  });

  it('still show a bookkeeping column the user configured', () => {
    const specs = gridColumnSpecs(
      [{ LIST_ROUTE: '/x', ORD_IDX: 1, FIELD_NAME: 'version', FIELD_CAPTION: '版本', FIELD_WIDTH: 80, IS_VISIBLE: 'Y', USER_NAME: 'ADMIN' }],
      columns,
      [],
      ZH,
    );
    expect(specs.map((spec) => spec.field)).toEqual(['version']);
  });
});

describe('column widths fitted to their text', () => {
  const REEL = 'ASN202612010001-1-1';
  const noRenderer = () => false;

  it('a column nobody sized grows to show a long code whole; short text keeps the default width', () => {
    const specs = gridColumnSpecs([], columns, [], ZH);
    const rows = [{ code: REEL, unit: 'PCS', enabled: true, qty: 5 }];
    const [code, unit, enabled, qty] = textFittedWidths(specs, rows, 14, noRenderer);
    expect(code).toBeGreaterThan(DEFAULT_COLUMN_WIDTH);
    expect(code).toBeGreaterThanOrEqual(textWidth(REEL, 14) + 16);
    expect([unit, enabled, qty]).toEqual([DEFAULT_COLUMN_WIDTH, DEFAULT_COLUMN_WIDTH, DEFAULT_COLUMN_WIDTH]);
  });

  it('a width set by the user or by the list stays as set, and so does a column the page renders itself', () => {
    const configured = gridColumnSpecs([{ LIST_ROUTE: '/x', USER_NAME: 'u', ORD_IDX: 1, FIELD_NAME: 'code', FIELD_CAPTION: '料号', FIELD_WIDTH: 100, IS_VISIBLE: 'Y' }], columns, [], ZH);
    expect(textFittedWidths(configured, [{ code: REEL }], 14, noRenderer)).toEqual([100]);
    const listSized = gridColumnSpecs([], [{ ...columns[0], COLUMN_WIDTH: 120 }], [], ZH);
    expect(textFittedWidths(listSized, [{ code: REEL }], 14, noRenderer)).toEqual([120]);
    const rendered = gridColumnSpecs([], [columns[0]], [], ZH);
    expect(textFittedWidths(rendered, [{ code: REEL }], 14, (field) => field === 'code')).toEqual([DEFAULT_COLUMN_WIDTH]);
  });

  it('measures the text the cell shows (a label, not its code), a long caption too, and stops at the widest it grows', () => {
    const unit = gridColumnSpecs([], [{ ...columns[1], LABELS: [{ CODE: 'R', NAME: '非常长的单位名称用来测试列宽的自动适应能力' }] }], [], ZH);
    expect(textFittedWidths(unit, [{ unit: 'R' }], 14, noRenderer)[0]).toBeGreaterThanOrEqual(textWidth('非常长的单位名称用来测试列宽的自动适应能力', 14));
    const captioned = gridColumnSpecs([], [{ COLUMN_NAME: 'x', COLUMN_CAPTION: 'Pending inspection quantity', COLUMN_TYPE: 'text' }], [], EN);
    expect(textFittedWidths(captioned, [], 14, noRenderer)[0]).toBeGreaterThan(DEFAULT_COLUMN_WIDTH);
    expect(textFittedWidths(gridColumnSpecs([], [columns[0]], [], ZH), [{ code: 'X'.repeat(200) }], 14, noRenderer)).toEqual([MAX_FITTED_COLUMN_WIDTH]);
  });

  it('skips rows not loaded yet', () => {
    const specs = gridColumnSpecs([], [columns[0]], [], ZH);
    expect(textFittedWidths(specs, [undefined, { code: 'A' }], 14, noRenderer)).toEqual([DEFAULT_COLUMN_WIDTH]);
  });

  it('estimates a Chinese character square and a narrow sign narrower than a capital', () => {
    expect(textWidth('料号', 14)).toBe(28);
    expect(textWidth('-', 14)).toBeLessThan(textWidth('A', 14));
  });
});
