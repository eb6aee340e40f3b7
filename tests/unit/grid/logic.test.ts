/** The grid's rules as pure functions (spec §4, §5, §9), including the edge cases the dialogs only touch. */
import { describe, expect, it } from 'vitest';
import { requiredMessageKey } from '../../../src/grid/logic/requiredMessage';
import zhGrid from '../../../src/core/i18n/locales/zh-chs/grid.json';
import enGrid from '../../../src/core/i18n/locales/en/grid.json';
import {
  conditionsToSend,
  fromSavedConditions,
  newSearchCondition,
  parseValueText,
  toQueryConditions,
  withAction,
  withField,
} from '../../../src/grid/logic/conditions';
import { aggregatedFields, gridColumnSpecs } from '../../../src/grid/logic/columns';
import { formatDateCell } from '../../../src/grid/logic/dates';
import { footerFromRows, footerFromServer } from '../../../src/grid/logic/footer';
import { clampNumberRange, isHalfFilledRange } from '../../../src/grid/logic/numberRange';
import { pageSizeProblem } from '../../../src/grid/logic/pageSizes';
import { columnDraftsOfSource, isShowFormatEditable, newColumnConfigDraft, newSearchFieldDraft, settingsForSave, showAllColumns } from '../../../src/grid/logic/rows';
import { ACTION_TYPE, DATA_TYPE } from '../../../src/grid/model/codes';
import type { SearchCondition, SearchFieldSetting, TableColumnInfo } from '../../../src/grid/model/types';

const setting = (over: Partial<SearchFieldSetting>): SearchFieldSetting => ({
  ID: 's',
  LIST_ROUTE: '/l',
  ORD_IDX: 1,
  PARAM_NAME: 'p',
  PARAM_CAPTION: 'P',
  FIELD_NAME: 'f',
  DATA_TYPE: 1,
  ACTION_TYPE: 6,
  IS_FAST_SEARCH: 'N',
  DEFAULT_VALUE: null,
  SHOW_FORMAT: null,
  AGGREGATION: [],
  IS_PAGING: 'N',
  REMARK: null,
  PARAM_VALUE: null,
  REFERENCE_SQL: null,
  SUB_SQL: null,
  ...over,
});
const condition = (over: Partial<SearchCondition>): SearchCondition => ({ ...newSearchCondition(), PARAM_NAME: 'p', FIELD_NAME: 'f', ...over });

