/**
 * ERP outbox delivery (the built-in task 'erp-outbox-delivery'): the rows Bill/PostLine wrote into
 * bill_post_outbox go to the ERP (POST /postings), in order per bill, each with its idempotency key.
 *
 * - Claim: one row at a time, by an UPDATE of the first due row (FOR UPDATE SKIP LOCKED) that sets a
 *   lease (claimed_until, claim_token) and commits before the call: no transaction stays open while
 *   the ERP answers (the embedded database has one session), and no other process takes the row
 *   while the lease holds. The lease is longer than the call's time limit; a process killed while
 *   sending leaves the row to be claimed again when it runs out.
 * - Order per bill: a row is due only when every earlier row of its bill is SENT, so a failing row
 *   holds back the later rows of its bill (and only those).
 * - Exactly-once effect: sending is at-least-once (a crash between the ERP's answer and the mark
 *   sends again); the row's idempotency key, the same on every attempt, lets the ERP apply it once.
 * - Failure: attempts + 1, last_error, next attempt after an exponential back-off. At maxAttempts
 *   the row is FAILED (no more automatic attempts) and one warning is raised for it in home_warnings
 *   (source 'erp-outbox:<id>', unique per organisation), call status pending. A user's retry
 *   (Home/WarningRetry) puts it to processing, makes the row due and delivers the bill's rows at
 *   once: success or failure follows the attempt's outcome.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { translateBoth, type MessageParam } from '../../../src/shared/messages/catalogue.ts';
import { storedFailureOf, type StoredFailure } from '../../i18n.ts';
import { callErp, DEFAULT_ERP_SERVICE, erpEndpoints, type ErpEndpoint } from './client.ts';

export interface DeliveryOptions {
  /** The service configuration's code of the ERP (default ERP). */
  service?: string;
  /** Failures of a row before it stops and raises a warning (default 5). */
  maxAttempts?: number;
  /** The first back-off; it doubles with each failure up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Rows one run sends at most (default 1000). */
  batch?: number;
  /** Only these organisations / this row (a warning's retry). */
  orgIds?: readonly string[];
  outboxId?: string;
  signal?: AbortSignal;
}

export const DELIVERY_DEFAULTS = { maxAttempts: 5, retryBaseMs: 2000, retryMaxMs: 300_000, batch: 1000 };
/** How much longer than a call's time limit a claim holds. */
const LEASE_MARGIN_MS = 2000;

export interface DeliveryReport {
  sent: number;
  failed: number;
  /** The last failure (for the run log): a message put in its reader's language, or the error's own words. */
  lastError?: MessageParam;
}

interface ClaimedRow {
  id: string;
  org_id: string;
  bill_id: string;
  bill_code: string;
  line_no: number;
  payload: unknown;
  attempts: number;
  idempotency_key: string;
}

export const warningSourceOf = (outboxId: string) => `erp-outbox:${outboxId}`;
export const outboxIdOfWarningSource = (source: string | null) => /^erp-outbox:(\d+)$/.exec(source ?? '')?.[1];

/** The back-off before the attempt after `failures` failures. */
export const backoffMs = (failures: number, base: number, max: number) => Math.min(max, base * 2 ** Math.max(0, failures - 1));

/** Sends the due rows (of the organisations with an enabled ERP), until none is due or the batch is spent. */
export async function deliverOutbox(db: DB, options: DeliveryOptions = {}): Promise<DeliveryReport> {
  const settings = { ...DELIVERY_DEFAULTS, ...definedOf(options) };
  const endpoints = await erpEndpoints(db, options.service ?? DEFAULT_ERP_SERVICE, options.orgIds);
  const report: DeliveryReport = { sent: 0, failed: 0 };
  if (!endpoints.size) return report;
  const token = randomUUID();
  // A failed row is not claimed again within this run (its back-off may be shorter than the run).
  const failedHere: string[] = [];
  while (report.sent + report.failed < settings.batch && !options.signal?.aborted) {
    const row = await claimNext(db, endpoints, token, failedHere, options.outboxId);
    if (!row) break;
    const endpoint = endpoints.get(row.org_id)!;
    try {
      await send(endpoint, row, options.signal);
      await markSent(db, row, token);
      report.sent++;
    } catch (error) {
      const failure = storedFailureOf(error);
      await markFailed(db, row, token, failure, settings);
      failedHere.push(row.id);
      report.failed++;
      report.lastError = failure.message ?? failure.text;
    }
  }
  return report;
}

