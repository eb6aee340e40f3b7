/**
 * Failures kept as catalogue messages with their parameters (JSON, src/shared/messages/catalogue.ts
 * MessageRef), so that whoever reads them reads them in their own language: a job run's failure in
 * the run log (job_runs.error_message), and a posting's last failure, answered to a user's retry of its
 * warning (bill_post_outbox.last_error_message). The text columns beside them keep the default
 * language's words: for rows from before, for a failure that is no message (an exception's own words),
 * and for a message a later catalogue no longer has. Released migrations are never edited.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table job_runs add column error_message jsonb`.execute(db);
  await sql`alter table bill_post_outbox add column last_error_message jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table bill_post_outbox drop column last_error_message`.execute(db);
  await sql`alter table job_runs drop column error_message`.execute(db);
}
