/**
 * The fetchers of the master-data operations every entity has (server/crud): the path is
 * `/<resource>/<operation>`, checked against the contract's paths by type, so a resource without
 * the operation does not compile.
 */
import { api } from '../../api/client';
import { callPlain, callWrapped, type CallOptions } from '../../api/call';
import type { paths } from '../../api/schema';
import type { QueryCondition } from '../model/types';
import type { EntityDeclaration } from '../../shared/masterdata/declaration';

/** Every resource whose five operations are in the contract. */
export type MasterResource = {
  [P in keyof paths]: P extends `/${infer R}/AddOrModifySave` ? (`/${R}/Import` extends keyof paths ? R : never) : never;
}[keyof paths];

// One resource stands for all in the call types: the five operations have the same shape for every entity.
type Sample = 'Lookup';
const pathOf = <Op extends string>(entity: Pick<EntityDeclaration, 'resource'>, op: Op) =>
  `/${entity.resource as MasterResource}/${op}` as `/${Sample}/${Op}`;

export type MasterRecord = Record<string, unknown> & { id?: string; version?: number };

export async function saveRecord(entity: EntityDeclaration, record: MasterRecord, options?: CallOptions) {
  return callWrapped(api.POST(pathOf(entity, 'AddOrModifySave'), { body: record as never }), options);
}

export async function deleteRecord(entity: EntityDeclaration, id: string) {
  return callWrapped(api.POST(pathOf(entity, 'Delete'), { params: { query: { id } } }));
}

/** A page of another entity's records (by resource: reference and lookup dropdowns need no more). */
export async function loadRecords(
  entity: Pick<EntityDeclaration, 'resource'>,
  conditions: QueryCondition[],
  limit = 50,
  sort?: { field: string; order?: 'asc' | 'desc' }[],
): Promise<Record<string, unknown>[]> {
  const data = await callWrapped(api.POST(pathOf(entity, 'LoadData'), { body: { conditions, Page: 1, Limit: limit, ...(sort ? { sort } : {}) } }));
  return data?.rows ?? [];
}

/** The rows of the grid's current search as an xlsx file. */
export async function exportRecords(entity: EntityDeclaration, conditions: QueryCondition[]): Promise<Blob> {
  return callPlain(api.POST(pathOf(entity, 'ExportData'), { body: { conditions }, parseAs: 'blob' })) as Promise<Blob>;
}

export interface ImportOutcome {
  IMPORTED: number;
  ERRORS: { ROW: number; MESSAGE: string }[];
  REPORT_FILE?: string;
  REPORT_NAME?: string;
}

export async function importRecords(entity: EntityDeclaration, file: File): Promise<{ outcome: ImportOutcome; message: string }> {
  const form = new FormData();
  form.append('file', file);
  const call = api.POST(pathOf(entity, 'Import'), {
    body: { file: { name: file.name, base64: '' } },
    // The typed body is only the contract's description of the parts; the multipart form is sent.
    bodySerializer: () => form,
  });
  const outcome = (await callWrapped(call)) as ImportOutcome;
  const { data } = await call;
  return { outcome, message: data?.msg ?? '' };
}
