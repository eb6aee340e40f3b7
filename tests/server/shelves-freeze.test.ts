/**
 * Smart shelves during a stock count (server/modules/shelves, the ledger's freeze): nothing is lit or
 * reserved for a move the freeze would refuse, and a move refused by a freeze gives back what an earlier
 * scan took there.
 *
 * - Starting a count puts out every light in its scope (suggestions, whose locators are free again, and pick
 *   lights), whatever bill lit it, and leaves the others lit.
 * - Put-to-light: the first scan of a reel (Shelf/SuggestCell) into a frozen storage location is refused
 *   with the freeze's message, nothing lit, nothing reserved; a count of some locators only leaves their
 *   cells out of the suggestion. A suggestion made before the count started goes dark and free as it
 *   starts; the receipt (the second scan) is refused by the freeze; asking again is refused the same way.
 * - Pick and put-away lights (Bill/LightOn): refused with the freeze's message for a reel in (or bound for)
 *   a frozen place, nothing recorded or lit; lit before the count, the start puts the frozen ones out, and
 *   one lit there after the start goes out with the pick the freeze refuses.
 * - A count starting at the same time as a light or a suggestion (another server, its own queue): a count
 *   started between LightOn's check and its switch leaves the frozen reels unlit, LightOn answering the
 *   freeze's refusal; on PostgreSQL, a start racing another app's suggestion leaves nothing lit in its scope.
 * - Over MQTT (Mosquitto on 127.0.0.1:1883): a refused first scan publishes nothing; the count's start
 *   publishes the suggested cell's light off.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { buildApp } from '../../server/app.ts';
import { SimulatedShelfLights } from '../../server/modules/shelves/lights.ts';
import { applyStockMoves, type StockCaller } from '../../server/modules/stock/ledger.ts';
import { BLUE, GREEN, OFF, ORG, PART, shelvesHarness } from './support/shelves.ts';
import { describeServer } from './support/test-server.ts';

const caller: StockCaller = { orgId: ORG, userId: 'user-shelves-freeze-test', userName: 'shelves-freeze-test' };

describeServer('smart shelves during a stock count', {}, (server) => {
  const t = shelvesHarness(server, 'shelves-freeze-test');
  beforeAll(() =>
    t.setUp([
      ['PFZ01', 'PFA'],
      ['PFZ02', 'PFB'],
      ['PFZ03', 'PFC'],
      ['PFZ04', 'PFD'],
      ['PFZ05', 'PFE'],
      ['PFZ06', 'PFF'],
      ['PFZ07', 'PFG'],
    ]),
  );

  it('the first scan into a frozen storage location is refused with the freeze’s message: nothing lit, nothing reserved', async () => {
    const { bill, reels } = await t.asn(2, 'PFZ01');
    const plan = await t.count({ Sics: ['PFZ01'] });
    const zh = await t.call('/Shelf/SuggestCell', { Id: bill.Id, ReelCode: reels[0] });
    const en = await t.call('/Shelf/SuggestCell', { Id: bill.Id, ReelCode: reels[0] }, 'en');
    expect([zh.status, zh.body.msg]).toEqual([409, t.frozenText('zh-chs', 'PFZ01', '', plan.Code)]);
    expect([en.status, en.body.msg]).toEqual([409, t.frozenText('en', 'PFZ01', '', plan.Code)]);
    // A line's suggestion likewise.
    expect((await t.call('/Shelf/SuggestCell', { Id: bill.Id, LineNo: 1 })).status).toBe(409);
    expect(await t.lights('PFA')).toEqual({ 'PFA-C01': OFF, 'PFA-C02': OFF, 'PFA-C03': OFF });
    expect(await t.litRows(bill.Id)).toEqual([]);
    // The count over: the same scan is offered the first cell.
    await t.endCount(plan);
    expect((await t.ok('/Shelf/SuggestCell', { Id: bill.Id, ReelCode: reels[0] })).CellCode).toBe('PFA-C01');
    expect(await t.lights('PFA')).toEqual({ 'PFA-C01': BLUE, 'PFA-C02': OFF, 'PFA-C03': OFF });
  });

  it('a count of some locators: their cells are not offered; when only frozen cells are empty, the freeze’s refusal', async () => {
    const { bill, reels } = await t.asn(3, 'PFZ02');
    const first = await t.count({ Locs: ['PFZ02-01'] });
    expect(await t.ok('/Shelf/SuggestCell', { Id: bill.Id, ReelCode: reels[0] })).toMatchObject({ CellCode: 'PFB-C02', LocatorCode: 'PFZ02-02' });
    const second = await t.count({ Locs: ['PFZ02-03'] });
    const refused = await t.call('/Shelf/SuggestCell', { Id: bill.Id, ReelCode: reels[1] }, 'en');
    expect([refused.status, refused.body.msg]).toEqual([409, t.frozenText('en', 'PFZ02', 'PFZ02-01', first.Code)]);
    expect(await t.lights('PFB')).toEqual({ 'PFB-C01': OFF, 'PFB-C02': BLUE, 'PFB-C03': OFF });
    expect((await t.litRows(bill.Id)).map((r) => r.cell_code)).toEqual(['PFB-C02']);
    await t.endCount(first);
    await t.endCount(second);
  });

  it('a suggestion made before the count: the receipt is refused by the freeze and gives the cell back (dark, free); asking again is refused', async () => {
    const { bill, reels } = await t.asn(2, 'PFZ03');
    const cell = await t.ok('/Shelf/SuggestCell', { Id: bill.Id, ReelCode: reels[0] });
    expect(cell).toMatchObject({ CellCode: 'PFC-C01', LocatorCode: 'PFZ03-01' });
    const line = await t.ok('/Shelf/SuggestCell', { Id: bill.Id, LineNo: 1 });
    expect(line.CellCode).toBe('PFC-C02');
    expect(await t.lights('PFC')).toEqual({ 'PFC-C01': BLUE, 'PFC-C02': BLUE, 'PFC-C03': OFF });

    const plan = await t.count({ Sics: ['PFZ03'] });
    // Every put-away the bill had lit in the frozen place is given back as the count starts: the reel's and the line's.
    expect(await t.lights('PFC')).toEqual({ 'PFC-C01': OFF, 'PFC-C02': OFF, 'PFC-C03': OFF });
    expect(await t.litRows(bill.Id)).toEqual([]);
    const receipt = await t.call('/Bill/ConfirmReceipt', { Id: bill.Id, ReelCode: reels[0], ToLoc: cell.LocatorCode }, 'en');
    expect([receipt.status, receipt.body.msg]).toEqual([409, t.frozenText('en', 'PFZ03', 'PFZ03-01', plan.Code)]);
    expect(await t.lights('PFC')).toEqual({ 'PFC-C01': OFF, 'PFC-C02': OFF, 'PFC-C03': OFF });
    const reel = await server.db.selectFrom('stock_reels').select('status').where('org_id', '=', ORG).where('reel_code', '=', reels[0]).executeTakeFirstOrThrow();
    expect(reel.status).toBe('CREATED');

    // A suggestion standing when the count starts is given back by the start; the next scan is refused.
    await t.endCount(plan);
    expect((await t.ok('/Shelf/SuggestCell', { Id: bill.Id, ReelCode: reels[1] })).CellCode).toBe('PFC-C01');
    const again = await t.count({ Sics: ['PFZ03'] });
    expect(await t.lights('PFC')).toEqual({ 'PFC-C01': OFF, 'PFC-C02': OFF, 'PFC-C03': OFF });
    expect(await t.litRows(bill.Id)).toEqual([]);
    const zh = await t.call('/Shelf/SuggestCell', { Id: bill.Id, ReelCode: reels[1] });
    expect([zh.status, zh.body.msg]).toEqual([409, t.frozenText('zh-chs', 'PFZ03', '', again.Code)]);
    await t.endCount(again);
    // Free again: the receipt into the cell, suggested anew, goes through.
    const anew = await t.ok('/Shelf/SuggestCell', { Id: bill.Id, ReelCode: reels[0] });
    expect(anew.CellCode).toBe('PFC-C01');
    await t.ok('/Bill/ConfirmReceipt', { Id: bill.Id, ReelCode: reels[0], ToLoc: anew.LocatorCode });
    expect(await t.lights('PFC')).toEqual({ 'PFC-C01': OFF, 'PFC-C02': OFF, 'PFC-C03': OFF });
  });

  it('pick lights: LightOn is refused for reels in a frozen place (nothing recorded or lit); lit before the count, the start puts the frozen ones out', async () => {
    const stockReel = async (loc: string) => {
      const code = `SF-${randomBytes(5).toString('hex')}`;
      await applyStockMoves(server.db, caller, [{ kind: 'receive', reelCode: code, to: { sic: 'PFZ04', loc }, qty: '100', reel: { partCode: PART, lotCode: 'L1' } }]);
      return code;
    };
    const reels = [await stockReel('PFZ04-01'), await stockReel('PFZ04-02')];
    const bill = await t.ok('/Bill/Save', {
      BillType: 'WO',
      Mo: 'MO-FREEZE',
      MoLine: '1',
      Lines: [{ PartCode: PART, Qty: '200', FromSic: 'PFZ04' }],
    });
    await t.ok('/Bill/ReserveStock', { Id: bill.Id });
    const requests = () => server.db.selectFrom('bill_light_requests').select('light').where('bill_id', '=', bill.Id).execute();

    const plan = await t.count({ Locs: ['PFZ04-02'] });
    const refused = await t.call('/Bill/LightOn', { Id: bill.Id }, 'en');
    expect([refused.status, refused.body.msg]).toEqual([409, t.frozenText('en', 'PFZ04', 'PFZ04-02', plan.Code)]);
    expect(await requests()).toEqual([]);
    expect(await t.lights('PFD')).toEqual({ 'PFD-C01': OFF, 'PFD-C02': OFF, 'PFD-C03': OFF });
    await t.endCount(plan);

    await t.ok('/Bill/LightOn', { Id: bill.Id });
    expect(await t.lights('PFD')).toEqual({ 'PFD-C01': GREEN, 'PFD-C02': GREEN, 'PFD-C03': OFF });
    const again = await t.count({ Locs: ['PFZ04-02'] });
    // The count's start puts the frozen cell out; the other, not frozen, stays lit for its pick.
    expect(await t.lights('PFD')).toEqual({ 'PFD-C01': GREEN, 'PFD-C02': OFF, 'PFD-C03': OFF });
    expect((await t.litRows(bill.Id)).map((r) => [r.reel_code, r.cell_code])).toEqual([[reels[0], 'PFD-C01']]);
    // A light that lands in the frozen place after the start (a light request checked just before it and
    // carried out after, or another server's) goes out with the bill's next action, refused.
    await server.db.insertInto('shelf_lit_reels').values({ org_id: ORG, bill_id: bill.Id, reel_code: reels[1], cell_code: 'PFD-C02', color: 'green', blink: false }).execute();
    const pick = await t.call('/Bill/Pick', { Id: bill.Id, ReelCode: reels[1] });
    expect([pick.status, pick.body.msg]).toEqual([409, t.frozenText('zh-chs', 'PFZ04', 'PFZ04-02', again.Code)]);
    expect((await t.litRows(bill.Id)).map((r) => [r.reel_code, r.cell_code])).toEqual([[reels[0], 'PFD-C01']]);
    expect(await t.lights('PFD')).toEqual({ 'PFD-C01': GREEN, 'PFD-C02': OFF, 'PFD-C03': OFF });
    await t.ok('/Bill/Pick', { Id: bill.Id, ReelCode: reels[0] });
    expect(await t.lights('PFD')).toEqual({ 'PFD-C01': OFF, 'PFD-C02': OFF, 'PFD-C03': OFF });
    await t.endCount(again);
  });

  it('starting a count puts out and frees every light in its scope, whatever bill lit it, and leaves the others lit', async () => {
    // Put-to-light: a reel's and a line's suggestion in PFZ06; pick lights in PFZ07.
    const { bill: asnBill, reels } = await t.asn(2, 'PFZ06');
    expect((await t.ok('/Shelf/SuggestCell', { Id: asnBill.Id, ReelCode: reels[0] })).CellCode).toBe('PFF-C01');
    expect((await t.ok('/Shelf/SuggestCell', { Id: asnBill.Id, LineNo: 1 })).CellCode).toBe('PFF-C02');
    const stocked: string[] = [];
    for (const loc of ['PFZ07-01', 'PFZ07-02']) {
      const code = `SC-${randomBytes(5).toString('hex')}`;
      await applyStockMoves(server.db, caller, [{ kind: 'receive', reelCode: code, to: { sic: 'PFZ07', loc }, qty: '100', reel: { partCode: PART, lotCode: 'L1' } }]);
      stocked.push(code);
    }
    const wo = await t.ok('/Bill/Save', { BillType: 'WO', Mo: 'MO-COUNT-START', MoLine: '1', Lines: [{ PartCode: PART, Qty: '200', FromSic: 'PFZ07' }] });
    await t.ok('/Bill/ReserveStock', { Id: wo.Id });
    await t.ok('/Bill/LightOn', { Id: wo.Id });
    expect(await t.lights('PFF')).toEqual({ 'PFF-C01': BLUE, 'PFF-C02': BLUE, 'PFF-C03': OFF });
    expect(await t.lights('PFG')).toEqual({ 'PFG-C01': GREEN, 'PFG-C02': GREEN, 'PFG-C03': OFF });

    // A whole storage location counted: both suggestions go out and their locators are free; the pick lights elsewhere stay.
    const whole = await t.count({ Sics: ['PFZ06'] });
    expect(await t.lights('PFF')).toEqual({ 'PFF-C01': OFF, 'PFF-C02': OFF, 'PFF-C03': OFF });
    expect(await t.litRows(asnBill.Id)).toEqual([]);
    expect(await t.lights('PFG')).toEqual({ 'PFG-C01': GREEN, 'PFG-C02': GREEN, 'PFG-C03': OFF });
    await t.endCount(whole);
    // The count over, the first cell is free again for the receipt.
    expect((await t.ok('/Shelf/SuggestCell', { Id: asnBill.Id, ReelCode: reels[0] })).CellCode).toBe('PFF-C01');

    // One locator counted: only its cell goes out.
    const one = await t.count({ Locs: ['PFZ07-02'] });
    expect(await t.lights('PFG')).toEqual({ 'PFG-C01': GREEN, 'PFG-C02': OFF, 'PFG-C03': OFF });
    expect((await t.litRows(wo.Id)).map((r) => [r.reel_code, r.cell_code])).toEqual([[stocked[0], 'PFG-C01']]);
    expect(await t.lights('PFF')).toEqual({ 'PFF-C01': BLUE, 'PFF-C02': OFF, 'PFF-C03': OFF });
    await t.endCount(one);
  });

  it('put-away lights: a receiving bill’s LightOn into a frozen place is refused, nothing lit', async () => {
    const { bill } = await t.asn(2, 'PFZ05', 'PFZ05-02');
    const plan = await t.count({ Sics: ['PFZ05'] });
    const refused = await t.call('/Bill/LightOn', { Id: bill.Id });
    expect([refused.status, refused.body.msg]).toEqual([409, t.frozenText('zh-chs', 'PFZ05', 'PFZ05-02', plan.Code)]);
    expect(await t.lights('PFE')).toEqual({ 'PFE-C01': OFF, 'PFE-C02': OFF, 'PFE-C03': OFF });
    expect(await t.litRows(bill.Id)).toEqual([]);
    await t.endCount(plan);
    await t.ok('/Bill/LightOn', { Id: bill.Id });
    expect(await t.lights('PFE')).toEqual({ 'PFE-C01': OFF, 'PFE-C02': BLUE, 'PFE-C03': OFF });
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeServer('smart shelves and a stock count starting at the same time (two servers on one database)', {}, (server, database) => {
  const t = shelvesHarness(server, 'shelves-freeze-test');
  /** Another server on the same database: its own shelves queue, as a second process has. */
  let other: FastifyInstance;
  beforeAll(async () => {
    await t.setUp([
      ['PFZ11', 'PFK'],
      ['PFZ12', 'PFL'],
      ['PFZ13', 'PFN'],
    ]);
    other = await buildApp({ db: server.db, config: server.config });
  });
  afterAll(async () => {
    await other?.close();
  });

  it('a count started between LightOn’s check and its switch: the frozen reel is left out, the other lit, LightOn answers the freeze’s refusal', async () => {
    const reels = [await t.stockReel('PFZ11', 'PFZ11-01'), await t.stockReel('PFZ11', 'PFZ11-02')];
    const wo = await t.ok('/Bill/Save', { BillType: 'WO', Mo: 'MO-FREEZE-RACE', MoLine: '1', Lines: [{ PartCode: PART, Qty: '200', FromSic: 'PFZ11' }] });
    await t.ok('/Bill/ReserveStock', { Id: wo.Id });
    const requests = () => server.db.selectFrom('bill_light_requests').select(['light', 'status']).where('bill_id', '=', wo.Id).execute();
    const { bill: blocker, reels: blockerReels } = await t.asn(1, 'PFZ12');
    // This server's shelves queue held: a suggestion's light send waits at a gate.
    const realSet = SimulatedShelfLights.prototype.set;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const set = vi.spyOn(SimulatedShelfLights.prototype, 'set').mockImplementationOnce(async function (this: SimulatedShelfLights, cell, light) {
      held();
      await gate;
      return realSet.call(this, cell, light);
    });
    try {
      const suggestion = t.call('/Shelf/SuggestCell', { Id: blocker.Id, ReelCode: blockerReels[0] });
      await holding;
      // LightOn's bill action checks the freeze (no count yet) and commits its request; the switch waits in the queue.
      const lightOn = t.call('/Bill/LightOn', { Id: wo.Id }, 'en');
      for (let waited = 0; waited < 10_000 && !(await requests()).length; waited += 25) await sleep(25);
      expect(await requests()).toEqual([{ light: 'ON', status: 'PENDING' }]);
      // Now a count of one of the two locators starts, on the other server (not behind this one's queue).
      const plan = await t.draftCount({ Locs: ['PFZ11-02'] });
      const started = await t.callOn(other, '/Stocktake/Start', { Id: plan.Id });
      expect(started.status, started.body.msg).toBe(200);
      open();
      expect((await suggestion).status).toBe(200);
      const answer = await lightOn;
      expect([answer.status, answer.body.msg]).toEqual([409, t.frozenText('en', 'PFZ11', 'PFZ11-02', plan.Code)]);
      expect(await t.litInRack('PFK')).toEqual([{ reel_code: reels[0], cell_code: 'PFK-C01' }]);
      expect(await t.lights('PFK')).toEqual({ 'PFK-C01': GREEN, 'PFK-C02': OFF, 'PFK-C03': OFF });
      expect(await requests()).toEqual([{ light: 'ON', status: 'DONE' }]);
      // The request kept the reel it lit: the same LightOn once the count is over is no repeat, and lights the other.
      await t.endCount(plan);
      await t.ok('/Bill/LightOn', { Id: wo.Id });
      expect(await t.lights('PFK')).toEqual({ 'PFK-C01': GREEN, 'PFK-C02': GREEN, 'PFK-C03': OFF });
      await t.ok('/Bill/LightOff', { Id: wo.Id });
    } finally {
      open();
      set.mockRestore();
    }
  });

  // Two transactions really at once: PostgreSQL (PGlite runs one at a time).
  if (database.name !== 'PostgreSQL') return;

  describe('PostgreSQL', () => {
    it('a count starting on one server while the other suggests a cell in its scope, many times over: no suggestion survives in the started count’s scope', async () => {
      const ROUNDS = 20;
      const { bill, reels } = await t.asn(ROUNDS, 'PFZ13');
      // Test only: the suggestion's insert made slow, so its freeze check and its commit lie far apart
      // (the window a count's start must not slip into unseen).
      await sql`create function test_slow_shelf_light() returns trigger language plpgsql as $$ begin perform pg_sleep(0.05); return new; end $$`.execute(server.db);
      await sql`create trigger test_slow_shelf_light before insert on shelf_lit_reels for each row execute function test_slow_shelf_light()`.execute(server.db);
      const outcomes: number[] = [];
      try {
        for (let round = 0; round < ROUNDS; round++) {
          const plan = await t.draftCount({ Sics: ['PFZ13'] });
          // Either side a little ahead, by turns: -80 ms (the start first) to +80 ms (the suggestion first).
          const lead = ((round % 5) - 2) * 40;
          const [suggested, started] = await Promise.all([
            sleep(Math.max(0, -lead)).then(() => t.callOn(other, '/Shelf/SuggestCell', { Id: bill.Id, ReelCode: reels[round] }, 'en')),
            sleep(Math.max(0, lead)).then(() => t.call('/Stocktake/Start', { Id: plan.Id })),
          ]);
          expect(started.status, started.body.msg).toBe(200);
          if (suggested.status !== 200) expect([suggested.status, suggested.body.msg]).toEqual([409, t.frozenText('en', 'PFZ13', '', plan.Code)]);
          outcomes.push(suggested.status);
          expect(await t.litInRack('PFN'), `round ${round}`).toEqual([]);
          expect(await t.lights('PFN'), `round ${round}`).toEqual({ 'PFN-C01': OFF, 'PFN-C02': OFF, 'PFN-C03': OFF });
          await t.endCount(plan);
        }
      } finally {
        await sql`drop trigger test_slow_shelf_light on shelf_lit_reels`.execute(server.db);
        await sql`drop function test_slow_shelf_light()`.execute(server.db);
      }
      // Both orders were met: suggestions made first (given back by the start) and refused by the freeze.
      expect(new Set(outcomes)).toEqual(new Set([200, 409]));
    });
  });
});

