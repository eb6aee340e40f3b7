/**
 * A record of the past keeps the codes it was written with. The old-to-new part and vendor mappings
 * (effective-dated history of code changes) referenced the new code ON UPDATE CASCADE, so renaming
 * a part or vendor rewrote the history that named it. Now the reference restricts both ways:
 * renaming or deleting a part or vendor that a mapping names is refused (the plant's way to change a
 * code is a new record and a mapping to it). Tables that record the past (ledgers, logs, mappings)
 * reference codes like this, never with CASCADE.
 */
import { sql, type Kysely } from 'kysely';

const HISTORY_REFERENCES = [
  { table: 'md_part_mapping', column: 'new_part_code', refTable: 'md_part' },
  { table: 'md_vendor_mapping', column: 'new_vendor_code', refTable: 'md_vendor' },
];

async function referenceCodes(db: Kysely<any>, onUpdate: 'restrict' | 'cascade'): Promise<void> {
  for (const { table, column, refTable } of HISTORY_REFERENCES) {
    const constraint = sql.id(`${table}_${column}_fk`);
    await sql`alter table ${sql.id(table)} drop constraint ${constraint},
      add constraint ${constraint} foreign key (org_id, ${sql.id(column)}) references ${sql.id(refTable)} (org_id, code)
      on update ${sql.raw(onUpdate)} on delete restrict`.execute(db);
  }
}

export const up = (db: Kysely<any>) => referenceCodes(db, 'restrict');
export const down = (db: Kysely<any>) => referenceCodes(db, 'cascade');
