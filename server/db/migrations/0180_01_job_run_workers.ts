/**
 * job_runs.worker: the server process working a run (host/pid/id). A run whose process died
 * (kill -9, a power cut) stayed EXECUTING, and pg-boss held it, and a serial job's queue with it,
 * until its expiry; with the worker named, a live process can tell the dead run and close it
 * (server/modules/jobs/scheduler.ts). Rows from before have none. Released migrations are never edited.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table job_runs add column worker text`.execute(db);
  // Every live process looks for runs under way every few seconds: those only, however long the log.
  await sql`create index job_runs_under_way on job_runs (schedule_id) where status = 'EXECUTING'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index job_runs_under_way`.execute(db);
  await sql`alter table job_runs drop column worker`.execute(db);
}