const PREFIX = `test-${randomBytes(4).toString('hex')}`;

describeServer('smart shelves during a stock count, over MQTT (Mosquitto on 127.0.0.1:1883)', { config: { shelfLights: 'mqtt', mqttTopicPrefix: PREFIX } }, (server) => {
  const t = shelvesHarness(server, 'shelves-freeze-test');
  let subscriber: MqttClient;
  const received: { topic: string; payload: Buffer }[] = [];
  const topic = (cell: string) => `${PREFIX}/F01/shelf/PFM/${cell}/light`;
  beforeAll(async () => {
    await t.setUp([['PFZ09', 'PFM']]);
    subscriber = await mqtt.connectAsync('mqtt://127.0.0.1:1883', { reconnectPeriod: 0 }, false);
    subscriber.on('message', (topic, payload) => received.push({ topic, payload }));
    await subscriber.subscribeAsync(`${PREFIX}/#`, { qos: 1 });
  });
  afterAll(async () => {
    // Leave the broker as found: an empty retained message clears a topic's retained state.
    for (const cell of ['PFM-C01', 'PFM-C02', 'PFM-C03']) await subscriber?.publishAsync(topic(cell), '', { retain: true, qos: 1 });
    await subscriber?.endAsync();
  });
  /** The messages that arrived since the last call (waits until `count` are there, then a little for any extra). */
  const messages = async (count: number) => {
    for (let waited = 0; received.length < count && waited < 3000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300));
    return received.splice(0).map((m) => ({ topic: m.topic, payload: JSON.parse(m.payload.toString('utf8')) }));
  };

  it('a first scan refused by the freeze publishes nothing; the count’s start publishes the suggested cell’s light off', async () => {
    const { bill, reels } = await t.asn(2, 'PFZ09');
    let plan = await t.count({ Sics: ['PFZ09'] });
    expect((await t.call('/Shelf/SuggestCell', { Id: bill.Id, ReelCode: reels[0] })).status).toBe(409);
    expect(await messages(0)).toEqual([]);
    await t.endCount(plan);

    const cell = await t.ok('/Shelf/SuggestCell', { Id: bill.Id, ReelCode: reels[0] });
    expect(await messages(1)).toEqual([{ topic: topic('PFM-C01'), payload: { on: true, color: 'blue', blink: true, address: 'PFM:1' } }]);
    // The count's start publishes the suggested cell's light off (after its commit); the refused receipt has nothing left to put out.
    plan = await t.count({ Sics: ['PFZ09'] });
    expect(await messages(1)).toEqual([{ topic: topic('PFM-C01'), payload: { on: false, color: 'green', blink: false, address: 'PFM:1' } }]);
    expect(await t.litRows(bill.Id)).toEqual([]);
    expect((await t.call('/Bill/ConfirmReceipt', { Id: bill.Id, ReelCode: reels[0], ToLoc: cell.LocatorCode })).status).toBe(409);
    expect(await messages(0)).toEqual([]);
    await t.endCount(plan);
  });
});
