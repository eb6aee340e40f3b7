/**
 * A unit is never converted to itself (issue 12.10): the declaration's rule (differentFrom, checked
 * by server/crud/values.ts with a clear message) backed by the table. NOT VALID: it holds for every
 * row written from now on without refusing to start on a database that already has such a row.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table md_unit_conversion add constraint md_unit_conversion_units_differ check (to_unit <> from_unit) not valid`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table md_unit_conversion drop constraint md_unit_conversion_units_differ`.execute(db);
}
