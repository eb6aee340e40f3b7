/**
 * A saved condition's PARAM_VALUE (spec §3: text, arrays joined with '-') has one writer and one
 * reader, the server's (src/shared/search/search-values.ts): what is saved reads back as the values
 * it was saved with, and the advanced-search dialog opens it as the values the server searches for.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyValueFor, fromSavedConditions, parseValueText, toSavedConditions } from '../../../src/grid/logic/conditions';
import { ACTION_TYPE, DATA_TYPE, DATA_TYPES, type ActionType, type DataType } from '../../../src/grid/model/codes';
import type { ConditionValue, SavedCondition } from '../../../src/grid/model/types';
import { SearchValueError, searchValueItems, storedSearchValue, type SearchValue } from '../../../src/shared/search/search-values';

/** Pieces that make '-' ambiguous: codes and dates holding '-', signed numbers, JSON punctuation, blanks. */
const piece = fc.oneof(
  fc.constantFrom('CAP-00008', 'R-1', 'A', ' B ', '', ' ', '-', '+5', '-10', '.5', '1e3', 'null', '[', ']', '"', ','),
  fc.constantFrom('2026-01-01', '2026/1/2 08:00', '2025-01-01T08:00:00Z', '2025-01-01 08:00:00.5+08:00'),
  fc.string({ maxLength: 6 }),
);
const savedText = fc.oneof(
  fc.array(piece, { maxLength: 4 }).map((pieces) => pieces.join('-')),
  fc.array(piece, { maxLength: 4 }).map((pieces) => pieces.join('\n')),
  fc.array(fc.oneof(piece, fc.integer({ min: -50, max: 50 }), fc.constant(null)), { maxLength: 3 }).map((items) => JSON.stringify(items)),
);

const asNumber = (item: string | null) => (item === null || !Number.isFinite(Number(item)) ? null : Number(item));

/** What the server searches for, in the dialog's editing form (an equals condition). */
function serverReading(dataType: DataType, text: string) {
  let items: (string | null)[];
  try {
    items = searchValueItems(dataType, text);
  } catch (error) {
    if (error instanceof SearchValueError) return emptyValueFor(dataType);
    throw error;
  }
  switch (dataType) {
    case 5:
      return [items[0], items[1]];
    case 7:
      return [asNumber(items[0]), asNumber(items[1])];
    case 8:
      return items;
    case 6:
      return items.join('\n');
    case 3:
      return asNumber(items[0] ?? null);
    default:
      return items[0] ?? null;
  }
}

describe('the grid reads a saved value as the server does', () => {
  it('for every data type and saved text', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DATA_TYPES), savedText, (dataType, text) => {
        if (text === '') return;
        expect(parseValueText(dataType, ACTION_TYPE.equals, text)).toEqual(serverReading(dataType, text));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads signed numbers, dates with a time zone and padded codes', () => {
    expect(parseValueText(7, ACTION_TYPE.equals, '+5-10')).toEqual([5, 10]);
    expect(parseValueText(5, ACTION_TYPE.equals, '2025-01-01T08:00:00Z-2025-01-02T08:00:00Z')).toEqual(['2025-01-01T08:00:00Z', '2025-01-02T08:00:00Z']);
    expect(parseValueText(8, ACTION_TYPE.equals, ' A - B ')).toEqual(['A', 'B']);
    expect(parseValueText(1, ACTION_TYPE.like, '  sot-23 ')).toBe('sot-23');
  });

  it('a range the server would refuse opens empty', () => {
    expect(parseValueText(7, ACTION_TYPE.equals, '[1,2,3]')).toEqual([null, null]);
  });
});

/** The items the server reads out of a value, or undefined when it refuses the value. */
function itemsOrRefused(dataType: DataType, value: SearchValue): (string | null)[] | undefined {
  try {
    return searchValueItems(dataType, value);
  } catch (error) {
    if (error instanceof SearchValueError) return undefined;
    throw error;
  }
}

const anyNumber = fc.oneof(fc.integer({ min: -100_000, max: 100_000 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
const searchValue: fc.Arbitrary<SearchValue> = fc.oneof(
  fc.constant(null),
  piece,
  anyNumber,
  savedText,
  fc.array(fc.oneof(piece, anyNumber, fc.constant(null)), { maxLength: 4 }),
);

describe('a saved value reads back as the values it was saved with', () => {
  it('for every data type and value the server accepts', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DATA_TYPES), searchValue, (dataType, value) => {
        const items = itemsOrRefused(dataType, value);
        fc.pre(items !== undefined);
        const stored = storedSearchValue(dataType, value);
        expect(stored === null || typeof stored === 'string').toBe(true);
        expect(searchValueItems(dataType, stored)).toEqual(items);
      }),
      { numRuns: 3000 },
    );
  });

  it("joins several values with '-' unless an item would be split, then keeps JSON text", () => {
    expect(storedSearchValue(DATA_TYPE.multiSelect, ['V001', 'V002'])).toBe('V001-V002');
    expect(storedSearchValue(DATA_TYPE.multiSelect, ['CAP-00008', 'R-1'])).toBe('["CAP-00008","R-1"]');
    expect(storedSearchValue(DATA_TYPE.multiSelect, [])).toBe('[]');
    expect(storedSearchValue(DATA_TYPE.numberRange, [-10, 5])).toBe('-10-5');
    expect(storedSearchValue(DATA_TYPE.numberRange, [null, 20])).toBe('-20');
    expect(storedSearchValue(DATA_TYPE.dateRange, ['2026-01-01', '2026-01-31'])).toBe('2026-01-01-2026-01-31');
    expect(storedSearchValue(DATA_TYPE.multiLineText, ['R-1'])).toBe('R-1');
    expect(storedSearchValue(DATA_TYPE.multiLineText, ['R-1', 'R-2'])).toBe('["R-1","R-2"]');
    expect(storedSearchValue(DATA_TYPE.text, 'sot-23')).toBe('sot-23');
    expect(storedSearchValue(DATA_TYPE.number, 12.5)).toBe('12.5');
  });
});