describe('search conditions', () => {
  it('a new row is 包含 (6) on text (1)', () => {
    expect(newSearchCondition()).toMatchObject({ ACTION_TYPE: 6, DATA_TYPE: 1, IS_PAGING: 'N', value: null });
  });

  it('a field brings its type, action, paging flag and parsed default', () => {
    const next = withField(newSearchCondition(), setting({ DATA_TYPE: 7, ACTION_TYPE: 1, IS_PAGING: 'Y', DEFAULT_VALUE: '-5--1' }));
    expect(next).toMatchObject({ DATA_TYPE: 7, ACTION_TYPE: 1, IS_PAGING: 'Y', value: [-5, -1] });
  });

  it('null actions clear the value; leaving them starts empty', () => {
    const cleared = withAction(condition({ value: 'x' }), ACTION_TYPE.isNull);
    expect(cleared.value).toBeNull();
    expect(withAction(condition({ DATA_TYPE: 8, ACTION_TYPE: 9, value: null }), ACTION_TYPE.equals).value).toEqual([]);
  });

  it('a range keeps its upper end for greater and its lower end for less, and goes back to the end it came from', () => {
    const range = condition({ DATA_TYPE: DATA_TYPE.numberRange, ACTION_TYPE: 1, value: [10, 20] });
    const greater = withAction(range, ACTION_TYPE.greaterOrEqual);
    expect(greater.value).toBe(20);
    expect(withAction(greater, ACTION_TYPE.equals).value).toEqual([null, 20]);
    const less = withAction(range, ACTION_TYPE.less);
    expect(less.value).toBe(10);
    expect(withAction(less, ACTION_TYPE.like).value).toEqual([10, null]);
  });

  it('sends rows with a value, and null/not-null rows without one', () => {
    const rows = [
      condition({ PARAM_NAME: 'a', value: '' }),
      condition({ PARAM_NAME: 'b', value: '  ' }),
      condition({ PARAM_NAME: 'c', ACTION_TYPE: 8, value: null }),
      condition({ PARAM_NAME: 'd', DATA_TYPE: 7, ACTION_TYPE: 1, value: [1, null] }),
      condition({ PARAM_NAME: 'e', value: 'x' }),
      condition({ PARAM_NAME: undefined, value: 'y' }),
    ];
    expect(conditionsToSend(rows).map((r) => r.PARAM_NAME)).toEqual(['c', 'e']);
  });

  it('puts values on the wire as the contract reads them', () => {
    const sent = toQueryConditions([
      condition({ DATA_TYPE: 6, ACTION_TYPE: 1, value: 'A\n\n B \nC' }),
      condition({ DATA_TYPE: 7, ACTION_TYPE: 2, value: 5 }),
      condition({ DATA_TYPE: 5, ACTION_TYPE: 4, value: '2025/01/01 00:00:00' }),
      condition({ DATA_TYPE: 8, ACTION_TYPE: 1, value: ['X-1', 'Y'] }),
    ]);
    expect(sent.map((c) => c.PARAM_VALUE)).toEqual([['A', 'B', 'C'], [null, 5], ['2025/01/01 00:00:00', null], ['X-1', 'Y']]);
  });

  it('reads saved values back: JSON arrays and the legacy "-" joined text', () => {
    expect(parseValueText(8, 1, '["A-1","B"]')).toEqual(['A-1', 'B']);
    expect(parseValueText(8, 1, 'A-B')).toEqual(['A', 'B']);
    expect(parseValueText(7, 1, '10-')).toEqual([10, null]);
    expect(parseValueText(7, 1, '-20')).toEqual([null, 20]);
    expect(parseValueText(5, 1, '2025/01/01 08:00:00-2025/01/02 08:00:00')).toEqual(['2025/01/01 08:00:00', '2025/01/02 08:00:00']);
    expect(parseValueText(5, 2, '[null,"2025/01/02 08:00:00"]')).toBe('2025/01/02 08:00:00');
    expect(parseValueText(6, 1, '["a","b"]')).toBe('a\nb');
    expect(parseValueText(3, 1, '12.5')).toBe(12.5);
  });

  it('saved conditions come back in their order', () => {
    const base = { USER_NAME: 'u', LIST_ROUTE: '/l', FIELD_NAME: 'f', DATA_TYPE: 1 as const, ACTION_TYPE: 6 as const, IS_PAGING: 'N' as const, SEARCH_MODE: 'advanced_search' as const };
    const rows = fromSavedConditions([
      { ...base, ORD_ID: 2, PARAM_NAME: 'second', PARAM_VALUE: 'b' },
      { ...base, ORD_ID: 1, PARAM_NAME: 'first', PARAM_VALUE: 'a' },
    ]);
    expect(rows.map((r) => [r.PARAM_NAME, r.value])).toEqual([['first', 'a'], ['second', 'b']]);
  });
});

describe('number range', () => {
  it('clamps the other end to the one just edited when they cross', () => {
    expect(clampNumberRange([50, 20], 'min')).toEqual([50, 50]);
    expect(clampNumberRange([50, 20], 'max')).toEqual([20, 20]);
    expect(clampNumberRange([10, 20], 'max')).toEqual([10, 20]);
  });

  it('is in its error state with one end only', () => {
    expect(isHalfFilledRange([1, null])).toBe(true);
    expect(isHalfFilledRange([null, null])).toBe(false);
    expect(isHalfFilledRange([1, 2])).toBe(false);
  });
});

describe('custom page sizes', () => {
  it.each([
    [null, 'required'],
    ['', 'required'],
    [5, 'outOfRange'],
    [15, 'outOfRange'],
    [10_010, 'outOfRange'],
    [20.5, 'outOfRange'],
    [10, undefined],
    [10_000, undefined],
  ])('%s → %s', (value, problem) => {
    expect(pageSizeProblem(value, [value])).toBe(problem);
  });

  it('refuses a repeated size', () => {
    expect(pageSizeProblem(200, [200, 500, 200])).toBe('duplicate');
  });
});

describe('footer figures', () => {
  it('add decimals exactly and leave out rows without a number', () => {
    const rows = [{ q: 0.1 }, { q: '0.2' }, { q: null }, { q: '' }, { q: 'n/a' }, { q: 1e-7 }];
    expect(footerFromRows(rows, [{ field: 'q', aggregations: ['sum', 'avg'] }])).toEqual({
      sum: { q: '0.3000001' },
      avg: { q: '0.1' },
    });
  });

  it('show nothing for a column where no row has a value', () => {
    expect(footerFromRows([{ q: null }], [{ field: 'q', aggregations: ['sum', 'avg'] }])).toEqual({ sum: {}, avg: {} });
  });

  it('take the server’s figures for the configured aggregations only', () => {
    const figures = footerFromServer({ q: { sum: '10.50', avg: '3.333333' }, p: { avg: null } }, [
      { field: 'q', aggregations: ['avg'] },
      { field: 'p', aggregations: ['avg'] },
    ]);
    expect(figures).toEqual({ sum: {}, avg: { q: '3.33' } });
  });
});

