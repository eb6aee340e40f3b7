/**
 * The job scheduler: pg-boss runs the jobs of job_schedules (issue 18).
 *
 * - Each job has a pg-boss queue `job-<id>`: policy `singleton` for a SERIAL job (pg-boss lets one of
 *   its runs be active at a time, on every server), `standard` for a PARALLEL one. Workers fetch with
 *   SKIP LOCKED, so a run is taken by one server process only.
 * - A cron job is a pg-boss schedule (pg-boss's timekeeper, itself run by one process at a time).
 *   An interval job is a throttled send: every process's ticker sends the job when it is due with
 *   singletonSeconds = the interval, so pg-boss keeps one run per interval however many servers send.
 * - A failed run is retried by pg-boss (the job's retry limit, exponential back-off from its delay);
 *   each attempt is a row of job_runs, and the run counts as failed only once its retries are spent.
 *
 * The database: pg-boss gets a pool of its own on PostgreSQL (jobs.databaseUrl, the server's
 * DATABASE_URL) and installs its schema `pgboss` there. On the embedded database (PGlite, one session,
 * no URL to connect to) it is driven through the server's own Kysely handle, pg-boss's custom `db`
 * option: each of its statements is one exchange on the single session, queued with the requests'.
 * pg-boss starts only once a job is enabled or run, so a plant without jobs pays nothing for it.
 *
 * A process that dies (kill -9, a power cut) leaves its runs EXECUTING, and pg-boss would hold them
 * active, and a serial job's queue with them, until their expiry (15 minutes). Each run's log row
 * names its process (worker), so a live process closes such orphans: on the embedded database the
 * next start (there is one process), on PostgreSQL any other process within seconds, telling a dead
 * process by its lifeline, an advisory lock its own session holds while it lives.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { storedFailureOf, WordedError, type StoredFailure } from '../../i18n.ts';
import type { DB } from '../../db/database.ts';
import type { JobSchedulesTable, JobStatus } from '../../db/schema.ts';
import type { Selectable } from 'kysely';
import type { JobsConfig } from '../../config.ts';
import { Problem } from '../../http/problem.ts';
import { TASKS, type Task } from './tasks.ts';
import { CRON_TIME_ZONE, isKnownTask, nextRunTimes } from '../../../src/shared/jobs/schedule.ts';

type Schedule = Selectable<JobSchedulesTable>;
interface RunData {
  scheduleId: string;
  trigger: 'SCHEDULE' | 'MANUAL';
}

export const queueOf = (scheduleId: string) => `job-${scheduleId}`;
const policyOf = (schedule: Pick<Schedule, 'exec_type'>) => (schedule.exec_type === 'SERIAL' ? 'singleton' : 'standard');
const retryOf = (schedule: Schedule) => ({ retryLimit: schedule.retry_limit, retryDelay: schedule.retry_delay_seconds, retryBackoff: true });

/** The next run of an enabled job after `from` (null when it is not enabled). */
export function nextRunOf(schedule: Pick<Schedule, 'enabled' | 'cron' | 'interval_seconds'>, from: Date): Date | null {
  if (!schedule.enabled) return null;
  const trigger = schedule.cron ? { cron: schedule.cron } : { intervalSeconds: schedule.interval_seconds! };
  return nextRunTimes(trigger, from, 1)[0]!;
}

/** The advisory lock key of a worker's lifeline: the first 64 bits of its id. */
const lifelineKey = (worker: string) => BigInt.asIntN(64, BigInt(`0x${worker.split('/').at(-1)!.replaceAll('-', '').slice(0, 16)}`)).toString();

/** A run's status for its job, except that a stopped job stays stopped (a run under way or run now ends in its log only). */
const keepStopped = (status: JobStatus) => sql<JobStatus>`case when status = 'STOPPED' then 'STOPPED' else ${status} end`;

