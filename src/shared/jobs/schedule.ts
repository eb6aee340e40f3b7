/**
 * A scheduled job's rules (issue 18; spec §3 job schedule), shared by the reference server
 * (server/modules/jobs) and the mocks (mocks/scenarios/jobs.ts): the built-in tasks an address may
 * name, and the trigger — an interval in seconds or a five-field cron expression (minute hour day
 * month weekday), checked and previewed.
 *
 * Cron is read with cron-parser, the parser pg-boss's own cron schedules use, in the local time
 * zone (the server's, which pg-boss is given too), so the preview shows the times pg-boss will run.
 * pg-boss checks its cron schedules once a minute at most, so a six-field expression with seconds
 * is refused rather than run at a coarser grain than it says.
 */
import cronParser from 'cron-parser';
import { Refusal } from '../messages/refusal.ts';

/**
 * Every address a job may name, and whether its task is built: an address may be reserved before its
 * task exists (a job naming it then cannot start or run, "not implemented"); all are built now. The
 * server's tasks (server/modules/jobs/tasks.ts) are typed from this table, so the two cannot disagree.
 */
export const JOB_TASKS = {
  'log-cleanup': { implemented: true },
  echo: { implemented: true },
  'erp-outbox-delivery': { implemented: true },
  'erp-sync': { implemented: true },
  // Auxiliary materials' validity/exposure and MSD floor life warnings (server/modules/auxiliary/warnings.ts).
  'shelf-life-warnings': { implemented: true },
} as const;

export type JobTaskAddress = keyof typeof JOB_TASKS;

export const isKnownTask = (address: string): address is JobTaskAddress => Object.hasOwn(JOB_TASKS, address);

export const isImplementedTask = (address: string): boolean => isKnownTask(address) && JOB_TASKS[address].implemented;

/** The time zone in which cron expressions are read. */
export const CRON_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export type Trigger = { intervalSeconds: number; cron?: undefined } | { cron: string; intervalSeconds?: undefined };

/** Why a cron expression is refused, or undefined when it is good. */
export function cronProblem(cron: string): string | undefined {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return `5 fields expected (minute hour day month weekday), got ${fields.length}`;
  try {
    cronParser.parseExpression(cron, { tz: CRON_TIME_ZONE });
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The next `count` run times of a trigger after `from`. */
export function nextRunTimes(trigger: Trigger, from: Date, count: number): Date[] {
  if (trigger.cron !== undefined) {
    const expression = cronParser.parseExpression(trigger.cron, { tz: CRON_TIME_ZONE, currentDate: from });
    return Array.from({ length: count }, () => expression.next().toDate());
  }
  return Array.from({ length: count }, (_, index) => new Date(from.getTime() + (index + 1) * trigger.intervalSeconds * 1000));
}

/** A trigger from an interval and a cron of which exactly one is given; a bad cron is refused in words. */
export function triggerOf(intervalSeconds: number | null | undefined, cron: string | null | undefined): Trigger {
  const cronText = cron?.trim() || undefined;
  if ((intervalSeconds == null) === (cronText === undefined)) throw new Refusal(400, 'jobTriggerRequired');
  if (cronText === undefined) return { intervalSeconds: intervalSeconds! };
  const problem = cronProblem(cronText);
  if (problem) throw new Refusal(400, 'jobCronInvalid', { cron: cronText, detail: problem }, { Field: 'Cron' });
  return { cron: cronText };
}

/** A job's name, address and trigger from a save, checked: a built-in task's address and exactly one good trigger. */
export function checkedJob(body: { Name: string; Address: string; IntervalSeconds?: number | null; Cron?: string | null }) {
  const trigger = triggerOf(body.IntervalSeconds, body.Cron);
  const address = body.Address.trim();
  if (!isKnownTask(address)) throw new Refusal(400, 'jobAddressUnknown', { address }, { Field: 'Address' });
  return { name: body.Name.trim(), address, trigger };
}

/** The refusal of a save naming a job another job has: placed on the name, for the form to mark. */
export const jobNameTaken = (name: string) => new Refusal(409, 'jobNameExists', { name }, { Field: 'Name' });

/** Refuses to start or run a job whose task is not built yet. */
export function requireImplementedTask(address: string): void {
  if (!isImplementedTask(address)) throw new Refusal(409, 'jobTaskNotImplemented', { address });
}

/** SysJob/Tasks: every address a job may name, and whether it can run yet. */
export const jobTaskList = () => Object.entries(JOB_TASKS).map(([address, task]) => ({ Address: address, Implemented: task.implemented as boolean }));
