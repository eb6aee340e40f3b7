/**
 * The seed ledger: a key for every demo row (or bulk demo data set) the start-up seed has written.
 * The seed writes only what the ledger lacks, so a demo row an administrator deleted stays deleted
 * across restarts, while rows added to the demo data later still reach existing databases.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('seed_ledger')
    .addColumn('seed_table', 'text', (c) => c.notNull())
    .addColumn('seed_key', 'text', (c) => c.notNull())
    .addColumn('seeded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('seed_ledger_pk', ['seed_table', 'seed_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('seed_ledger').execute();
}
