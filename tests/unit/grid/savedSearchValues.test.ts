/**
 * A saved condition's PARAM_VALUE (spec §3: text, arrays joined with '-') has one reader, the
 * server's (src/shared/search/search-values.ts): the advanced-search dialog opens a saved value as
 * the values the server searches for.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyValueFor, parseValueText } from '../../../src/grid/logic/conditions';
import { ACTION_TYPE, DATA_TYPES, type DataType } from '../../../src/grid/model/codes';
import { SearchValueError, searchValueItems } from '../../../src/shared/search/search-values';

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
