/**
 * Scheduled jobs on pg-boss (issue 18; server/modules/jobs, SysJob/*): an interval job runs at its
 * times and a cron job when its minute comes (pg-boss's timekeeper), a serial job never overlaps
 * itself, stop and cancel work, counts and statuses are right, a failing run is retried with back-off
 * and then fails with its error in the run log, a bad cron is refused in both languages, run now, the
 * log clean-up task, and the grant. On PGlite pg-boss runs through the server's own database handle;
 * on PostgreSQL (DATABASE_URL) a second scheduler with a pool of its own works the same jobs, and
 * each run still happens once.
 */
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { DEFAULT_JOBS_CONFIG, type JobsConfig } from '../../server/config.ts';
import { JobScheduler } from '../../server/modules/jobs/scheduler.ts';
import { adminToken } from './support/masterdata.ts';
import { tokenWith } from './support/roles.ts';
import { describeServer, type TestServer } from './support/test-server.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- contract-checked answers
type Body = any;

const FAST: JobsConfig = { ...DEFAULT_JOBS_CONFIG, pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, tickMs: 200 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` gives a truthy value (or fails after `ms`). */
async function until<T>(check: () => Promise<T | false | undefined>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`not reached within ${ms} ms`);
    await sleep(100);
  }
}

let jobCount = 0;

describeServer('scheduled jobs', { config: { jobs: FAST } }, (server, database) => {
  let token: string;
  beforeAll(async () => {
    token = await adminToken(server);
  });

  const call = async (path: string, options: { body?: unknown; id?: string; language?: 'en' | 'zh-chs' } = {}) =>
    server.call(options.body === undefined && !options.id ? 'GET' : 'POST', `/SysJob/${path}`, {
      token,
      language: options.language,
      body: options.body,
      ...(options.id ? { query: { id: options.id } } : {}),
    });

  async function saveJob(fields: Record<string, unknown>): Promise<Body> {
    const saved = await call('AddOrModifySave', { body: { Name: `job ${++jobCount}`, Address: 'echo', ExecType: 'PARALLEL', ...fields } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return saved.body.data;
  }

  const job = async (id: string): Promise<Body> =>
    (await call('LoadData', { body: { Page: 1, Limit: 1000 } })).body.data.find((row: Body) => row.ID === id);
  const runs = async (id: string): Promise<Body[]> =>
    ((await call('RunLog', { body: { ID: id, Page: 1, Limit: 100 } })).body.data as Body[]).reverse();

  it('refuses a bad cron in words in both languages, a job with two triggers or none, and previews the next run times', async () => {
    const zh = await call('PreviewTimes', { body: { Cron: '61 * * * *' } });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toMatch(/^Cron 表达式“61 \* \* \* \*”无效：/);
    const en = await call('PreviewTimes', { body: { Cron: 'every minute' }, language: 'en' });
    expect(en.status).toBe(400);
    expect(en.body.msg).toMatch(/^The cron expression "every minute" is invalid: 5 fields expected/);
    const saved = await call('AddOrModifySave', { body: { Name: 'bad cron', Address: 'echo', ExecType: 'SERIAL', Cron: '* * * * * *' }, language: 'en' });
    expect(saved.status).toBe(400);
    expect(saved.body.msg).toMatch(/cron expression .* is invalid/);
    const both = await call('AddOrModifySave', { body: { Name: 'two', Address: 'echo', ExecType: 'SERIAL', Cron: '* * * * *', IntervalSeconds: 5 }, language: 'en' });
    expect(both.body.msg).toBe('Give either an interval in seconds or a cron expression (exactly one)');
    const unknown = await call('AddOrModifySave', { body: { Name: 'x', Address: 'rm -rf', ExecType: 'SERIAL', IntervalSeconds: 5 }, language: 'en' });
    expect(unknown.body.msg).toBe('The address "rm -rf" is not a built-in task');

    const cron = await call('PreviewTimes', { body: { Cron: '30 8 * * 1-5', Count: 3 } });
    expect(cron.status).toBe(200);
    const times = (cron.body.data as string[]).map((text) => new Date(text));
    expect(times).toHaveLength(3);
    for (const time of times) {
      expect([time.getMinutes(), time.getHours(), time.getSeconds()]).toEqual([30, 8, 0]);
      expect(time.getDay()).not.toBe(0);
      expect(time.getDay()).not.toBe(6);
    }
    expect(times[0]!.getTime()).toBeLessThan(times[1]!.getTime());
    const interval = (await call('PreviewTimes', { body: { IntervalSeconds: 90, Count: 2 } })).body.data.map((text: string) => Date.parse(text));
    expect(interval[1] - interval[0]).toBe(90_000);
  });

  it('refuses callers without the job schedule grant', async () => {
    const other = await tokenWith(server, [{ menuCode: 'WarehouseStock' }]);
    const list = await server.call('POST', '/SysJob/LoadData', { token: other, body: { Page: 1, Limit: 10 } });
    expect(list.status).toBe(403);
    const preview = await server.call('POST', '/SysJob/PreviewTimes', { token: other, body: { IntervalSeconds: 5 } });
    expect(preview.status).toBe(403);
    // The menu reads; its Save button starts, stops, runs and cancels; its Delete button deletes.
    const reader = await tokenWith(server, [{ menuCode: 'ScheduleJob' }]);
    expect((await server.call('POST', '/SysJob/LoadData', { token: reader, body: { Page: 1, Limit: 10 } })).status).toBe(200);
    const saved = await saveJob({ IntervalSeconds: 3600 });
    expect((await server.call('POST', '/SysJob/RunNow', { token: reader, query: { id: saved.ID } })).status).toBe(403);
    expect((await server.call('POST', '/SysJob/Delete', { token: reader, query: { id: saved.ID } })).status).toBe(403);
    const editor = await tokenWith(server, [{ menuCode: 'ScheduleJob' }, { menuCode: 'ScheduleJob', buttonCode: 'Save' }]);
    const stopped = await server.call('POST', '/SysJob/Stop', { token: editor, query: { id: saved.ID } });
    expect(stopped.status).toBe(200);
    expect((await server.call('POST', '/SysJob/Delete', { token: editor, query: { id: saved.ID } })).status).toBe(403);
  });

  it('runs an interval job at its times until it is stopped, with its counts and statuses', async () => {
    const saved = await saveJob({ IntervalSeconds: 1 });
    expect(saved).toMatchObject({ Status: 'NOT_STARTED', Enabled: false, RunCount: 0, NextRunAt: null });
    const started = await call('Start', { id: saved.ID });
    expect(started.body.data).toMatchObject({ Status: 'BEGUN', Enabled: true });
    await until(async () => (await runs(saved.ID)).filter((run) => run.Status === 'SUCCESS').length >= 3, 30_000);
    const stopped = await call('Stop', { id: saved.ID });
    expect(stopped.body.data).toMatchObject({ Status: 'STOPPED', Enabled: false, NextRunAt: null });
    await sleep(500);
    const settled = await runs(saved.ID);
    await sleep(2500);
    const after = await runs(saved.ID);
    expect(after.length).toBe(settled.length);
    const row = await job(saved.ID);
    expect(row.RunCount).toBe(after.length);
    expect(row.SuccessCount).toBe(after.length);
    expect(row.FailureCount).toBe(0);
    expect(row.Status).toBe('STOPPED');
    // About one run a second: the runs are spaced by the interval, not sent at every tick.
    const starts = after.map((run) => Date.parse(run.StartedAt));
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThan(500);
  });

  it('runs a cron job when its minute comes (pg-boss schedule)', async () => {
    const saved = await saveJob({ Cron: '* * * * *' });
    await call('Start', { id: saved.ID });
    const first = await until(async () => (await runs(saved.ID)).find((run) => run.Status === 'SUCCESS'), 30_000);
    expect(first.Trigger).toBe('SCHEDULE');
    const row = await job(saved.ID);
    // The next run is the whole minute after the run (the one after that once the minute has turned).
    expect(new Date(row.NextRunAt).getSeconds()).toBe(0);
    expect(Date.parse(row.NextRunAt)).toBeGreaterThan(Date.parse(first.StartedAt));
    expect(Date.parse(row.NextRunAt) - Date.parse(first.StartedAt)).toBeLessThanOrEqual(120_000);
    await call('Stop', { id: saved.ID });
  });

  it('never overlaps a serial job with itself, while a parallel job overlaps', async () => {
    const serial = await saveJob({ IntervalSeconds: 3600, ExecType: 'SERIAL', Params: { sleepMs: 700 } });
    const parallel = await saveJob({ IntervalSeconds: 3600, ExecType: 'PARALLEL', Params: { sleepMs: 1500 } });
    for (const id of [serial.ID, serial.ID, parallel.ID, parallel.ID]) expect((await call('RunNow', { id })).status).toBe(200);
    const serialRuns = await until(async () => {
      const all = await runs(serial.ID);
      return all.length === 2 && all.every((run) => run.Status === 'SUCCESS') && all;
    });
    expect(Date.parse(serialRuns[1].StartedAt)).toBeGreaterThanOrEqual(Date.parse(serialRuns[0].EndedAt));
    const parallelRuns = await until(async () => {
      const all = await runs(parallel.ID);
      return all.length === 2 && all.every((run) => run.Status === 'SUCCESS') && all;
    });
    expect(Date.parse(parallelRuns[1].StartedAt)).toBeLessThan(Date.parse(parallelRuns[0].EndedAt));
    expect(await job(serial.ID)).toMatchObject({ RunCount: 2, SuccessCount: 2, Status: 'SUCCESS' });
  });

  it('retries a failing run with back-off, then fails it with its error in the run log', async () => {
    const saved = await saveJob({ IntervalSeconds: 3600, RetryLimit: 2, RetryDelaySeconds: 1, Params: { failAttempts: 99, error: 'ERP is down' } });
    await call('RunNow', { id: saved.ID });
    const attempts = await until(async () => {
      const all = await runs(saved.ID);
      return all.length === 3 && all.every((run) => run.Status === 'FAILED') && all;
    }, 30_000);
    expect(attempts.map((run) => [run.Attempt, run.Error])).toEqual([
      [1, 'ERP is down'],
      [2, 'ERP is down'],
      [3, 'ERP is down'],
    ]);
    for (const run of attempts) expect(run.DurationMs).toBeGreaterThanOrEqual(0);
    // Back-off: each retry waits at least the delay.
    expect(Date.parse(attempts[1].StartedAt) - Date.parse(attempts[0].EndedAt)).toBeGreaterThanOrEqual(900);
    await sleep(2500);
    expect(await runs(saved.ID)).toHaveLength(3);
    expect(await job(saved.ID)).toMatchObject({ RunCount: 1, SuccessCount: 0, FailureCount: 1, Status: 'FAILED' });

    // A failure the product words (not a text given to the task) reads in the language of whoever reads the log.
    const worded = await saveJob({ IntervalSeconds: 3600, RetryLimit: 0, Params: { failAttempts: 1 } });
    await call('RunNow', { id: worded.ID });
    const [failed] = await until(async () => {
      const all = await runs(worded.ID);
      return all.length === 1 && all[0].Status === 'FAILED' && all;
    });
    expect(failed.Error).toBe('echo 任务按参数 failAttempts 失败（第 1 次尝试）');
    const inEnglish = (await call('RunLog', { body: { ID: worded.ID, Page: 1, Limit: 100 }, language: 'en' })).body.data as Body[];
    expect(inEnglish.map((run) => run.Error)).toEqual(['The echo task failed as its failAttempts parameter asks (attempt 1)']);

    const recovering = await saveJob({ IntervalSeconds: 3600, RetryLimit: 2, RetryDelaySeconds: 1, Params: { failAttempts: 1 } });
    await call('RunNow', { id: recovering.ID });
    const recovered = await until(async () => {
      const all = await runs(recovering.ID);
      return all.length === 2 && all[1].Status === 'SUCCESS' && all;
    }, 30_000);
    expect(recovered.map((run) => run.Status)).toEqual(['FAILED', 'SUCCESS']);
    expect(await job(recovering.ID)).toMatchObject({ RunCount: 1, SuccessCount: 1, FailureCount: 0, Status: 'SUCCESS' });
  });

  it('cancels a run under way', async () => {
    const saved = await saveJob({ IntervalSeconds: 3600, Params: { sleepMs: 60_000 } });
    await call('RunNow', { id: saved.ID });
    await until(async () => (await job(saved.ID)).Status === 'EXECUTING');
    const cancelled = await call('CancelRun', { id: saved.ID, language: 'en' });
    expect(cancelled.body.msg).toBe('1 run cancelled');
    expect(cancelled.body.data.Status).toBe('CANCELLED');
    const [run] = await until(async () => {
      const all = await runs(saved.ID);
      return all[0]?.Status === 'CANCELLED' && all;
    });
    expect(run.DurationMs).toBeLessThan(10_000);
    await sleep(1000);
    expect(await job(saved.ID)).toMatchObject({ Status: 'CANCELLED', SuccessCount: 0, FailureCount: 0 });
  });

  it('cleans old log rows (log-cleanup) and lists the ERP bridge tasks as built', async () => {
    await sql`insert into login_throttle (key, failures, last_failure_at) values
      ('user:old-job-test', 1, now() - interval '40 days'), ('user:new-job-test', 1, now())`.execute(server.db);
    const saved = await saveJob({ Address: 'log-cleanup', Cron: '0 3 * * *', Params: { days: 30 } });
    await call('RunNow', { id: saved.ID });
    await until(async () => (await runs(saved.ID))[0]?.Status === 'SUCCESS');
    const keys = await server.db.selectFrom('login_throttle').select('key').where('key', 'like', '%-job-test').execute();
    expect(keys.map((row) => row.key)).toEqual(['user:new-job-test']);

    const tasks = (await server.call('GET', '/SysJob/Tasks', { token })).body.data;
    expect(tasks).toContainEqual({ Address: 'erp-sync', Implemented: true });
    expect(tasks).toContainEqual({ Address: 'erp-outbox-delivery', Implemented: true });
    expect(tasks).toContainEqual({ Address: 'log-cleanup', Implemented: true });
  });

  // PostgreSQL only: the embedded database has one process's session.
  if (database.name === 'PostgreSQL') {
    it('runs each interval run once with two schedulers (a second server process with its own pool on DATABASE_URL)', async () => {
      await onSecondScheduler(server, async () => {
        const saved = await saveJob({ IntervalSeconds: 1 });
        await call('Start', { id: saved.ID });
        await until(async () => (await runs(saved.ID)).filter((run) => run.Status === 'SUCCESS').length >= 4, 30_000);
        await call('Stop', { id: saved.ID });
        await sleep(1000);
        const all = await runs(saved.ID);
        // Each run is the one job of its own interval: pg-boss keeps one job per queue, singleton slot and
        // key. (Not the gap between starts: under load one interval's run starts late and the next on time.)
        const { rows } = await sql<{ queue_job_id: string; slot: string | null }>`
          select r.queue_job_id::text as queue_job_id, j.singleton_on::text as slot
            from job_runs r
            join (select id, singleton_on from pgboss.job union all select id, singleton_on from pgboss.archive) j on j.id::text = r.queue_job_id::text
           where r.schedule_id = ${saved.ID}`.execute(server.db);
        expect(rows).toHaveLength(all.length);
        expect(new Set(rows.map((row) => row.queue_job_id)).size).toBe(all.length);
        expect(rows.every((row) => row.slot !== null)).toBe(true);
        expect(new Set(rows.map((row) => row.slot)).size).toBe(all.length);
      });
    });
  }
});

/** A second scheduler on the same PostgreSQL database, as another server process has. */
async function onSecondScheduler(server: TestServer, work: () => Promise<void>) {
  const second = new JobScheduler(server.db, { ...FAST, databaseUrl: server.databaseUrl });
  await second.started();
  try {
    await work();
  } finally {
    await second.close();
  }
}
