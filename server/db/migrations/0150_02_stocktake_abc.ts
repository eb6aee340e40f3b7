/** Stocktaking by ABC class (issue 20, a cycle-count rule): the classes a plan was made for, shown with it; its parts are theirs. */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table stocktake_plans add column scope_abc text[] not null default '{}'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table stocktake_plans drop column scope_abc`.execute(db);
}
