/**
 * Finding bills of a type through its list (LIST_ROUTE `/bill/master/<CODE>`, the list engine with
 * the type's seeded search settings): the open bills to receive, or the one a scanned code names.
 */
import { useQuery } from '@tanstack/react-query';
import { queryRows } from '../../../grid/api/listParam';
import type { GridRow, QueryCondition } from '../../../grid/model/types';
import type { BillStatus } from '../../../shared/bills/statuses';
import { billTypeOfCode, type BillTypeDeclaration } from '../../../shared/bills/declaration';
import { billIdOf } from './listRows';

/** The seeded search settings of every bill list (server/db/seed/system-data.ts BILL_LISTS): their PARAM_NAME and FIELD_NAME. */
const BILL_CODE_PARAM = 'billCode';
const BILL_CODE_FIELD = 'bill_code';
const STATUS_FIELD = 'status';
/** Where receipt can still happen. */
const OPEN_STATUSES: readonly BillStatus[] = ['EDITING', 'WAITING', 'PROCESSING'];

export const billListRoute = (billType: string) => `/bill/master/${billType}`;

/** Action types of the list engine's conditions (spec §4 advanced search): equals, in. */
const EQUALS = 1;
const TEXT = 1;
const MULTI_SELECT = 8;

const openCondition: QueryCondition = { ORD_ID: 1, PARAM_NAME: STATUS_FIELD, FIELD_NAME: STATUS_FIELD, DATA_TYPE: MULTI_SELECT, ACTION_TYPE: EQUALS, IS_PAGING: 'N', PARAM_VALUE: [...OPEN_STATUSES] };

export interface BillListEntry {
  id: string;
  billCode: string;
  status: string;
}

const entryOf = (row: GridRow, keyField: string | null): BillListEntry | undefined => {
  const id = keyField ? row[keyField] : billIdOf(row);
  return id == null ? undefined : { id: String(id), billCode: String(row[BILL_CODE_FIELD] ?? ''), status: String(row[STATUS_FIELD] ?? '') };
};

async function findBills(billType: string, conditions: QueryCondition[], limit: number): Promise<BillListEntry[]> {
  const page = await queryRows(billListRoute(billType), { conditions, Page: 1, Limit: limit, wantAggregates: false });
  return page.rows.map((row) => entryOf(row, page.keyField)).filter((entry): entry is BillListEntry => Boolean(entry));
}

/** The open bills of the type (newest first, as the list sorts), for the receiving screen's choice. */
export const useOpenBills = (billType: string | undefined) =>
  useQuery({ queryKey: ['bills', 'open', billType], queryFn: () => findBills(billType!, [openCondition], 100), enabled: Boolean(billType) });

/** The open bill of the type with this code, if any. */
export async function findOpenBill(billType: string, billCode: string): Promise<BillListEntry | undefined> {
  const byCode: QueryCondition = { ORD_ID: 2, PARAM_NAME: BILL_CODE_PARAM, FIELD_NAME: BILL_CODE_FIELD, DATA_TYPE: TEXT, ACTION_TYPE: EQUALS, IS_PAGING: 'N', PARAM_VALUE: billCode };
  return (await findBills(billType, [openCondition, byCode], 1))[0];
}

/**
 * The open bill with this code among the types given (the user's, for the page's action): the type
 * its code starts with when that is one of them, else each of them.
 */
export async function findBillByCode(billCode: string, types: readonly BillTypeDeclaration[]): Promise<{ entry: BillListEntry; type: BillTypeDeclaration } | undefined> {
  const code = billCode.trim();
  const typeCode = billTypeOfCode(code, types.map((type) => type.code));
  const candidates = typeCode ? types.filter((type) => type.code === typeCode) : types;
  const found = await Promise.all(candidates.map(async (type) => ({ type, entry: await findOpenBill(type.code, code) })));
  const hit = found.find((f) => f.entry);
  return hit?.entry ? { entry: hit.entry, type: hit.type } : undefined;
}