const definedOf = (options: DeliveryOptions) =>
  Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<typeof DELIVERY_DEFAULTS>;

/**
 * Claims the first due row (by id) whose bill has no earlier row unsent, skipping rows other processes hold.
 * The lease is that of the row's organisation's ERP (its time limit + the margin): another organisation's
 * slower ERP must not keep this one's row from being sent again for a minute after a crash.
 */
async function claimNext(db: DB, endpoints: Map<string, ErpEndpoint>, token: string, skip: string[], outboxId?: string): Promise<ClaimedRow | undefined> {
  const orgIds = [...endpoints.keys()];
  const leaseMs = [...endpoints.values()].map((endpoint) => endpoint.timeoutMs + LEASE_MARGIN_MS);
  const { rows } = await sql<ClaimedRow>`
    update bill_post_outbox o set claimed_until = now() + l.lease_ms * interval '1 millisecond', claim_token = ${token}
    from unnest(${orgIds}::text[], ${leaseMs}::int[]) as l(org_id, lease_ms)
    where l.org_id = o.org_id and o.id = (
      select c.id from bill_post_outbox c
      where c.status = 'PENDING' and c.next_attempt_at <= now() and (c.claimed_until is null or c.claimed_until < now())
        and c.org_id = any(${orgIds}::text[])
        ${outboxId ? sql`and c.id = ${outboxId}` : sql``}
        ${skip.length ? sql`and c.id <> all(${skip}::bigint[])` : sql``}
        and not exists (select 1 from bill_post_outbox p where p.bill_id = c.bill_id and p.id < c.id and p.status <> 'SENT')
      order by c.id
      limit 1
      for update skip locked)
    returning o.id::text as id, o.org_id, o.bill_id::text as bill_id, o.bill_code, o.line_no, o.payload, o.attempts, o.idempotency_key::text as idempotency_key`.execute(db);
  return rows[0];
}

async function send(endpoint: ErpEndpoint, row: ClaimedRow, signal?: AbortSignal): Promise<void> {
  const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
  await callErp(endpoint, 'POST', '/postings', {
    body: { ...payload, IdempotencyKey: row.idempotency_key },
    headers: { 'idempotency-key': row.idempotency_key },
    signal,
  });
}

async function markSent(db: DB, row: ClaimedRow, token: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Another process may have claimed it after this one's lease ran out: it sends again (same key), and marks it.
    const { numAffectedRows } = await sql`
      update bill_post_outbox set status = 'SENT', sent_at = now(), attempts = attempts + 1, last_error = null, last_error_message = null, claimed_until = null, claim_token = null
      where id = ${row.id} and claim_token = ${token} and status <> 'SENT'`.execute(trx);
    if (!numAffectedRows) return;
    await sql`
      update home_warnings set call_status = 'success', call_time = now()
      where org_id = ${row.org_id} and source = ${warningSourceOf(row.id)} and call_status <> 'success'`.execute(trx);
  });
}