/** Values as the dialog edits them: trimmed, non-blank, whole ranges. */
const code = fc.oneof(piece, fc.string({ minLength: 1, maxLength: 8 })).map((text) => text.trim()).filter(Boolean);
const pad = (n: number) => String(n).padStart(2, '0');
const dateText = fc
  .record({ y: fc.integer({ min: 2000, max: 2030 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }), sep: fc.constantFrom('-', '/'), time: fc.boolean() })
  .map(({ y, m, d, sep, time }) => `${y}${sep}${pad(m)}${sep}${pad(d)}${time ? ' 08:30:00' : ''}`);
const number = fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0));
const edited: fc.Arbitrary<{ dataType: DataType; action: ActionType; value: ConditionValue }> = fc.oneof(
  fc.record({ dataType: fc.constantFrom(DATA_TYPE.text, DATA_TYPE.dropdown), action: fc.constantFrom(ACTION_TYPE.equals, ACTION_TYPE.like), value: code }),
  fc.record({ dataType: fc.constant(DATA_TYPE.number), action: fc.constantFrom(ACTION_TYPE.equals, ACTION_TYPE.greater), value: number }),
  fc.record({ dataType: fc.constant(DATA_TYPE.date), action: fc.constant(ACTION_TYPE.lessOrEqual), value: dateText }),
  fc.record({ dataType: fc.constant(DATA_TYPE.dateRange), action: fc.constant(ACTION_TYPE.equals), value: fc.tuple(dateText, dateText) }),
  fc.record({ dataType: fc.constant(DATA_TYPE.dateRange), action: fc.constantFrom(ACTION_TYPE.greater, ACTION_TYPE.less), value: dateText }),
  fc.record({ dataType: fc.constant(DATA_TYPE.numberRange), action: fc.constant(ACTION_TYPE.equals), value: fc.tuple(number, number) }),
  fc.record({ dataType: fc.constant(DATA_TYPE.numberRange), action: fc.constantFrom(ACTION_TYPE.greaterOrEqual, ACTION_TYPE.less), value: number }),
  fc.record({ dataType: fc.constant(DATA_TYPE.multiLineText), action: fc.constant(ACTION_TYPE.equals), value: fc.array(code, { minLength: 1, maxLength: 4 }).map((lines) => lines.join('\n')) }),
  fc.record({ dataType: fc.constant(DATA_TYPE.multiSelect), action: fc.constant(ACTION_TYPE.equals), value: fc.uniqueArray(code, { minLength: 1, maxLength: 4 }) }),
);

describe('the advanced-search dialog saves a search as text and opens it as it was', () => {
  it('for every data type, action and edited value', () => {
    fc.assert(
      fc.property(edited, ({ dataType, action, value }) => {
        const row = { key: 'row', PARAM_NAME: 'p', FIELD_NAME: 'f', DATA_TYPE: dataType, ACTION_TYPE: action, IS_PAGING: 'N' as const, value };
        const [saved] = toSavedConditions([row], 'u');
        expect(typeof saved.PARAM_VALUE).toBe('string');
        const stored: SavedCondition = { ...saved, ORD_ID: 1, USER_NAME: 'u', LIST_ROUTE: '/l', PARAM_NAME: 'p', SEARCH_MODE: 'advanced_search', IS_PAGING: 'N', PARAM_VALUE: saved.PARAM_VALUE as string };
        expect(fromSavedConditions([stored])[0].value).toEqual(value);
      }),
      { numRuns: 2000 },
    );
  });

  it("saves a multi-select of codes holding '-' so they come back whole", () => {
    const row = { key: 'row', PARAM_NAME: 'p', FIELD_NAME: 'f', DATA_TYPE: DATA_TYPE.multiSelect, ACTION_TYPE: ACTION_TYPE.equals, IS_PAGING: 'N' as const, value: ['CAP-00008', 'R-1'] };
    expect(toSavedConditions([row], 'u')[0].PARAM_VALUE).toBe('["CAP-00008","R-1"]');
    expect(toSavedConditions([{ ...row, value: ['CAP', 'R'] }], 'u')[0].PARAM_VALUE).toBe('CAP-R');
  });
});
