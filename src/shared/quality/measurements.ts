/**
 * The measurements of a variable check item, as typed in the results editor or sent to Iqc/SaveResults:
 * one rule for the screen (before sending), the reference server and the mocks, so a mistyped value
 * ('1o.2') is refused naming its item and cell everywhere instead of being dropped or saved as text.
 */
import { Refusal } from '../messages/refusal.ts';

/** A plain decimal number (10.2, -0.5, .5, 1e-3); not Number()'s hex, binary, 'Infinity' or blank. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A measurement's number: a finite number as it is, text when it is a plain decimal; else null. */
export function measurementOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !DECIMAL.test(value.trim())) return null;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : null;
}

/** The refusal of the measurement in cell `cell` (1-based) of the item named `item`: the server's, the mocks' and the screen's. */
export const measurementNotNumber = (item: string, cell: number, value: unknown, lineNo?: number) =>
  new Refusal(400, 'qualityMeasurementNotNumber', { item, cell, value: typeof value === 'string' ? value : JSON.stringify(value) }, lineNo === undefined ? undefined : { LineNo: lineNo, Field: 'Measurements' });

/**
 * An item's measurements as numbers; the first that is not one refuses the save (400), naming the item and
 * its cell, placed on the request's item (`lineNo`: its position in Items, from 1) and its Measurements.
 */
export function checkedMeasurements(item: string, values: readonly unknown[], lineNo: number): number[] {
  return values.map((value, index) => {
    const number = measurementOf(value);
    if (number === null) throw measurementNotNumber(item, index + 1, value, lineNo);
    return number;
  });
}