async function markFailed(db: DB, row: ClaimedRow, token: string, failure: StoredFailure, settings: typeof DELIVERY_DEFAULTS): Promise<void> {
  const { text: error, message } = failure;
  const attempts = row.attempts + 1;
  const stuck = attempts >= settings.maxAttempts;
  const delay = backoffMs(attempts, settings.retryBaseMs, settings.retryMaxMs);
  await db.transaction().execute(async (trx) => {
    const { numAffectedRows } = await sql`
      update bill_post_outbox set attempts = attempts + 1, last_error = ${error.slice(0, 2000)}, last_error_message = ${message ? JSON.stringify(message) : null}::jsonb,
        status = ${stuck ? 'FAILED' : 'PENDING'}, next_attempt_at = now() + ${`${delay} milliseconds`}::interval,
        claimed_until = null, claim_token = null
      where id = ${row.id} and claim_token = ${token} and status = 'PENDING'`.execute(trx);
    if (!numAffectedRows || !stuck) return;
    // The last error in each reader's language when it is a message; an exception's own words as they are.
    const params = { bill: row.bill_code, line: row.line_no, attempts, error: message ?? error.slice(0, 500) };
    const title = translateBoth('erpPostingWarningTitle', params);
    const content = translateBoth('erpPostingWarningContent', params);
    // Raised once per stuck row; a failed retry (processing) ends in failure.
    await sql`
      insert into home_warnings (id, org_id, title, content, title_en, content_en, warning_level, call_status, call_time, source)
      values (${randomUUID()}, ${row.org_id}, ${title['zh-chs']}, ${content['zh-chs']}, ${title.en}, ${content.en},
              'danger', 'pending', null, ${warningSourceOf(row.id)})
      on conflict (org_id, source) do update set call_status = 'failure', call_time = now(), content = excluded.content, content_en = excluded.content_en
        where home_warnings.call_status in ('processing', 'success')`.execute(trx);
  });
}

export interface WarningRetryOutcome {
  status: 'processing' | 'success' | 'failure';
  /** The posting's last error (failure): its words in the default language, and the message they are when they are one. */
  error?: { text: string; message: unknown };
}

/**
 * A user's retry of a stuck posting's warning: processing, the row due again and sent now, once:
 * success, or failure (the row stays stopped). The bill's later rows follow with the next delivery
 * run. Answers the warning's call status afterwards (processing while another process holds the row,
 * or while the ERP is not configured: the next delivery settles the warning).
 */
export async function retryPostingWarning(
  db: DB,
  orgId: string,
  warningId: string,
  options: DeliveryOptions = {},
): Promise<WarningRetryOutcome | 'not-found' | 'not-retryable' | 'not-configured'> {
  const warning = await db.selectFrom('home_warnings').select(['source', 'call_status']).where('id', '=', warningId).where('org_id', '=', orgId).executeTakeFirst();
  if (!warning) return 'not-found';
  const outboxId = outboxIdOfWarningSource(warning.source);
  if (!outboxId) return 'not-retryable';
  const row = await db.selectFrom('bill_post_outbox').select(['status']).where('id', '=', outboxId).where('org_id', '=', orgId).executeTakeFirst();
  if (!row) return 'not-retryable';
  if (row.status === 'SENT') {
    await sql`update home_warnings set call_status = 'success', call_time = now() where id = ${warningId} and call_status <> 'success'`.execute(db);
    return { status: 'success' };
  }
  // Without an enabled ERP nothing could be sent: refused, the warning left as it is.
  if (!(await erpEndpoints(db, options.service ?? DEFAULT_ERP_SERVICE, [orgId])).size) return 'not-configured';
  await db.transaction().execute(async (trx) => {
    await sql`update home_warnings set call_status = 'processing', call_time = now() where id = ${warningId}`.execute(trx);
    // Due again now; one more failure stops it again (attempts stay above the limit).
    await sql`update bill_post_outbox set status = 'PENDING', next_attempt_at = now() where id = ${outboxId} and status <> 'SENT'`.execute(trx);
  });
  // One attempt: a failure stops the row again at once.
  await deliverOutbox(db, { ...options, orgIds: [orgId], outboxId, maxAttempts: 1 });
  const after = await db.selectFrom('home_warnings').select('call_status').where('id', '=', warningId).executeTakeFirstOrThrow();
  const posting = await db.selectFrom('bill_post_outbox').select(['last_error', 'last_error_message']).where('id', '=', outboxId).executeTakeFirstOrThrow();
  const status = after.call_status === 'pending' ? 'processing' : after.call_status;
  return status === 'failure' ? { status, error: { text: posting.last_error ?? '', message: posting.last_error_message } } : { status };
}
