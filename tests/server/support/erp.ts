/** The ERP bridge's tests: a fake ERP for an organisation, and bills with posted lines. */
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../../../server/db/database.ts';
import { F01 } from './masterdata.ts';
import type { TestServer } from './test-server.ts';

// Demo master data (server/db/seed/seed-masterdata.ts): a part without incoming inspection, a vendor, a place.
export const PART = 'CAP-00008';
export const VENDOR = 'V0001';
export const PLACE = { sic: 'RAW01', loc: 'RAW01-01' };

/** Points the organisation's ERP service configuration at `url` (enabled, a short time limit, optional credentials). */
export async function pointErpAt(db: DB, url: string, options: { orgId?: string; timeoutSeconds?: number; user?: string; secret?: string } = {}) {
  await sql`
    update md_service_config set service_url = ${url}, timeout_seconds = ${options.timeoutSeconds ?? 2}, enabled = true,
      auth_user = ${options.user ?? null}, auth_secret = ${options.secret ?? null}
    where org_id = ${options.orgId ?? F01} and code = 'ERP'`.execute(db);
}

/**
 * An ASN of `lines` lines received in full (one reel a line) and each line posted (Bill/PostLine):
 * one outbox row per line, in line order. `call(action, body)` makes the Bill/<action> call and answers its data.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers' data as the tests read them
export async function postAsn(call: (action: string, body: unknown) => Promise<any>, lines: number): Promise<{ Id: string; BillCode: string }> {
  const bill = await call('Save', {
    BillType: 'ASN',
    VendorCode: VENDOR,
    Lines: Array.from({ length: lines }, () => ({ PartCode: PART, Qty: '10', Mpq: '10', ToSic: PLACE.sic, ToLoc: PLACE.loc })),
  });
  await call('CreateReels', { Id: bill.Id });
  await call('OneKeyReceipt', { Id: bill.Id });
  for (let line = 1; line <= lines; line++) await call('PostLine', { Id: bill.Id, LineNo: line });
  return { Id: String(bill.Id), BillCode: bill.BillCode };
}

/** postAsn through the in-process test server. */
export function postedAsn(server: TestServer, token: string, lines: number) {
  return postAsn(async (action, body) => {
    const { status, body: answer } = await server.call('POST', `/Bill/${action}`, { token, body });
    expect(status, JSON.stringify(answer)).toBe(200);
    return answer.data;
  }, lines);
}

export interface OutboxRow {
  id: string;
  bill_code: string;
  line_no: number;
  status: string;
  attempts: number;
  idempotency_key: string;
  last_error: string | null;
}

export async function outboxOf(db: DB, billCodes: readonly string[]): Promise<OutboxRow[]> {
  const { rows } = await sql<OutboxRow>`
    select id::text as id, bill_code, line_no, status, attempts, idempotency_key::text as idempotency_key, last_error
    from bill_post_outbox o where bill_code = any(${[...billCodes]}::text[]) order by o.id`.execute(db);
  return rows;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` gives a truthy value (or fails after `ms`). */
export async function until<T>(check: () => Promise<T | false | undefined>, ms = 20_000, what = 'the condition'): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what} was not reached within ${ms} ms`);
    await sleep(50);
  }
}
