/**
 * What a list's columns mean beyond their name, type and caption (list_column_meta, migration
 * 0075_01): a bookkeeping column is not shown to a user without a column configuration, and a coded
 * column carries its 字典 labels (md_lookup of the caller's organisation, in the caller's
 * language: the English name, else the Chinese one), so the grid shows 在库 / In stock, not IN_STOCK.
 */
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import type { Language } from '../../src/shared/messages/catalogue.ts';
import type { ReadOnlyTransaction } from './read-only.ts';
import type { SqlCaller } from './list-source.ts';

/** The most labels one coded column carries (the contract's LABELS maxItems). */
export const MAX_LABELS = 10_000;

export interface ColumnMeta {
  hidden: boolean;
  /** The configured caption in the caller's language (English falls back to the Chinese one), if any. */
  caption?: string;
  /** The configured width for a user without a column configuration, if any. */
  width?: number;
  /** Each code of the column's lookup type with its label; absent for a column that holds no codes. */
  labels?: { CODE: string; NAME: string }[];
}

const configuredCaption = (row: { caption: string | null; caption_en: string | null }, language: Language) =>
  (language === 'en' ? row.caption_en?.trim() || row.caption : row.caption)?.trim() || undefined;

/** The meaning of a list's columns that have any, by field name. */
export async function listColumnMeta(
  db: DB | ReadOnlyTransaction,
  listRoute: string,
  caller: SqlCaller,
  language: Language,
): Promise<Map<string, ColumnMeta>> {
  const rows = await db.selectFrom('list_column_meta').selectAll().where('list_route', '=', listRoute).execute();
  const lookupTypes = [...new Set(rows.flatMap((row) => (row.lookup_type ? [row.lookup_type] : [])))];
  const labelsByType = new Map<string, { CODE: string; NAME: string }[]>();
  if (lookupTypes.length) {
    const name = language === 'en' ? sql<string>`coalesce(nullif(name_en, ''), name)` : sql<string>`name`;
    // At most MAX_LABELS codes per type (the contract's bound); a code beyond them shows as it is.
    const { rows: lookups } = await sql<{ lookup_type: string; code: string; label: string }>`
      select lookup_type, code, label from (
        select lookup_type, code, ${name} as label, sort_num,
               row_number() over (partition by lookup_type order by sort_num nulls last, code) as n
        from md_lookup
        where org_id = ${caller.orgId} and lookup_type in (${sql.join(lookupTypes)})
      ) as labelled
      where n <= ${MAX_LABELS}
      order by lookup_type, sort_num nulls last, code`.execute(db);
    for (const lookup of lookups) {
      if (!labelsByType.has(lookup.lookup_type)) labelsByType.set(lookup.lookup_type, []);
      labelsByType.get(lookup.lookup_type)!.push({ CODE: lookup.code, NAME: lookup.label });
    }
  }
  return new Map(
    rows.map((row) => [
      row.field_name,
      {
        hidden: row.hidden,
        ...(configuredCaption(row, language) ? { caption: configuredCaption(row, language)! } : {}),
        ...(row.width ? { width: row.width } : {}),
        ...(row.lookup_type ? { labels: labelsByType.get(row.lookup_type) ?? [] } : {}),
      },
    ]),
  );
}
