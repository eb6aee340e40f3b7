/**
 * The stock screens' reads (openapi/paths/stock.yaml): balances now or as of a past instant, and a
 * reel. The ledger and the code fields' suggestions are shared with other pages (src/grid/stock). Through the
 * one client; a failure toasts (spec §8) unless the screen shows it itself.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type ApiSchema } from '../../api/client';
import { callWrapped, callWrappedList, type CallOptions } from '../../api/call';

export type BalanceRow = ApiSchema<'BalanceRow'>;
export type BalanceFilter = Pick<ApiSchema<'BalanceRequest'>, 'PartCode' | 'Sic' | 'Loc' | 'LotCode' | 'AsOf'>;
export type Reel = ApiSchema<'Reel'>;

export const stockScreenKeys = {
  balance: (filter: BalanceFilter, page: number, limit: number) => ['stock', 'balance', filter, page, limit] as const,
  reel: (reelCode: string) => ['stock', 'reel', reelCode] as const,
};

export const loadBalance = (filter: BalanceFilter, Page: number, Limit: number) =>
  callWrappedList(api.POST('/Stock/Balance', { body: { ...filter, Page, Limit } }));

/** A reel; an unknown code rejects without a toast (the screen says so in place), other failures toast. */
export const loadReel = (reelCode: string) => callWrapped(api.GET('/Reel/Get', { params: { query: { reelCode } } }), { silent: (error) => error.status === 404 });

export const useStockBalance = (filter: BalanceFilter, page: number, limit: number) =>
  useQuery({
    queryKey: stockScreenKeys.balance(filter, page, limit),
    queryFn: () => loadBalance(filter, page, limit),
    placeholderData: keepPreviousData,
  });

export const useReel = (reelCode: string | undefined) =>
  useQuery({ queryKey: stockScreenKeys.reel(reelCode ?? ''), queryFn: () => loadReel(reelCode!), enabled: Boolean(reelCode), retry: false });

export type GenerateReelsRequest = ApiSchema<'GenerateRequest'>;
export type ReelUpdateRequest = ApiSchema<'UpdateRequest'>;
export type ReelHistoryEntry = ApiSchema<'HistoryEntry'>;

/** Reels without a bill (Reel/Generate): their codes. A refusal toasts (spec §8), or its form marks the field it is about. */
export const generateReels = (body: GenerateReelsRequest, options?: CallOptions) => callWrapped(api.POST('/Reel/Generate', { body }), options);

/** Edits a reel's lot, date code, expiry (Reel/Update): the changes made. */
export const updateReel = (body: ReelUpdateRequest) => callWrapped(api.POST('/Reel/Update', { body }));

export const useReelHistory = (reelCode: string | undefined) =>
  useQuery({
    queryKey: ['stock', 'reel-history', reelCode ?? ''] as const,
    queryFn: () => callWrapped(api.POST('/Reel/History', { body: { ReelCode: reelCode! } })),
    enabled: Boolean(reelCode),
  });
