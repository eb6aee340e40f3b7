/**
 * Dropdown options from a setting's REFERENCE_SQL (spec §3 dropdown option CODE/NAME): all of
 * them (GetSelectList) or a searched, sorted page (the dropdown picker, GetSelectPageList).
 * The SQL's columns named code and name (any case) are read through to_jsonb, so the SQL may
 * spell them as it likes; NAME falls back to CODE.
 */
import { sql, type RawBuilder } from 'kysely';
import { dropdownOrderColumn } from '../../src/shared/search/list-settings.ts';
import { adminSqlRelation, type SqlCaller } from './list-source.ts';
import { runAsReportReader, type ReadOnlyTransaction } from './read-only.ts';
import { containsPattern } from '../../src/shared/search/like.ts';

export interface DropdownOption {
  CODE: string;
  NAME: string;
}

/** The most options GetSelectList returns; a longer list belongs in the paged picker. */
export const MAX_DROPDOWN_OPTIONS = 10_000;

export interface DropdownSource {
  /** The setting's PARAM_NAME, for messages. */
  paramName: string;
  referenceSql: string;
  caller: SqlCaller;
}

function optionsRelation(source: DropdownSource): RawBuilder<unknown> {
  const field = (name: string) => sql`coalesce(j ->> ${name}, j ->> ${name.toLowerCase()}, j ->> ${name[0] + name.slice(1).toLowerCase()})`;
  return sql`(
    select ${field('CODE')} as "CODE", coalesce(${field('NAME')}, ${field('CODE')}) as "NAME"
    from (select to_jsonb(ref) as j from ${adminSqlRelation(source.paramName, source.referenceSql, 'ref', source.caller)}) as raw
  ) as options`;
}


/** Every option (up to MAX_DROPDOWN_OPTIONS), in the SQL's own order. */
export function allOptions(trx: ReadOnlyTransaction, source: DropdownSource): Promise<DropdownOption[]> {
  return runAsReportReader(trx, source.caller, { name: source.paramName }, async () => {
    const { rows } = await sql<DropdownOption>`
      select "CODE", "NAME" from ${optionsRelation(source)} where "CODE" is not null limit ${MAX_DROPDOWN_OPTIONS}`.execute(trx);
    return rows;
  });
}

export interface OptionPageRequest {
  key?: string | null;
  page: number;
  limit: number;
  /** CODE or NAME, any case; default CODE. */
  orderBy?: string | null;
  descending: boolean;
}

/** A page of the options whose CODE or NAME contains the key, and how many there are. */
export function optionPage(trx: ReadOnlyTransaction, source: DropdownSource, request: OptionPageRequest) {
  const orderBy = dropdownOrderColumn(request.orderBy);
  const key = request.key?.trim();
  const filter = key ? sql`and ("CODE" ilike ${containsPattern(key)} or "NAME" ilike ${containsPattern(key)})` : sql``;
  const direction = request.descending ? sql`desc` : sql`asc`;

  return runAsReportReader(trx, source.caller, { name: source.paramName }, async () => {
    const counted = await sql<{ total: string }>`
      select count(*) as total from ${optionsRelation(source)} where "CODE" is not null ${filter}`.execute(trx);
    const { rows } = await sql<DropdownOption>`
      select "CODE", "NAME" from ${optionsRelation(source)} where "CODE" is not null ${filter}
      order by ${sql.id(orderBy)} ${direction}, "CODE" ${direction}
      limit ${request.limit} offset ${(request.page - 1) * request.limit}`.execute(trx);
    return { options: rows, total: Number(counted.rows[0].total) };
  });
}
