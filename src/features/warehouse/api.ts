/**
 * The rack view's read (openapi/paths/shelf.yaml, Shelf/Cells): a rack's cells with their reels and
 * lights, polled so the lights follow the bill actions live. Through the one client; an unknown rack
 * rejects without a toast (the screen says so in place), other failures toast.
 */
import { useQuery } from '@tanstack/react-query';
import { api, type ApiSchema } from '../../api/client';
import { callWrapped } from '../../api/call';

export type ShelfCells = ApiSchema<'ShelfCells'>;
export type ShelfCell = ApiSchema<'ShelfCell'>;

/** How often the rack view asks again (the lights change with bill actions made elsewhere). */
export const RACK_VIEW_POLL_MS = 2000;

export const loadShelfCells = (rackCode: string) =>
  callWrapped(api.GET('/Shelf/Cells', { params: { query: { rackCode } } }), { silent: (error) => error.status === 404 });

export const useShelfCells = (rackCode: string | undefined) =>
  useQuery({
    queryKey: ['shelf', 'cells', rackCode ?? ''] as const,
    queryFn: () => loadShelfCells(rackCode!),
    enabled: Boolean(rackCode),
    retry: false,
    refetchInterval: (query) => (query.state.status === 'error' ? false : RACK_VIEW_POLL_MS),
  });

/** Auxiliary-material containers (openapi/paths/auxiliary.yaml): receive, look up, record the next step. */
export type AuxStatus = ApiSchema<'AuxStatus'>;
export type AuxEventKind = ApiSchema<'AuxEventKind'>;

export const receiveAuxContainers = (PartCode: string, Count: number, LotCode: string) =>
  callWrapped(api.POST('/AuxContainer/Receive', { body: { PartCode, Count, LotCode } }));

export const loadAuxContainer = async (Code: string) => (await callWrapped(api.POST('/AuxContainer/Get', { body: { Code } })))!;

export const recordAuxEvent = async (Code: string, Kind: AuxEventKind) => (await callWrapped(api.POST('/AuxContainer/Event', { body: { Code, Kind } })))!;
