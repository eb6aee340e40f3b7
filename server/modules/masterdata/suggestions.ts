/**
 * What a code field suggests as the user types (src/shared/masterdata/suggestions.ts), read from the
 * organisation's master table. The caller's grant is its own call's (a bill type's Save, a stock screen's menu).
 */
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { masterEntities } from '../../../src/shared/masterdata/entities/index.ts';
import { SUGGESTION_DETAIL, SUGGESTIONS, type CodeSuggestion, type SuggestedEntity } from '../../../src/shared/masterdata/suggestions.ts';

/** A LIKE pattern's wildcards taken literally (the key is the user's text). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function masterSuggestions(
  db: DB,
  orgId: string,
  entity: SuggestedEntity,
  typed: string | null | undefined,
  storageLocation?: string | null,
): Promise<CodeSuggestion[]> {
  const declaration = masterEntities.find((candidate) => candidate.resource === entity);
  if (!declaration) throw new Error(`No master entity ${entity}`);
  const key = (typed ?? '').trim();
  const sic = entity === 'Locator' ? (storageLocation ?? '').trim() : '';
  const detailColumn = SUGGESTION_DETAIL[entity];
  const detail = detailColumn ? sql.ref(detailColumn) : sql`null`;
  const { rows } = await sql<{ code: string; name: string | null; detail: string | null }>`
    select code, name, ${detail} as detail from ${sql.table(declaration.table)}
     where org_id = ${orgId} and enabled is not false
       ${sic ? sql`and storage_location_code = ${sic}` : sql``}
       ${key ? sql`and (code ilike ${`${literal(key)}%`} or name ilike ${`%${literal(key)}%`}${detailColumn ? sql` or ${detail} ilike ${`%${literal(key)}%`}` : sql``})` : sql``}
     order by lower(code) = lower(${key}) desc, code
     limit ${SUGGESTIONS}`.execute(db);
  return rows.map((row) => ({ Code: row.code, Name: row.name ?? '', Detail: row.detail ?? '' }));
}
