/** The run-card calls (openapi/paths/msd.yaml) through the one client; a refusal shows the server's message and rejects. */
import { api, type ApiSchema } from '../../api/client';
import { callWrapped } from '../../api/call';

export type MsdRunCard = ApiSchema<'MsdRunCard'>;
export type MsdEventKind = ApiSchema<'MsdEventKind'>;

export const loadRunCard = async (reelCode: string) => (await callWrapped(api.POST('/Msd/RunCard', { body: { ReelCode: reelCode } })))!;

export const recordMsdEvent = async (reelCode: string, kind: MsdEventKind) =>
  (await callWrapped(api.POST('/Msd/Event', { body: { ReelCode: reelCode, Kind: kind } })))!;
