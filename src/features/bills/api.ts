/**
 * The bill calls (openapi/paths/bills.yaml) through the one client: a bill, its save, and every
 * action by its name (the call's last segment). Types come from the contract's paths, so a renamed
 * field does not compile. A refusal toasts (spec §8) unless the caller shows it (the scan box does).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { callWrapped, type CallOptions } from '../../api/call';
import type { paths } from '../../api/schema';
import type { BillAction } from '../../shared/bills/actions';
import type { ErpSyncBillType } from '../../shared/bills/erp-sync';
import { typedSeparators } from '../../shared/barcodes/rules';

type JsonOf<T> = T extends { content: { 'application/json': infer J } } ? J : never;
type DataOf<T> = JsonOf<T> extends { data: infer D } ? D : never;

export type Bill = DataOf<paths['/Bill/Get']['get']['responses'][200]>;
export type BillLine = Bill['Lines'][number];
export type BillBox = Bill['Boxes'][number];
export type BillLogRow = Bill['Log'][number];
export type BillSaveRequest = JsonOf<NonNullable<paths['/Bill/Save']['post']['requestBody']>>;
export type BillSaveLine = BillSaveRequest['Lines'][number];
export type BillActionResult = DataOf<paths['/Bill/Pick']['post']['responses'][200]>;

/** What an action may name besides the bill: a line, a reel, a quantity (each call takes what it needs). */
export interface ActionTarget {
  LineNo?: number;
  ReelCode?: string;
  Qty?: string;
}

export const billKeys = {
  all: ['bills'] as const,
  bill: (id: string) => ['bills', 'bill', id] as const,
};

export const loadBill = (id: string) => callWrapped(api.GET('/Bill/Get', { params: { query: { id } } }));
export const saveBill = (body: BillSaveRequest, options?: CallOptions) => callWrapped(api.POST('/Bill/Save', { body }), options);
export type BillRefOptionsRequest = JsonOf<NonNullable<paths['/Bill/RefOptions']['post']['requestBody']>>;
/** A form field's suggestions: the records of its entity matching what the user typed (code, name). A failure is shown by the field, not toasted. */
export const loadRefOptions = (body: BillRefOptionsRequest) => callWrapped(api.POST('/Bill/RefOptions', { body }), { silent: true });
/** Sync-create from ERP (spec §4): the ERP's documents of the type as bills, each once. */
export const syncBillsFromErp = (billType: ErpSyncBillType) => callWrapped(api.POST('/Bill/SyncFromErp', { body: { BillType: billType } }));

/** Sends the action on the bill `Id`; resolves with the bill's new status and what the action did. */
export function runBillAction(action: Exclude<BillAction, 'Save'>, Id: string, target: ActionTarget = {}, options?: CallOptions): Promise<BillActionResult> {
  const { LineNo, ReelCode, Qty } = target;
  const line = LineNo === undefined ? {} : { LineNo };
  const send = () => {
    switch (action) {
      case 'CreateReels':
        return api.POST('/Bill/CreateReels', { body: { Id, ...line } });
      case 'ConfirmReceipt':
        return api.POST('/Bill/ConfirmReceipt', { body: { Id, ReelCode: ReelCode ?? '' } });
      case 'OneKeyReceipt':
        return api.POST('/Bill/OneKeyReceipt', { body: { Id } });
      case 'CancelReceipt':
        return api.POST('/Bill/CancelReceipt', { body: { Id, ...(ReelCode ? { ReelCode } : {}) } });
      case 'ReserveStock':
        return api.POST('/Bill/ReserveStock', { body: { Id } });
      case 'Pick':
        return api.POST('/Bill/Pick', { body: { Id, ReelCode: ReelCode ?? '', ...(Qty ? { Qty } : {}) } });
      case 'LineCancelPick':
        return api.POST('/Bill/LineCancelPick', { body: { Id, LineNo: LineNo ?? 0 } });
      case 'CancelReelIssue':
        return api.POST('/Bill/CancelReelIssue', { body: { Id, ReelCode: ReelCode ?? '' } });
      case 'CancelIssue':
        return api.POST('/Bill/CancelIssue', { body: { Id } });
      case 'ConfirmClose':
        return api.POST('/Bill/ConfirmClose', { body: { Id } });
      case 'CloseLine':
        return api.POST('/Bill/CloseLine', { body: { Id, LineNo: LineNo ?? 0 } });
      case 'OneKeyClose':
        return api.POST('/Bill/OneKeyClose', { body: { Id } });
      case 'OneKeyMoveStock':
        return api.POST('/Bill/OneKeyMoveStock', { body: { Id } });
      case 'HandoverConfirm':
        return api.POST('/Bill/HandoverConfirm', { body: { Id } });
      case 'Invalidate':
        return api.POST('/Bill/Invalidate', { body: { Id, ...line } });
      case 'PostLine':
        return api.POST('/Bill/PostLine', { body: { Id, LineNo: LineNo ?? 0 } });
      case 'LightOn':
        return api.POST('/Bill/LightOn', { body: { Id } });
      case 'LightOff':
        return api.POST('/Bill/LightOff', { body: { Id } });
    }
  };
  return callWrapped(send(), options) as Promise<BillActionResult>;
}

/**
 * Confirm receipt by what the scanner read: one of the bill's reel codes, or a vendor's label (GS1,
 * ECIA, a vendor rule) that becomes a reel of its line. Separators typed as ␝ ␞ ␄ or <GS> <RS> <EOT>
 * (a keyboard-wedge scanner cannot type the control characters into a browser) are sent as themselves.
 */
export const receiveByLabel = (Id: string, scan: string, options?: CallOptions, toLoc?: string) =>
  callWrapped(api.POST('/Bill/ConfirmReceiptByLabel', { body: { Id, Barcode: typedSeparators(scan), ...(toLoc ? { ToLoc: toLoc } : {}) } }), options) as Promise<BillActionResult>;

/** Put-to-light: a free rack cell for a reel of the bill, lit for its put-away (Shelf/SuggestCell; null cell fields: no smart rack). */
export const suggestCell = (Id: string, target: { ReelCode?: string; LineNo?: number }, options?: CallOptions) =>
  callWrapped(api.POST('/Shelf/SuggestCell', { body: { Id, ...target } }), options);

export const useBill = (id: string | undefined) =>
  useQuery({ queryKey: billKeys.bill(id ?? ''), queryFn: () => loadBill(id!), enabled: Boolean(id) });

/** After a save or an action: the bill is read again (its lines, reels, log), and the stock reads. */
export function useRefreshBill() {
  const client = useQueryClient();
  return (id: string) =>
    Promise.all([client.invalidateQueries({ queryKey: billKeys.bill(id) }), client.invalidateQueries({ queryKey: ['stock'] })]);
}