export class JobScheduler {
  private boss: PgBoss | undefined;
  private starting: Promise<PgBoss> | undefined;
  private ticker: NodeJS.Timeout | undefined;
  private ticking = false;
  private closed = false;
  /** Several processes (PostgreSQL): looks for jobs enabled through another process (adopt). */
  private watcher: NodeJS.Timeout | undefined;
  private adopting = false;
  /** The runs this process is working on: pg-boss job id -> their cancel switch. */
  private readonly running = new Map<string, AbortController>();
  /** The policy of the queue this process works each job's runs with. */
  private readonly working = new Map<string, string>();
  /** This process, as its runs' log rows name it: host/pid/id. */
  readonly worker = `${hostname()}/${process.pid}/${randomUUID()}`;
  /** PostgreSQL: the session holding this process's lifeline lock. */
  private lifeline: pg.Client | undefined;

  constructor(
    private readonly db: DB,
    private readonly config: JobsConfig,
  ) {}

  /** At server start: pg-boss starts when some job is enabled (in the background: a failure is logged and retried on the next call). */
  async resume(): Promise<void> {
    if (this.config.databaseUrl && !this.watcher && !this.closed) {
      this.watcher = setInterval(() => void this.adopt(), Math.max(this.config.tickMs * 5, 1000));
      this.watcher.unref();
    }
    const enabled = await this.db.selectFrom('job_schedules').select('id').where('enabled', '=', true).executeTakeFirst();
    // A run left under way (a process that died) is closed by pg-boss's start, enabled job or not.
    const underWay = enabled ? undefined : await this.db.selectFrom('job_runs').select('id').where('status', '=', 'EXECUTING').executeTakeFirst();
    if (enabled || underWay) await this.started();
  }

