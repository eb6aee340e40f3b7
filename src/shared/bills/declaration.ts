/**
 * A bill type, declared once as plain data (like src/shared/masterdata/declaration.ts for master
 * entities): what its screen shows (header fields, line columns), what it requires, which actions it
 * offers. `npm run gen -- bill` writes one per type (types/<CODE>.ts, appended to types/index.ts).
 * The declaration is the type's default: the seed writes it into md_bill_type, and at run time the
 * server reads the category, required header fields, inspection and FEFO flags from md_bill_type
 * (the bill-type master edits them). No imports at run time.
 */
import type { BilingualText } from '../bilingual';
import type { BillAction } from './actions';
import type { BillHeaderField, BillLineColumn } from './fields';
import type { BillCategory } from './statuses';

export interface BillTypeDeclaration {
  /** The type code: menu `Bill<code>`, list route `/bill/master/<code>`, bill codes `<code><yyyymmdd><nnnn>`. */
  code: string;
  category: BillCategory;
  name: BilingualText;
  /** The ERP's bill type (md_bill_type.erp_bill_type); '' none. */
  erpBillType: string;
  /** Header fields a bill of the type must have (seeded into md_bill_type.required_header_fields). */
  requiredHeaderFields: readonly BillHeaderField[];
  /** Inspection applies: a received part flagged IQC goes to pending inspection. */
  inspection: boolean;
  /** Reservation picks the reels that expire first (then the earliest received). */
  fefo: boolean;
  /** The header fields the form shows, in order (the required ones among them). */
  headerFields: readonly BillHeaderField[];
  /** The line columns the form shows, in order. */
  lineColumns: readonly BillLineColumn[];
  /** The actions (toolbar buttons, menu buttons) offered; each within its category's (actions.ts). */
  actions: readonly BillAction[];
}

export const defineBillType = <T extends BillTypeDeclaration>(type: T): T => type;

/** A bill code is `<type code><yyyymmdd><number>` (BillTypeDeclaration.code): its type code, if it looks like one. */
export function billTypeOfCode(billCode: string, typeCodes: readonly string[]): string | undefined {
  const match = /^([A-Z]+)\d{8}\d+$/.exec(billCode.toUpperCase());
  return match && typeCodes.includes(match[1]) ? match[1] : undefined;
}
