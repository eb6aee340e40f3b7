/**
 * The stocktaking calls (openapi/paths/stocktake.yaml) through the one client. An action answers its
 * result and the server's message (what it did, e.g. how many lines the snapshot has); a refusal shows
 * the server's message (frozen scope, re-count by another counter, ...) and rejects.
 */
import { api, type ApiSchema } from '../../api/client';
import { callWrapped, type ApiCall, type CallOptions, type WrappedBody } from '../../api/call';

export type StocktakePlan = ApiSchema<'StocktakePlan'>;
export type StocktakeLine = ApiSchema<'StocktakeLine'>;
export type StocktakeCreate = ApiSchema<'StocktakeCreateRequest'>;
export type StocktakeCount = ApiSchema<'StocktakeCountRequest'>;
export type StocktakeAction = 'Start' | 'Recount' | 'Approve' | 'Cancel';

async function withMessage<Body extends WrappedBody>(call: ApiCall<Body>, options?: CallOptions): Promise<{ data: NonNullable<Body['data']>; message: string }> {
  const data = await callWrapped(call, options);
  const { data: body } = await call;
  return { data: data!, message: body?.msg ?? '' };
}

export const createStocktake = (body: StocktakeCreate) => withMessage(api.POST('/Stocktake/Create', { body }));

export const runStocktakeAction = (action: StocktakeAction, id: string) => {
  const body = { Id: id };
  switch (action) {
    case 'Start':
      return withMessage(api.POST('/Stocktake/Start', { body }));
    case 'Recount':
      return withMessage(api.POST('/Stocktake/Recount', { body }));
    case 'Approve':
      return withMessage(api.POST('/Stocktake/Approve', { body }));
    case 'Cancel':
      return withMessage(api.POST('/Stocktake/Cancel', { body }));
  }
};

/** A count; `{ silent: true }` where the scan box says the refusal itself. */
export const countStocktake = (body: StocktakeCount, options?: CallOptions) => withMessage(api.POST('/Stocktake/Count', { body }), options);


export const loadStocktake = async (id: string) => (await callWrapped(api.POST('/Stocktake/Get', { body: { Id: id } })))!;
