/**
 * ERP outbox delivery (issue 18; server/modules/erp/delivery.ts) against the fake ERP (fake-erp/):
 * every posted line reaches the ERP exactly once in effect (count of distinct postings at the ERP =
 * outbox rows), in order per bill, while the ERP fails, times out or loses its answers for a while;
 * a failing posting holds back the later lines of its bill only; after N failures one warning is
 * raised (pending), which a user with the Retry button retries (processing → failure / success);
 * two deliveries at once never send a row twice; a row's claim lasts its own organisation's ERP time limit.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { FakeErp } from '../../fake-erp/fake-erp.ts';
import { deliverOutbox } from '../../server/modules/erp/delivery.ts';
import { outboxOf, pointErpAt, postedAsn, sleep, until } from './support/erp.ts';
import { adminToken, F01 } from './support/masterdata.ts';
import { tokenWith } from './support/roles.ts';
import { describeServer } from './support/test-server.ts';

/** Short back-off, so a test waits milliseconds, not seconds. */
const FAST = { orgIds: [F01], retryBaseMs: 20, retryMaxMs: 200 };

describeServer('ERP outbox delivery', {}, (server) => {
  const erp = new FakeErp();
  let token: string;
  beforeAll(async () => {
    await erp.start();
    token = await adminToken(server);
    await pointErpAt(server.db, erp.url, { timeoutSeconds: 1 });
    // Rows other tests of this suite left behind must not stand in the way: each test posts its own bills.
    await sql`update bill_post_outbox set status = 'SENT' where status <> 'SENT'`.execute(server.db);
  });
  afterAll(() => erp.close());
  beforeEach(() => erp.reset());

  /** Delivery runs (as the job repeats them) until every row of the bills is SENT or FAILED. */
  async function deliverUntilSettled(billCodes: string[], options: Parameters<typeof deliverOutbox>[1] = {}) {
    await until(async () => {
      await deliverOutbox(server.db, { ...FAST, maxAttempts: 1000, ...options });
      return (await outboxOf(server.db, billCodes)).every((row) => row.status !== 'PENDING');
    }, 30_000, 'every posting delivered');
  }

  const postingsOf = (billCode: string) =>
    erp.postings.filter((p) => (p.body as { BillCode: string }).BillCode === billCode).map((p) => (p.body as { LineNo: number }).LineNo);

  it('delivers every posted line exactly once, in order per bill, while the ERP fails, times out and loses answers for a while', async () => {
    const bills = [await postedAsn(server, token, 3), await postedAsn(server, token, 2), await postedAsn(server, token, 3)];
    const codes = bills.map((b) => b.BillCode);
    const rows = await outboxOf(server.db, codes);
    expect(rows).toHaveLength(8);

    // A while of HTTP 500, then of answers lost after the ERP booked the posting, then time-outs, then the ERP is back.
    for (const order of [{ count: 4, mode: 'error' }, { count: 3, mode: 'drop' }, { count: 1, mode: 'timeout' }] as const) {
      erp.fail(order);
      await until(async () => {
        await deliverOutbox(server.db, { ...FAST, maxAttempts: 1000 });
        return erp.failuresLeft === 0;
      }, 30_000, `${order.mode} spent`);
    }
    await deliverUntilSettled(codes);

    const after = await outboxOf(server.db, codes);
    expect(after.map((r) => r.status)).toEqual(after.map(() => 'SENT'));
    // Exactly once in effect: one distinct posting per outbox row, each with the row's own key ...
    expect(erp.distinct).toBe(rows.length);
    expect(erp.postings.map((p) => p.key).sort()).toEqual(rows.map((r) => r.idempotency_key).sort());
    // ... although some were sent more than once (the lost answers).
    expect(erp.total).toBeGreaterThan(erp.distinct);
    // In order per bill.
    expect(bills.map((b) => postingsOf(b.BillCode))).toEqual([[1, 2, 3], [1, 2], [1, 2, 3]]);
    // The attempts are counted; a failed one left its error until the row went through.
    expect(after.some((r) => r.attempts > 1)).toBe(true);
    expect(after.every((r) => r.last_error === null)).toBe(true);
    // No warning: no row reached its limit.
    const { rows: warnings } = await sql`select 1 from home_warnings where source = any(${rows.map((r) => `erp-outbox:${r.id}`)}::text[])`.execute(server.db);
    expect(warnings).toHaveLength(0);
  });

  it('a failing posting holds back the later lines of its bill, and only those', async () => {
    const stuck = await postedAsn(server, token, 2);
    const other = await postedAsn(server, token, 1);
    erp.fail({ count: 1000, mode: 'error', billCode: stuck.BillCode });
    await deliverOutbox(server.db, { ...FAST, maxAttempts: 1000 });
    const [first, second] = await outboxOf(server.db, [stuck.BillCode]);
    expect(first).toMatchObject({ status: 'PENDING', attempts: 1, last_error: expect.stringContaining('HTTP 500') });
    // The later line was not even tried: the ERP gets a bill's lines in order.
    expect(second).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect(postingsOf(other.BillCode)).toEqual([1]);
    expect(postingsOf(stuck.BillCode)).toEqual([]);

    erp.fail({});
    await deliverUntilSettled([stuck.BillCode]);
    expect(postingsOf(stuck.BillCode)).toEqual([1, 2]);
  });

  it('after N failures raises one warning (pending); a retry shows processing then failure or success, and the bill goes on', async () => {
    const bill = await postedAsn(server, token, 2);
    const [row] = await outboxOf(server.db, [bill.BillCode]);
    const source = `erp-outbox:${row.id}`;
    const warningsOf = async () =>
      (await sql<{ id: string; call_status: string; title: string; content: string }>`select id, call_status, title, content from home_warnings where source = ${source}`.execute(server.db)).rows;

    erp.fail({ count: 1000, mode: 'error', billCode: bill.BillCode });
    await until(async () => {
      await deliverOutbox(server.db, { ...FAST, maxAttempts: 3 });
      return (await outboxOf(server.db, [bill.BillCode]))[0].status === 'FAILED';
    }, 30_000, 'the posting stopped');
    expect((await outboxOf(server.db, [bill.BillCode])).map((r) => [r.status, r.attempts])).toEqual([['FAILED', 3], ['PENDING', 0]]);
    // More runs: the stopped row is not tried again and raises no second warning.
    await deliverOutbox(server.db, { ...FAST, maxAttempts: 3 });
    await sleep(30);
    await deliverOutbox(server.db, { ...FAST, maxAttempts: 3 });
    expect((await outboxOf(server.db, [bill.BillCode]))[0].attempts).toBe(3);
    const [warning] = await warningsOf();
    expect(await warningsOf()).toHaveLength(1);
    expect(warning).toMatchObject({ call_status: 'pending', title: `ERP过账失败：${bill.BillCode} 第 1 行` });
    expect(warning.content).toContain('HTTP 500');

    // The home page's warning list shows it, retryable.
    const listed = (await server.call('GET', '/SysWarning/LoadData', { token, orgId: F01 })).body.Result.find((w: { ID: string }) => w.ID === warning.id);
    expect(listed).toMatchObject({ CALL_STATUS: 'pending', RETRYABLE: true, WARNING_LEVEL: 'danger' });
    // In English for an English reader, the ERP's error too (it is a message, not words).
    const inEnglish = (await server.call('GET', '/SysWarning/LoadData', { token, orgId: F01, language: 'en' })).body.Result.find((w: { ID: string }) => w.ID === warning.id);
    expect(inEnglish.TITLE).toBe(`ERP posting failed: ${bill.BillCode} line 1`);
    expect(inEnglish.CONTENT).toContain('HTTP 500');
    expect(inEnglish.CONTENT).not.toMatch(/[\u4e00-\u9fff]/);

    // Retry needs the Retry button of 预警信息.
    const reader = await tokenWith(server, [{ menuCode: 'HomeWarning' }]);
    expect((await server.call('POST', '/SysWarning/Retry', { token: reader, body: { Id: warning.id } })).status).toBe(403);
    const retrier = await tokenWith(server, [{ menuCode: 'HomeWarning' }, { menuCode: 'HomeWarning', buttonCode: 'Retry' }]);

    // The ERP still fails: processing while the retry runs, failure after.
    erp.slow(300);
    const retry = server.call('POST', '/SysWarning/Retry', { token: retrier, body: { Id: warning.id }, language: 'en' });
    await until(async () => (await warningsOf())[0].call_status === 'processing', 5000, 'processing');
    const failed = await retry;
    expect(failed.status).toBe(200);
    expect(failed.body.data).toEqual({ ID: warning.id, CALL_STATUS: 'failure' });
    // All of it in the caller's language (the posting's row keeps the default language's words).
    expect(failed.body.msg).toMatch(/^The retry failed: The ERP call failed: POST \/postings: HTTP 500\b/);
    expect((await warningsOf())[0].call_status).toBe('failure');
    expect((await outboxOf(server.db, [bill.BillCode])).map((r) => [r.status, r.attempts])).toEqual([['FAILED', 4], ['PENDING', 0]]);

    // No ERP enabled: refused, the warning left as it was.
    await sql`update md_service_config set enabled = false where org_id = ${F01} and code = 'ERP'`.execute(server.db);
    const unconfigured = await server.call('POST', '/SysWarning/Retry', { token: retrier, body: { Id: warning.id }, language: 'en' });
    expect([unconfigured.status, unconfigured.body.msg]).toEqual([400, 'No ERP service is configured: enable the service with code "ERP" in the service configuration']);
    expect((await warningsOf())[0].call_status).toBe('failure');
    await sql`update md_service_config set enabled = true where org_id = ${F01} and code = 'ERP'`.execute(server.db);

    // The ERP is back: the retry succeeds, and the next run sends the bill's later line.
    erp.fail({});
    erp.slow(0);
    const succeeded = await server.call('POST', '/SysWarning/Retry', { token: retrier, body: { Id: warning.id } });
    expect(succeeded.body).toMatchObject({ msg: '重试成功', data: { CALL_STATUS: 'success' } });
    expect(await warningsOf()).toEqual([expect.objectContaining({ call_status: 'success' })]);
    await deliverUntilSettled([bill.BillCode]);
    expect(postingsOf(bill.BillCode)).toEqual([1, 2]);
    expect(erp.distinct).toBe(2);

    // A retry of a warning delivered already changes nothing; a warning of another kind, or of another organisation, is refused.
    expect((await server.call('POST', '/SysWarning/Retry', { token: retrier, body: { Id: warning.id } })).body.data.CALL_STATUS).toBe('success');
    expect(erp.total).toBe(2);
    const { id: plain } = (await sql<{ id: string }>`select id from home_warnings where org_id = ${F01} and source is null limit 1`.execute(server.db)).rows[0];
    const notRetryable = await server.call('POST', '/SysWarning/Retry', { token: retrier, body: { Id: plain }, language: 'en' });
    expect([notRetryable.status, notRetryable.body.msg]).toEqual([400, 'This warning cannot be retried']);
    const elsewhere = await server.call('POST', '/SysWarning/Retry', { token, orgId: 'org-f02', body: { Id: warning.id }, language: 'en' });
    expect([elsewhere.status, elsewhere.body.msg]).toEqual([404, 'The warning does not exist']);
  });

  it('two deliveries at once send each row once (a row is claimed by one of them), in order per bill', async () => {
    const bills = [await postedAsn(server, token, 3), await postedAsn(server, token, 3)];
    const codes = bills.map((b) => b.BillCode);
    erp.slow(40);
    await Promise.all([deliverOutbox(server.db, FAST), deliverOutbox(server.db, FAST), deliverOutbox(server.db, FAST)]);
    await deliverUntilSettled(codes);
    expect(erp.distinct).toBe(6);
    // No row was sent twice: nothing failed, so every send was the only one.
    expect(erp.total).toBe(6);
    expect(bills.map((b) => postingsOf(b.BillCode))).toEqual([[1, 2, 3], [1, 2, 3]]);
  });

  it("holds a row's claim for its own organisation's ERP time limit + 2 s, not for another organisation's slower ERP", async () => {
    // The seeded plant's other organisations keep the demo ERP (60 s limit, enabled); every organisation is delivered, as the job does.
    // F01's limit is 2 s here and the ERP answers in 1: a second of room on either side, to see the claim while the
    // call is under way and for the call to end within the limit (at 1 s and 800 ms, a loaded full run timed it out).
    await pointErpAt(server.db, erp.url, { timeoutSeconds: 2 });
    try {
      const bill = await postedAsn(server, token, 1);
      erp.slow(1000);
      const delivering = deliverOutbox(server.db, { retryBaseMs: 20, retryMaxMs: 200, maxAttempts: 1000 });
      await until(async () => erp.inFlight > 0, 10_000, 'the posting under way');
      const { rows } = await sql<{ seconds: number }>`
        select extract(epoch from claimed_until - now())::float8 as seconds from bill_post_outbox where bill_code = ${bill.BillCode}`.execute(server.db);
      // A process killed now leaves the row to be sent again after at most 2 + 2 s, not after the other organisations' 60 + 2.
      expect(rows[0]!.seconds).toBeGreaterThan(2);
      expect(rows[0]!.seconds).toBeLessThanOrEqual(4);
      await delivering;
      expect(postingsOf(bill.BillCode)).toEqual([1]);
    } finally {
      erp.slow(0);
      await pointErpAt(server.db, erp.url, { timeoutSeconds: 1 });
    }
  });

  it('sends the configured credentials (Basic auth) and stops at an ERP that refuses them', async () => {
    const guarded = await new FakeErp({ auth: { user: 'portal', secret: 's3cret' } }).start();
    try {
      await pointErpAt(server.db, guarded.url, { timeoutSeconds: 1, user: 'portal', secret: 'wrong' });
      const bill = await postedAsn(server, token, 1);
      await deliverOutbox(server.db, { ...FAST, maxAttempts: 1000 });
      expect((await outboxOf(server.db, [bill.BillCode]))[0]).toMatchObject({ status: 'PENDING', last_error: expect.stringContaining('HTTP 401') });
      await pointErpAt(server.db, guarded.url, { timeoutSeconds: 1, user: 'portal', secret: 's3cret' });
      await until(async () => {
        await deliverOutbox(server.db, { ...FAST, maxAttempts: 1000 });
        return guarded.distinct === 1;
      });
    } finally {
      await guarded.close();
      await pointErpAt(server.db, erp.url, { timeoutSeconds: 1 });
    }
  });
});
