/**
 * The job schedule screen (作业调度, SysJob/*) in mock mode, as the reference server answers it
 * (server/modules/jobs/handlers.ts) with the same rules (src/shared/jobs/schedule.ts: built-in task
 * addresses, exactly one good trigger, the next run times) and messages; kept in the mock db, so a
 * job added here is there after a reload. The plant starts with no jobs, as the server's does.
 *
 * What is not modelled: the mocks run no task and no clock. A started job waits for its next time
 * (status BEGUN) and never reaches it; 立即运行 (run now) logs one manual run that succeeds at once
 * (a task not built yet is refused, as on the server); cancelling finds no run under way.
 */
import type { components } from '../../src/api/schema';
import { checkedJob, jobNameTaken, jobTaskList, nextRunTimes, requireImplementedTask, triggerOf } from '../../src/shared/jobs/schedule';
import { Refusal } from '../../src/shared/messages/refusal';
import { createContractHttp } from '../generated/handlers';
import { scenarioState } from '../db';
import { okWith as ok, signedInAnswer, textOf } from './answers';

type JobRow = components['schemas']['JobRow'];
type JobRunRow = components['schemas']['JobRunRow'];
type JobSave = components['schemas']['JobSaveRequest'];

interface MockJobs {
  jobs: JobRow[];
  /** Job id -> its runs, newest first. */
  runs: Record<string, JobRunRow[]>;
  nextRunId: number;
}

const state = () => scenarioState<MockJobs>('jobs', () => ({ jobs: [], runs: {}, nextRunId: 1 }));

const page = <T>(rows: T[], { Page, Limit }: { Page: number; Limit: number }) => rows.slice((Page - 1) * Limit, Page * Limit);

function jobById(id: string | null): JobRow {
  const job = state().jobs.find((row) => row.ID === id);
  if (!job) throw new Refusal(404, 'jobNotFound');
  return job;
}

const idOf = (request: Request) => new URL(request.url).searchParams.get('id');

/** The next time a started job runs (the server's nextRunOf): a cron's next time, an interval's first at once. */
const nextRunOf = (job: JobRow, from: Date) =>
  job.Cron ? nextRunTimes({ cron: job.Cron }, from, 1)[0]!.toISOString() : job.IntervalSeconds ? nextRunTimes({ intervalSeconds: job.IntervalSeconds }, from, 1)[0]!.toISOString() : null;

function saveJob(request: Request, body: JobSave) {
  const { name, address, trigger } = checkedJob(body);
  const { jobs } = state();
  if (jobs.some((job) => job.Name === name && job.ID !== body.ID)) throw jobNameTaken(name);
  const fields = {
    Name: name,
    Address: address,
    IntervalSeconds: trigger.intervalSeconds ?? null,
    Cron: trigger.cron ?? null,
    ExecType: body.ExecType,
    Params: body.Params ?? {},
    Remark: body.Remark ?? null,
    ...(body.RetryLimit !== undefined ? { RetryLimit: body.RetryLimit } : {}),
    ...(body.RetryDelaySeconds !== undefined ? { RetryDelaySeconds: body.RetryDelaySeconds } : {}),
  };
  if (body.ID) {
    const job = jobById(body.ID);
    Object.assign(job, fields);
    if (job.Enabled) job.NextRunAt = nextRunOf(job, new Date());
    return ok(request, job, 'masterSaved');
  }
  const job: JobRow = {
    ID: crypto.randomUUID(),
    RetryLimit: 2,
    RetryDelaySeconds: 1,
    Enabled: false,
    Status: 'NOT_STARTED',
    RunCount: 0,
    SuccessCount: 0,
    FailureCount: 0,
    LastRunAt: null,
    NextRunAt: null,
    ...fields,
  };
  jobs.push(job);
  return ok(request, job, 'masterSaved');
}

function runNow(request: Request, job: JobRow) {
  requireImplementedTask(job.Address);
  const jobs = state();
  const now = new Date().toISOString();
  (jobs.runs[job.ID] ??= []).unshift({ ID: String(jobs.nextRunId++), Attempt: 1, Trigger: 'MANUAL', Status: 'SUCCESS', StartedAt: now, EndedAt: now, DurationMs: 0, Error: null });
  Object.assign(job, { RunCount: job.RunCount + 1, SuccessCount: job.SuccessCount + 1, LastRunAt: now, Status: job.Status === 'STOPPED' ? 'STOPPED' : 'SUCCESS' });
  return ok(request, job, 'jobRunQueued');
}

export function jobHandlers(baseUrl: string) {
  const http = createContractHttp(baseUrl);
  return [
    http.post('/SysJob/LoadData', signedInAnswer(async (_caller, request) => {
      const body = (await request.json()) as components['schemas']['JobListRequest'];
      const key = body.Data?.Name?.toLowerCase();
      const found = state().jobs.filter((job) => !key || job.Name.toLowerCase().includes(key)).sort((a, b) => a.Name.localeCompare(b.Name));
      return { ...ok(request, page(found, body)), count: found.length };
    })),
    http.post('/SysJob/AddOrModifySave', signedInAnswer(async (_caller, request) => saveJob(request, (await request.json()) as JobSave))),
    http.post('/SysJob/Delete', signedInAnswer((_caller, request) => {
      const job = jobById(idOf(request));
      const jobs = state();
      jobs.jobs.splice(jobs.jobs.indexOf(job), 1);
      delete jobs.runs[job.ID];
      return ok(request, null, 'masterDeleted');
    })),
    http.post('/SysJob/Start', signedInAnswer((_caller, request) => {
      const job = jobById(idOf(request));
      requireImplementedTask(job.Address);
      Object.assign(job, { Enabled: true, Status: 'BEGUN', NextRunAt: job.Cron ? nextRunOf(job, new Date()) : new Date().toISOString() });
      return ok(request, job, 'jobStarted');
    })),
    http.post('/SysJob/Stop', signedInAnswer((_caller, request) => {
      const job = jobById(idOf(request));
      Object.assign(job, { Enabled: false, Status: 'STOPPED', NextRunAt: null });
      return ok(request, job, 'jobStopped');
    })),
    http.post('/SysJob/RunNow', signedInAnswer((_caller, request) => runNow(request, jobById(idOf(request))))),
    http.post('/SysJob/CancelRun', signedInAnswer((_caller, request) => {
      const job = jobById(idOf(request));
      job.Status = 'CANCELLED';
      return { code: 200, msg: textOf(request, 'jobRunCancelled', { count: 0 }), data: job };
    })),
    http.post('/SysJob/PreviewTimes', signedInAnswer(async (_caller, request) => {
      const body = (await request.json()) as components['schemas']['JobPreviewRequest'];
      const trigger = triggerOf(body.IntervalSeconds, body.Cron);
      return ok(request, nextRunTimes(trigger, new Date(), body.Count ?? 5).map((time) => time.toISOString()));
    })),
    http.post('/SysJob/RunLog', signedInAnswer(async (_caller, request) => {
      const body = (await request.json()) as components['schemas']['JobRunLogRequest'];
      const runs = state().runs[jobById(body.ID).ID] ?? [];
      return { ...ok(request, page(runs, body)), count: runs.length };
    })),
    http.get('/SysJob/Tasks', signedInAnswer((_caller, request) => ok(request, jobTaskList()))),
  ];
}
