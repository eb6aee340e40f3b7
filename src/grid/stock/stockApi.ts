/**
 * The stock reads the stock screens and the bill page share (openapi/paths/stock.yaml): the ledger
 * of a part, a reel or a bill, paged on the server, and the code fields' suggestions (the stock screens', a
 * count plan's scope). Through the one client; failures toast (spec §8) unless said otherwise.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type ApiSchema } from '../../api/client';
import { callWrapped, callWrappedList } from '../../api/call';

export type LedgerRow = ApiSchema<'LedgerRow'>;
export type LedgerFilter = Pick<ApiSchema<'LedgerRequest'>, 'PartCode' | 'ReelCode' | 'BillCode'>;

export const stockKeys = {
  all: ['stock'] as const,
  ledger: (filter: LedgerFilter, page: number, limit: number) => ['stock', 'ledger', filter, page, limit] as const,
};

export const loadLedger = (filter: LedgerFilter, Page: number, Limit: number) =>
  callWrappedList(api.POST('/Stock/Ledger', { body: { ...filter, Page, Limit } }));

export type StockRefOptionsRequest = ApiSchema<'StockRefOptionsRequest'>;

/** A code field's suggestions (Stock/RefOptions); a failure shows no toast (the box just lists nothing). */
export const loadStockRefOptions = (body: StockRefOptionsRequest) => callWrapped(api.POST('/Stock/RefOptions', { body }), { silent: true });

/** One page of the ledger (newest first); the previous page stays on screen while the next loads. */
export const useStockLedger = (filter: LedgerFilter, page: number, limit: number, enabled = true) =>
  useQuery({
    queryKey: stockKeys.ledger(filter, page, limit),
    queryFn: () => loadLedger(filter, page, limit),
    placeholderData: keepPreviousData,
    enabled,
  });
