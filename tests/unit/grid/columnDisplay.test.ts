/**
 * What a grid cell shows (issue 12 defects 5, 6, 17): 字典 labels instead of stored codes, yes/no
 * instead of Y/N or true/false, grouped digits in the user's locale, and no bookkeeping columns
 * for a user without a column configuration.
 */
import { describe, expect, it } from 'vitest';
import { formatGroupedDecimalText, formatGroupedNumber, gridColumnSpecs, type CellLocale } from '../../../src/grid/logic/columns';
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
