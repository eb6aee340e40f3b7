/**
 * The built-in tasks a job's address names. A task gets the job's params and a signal that is aborted
 * when the run is cancelled; it throws to fail the run (pg-boss then retries it with back-off).
 * ERP outbox delivery and ERP document sync are the ERP bridge's (server/modules/erp). Which addresses
 * exist and which are built is src/shared/jobs/schedule.ts's JOB_TASKS (the mocks read it too).
 */
import type { DB } from '../../db/database.ts';
import { WordedError } from '../../i18n.ts';
import type { JOB_TASKS, JobTaskAddress } from '../../../src/shared/jobs/schedule.ts';
import { deliverOutbox } from '../erp/delivery.ts';
import { isSyncBillType, syncAll } from '../erp/sync.ts';
import { raiseShelfLifeWarnings } from '../auxiliary/warnings.ts';

export interface TaskContext {
  db: DB;
  params: Record<string, unknown>;
  signal: AbortSignal;
  now: Date;
  /** 1 for a run's first attempt, 2 for its first retry, ... */
  attempt: number;
}

export type Task = (context: TaskContext) => Promise<void>;

/** Waits `ms`, or throws when the signal aborts first. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('cancelled'));
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('cancelled'));
    }, { once: true });
  });
}

const numberParam = (params: Record<string, unknown>, name: string, fallback: number): number => {
  const value = params[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
};

/**
 * log-cleanup: deletes log rows older than params.days (default 30): quiet login-throttle rows (no
 * lock in force) and the run log of the jobs themselves.
 */
const logCleanup: Task = async ({ db, params, now }) => {
  const before = new Date(now.getTime() - numberParam(params, 'days', 30) * 86_400_000);
  await db
    .deleteFrom('login_throttle')
    .where('last_failure_at', '<', before)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .execute();
  await db.deleteFrom('job_runs').where('started_at', '<', before).where('status', '<>', 'EXECUTING').execute();
};

/**
 * echo: for trying a schedule out and for tests. params.sleepMs waits that long (cancellable),
 * params.failAttempts fails the first that many attempts of a run with params.error (its words as they are),
 * or else with a catalogue message (the run log shows it in its reader's language).
 */
const echo: Task = async ({ params, signal, attempt }) => {
  await sleep(numberParam(params, 'sleepMs', 0), signal);
  if (attempt <= numberParam(params, 'failAttempts', 0)) {
    if (typeof params.error === 'string') throw new Error(params.error);
    throw new WordedError({ message: 'jobEchoFailed', params: { attempt } });
  }
};

const optionalNumber = (params: Record<string, unknown>, name: string): number | undefined => {
  const value = params[name];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
};
const optionalText = (params: Record<string, unknown>, name: string): string | undefined =>
  typeof params[name] === 'string' && params[name] ? (params[name] as string) : undefined;

/**
 * erp-outbox-delivery: sends the posted lines to the ERP (server/modules/erp/delivery.ts). params:
 * service (the service configuration's code, default ERP), maxAttempts (failures of a posting before
 * its warning, default 5), retryBaseMs / retryMaxMs (its back-off), batch. The run fails, naming the
 * last error, when a posting could not be delivered (it is tried again after its back-off).
 */
const erpOutboxDelivery: Task = async ({ db, params, signal }) => {
  const report = await deliverOutbox(db, {
    service: optionalText(params, 'service'),
    maxAttempts: optionalNumber(params, 'maxAttempts'),
    retryBaseMs: optionalNumber(params, 'retryBaseMs'),
    retryMaxMs: optionalNumber(params, 'retryMaxMs'),
    batch: optionalNumber(params, 'batch'),
    signal,
  });
  if (report.failed) throw new WordedError({ message: 'erpPostingsUndelivered', params: { count: report.failed, detail: report.lastError ?? '' } });
};

/**
 * erp-sync: sync-creates bills from the ERP's purchase orders and work orders
 * (server/modules/erp/sync.ts). params: service, billTypes (e.g. ["ASN", "WO"], default all),
 * defaultToSic. The run fails, listing them, when documents could not be imported.
 */
const erpSync: Task = async ({ db, params, signal }) => {
  const billTypes = Array.isArray(params.billTypes) ? params.billTypes.filter((t): t is string => typeof t === 'string').filter(isSyncBillType) : undefined;
  const report = await syncAll(db, () => new Date(), { service: optionalText(params, 'service'), billTypes, defaultToSic: optionalText(params, 'defaultToSic'), signal });
  if (report.problems.length) {
    throw new WordedError({ message: 'erpSyncProblems', params: { count: report.problems.length, detail: { items: report.problems.slice(0, 10) } } });
  }
};

/** The task of every address a job may name (src/shared/jobs/schedule.ts JOB_TASKS); undefined: reserved, not implemented yet. */
export const TASKS: { readonly [A in JobTaskAddress]: (typeof JOB_TASKS)[A]['implemented'] extends true ? Task : undefined } = {
  'log-cleanup': logCleanup,
  echo,
  'erp-outbox-delivery': erpOutboxDelivery,
  'erp-sync': erpSync,
  // Home-page warnings for auxiliary materials running out and moisture-sensitive reels past (or near) their floor life.
  'shelf-life-warnings': async ({ db }) => {
    await raiseShelfLifeWarnings(db);
  },
};
