/**
 * Scheduled jobs (issue 18; server/modules/jobs): the job schedule of spec §2/§3 and its run log.
 *
 * - job_schedules: a job's name, address (the built-in task it runs), its trigger (an interval in
 *   seconds or a cron expression, exactly one), exec type PARALLEL/SERIAL, enabled, its status of
 *   spec §4 (NOT_STARTED, BEGUN, EXECUTING, SUCCESS, FAILED, STOPPED, CANCELLED), the counts of runs,
 *   successes and failures, and its last and next run. pg-boss (schema pgboss) queues and runs the
 *   runs; this table is what the screen shows and what the scheduler reads its jobs from.
 * - job_runs: one row per attempt of a run (a retried run has several), with its start, end,
 *   duration, status and error.
 *
 * Released migrations are never edited.
 */
import { sql, type Kysely } from 'kysely';
import { bilingualCaption } from './frozen/caption-v1.ts';

const CAPTIONS: Record<string, Record<string, [string, string]>> = {
  job_schedules: {
    name: ['作业名称', 'Job name'],
    address: ['地址', 'Address'],
    interval_seconds: ['间隔(秒)', 'Interval (s)'],
    cron: ['Cron 表达式', 'Cron'],
    exec_type: ['执行方式', 'Exec type'],
    enabled: ['启用', 'Enabled'],
    status: ['状态', 'Status'],
    run_count: ['运行次数', 'Runs'],
    success_count: ['成功次数', 'Successes'],
    failure_count: ['失败次数', 'Failures'],
    last_run_at: ['上次运行', 'Last run'],
    next_run_at: ['下次运行', 'Next run'],
  },
  job_runs: {
    started_at: ['开始时间', 'Start'],
    ended_at: ['结束时间', 'End'],
    duration_ms: ['耗时(毫秒)', 'Duration (ms)'],
    status: ['状态', 'Status'],
    error: ['错误', 'Error'],
    attempt: ['第几次尝试', 'Attempt'],
  },
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table job_schedules (
      id text primary key,
      name text not null unique,
      address text not null,
      interval_seconds integer check (interval_seconds > 0),
      cron text,
      exec_type text not null default 'PARALLEL' check (exec_type in ('PARALLEL', 'SERIAL')),
      params jsonb not null default '{}',
      retry_limit integer not null default 2 check (retry_limit >= 0),
      retry_delay_seconds integer not null default 1 check (retry_delay_seconds >= 0),
      enabled boolean not null default false,
      status text not null default 'NOT_STARTED'
        check (status in ('NOT_STARTED', 'BEGUN', 'EXECUTING', 'SUCCESS', 'FAILED', 'STOPPED', 'CANCELLED')),
      run_count integer not null default 0,
      success_count integer not null default 0,
      failure_count integer not null default 0,
      last_run_at timestamptz,
      next_run_at timestamptz,
      remark text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((interval_seconds is null) <> (cron is null))
    )`.execute(db);
  await sql`
    create table job_runs (
      id bigint generated always as identity primary key,
      schedule_id text not null references job_schedules (id) on delete cascade,
      queue_job_id text not null,
      attempt integer not null,
      trigger text not null check (trigger in ('SCHEDULE', 'MANUAL')),
      status text not null check (status in ('EXECUTING', 'SUCCESS', 'FAILED', 'CANCELLED')),
      started_at timestamptz not null default now(),
      ended_at timestamptz,
      duration_ms integer,
      error text,
      unique (queue_job_id, attempt)
    )`.execute(db);
  await sql`create index job_runs_schedule on job_runs (schedule_id, started_at desc)`.execute(db);
  await sql`create index job_runs_started_at on job_runs (started_at)`.execute(db);
  for (const [table, columns] of Object.entries(CAPTIONS)) {
    for (const [column, [zh, en]] of Object.entries(columns)) {
      await sql`comment on column ${sql.id(table, column)} is ${sql.lit(bilingualCaption(zh, en))}`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table job_runs`.execute(db);
  await sql`drop table job_schedules`.execute(db);
}
