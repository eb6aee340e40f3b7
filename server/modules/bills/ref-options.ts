/**
 * Bill/RefOptions: what a bill form's master-code field suggests as the user types — the organisation's enabled
 * records of the field's entity (vendors, parts, storage locations, the line's storage location's locators ...)
 * whose code starts with the typed text or whose name contains it; the exact code first, then by code. The
 * caller may save bills of the type (its x-permission), so a warehouse clerk without the master-data menus
 * still picks a vendor by its name.
 */
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { billTypeDeclaration } from '../../../src/shared/bills/types/index.ts';
import { suggestedEntity, type BillMasterCode } from '../../../src/shared/bills/save-rules.ts';
import type { BillRefField } from '../../../src/shared/bills/fields.ts';
import { Problem } from '../../http/problem.ts';
import { BILL_MASTER_TABLES } from './save.ts';

const SUGGESTIONS = 20;

/** A LIKE pattern's wildcards taken literally (the key is the user's text). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface RefOptionsInput {
  BillType: string;
  Field: BillRefField;
  Key?: string | null;
  Sic?: string | null;
}

export async function refOptions(db: DB, orgId: string, input: RefOptionsInput): Promise<{ Code: string; Name: string }[]> {
  const type = billTypeDeclaration(input.BillType);
  if (!type) throw new Problem(400, 'billTypeUnknown', { type: input.BillType });
  const entity = suggestedEntity(type, input.Field);
  const table = entity === 'Locator' ? 'md_locator' : BILL_MASTER_TABLES[entity as BillMasterCode];
  const key = (input.Key ?? '').trim();
  const sic = entity === 'Locator' ? (input.Sic ?? '').trim() : '';
  const { rows } = await sql<{ code: string; name: string | null }>`
    select code, name from ${sql.table(table)}
     where org_id = ${orgId} and enabled is not false
       ${sic ? sql`and storage_location_code = ${sic}` : sql``}
       ${key ? sql`and (code ilike ${`${literal(key)}%`} or name ilike ${`%${literal(key)}%`})` : sql``}
     order by lower(code) = lower(${key}) desc, code
     limit ${SUGGESTIONS}`.execute(db);
  return rows.map((row) => ({ Code: row.code, Name: row.name ?? '' }));
}
