/**
 * ECIA EIGP 114 / ANSI MH10.8.2 data identifiers in the ISO/IEC 15434 envelope the 2D labels of
 * electronic-component reels carry: `[)>` RS `06` GS `P…` GS `1P…` GS `Q…` … RS EOT.
 * A data identifier is up to three digits and a letter; the known ones are matched longest first, so
 * `1P` is never read as a `1` in front of `P`, nor `13Q` as a quantity. Pure: no I/O.
 */
import { Refusal } from '../messages/refusal.ts';

export const RS = '\x1e';
export const EOT = '\x04';
const GS = '\x1d';

/** The DIs of EIGP 114 and the ones distributors print (DigiKey, Mouser, Arrow), with what they mean. */
export const ECIA_DIS: Readonly<Record<string, string>> = {
  K: 'Customer purchase order number',
  '1K': 'Supplier order number',
  '2K': 'Shipment / packing slip number',
  '10K': 'Invoice number',
  '11K': 'Packing list number',
  '14K': 'Purchase order line',
  P: 'Customer part number',
  '1P': 'Supplier (manufacturer) part number',
  '30P': 'Distributor part number',
  Q: 'Quantity',
  '13Q': 'Package count',
  '1T': 'Lot code',
  T: 'Traceability number',
  '9D': 'Date code (YYWW)',
  '10D': 'Date code (YYWW)',
  '14D': 'Expiration date (YYYYMMDD)',
  '16D': 'Production date (YYYYMMDD)',
  '4L': 'Country of origin',
  '1V': 'Manufacturer',
  V: 'Supplier code',
  S: 'Serial number',
  '1S': 'Package serial number',
  '3S': 'Package ID',
  '11Z': 'Distributor field',
  '12Z': 'Distributor field',
  '13Z': 'Distributor field',
  '20Z': 'Distributor field',
};

/** Known DIs, longest first. */
const KNOWN = Object.keys(ECIA_DIS).sort((a, b) => b.length - a.length);
// eslint-disable-next-line no-control-regex -- the envelope's separators are control characters (RS, GS)
const ENVELOPE = /^>?\[\)>\x1e?06\x1d/;

/** A field's DI: a known one (longest first), else any digits-and-letter identifier. */
function diOf(field: string): string | null {
  const known = KNOWN.find((di) => field.startsWith(di));
  if (known) return known;
  return /^\d{1,3}[A-Z]/.exec(field)?.[0] ?? null;
}

/**
 * The DI → value pairs of a scan, null when it has no `[)>` RS `06` GS envelope; a field without a
 * data identifier is refused. A missing trailer (RS EOT) is accepted, and so are the envelope's
 * RS dropped and a stray `>` before it, as some keyboard-wedge scanners send Mouser's labels.
 */
export function parseEcia(scan: string): Record<string, string> | null {
  const text = scan.replace(/[\r\n]+$/, '');
  const envelope = ENVELOPE.exec(text);
  if (!envelope) return null;
  let body = text.slice(envelope[0].length);
  if (body.endsWith(EOT)) body = body.slice(0, -1);
  if (body.endsWith(RS)) body = body.slice(0, -1);
  const found: Record<string, string> = {};
  // A second format envelope (RS nn GS) may follow; its fields are read the same way.
  // eslint-disable-next-line no-control-regex -- fields end at GS or RS (or a further RS nn GS envelope)
  for (const field of body.split(/\x1e\d\d\x1d|[\x1d\x1e]/)) {
    if (field === '') continue;
    const di = diOf(field);
    if (!di) throw new Refusal(400, 'barcodeEciaNoDi', { field });
    if (!(di in found)) found[di] = field.slice(di.length);
  }
  return found;
}

/** An ECIA envelope of DI → value pairs, for tests and labels. */
export function buildEcia(fields: readonly (readonly [di: string, value: string])[]): string {
  return `[)>${RS}06${GS}${fields.map(([di, value]) => di + value).join(GS)}${RS}${EOT}`;
}