  /**
   * A job enabled or changed through another server process: this one starts pg-boss and works the
   * job's runs too, so the jobs go on whichever process stops (each run is still taken by one).
   */
  private async adopt(): Promise<void> {
    if (this.closed || this.adopting) return;
    this.adopting = true;
    try {
      if (this.boss) await this.closeOrphanedRuns();
      const enabled = await this.db.selectFrom('job_schedules').selectAll().where('enabled', '=', true).execute();
      if (!enabled.length) return;
      // Starting pg-boss syncs every job.
      if (!this.boss) await this.started();
      else for (const schedule of enabled) if (this.working.get(schedule.id) !== policyOf(schedule)) await this.sync(schedule);
    } catch (error) {
      if (!this.closed) console.error(`jobs: looking for jobs enabled elsewhere failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.adopting = false;
    }
  }

  /** pg-boss, started (once) with every job's queue, worker and cron schedule; refused in words when it cannot start. */
  async started(): Promise<PgBoss> {
    if (this.closed) throw new Problem(503, 'jobSchedulerUnavailable', { reason: 'the server is stopping' });
    this.starting ??= this.start().catch((error: unknown) => {
      this.starting = undefined;
      console.error(`jobs: pg-boss did not start: ${error instanceof Error ? error.message : String(error)}`);
      throw new Problem(503, 'jobSchedulerUnavailable', { reason: error instanceof Error ? error.message : String(error) });
    });
    return this.starting;
  }

  private async start(): Promise<PgBoss> {
    // Held before this process takes a run, so no other process ever takes its runs for orphans.
    if (this.config.databaseUrl && !this.lifeline) await this.holdLifeline();
    const options = {
      schema: 'pgboss',
      cronMonitorIntervalSeconds: this.config.cronMonitorIntervalSeconds,
      cronWorkerIntervalSeconds: Math.max(1, Math.min(45, Math.round(this.config.pollingIntervalSeconds))),
    };
    const boss = this.config.databaseUrl
      ? new PgBoss({ ...options, connectionString: this.config.databaseUrl, max: 4, application_name: 'portal-jobs' })
      : new PgBoss({ ...options, db: { executeSql: this.executeSql } });
    boss.on('error', (error: Error) => console.error(`jobs: ${error.message}`));
    await boss.start();
    this.boss = boss;
    await this.closeOrphanedRuns();
    for (const schedule of await this.db.selectFrom('job_schedules').selectAll().execute()) await this.sync(schedule);
    this.ticker = setInterval(() => void this.tick(), this.config.tickMs);
    return boss;
  }

  /**
   * PostgreSQL: a session of this process's own, holding an advisory lock keyed by its worker id for
   * as long as the process lives. PostgreSQL ends the session when the process dies, freeing the lock.
   * Lost while the process lives (a network cut), it is taken again.
   */
  private async holdLifeline(): Promise<void> {
    const client = new pg.Client({ connectionString: this.config.databaseUrl, application_name: 'portal-jobs-lifeline' });
    client.on('error', (error: Error) => {
      if (this.closed || this.lifeline !== client) return;
      this.lifeline = undefined;
      console.error(`jobs: the lifeline session ended (${error.message}); it is taken again`);
      void this.retakeLifeline();
    });
    try {
      await client.connect();
      await client.query('select pg_advisory_lock($1::bigint)', [lifelineKey(this.worker)]);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    // Closed meanwhile: close() has ended the lifeline it knew of, so this one is ended here.
    if (this.closed) await client.end().catch(() => undefined);
    else this.lifeline = client;
  }

  /** A lost lifeline, taken again a second apart, one attempt at a time, until it holds or the scheduler closes. */
  private async retakeLifeline(): Promise<void> {
    while (!this.closed && !this.lifeline) {
      await new Promise((resolve) => setTimeout(resolve, 1000).unref());
      if (this.closed) return;
      await this.holdLifeline().catch((error: unknown) =>
        console.error(`jobs: the lifeline session could not be taken again: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
  }

  /**
   * Closes the runs whose server process died: the log row FAILED with why, the job's status, and the
   * pg-boss job failed (retried when it has retries left), which frees a serial job's queue. On the
   * embedded database every run not of this process is one (one process opens it); on PostgreSQL,
   * those of a worker whose lifeline lock is free. Rows from before workers were named count on
   * PostgreSQL only once pg-boss expires them.
   */
  private async closeOrphanedRuns(): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    const underWay = await this.db
      .selectFrom('job_runs')
      .select(['id', 'schedule_id', 'queue_job_id', 'attempt', 'started_at', 'worker'])
      .where('status', '=', 'EXECUTING')
      .where((eb) => eb.or([eb('worker', 'is', null), eb('worker', '!=', this.worker)]))
      .execute();
    if (!underWay.length) return;
    let orphans = underWay;
    if (this.config.databaseUrl) {
      const deadWorkers = new Set<string>();
      for (const worker of new Set(underWay.flatMap((run) => run.worker ?? []))) {
        // Taken (and let go at once: a transaction's lock) only when no live session holds it.
        const { rows } = await sql<{ free: boolean }>`select pg_try_advisory_xact_lock(${lifelineKey(worker)}::bigint) as free`.execute(this.db);
        if (rows[0]?.free) deadWorkers.add(worker);
      }
      orphans = underWay.filter((run) => run.worker !== null && deadWorkers.has(run.worker));
    }
    const error = storedFailureOf(new WordedError({ message: 'jobRunOrphaned' }));
    for (const run of orphans) {
      const now = new Date();
      if (!(await this.endRunRow(run.id, 'FAILED', new Date(run.started_at), now, error))) continue; // another process closed it first
      const queue = queueOf(run.schedule_id);
      // Only the attempt that died: pg-boss may have expired and retried it since.
      const { rows: active } = await sql`
        select 1 from pgboss.job where name = ${queue} and id = ${run.queue_job_id}::uuid and state = 'active' and retry_count = ${run.attempt - 1}`.execute(this.db);
      if (active.length) await boss.fail(queue, run.queue_job_id, { message: error.text });
      await this.db
        .updateTable('job_schedules')
        .set((eb) => ({
          status: 'FAILED',
          failure_count: sql<number>`${eb.ref('failure_count')} + case when ${run.attempt} > ${eb.ref('retry_limit')} then 1 else 0 end`,
          updated_at: now,
        }))
        .where('id', '=', run.schedule_id)
        .where('status', '=', 'EXECUTING')
        .execute();
      console.error(`jobs: run ${run.id} of job ${run.schedule_id} was under way in a server process that stopped (${run.worker ?? 'unnamed'}): closed`);
    }
  }

  /** pg-boss's statements through the server's Kysely handle (the embedded database's one session). */
  private readonly executeSql = async (text: string, values: unknown[] = []) => {
    const result = await this.db.executeQuery(CompiledQuery.raw(text, values));
    return { rows: result.rows as unknown[] };
  };

  /** Makes pg-boss match a job's row: its queue and policy, this process's workers, its cron schedule. */
  async sync(schedule: Schedule): Promise<void> {
    if (!this.boss && !schedule.enabled) return;
    const boss = this.boss ?? (await this.started());
    const name = queueOf(schedule.id);
    const policy = policyOf(schedule);
    const queue = await boss.getQueue(name);
    if (queue && queue.policy !== policy) {
      // pg-boss cannot change a queue's policy: a job whose exec type changed gets a new queue.
      await boss.offWork(name);
      this.working.delete(schedule.id);
      await boss.unschedule(name);
      await boss.deleteQueue(name);
    }
    if (!queue || queue.policy !== policy) await boss.createQueue(name, { name, policy });
    if (this.working.get(schedule.id) !== policy) {
      const workers = schedule.exec_type === 'SERIAL' ? 1 : this.config.parallelWorkers;
      for (let i = 0; i < workers; i++) {
        await boss.work<RunData>(
          name,
          { pollingIntervalSeconds: this.config.pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
          async ([job]) => this.run(job!),
        );
      }
      this.working.set(schedule.id, policy);
    }
    if (schedule.enabled && schedule.cron) {
      await boss.schedule(name, schedule.cron, { scheduleId: schedule.id, trigger: 'SCHEDULE' } satisfies RunData, {
        tz: CRON_TIME_ZONE,
        ...retryOf(schedule),
      });
    } else {
      await boss.unschedule(name);
    }
  }

  /** Sends the interval jobs that are due: one run per interval across every process (a throttled send). */
  private async tick(): Promise<void> {
    if (this.ticking || this.closed || !this.boss) return;
    this.ticking = true;
    try {
      const now = new Date();
      const due = await this.db
        .selectFrom('job_schedules')
        .selectAll()
        .where('enabled', '=', true)
        .where('interval_seconds', 'is not', null)
        .where('next_run_at', '<=', now)
        .execute();
      for (const schedule of due) {
        await this.boss.send(queueOf(schedule.id), { scheduleId: schedule.id, trigger: 'SCHEDULE' } satisfies RunData, {
          singletonKey: 'interval',
          singletonSeconds: schedule.interval_seconds!,
          ...retryOf(schedule),
        });
        await this.db
          .updateTable('job_schedules')
          .set({ next_run_at: nextRunOf(schedule, now) })
          .where('id', '=', schedule.id)
          .where('enabled', '=', true)
          .execute();
      }
    } catch (error) {
      if (!this.closed) console.error(`jobs: the interval ticker failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.ticking = false;
    }
  }

  /** One attempt of a run: a job_runs row, the task, its outcome; a failure is thrown back to pg-boss for its retries. */
  private async run(job: PgBoss.JobWithMetadata<RunData>): Promise<void> {
    const schedule = await this.db.selectFrom('job_schedules').selectAll().where('id', '=', job.data.scheduleId).executeTakeFirst();
    if (!schedule) return;
    const attempt = job.retryCount + 1;
    const controller = new AbortController();
    this.running.set(job.id, controller);
    const started = new Date();
    const { id: runId } = await this.db
      .insertInto('job_runs')
      .values({ schedule_id: schedule.id, queue_job_id: job.id, attempt, trigger: job.data.trigger, status: 'EXECUTING', started_at: started, worker: this.worker })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db
      .updateTable('job_schedules')
      .set((eb) => ({
        status: keepStopped('EXECUTING'),
        last_run_at: started,
        run_count: attempt === 1 ? eb('run_count', '+', 1) : eb.ref('run_count'),
      }))
      .where('id', '=', schedule.id)
      .execute();

    let error: StoredFailure | null = null;
    try {
      const task: Task | undefined = isKnownTask(schedule.address) ? TASKS[schedule.address] : undefined;
      if (!task) throw new WordedError({ message: 'jobTaskNotImplemented', params: { address: schedule.address } });
      await task({ db: this.db, params: schedule.params, signal: controller.signal, now: started, attempt });
    } catch (failure) {
      error = storedFailureOf(failure);
    } finally {
      this.running.delete(job.id);
    }
    const cancelled = controller.signal.aborted;
    const finalFailure = !cancelled && error !== null && attempt > job.retryLimit;
    const status = cancelled ? 'CANCELLED' : error === null ? 'SUCCESS' : 'FAILED';
    const ended = new Date();
    await this.endRunRow(runId, status, started, ended, error);
    await this.db
      .updateTable('job_schedules')
      .set((eb) => ({
        status: keepStopped(status),
        success_count: status === 'SUCCESS' ? eb('success_count', '+', 1) : eb.ref('success_count'),
        failure_count: finalFailure ? eb('failure_count', '+', 1) : eb.ref('failure_count'),
        next_run_at: schedule.cron ? nextRunOf(schedule, ended) : eb.ref('next_run_at'),
        updated_at: ended,
      }))
      .where('id', '=', schedule.id)
      .execute();
    // pg-boss retries a thrown run (and records its failure); a cancelled one is cancelled in pg-boss already.
    if (status === 'FAILED') throw new Error(error!.text);
  }

  /** A run's log row ended, unless something (a cancel, another process) ended it first; answers whether this did. */
  private async endRunRow(runId: string, status: 'SUCCESS' | 'FAILED' | 'CANCELLED', started: Date, ended: Date, error: StoredFailure | null): Promise<boolean> {
    const result = await this.db
      .updateTable('job_runs')
      .set({
        status,
        ended_at: ended,
        duration_ms: ended.getTime() - started.getTime(),
        error: error?.text ?? null,
        error_message: error?.message ? JSON.stringify(error.message) : null,
      })
      .where('id', '=', runId)
      .where('status', '=', 'EXECUTING')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Queues one run now. */
  async runNow(schedule: Schedule): Promise<void> {
    const boss = await this.started();
    await this.sync(schedule);
    await boss.send(queueOf(schedule.id), { scheduleId: schedule.id, trigger: 'MANUAL' } satisfies RunData, retryOf(schedule));
  }

  /** The pg-boss runs of a job in the given states. */
  private async jobIds(scheduleId: string, states: readonly string[]): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`
      select id::text as id from pgboss.job where name = ${queueOf(scheduleId)} and state::text in (${sql.join(states)})`.execute(this.db);
    return rows.map((row) => row.id);
  }

  /** Cancels the job's runs under way and queued; returns how many. */
  async cancel(scheduleId: string): Promise<number> {
    const boss = await this.started();
    const ids = await this.jobIds(scheduleId, ['created', 'retry', 'active']);
    if (ids.length) await boss.cancel(queueOf(scheduleId), ids);
    for (const id of ids) this.running.get(id)?.abort();
    const now = new Date();
    // Runs under way on another process: their rows are closed here; that process's task finds its run cancelled when it ends.
    await this.db
      .updateTable('job_runs')
      .set((eb) => ({
        status: 'CANCELLED',
        ended_at: now,
        duration_ms: sql<number>`(extract(epoch from ${now}::timestamptz - ${eb.ref('started_at')}) * 1000)::integer`,
      }))
      .where('schedule_id', '=', scheduleId)
      .where('status', '=', 'EXECUTING')
      .execute();
    return ids.length;
  }

  /** Stops triggering a job: its cron schedule goes and its queued runs are dropped (a run under way finishes). */
  async stop(schedule: Schedule): Promise<void> {
    if (!this.boss) return;
    await this.sync(schedule);
    const ids = await this.jobIds(schedule.id, ['created', 'retry']);
    if (ids.length) await this.boss.cancel(queueOf(schedule.id), ids);
  }

  /** Before a job's row is deleted: its runs, workers, schedule and queue go. */
  async remove(scheduleId: string): Promise<void> {
    if (!this.boss) return;
    await this.cancel(scheduleId);
    const name = queueOf(scheduleId);
    await this.boss.offWork(name);
    this.working.delete(scheduleId);
    await this.boss.unschedule(name);
    await this.boss.deleteQueue(name);
  }

  /** At server close: runs under way are cancelled and pg-boss stops before the database handle closes. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.ticker) clearInterval(this.ticker);
    clearInterval(this.watcher);
    const boss = this.boss ?? (await this.starting?.catch(() => undefined));
    if (boss) {
      for (const controller of this.running.values()) controller.abort();
      await new Promise<void>((resolve) => {
        boss.once('stopped', () => resolve());
        void boss.stop({ graceful: true, wait: true, timeout: 5000 }).catch(() => resolve());
      });
    }
    // Last: this process's runs are ended by now, so no other process takes one for an orphan.
    await this.lifeline?.end().catch(() => undefined);
    this.lifeline = undefined;
  }
}
