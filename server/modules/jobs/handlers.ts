/**
 * The job schedule's calls (SysJob/*, x-permission ScheduleJob; issue 18, spec §2/§3/§4): list, save,
 * delete, start, stop, run now, cancel, the next run times of a trigger, and a job's run log. The
 * runs themselves are pg-boss's (scheduler.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { components } from '../../../src/api/schema';
import type { ServerContext } from '../../context.ts';
import type { JobSchedulesTable } from '../../db/schema.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { Problem } from '../../http/problem.ts';
import { ok } from '../../http/responses.ts';
import { messageForRequest, requestLanguage } from '../../i18n.ts';
import { renderStoredMessage } from '../../../src/shared/messages/catalogue.ts';
import { pageWithCount } from '../../query/paging.ts';
import { nextRunOf } from './scheduler.ts';
import { checkedJob, jobNameTaken, jobTaskList, nextRunTimes, requireImplementedTask, triggerOf } from '../../../src/shared/jobs/schedule.ts';

type JobRow = components['schemas']['JobRow'];
type Schedule = Selectable<JobSchedulesTable>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function jobRow(schedule: Schedule): JobRow {
  return {
    ID: schedule.id,
    Name: schedule.name,
    Address: schedule.address,
    IntervalSeconds: schedule.interval_seconds,
    Cron: schedule.cron,
    ExecType: schedule.exec_type,
    Params: schedule.params,
    RetryLimit: schedule.retry_limit,
    RetryDelaySeconds: schedule.retry_delay_seconds,
    Enabled: schedule.enabled,
    Status: schedule.status,
    RunCount: schedule.run_count,
    SuccessCount: schedule.success_count,
    FailureCount: schedule.failure_count,
    LastRunAt: iso(schedule.last_run_at),
    NextRunAt: iso(schedule.next_run_at),
    Remark: schedule.remark,
  };
}

export function jobsHandlers(ctx: ServerContext) {
  const { db, jobs } = ctx;

  async function scheduleById(id: string): Promise<Schedule> {
    const schedule = await db.selectFrom('job_schedules').selectAll().where('id', '=', id).executeTakeFirst();
    if (!schedule) throw new Problem(404, 'jobNotFound');
    return schedule;
  }

  return exactHandlers({
    SysJobLoadData: async (request) => {
      const { Page, Limit, Data } = request.body;
      let query = db.selectFrom('job_schedules');
      if (Data?.Name) query = query.where('name', 'ilike', `%${Data.Name}%`);
      const { rows, count } = await pageWithCount(query, (found) => found.selectAll().orderBy('name'), { page: Page, limit: Limit });
      return { ...ok(rows.map(jobRow)), count };
    },

    SysJobAddOrModifySave: async (request) => {
      const body = request.body;
      const { name, address, trigger } = checkedJob(body);
      let same = db.selectFrom('job_schedules').select('id').where('name', '=', name);
      if (body.ID) same = same.where('id', '<>', body.ID);
      if (await same.executeTakeFirst()) throw jobNameTaken(name);
      const fields = {
        name,
        address,
        interval_seconds: trigger.intervalSeconds ?? null,
        cron: trigger.cron ?? null,
        exec_type: body.ExecType,
        params: JSON.stringify(body.Params ?? {}),
        remark: body.Remark ?? null,
        ...(body.RetryLimit !== undefined ? { retry_limit: body.RetryLimit } : {}),
        ...(body.RetryDelaySeconds !== undefined ? { retry_delay_seconds: body.RetryDelaySeconds } : {}),
      };
      let id = body.ID;
      if (id) {
        const before = await scheduleById(id);
        if (before.exec_type !== body.ExecType && before.status === 'EXECUTING') throw new Problem(409, 'jobRunning', {}, { Field: 'ExecType' });
        const next_run_at = nextRunOf({ ...before, interval_seconds: fields.interval_seconds, cron: fields.cron }, new Date());
        await db.updateTable('job_schedules').set({ ...fields, next_run_at, updated_at: new Date() }).where('id', '=', id).execute();
      } else {
        id = randomUUID();
        await db.insertInto('job_schedules').values({ id, ...fields }).execute();
      }
      const saved = await scheduleById(id);
      await jobs.sync(saved);
      return ok(jobRow(saved), messageForRequest(request, 'masterSaved'));
    },

    SysJobDelete: async (request) => {
      const schedule = await scheduleById(request.query.id);
      await jobs.remove(schedule.id);
      await db.deleteFrom('job_schedules').where('id', '=', schedule.id).execute();
      return ok(null, messageForRequest(request, 'masterDeleted'));
    },

    SysJobStart: async (request) => {
      const schedule = await scheduleById(request.query.id);
      requireImplementedTask(schedule.address);
      const enabled = { ...schedule, enabled: true };
      await jobs.started();
      await db
        .updateTable('job_schedules')
        .set({ enabled: true, status: 'BEGUN', next_run_at: schedule.cron ? nextRunOf(enabled, new Date()) : new Date(), updated_at: new Date() })
        .where('id', '=', schedule.id)
        .execute();
      const started = await scheduleById(schedule.id);
      await jobs.sync(started);
      return ok(jobRow(started), messageForRequest(request, 'jobStarted'));
    },

    SysJobStop: async (request) => {
      const schedule = await scheduleById(request.query.id);
      await db
        .updateTable('job_schedules')
        .set({ enabled: false, status: 'STOPPED', next_run_at: null, updated_at: new Date() })
        .where('id', '=', schedule.id)
        .execute();
      const stopped = await scheduleById(schedule.id);
      await jobs.stop(stopped);
      return ok(jobRow(stopped), messageForRequest(request, 'jobStopped'));
    },

    SysJobRunNow: async (request) => {
      const schedule = await scheduleById(request.query.id);
      requireImplementedTask(schedule.address);
      await jobs.runNow(schedule);
      return ok(jobRow(await scheduleById(schedule.id)), messageForRequest(request, 'jobRunQueued'));
    },

    SysJobCancelRun: async (request) => {
      const schedule = await scheduleById(request.query.id);
      const count = await jobs.cancel(schedule.id);
      await db.updateTable('job_schedules').set({ status: 'CANCELLED', updated_at: new Date() }).where('id', '=', schedule.id).execute();
      return ok(jobRow(await scheduleById(schedule.id)), messageForRequest(request, 'jobRunCancelled', { count }));
    },

    SysJobPreviewTimes: async (request) => {
      const trigger = triggerOf(request.body.IntervalSeconds, request.body.Cron);
      return ok(nextRunTimes(trigger, new Date(), request.body.Count ?? 5).map((time) => time.toISOString()));
    },

    SysJobRunLog: async (request) => {
      const { ID, Page, Limit } = request.body;
      await scheduleById(ID);
      const query = db.selectFrom('job_runs').where('schedule_id', '=', ID);
      const { rows, count } = await pageWithCount(
        query,
        (found) =>
          found
            .select(['id', 'attempt', 'trigger', 'status', 'started_at', 'ended_at', 'duration_ms', 'error', 'error_message'])
            .orderBy('started_at', 'desc')
            .orderBy('id', 'desc'),
        { page: Page, limit: Limit },
      );
      return {
        ...ok(
          rows.map((run) => ({
            ID: String(run.id),
            Attempt: run.attempt,
            Trigger: run.trigger,
            Status: run.status,
            StartedAt: run.started_at.toISOString(),
            EndedAt: iso(run.ended_at),
            DurationMs: run.duration_ms,
            Error: run.error === null ? null : renderStoredMessage(requestLanguage(request), run.error_message, run.error),
          })),
        ),
        count,
      };
    },

    SysJobTasks: async () => ok(jobTaskList()),
  } satisfies Partial<OperationHandlers>);
}
