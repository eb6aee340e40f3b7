/**
 * The measurements of a variable check item, as typed in the results editor or sent to Iqc/SaveResults:
 * one rule for the screen (before sending), the reference server and the mocks, so a mistyped value
 * ('1o.2') is refused naming its item and cell everywhere instead of being dropped or saved as text.
 */
import { Refusal } from '../messages/refusal.ts';
import { MAX_MEASUREMENTS } from './judgment.ts';

/** A plain decimal number (10.2, -0.5, .5, 1e-3); not Number()'s hex, binary, 'Infinity' or blank. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A measurement's number: a finite number as it is, text when it is a plain decimal; else null. */
export function measurementOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !DECIMAL.test(value.trim())) return null;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : null;
}

/** Where on the request an item's measurements are refused: its position in Items (`lineNo`, from 1), its Measurements, and the cell (from 1) when one. */
const measurementsPlace = (lineNo: number | undefined, cell?: number) =>
  lineNo === undefined ? undefined : { LineNo: lineNo, Field: 'Measurements', ...(cell === undefined ? {} : { Cell: cell }) };

/** The refusal of the measurement in cell `cell` (1-based) of the item named `item`: the server's, the mocks' and the screen's. */
export const measurementNotNumber = (item: string, cell: number, value: unknown, lineNo?: number) =>
  new Refusal(400, 'qualityMeasurementNotNumber', { item, cell, value: typeof value === 'string' ? value : JSON.stringify(value) }, measurementsPlace(lineNo, cell));

/**
 * A variable item's measurements from a save, as numbers: none (`required`, named by its code), more than 50
 * (`tooMany`, by its code) or one that is not a number (by its name, with its cell) refuses the save (400).
 * Each refusal is placed on the request's item (`lineNo`: its position in Items, from 1) and its Measurements,
 * the one not a number on its cell too, so the screen marks the cell the server refused.
 */
export function checkedMeasurements(item: { code: string; name: string }, values: readonly unknown[] | null | undefined, lineNo: number): number[] {
  const measurements = values ?? [];
  if (!measurements.length) throw new Refusal(400, 'qualityMeasurementsRequired', { item: item.code }, measurementsPlace(lineNo));
  if (measurements.length > MAX_MEASUREMENTS) throw new Refusal(400, 'qualityTooManyMeasurements', { item: item.code, max: MAX_MEASUREMENTS }, measurementsPlace(lineNo));
  return measurements.map((value, index) => {
    const number = measurementOf(value);
    if (number === null) throw measurementNotNumber(item.name, index + 1, value, lineNo);
    return number;
  });
}