describe('columns', () => {
  const settings = [
    setting({ FIELD_NAME: 'day', DATA_TYPE: 4 }),
    setting({ FIELD_NAME: 'at', DATA_TYPE: 5, SHOW_FORMAT: 'YYYY/MM/DD HH:mm' }),
    setting({ FIELD_NAME: 'qty', DATA_TYPE: 3, AGGREGATION: ['sum'] }),
    setting({ FIELD_NAME: 'qty', PARAM_NAME: 'qty2', DATA_TYPE: 7, AGGREGATION: ['avg'] }),
  ];

  it('are the user’s visible ones in order, 140 wide by default', () => {
    const specs = gridColumnSpecs(
      [
        { LIST_ROUTE: '/l', USER_NAME: 'u', ORD_IDX: 2, FIELD_NAME: 'b', FIELD_CAPTION: 'B', FIELD_WIDTH: 0, IS_VISIBLE: 'Y' },
        { LIST_ROUTE: '/l', USER_NAME: 'u', ORD_IDX: 1, FIELD_NAME: 'a', FIELD_CAPTION: 'A', FIELD_WIDTH: 90, IS_VISIBLE: 'Y' },
        { LIST_ROUTE: '/l', USER_NAME: 'u', ORD_IDX: 3, FIELD_NAME: 'c', FIELD_CAPTION: 'C', FIELD_WIDTH: 90, IS_VISIBLE: 'N' },
      ],
      [],
      [],
    );
    expect(specs.map((s) => [s.field, s.width])).toEqual([['a', 90], ['b', 140]]);
  });

  it('fall back to every source column when the user has none', () => {
    const specs = gridColumnSpecs([], [{ COLUMN_NAME: 'x', COLUMN_CAPTION: 'X' }], []);
    expect(specs).toMatchObject([{ field: 'x', caption: 'X', width: 140 }]);
  });

  it('format dates as yyyy-MM-dd, or the field’s own format', () => {
    const [day, at] = gridColumnSpecs([], [{ COLUMN_NAME: 'day', COLUMN_CAPTION: '' }, { COLUMN_NAME: 'at', COLUMN_CAPTION: '' }], settings);
    expect(day.format?.('2025-03-04T10:20:30Z')).toBe('2025-03-04');
    expect(at.format?.('2025-03-04T10:20:30')).toBe('2025/03/04 10:20');
    expect(formatDateCell(null)).toBe('');
  });

  // The instant 2026-11-23 05:12:09 in the machine's own time zone, as the server sends it (ISO 8601, UTC).
  const localInstant = new Date(2026, 10, 23, 5, 12, 9).toISOString();

  it('show the source’s instants without a date setting as yyyy-MM-dd HH:mm:ss in local time (as every screen writes a time), and its days as yyyy-MM-dd', () => {
    const columns = [
      { COLUMN_NAME: 'due', COLUMN_CAPTION: '', COLUMN_TYPE: 'datetime' as const },
      { COLUMN_NAME: 'day', COLUMN_CAPTION: '', COLUMN_TYPE: 'date' as const },
      { COLUMN_NAME: 'title', COLUMN_CAPTION: '', COLUMN_TYPE: 'text' as const },
      { COLUMN_NAME: 'qty', COLUMN_CAPTION: '', COLUMN_TYPE: 'number' as const },
    ];
    const [due, day, title, qty] = gridColumnSpecs([], columns, []);
    expect(due.format?.(localInstant)).toBe('2026-11-23 05:12:09');
    expect(due.format?.(null)).toBe('');
    expect(due.format?.('not a time')).toBe('not a time');
    expect(day.format?.('2026-11-23T00:00:00.000Z')).toBe('2026-11-23');
    // Text that looks like a time is left as it is in a text column; numbers are grouped, right-aligned.
    expect(title.format).toBeUndefined();
    expect(qty.format?.(125013000)).toBe('125,013,000');
    expect(qty.align).toBe('right');
  });

  it('take the types for the user’s configured columns too', () => {
    const [due] = gridColumnSpecs(
      [{ LIST_ROUTE: '/l', USER_NAME: 'u', ORD_IDX: 1, FIELD_NAME: 'due', FIELD_CAPTION: 'Due', FIELD_WIDTH: 90, IS_VISIBLE: 'Y' }],
      [{ COLUMN_NAME: 'due', COLUMN_CAPTION: '', COLUMN_TYPE: 'datetime' }],
      [],
    );
    expect(due.format?.(localInstant)).toBe('2026-11-23 05:12:09');
  });

  it('show an instant column’s date setting as the local day, and a date range without a format as yyyy-MM-dd HH:mm:ss', () => {
    const lateEvening = new Date(2026, 10, 23, 23, 30, 0).toISOString();
    const [asDay, asRange] = gridColumnSpecs(
      [],
      [
        { COLUMN_NAME: 'at', COLUMN_CAPTION: '', COLUMN_TYPE: 'datetime' },
        { COLUMN_NAME: 'range', COLUMN_CAPTION: '', COLUMN_TYPE: 'datetime' },
      ],
      [setting({ FIELD_NAME: 'at', DATA_TYPE: 5, SHOW_FORMAT: 'YYYY-MM-DD' }), setting({ FIELD_NAME: 'range', DATA_TYPE: 5 })],
    );
    // Early and late in the local day: in any zone but UTC one of them is on another day in UTC.
    expect(asDay.format?.(new Date(2026, 10, 23, 0, 30, 0).toISOString())).toBe('2026-11-23');
    expect(asDay.format?.(lateEvening)).toBe('2026-11-23');
    expect(asRange.format?.(lateEvening)).toBe('2026-11-23 23:30:00');
  });

  it('gather the footer’s aggregations per field from every setting on it', () => {
    const specs = gridColumnSpecs([], [{ COLUMN_NAME: 'qty', COLUMN_CAPTION: '' }], settings);
    expect(aggregatedFields(specs, settings)).toEqual([{ field: 'qty', aggregations: ['sum', 'avg'] }]);
  });
});

