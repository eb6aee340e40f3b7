/**
 * Stock quantities are exact decimals: numeric(18, 6) in the database, decimal.js here, decimal text
 * on the wire. Never a JavaScript number in between, so 0.1 + 0.2 stays 0.3. Shared: the server's
 * stock and bill modules (server/modules/stock/quantity.ts re-exports it) and the mocks' bills read
 * quantities with the same rules.
 */
import Decimal from 'decimal.js';
import { Refusal } from './messages/refusal.ts';

/** Enough digits for any sum of numeric(18, 6) values (decimal.js's default 20 is not). */
export const Qty = Decimal.clone({ precision: 40 });
export type Qty = InstanceType<typeof Qty>;

export const ZERO = new Qty(0);

/** What a caller may give as a quantity: decimal text, a Decimal, or a (small, exact) integer. */
export type QuantityInput = string | number | Decimal;

const MAX = new Qty('1e12');

/** A positive quantity that fits numeric(18, 6); anything else is a 400 naming it. */
export function positiveQuantity(input: QuantityInput): Qty {
  let value: Qty;
  try {
    value = new Qty(input instanceof Decimal ? input.toString() : input);
  } catch {
    throw new Refusal(400, 'stockQtyInvalid', { qty: String(input) });
  }
  if (!value.isFinite() || value.lte(0) || value.gte(MAX) || value.decimalPlaces() > 6) {
    throw new Refusal(400, 'stockQtyInvalid', { qty: String(input) });
  }
  return value;
}

/** A stored numeric as a Qty. */
export const quantityOf = (stored: string | number): Qty => new Qty(stored);

/** A quantity for the database or the wire: plain decimal text, no exponent, no trailing zeros. */
export const quantityText = (value: Decimal | string): string => new Qty(value).toFixed();