describe('grid rows', () => {
  it('a new settings row is 包含, 文本, no paging, after the last order', () => {
    expect(newSearchFieldDraft([{ ORD_IDX: 30 }, { ORD_IDX: 10 }], '/l')).toMatchObject({ ACTION_TYPE: 6, DATA_TYPE: 1, IS_PAGING: 'N', ORD_IDX: 31 });
  });

  it('a show format is kept for dates only', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].filter(isShowFormatEditable)).toEqual([4, 5]);
    const [text, date] = settingsForSave(
      [
        { ...newSearchFieldDraft([], '/x'), DATA_TYPE: 1, SHOW_FORMAT: 'YYYY' },
        { ...newSearchFieldDraft([], '/x'), DATA_TYPE: 4, SHOW_FORMAT: 'YYYY' },
      ],
      '/l',
    );
    expect([text.SHOW_FORMAT, date.SHOW_FORMAT, date.LIST_ROUTE]).toEqual([null, 'YYYY', '/l']);
  });

  it('a new configuration starts from the widths the grid shows, else the list’s, else 140', () => {
    const source: TableColumnInfo[] = [
      { COLUMN_NAME: 'reel', COLUMN_CAPTION: '条码', COLUMN_TYPE: 'text' },
      { COLUMN_NAME: 'part', COLUMN_CAPTION: '料号', COLUMN_TYPE: 'text', COLUMN_WIDTH: 120 },
      { COLUMN_NAME: 'org_id', COLUMN_CAPTION: '组织', COLUMN_TYPE: 'text', IS_VISIBLE: 'N' as const },
    ];
    const drafts = columnDraftsOfSource(source, '/l', new Map([['reel', 196]]));
    expect(drafts.map((d) => [d.FIELD_NAME, d.FIELD_WIDTH, d.IS_VISIBLE])).toEqual([['reel', 196, 'Y'], ['part', 120, 'Y'], ['org_id', 140, 'N']]);
  });

  it('a new column is 140 wide and visible', () => {
    expect(newColumnConfigDraft([], '/l')).toMatchObject({ FIELD_WIDTH: 140, IS_VISIBLE: 'Y', ORD_IDX: 1 });
  });

  it('show-all reports when every column shows already', () => {
    expect(showAllColumns([{ IS_VISIBLE: 'Y' as const }])).toBe('alreadyAll');
    expect(showAllColumns([{ IS_VISIBLE: 'N' as const }])).toEqual([{ IS_VISIBLE: 'Y' }]);
  });
});

describe('required message of a record form field', () => {
  it('asks to select a picked field (date, date and time, select, reference, lookup) and to enter a typed one, in both languages', () => {
    for (const kind of ['date', 'datetime', 'select', 'ref', 'lookup']) expect(requiredMessageKey(kind)).toBe('master.requiredPick');
    for (const kind of ['text', 'int', 'number']) expect(requiredMessageKey(kind)).toBe('master.required');
    expect(zhGrid.master.requiredPick.replace('{{field}}', '入厂日期')).toBe('请选择入厂日期');
    expect(enGrid.master.requiredPick.replace('{{field}}', 'Entry date')).toBe('Please select Entry date');
  });
});
