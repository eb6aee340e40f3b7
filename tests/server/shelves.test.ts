/**
 * Smart shelves (issue 17; server/modules/shelves) over HTTP: Bill/LightOn lights the cells of a
 * bill's reserved reels, a pick turns its reel's cell off, LightOff clears the rest, a receiving
 * bill's reels light their line's cell for the put-away and a receipt turns it off, a closed bill's
 * cells go out; Shelf/Cells
 * shows each cell's reels and light. With the built-in simulator (the default), against the real
 * Mosquitto broker on 127.0.0.1:1883 (exactly the expected retained messages, subscribed to with the
 * MQTT client), and with no broker at all (the bill action still succeeds; the failure is recorded).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyStockMoves, type StockCaller } from '../../server/modules/stock/ledger.ts';
import mqtt, { type MqttClient } from 'mqtt';

interface MqttMessage {
  topic: string;
  payload: Buffer;
  retain: boolean;
}
/** A client of the test's own that keeps every message it gets. */
async function listener(topicFilter: string, into: MqttMessage[]): Promise<MqttClient> {
  const client = await mqtt.connectAsync('mqtt://127.0.0.1:1883', { reconnectPeriod: 0 }, false);
  client.on('message', (topic, payload, packet) => into.push({ topic, payload, retain: packet.retain }));
  await client.subscribeAsync(topicFilter, { qos: 1 });
  return client;
}
import { adminToken } from './support/masterdata.ts';
import { describeServer, type TestServer } from './support/test-server.ts';

const ORG = 'org-f01';
const caller: StockCaller = { orgId: ORG, userId: 'user-shelves-test', userName: 'shelves-test' };
// Demo master data: a part and locators no demo stock and no demo rack cell uses.
const PART = 'CAP-00392';
const SIC = 'WIP02';
const LOC_1 = 'WIP02-28';
const LOC_2 = 'WIP02-29';
const RACK = 'TRK';

type Reply = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- contract-checked answers

/** A rack of three cells: TRK-01 is the locator LOC_1, TRK-02 is LOC_2, TRK-03 has none. */
async function makeRack(server: TestServer) {
  await sql`insert into md_rack (id, org_id, code, name, storage_location_code, enabled) values ('rack-trk', ${ORG}, ${RACK}, '测试料架', ${SIC}, true)`.execute(server.db);
  await sql`insert into md_rack_cell (id, org_id, code, rack_code, row_no, column_no, light_address, locator_code, enabled) values
    ('cell-trk-1', ${ORG}, 'TRK-01', ${RACK}, 1, 1, 'T:1', ${LOC_1}, true),
    ('cell-trk-2', ${ORG}, 'TRK-02', ${RACK}, 1, 2, 'T:2', ${LOC_2}, true),
    ('cell-trk-3', ${ORG}, 'TRK-03', ${RACK}, 1, 3, 'T:3', null, true)`.execute(server.db);
}

function harness(server: TestServer) {
  let token = '';
  const setUp = async () => {
    token = await adminToken(server);
    await makeRack(server);
  };
  const call = (action: string, body: unknown): Promise<Reply> => server.call('POST', `/Bill/${action}`, { token, body });
  const ok = async (action: string, body: unknown) => {
    const reply = await call(action, body);
    expect(reply.status, `${action}: ${reply.body.msg}`).toBe(200);
    return reply.body.data;
  };
  const stockReel = async (loc: string) => {
    const code = `SH-${randomBytes(5).toString('hex')}`;
    await applyStockMoves(server.db, caller, [
      { kind: 'receive', reelCode: code, to: { sic: SIC, loc }, qty: '100', reel: { partCode: PART, lotCode: `LOT-${randomBytes(4).toString('hex')}` } },
    ]);
    return code;
  };
  /** An issuing bill with one reel reserved in each of the rack's two located cells. */
  const reservedBill = async () => {
    const reels = [await stockReel(LOC_1), await stockReel(LOC_2)];
    const bill = await ok('Save', {
      BillType: 'WO',
      Mo: 'MO-1',
      MoLine: '1',
      Lines: [
        { PartCode: PART, Qty: '100', FromSic: SIC, FromLoc: LOC_1 },
        { PartCode: PART, Qty: '100', FromSic: SIC, FromLoc: LOC_2 },
      ],
    });
    await ok('ReserveStock', { Id: bill.Id });
    return { bill: bill as { Id: string; BillCode: string }, reels };
  };
  const cells = async () => {
    const reply = await server.call('GET', '/Shelf/Cells', { token, query: { rackCode: RACK } });
    expect(reply.status, reply.body.msg).toBe(200);
    return reply.body.data as { Device: string; Cells: { CellCode: string; Light: { On: boolean; Color: string; Blink: boolean }; SendStatus: string | null; SendError: string | null; Reels: { ReelCode: string; Lit: boolean }[] }[] };
  };
  const lights = async () => Object.fromEntries((await cells()).Cells.map((c) => [c.CellCode, c.Light]));
  const requests = (billId: string) =>
    server.db.selectFrom('bill_light_requests').select(['light', 'status']).where('bill_id', '=', billId).orderBy('id').execute();
  return { setUp, call, ok, stockReel, reservedBill, cells, lights, requests, token: () => token };
}

const GREEN = { On: true, Color: 'green', Blink: false };
const BLUE = { On: true, Color: 'blue', Blink: true };
const OFF = { On: false, Color: 'green', Blink: false };

describeServer('smart shelves with the simulator', {}, (server) => {
  const t = harness(server);
  beforeAll(() => t.setUp());

  it('LightOn lights the reserved reels’ cells, a pick turns its cell off, LightOff the rest', async () => {
    const { bill, reels } = await t.reservedBill();
    expect(await t.lights()).toEqual({ 'TRK-01': OFF, 'TRK-02': OFF, 'TRK-03': OFF });
    await t.ok('LightOn', { Id: bill.Id });
    const view = await t.cells();
    expect(view.Device).toBe('simulator');
    expect(view.Cells.map((c) => ({ cell: c.CellCode, light: c.Light, status: c.SendStatus, reels: c.Reels.map((r) => [r.ReelCode, r.Lit]) }))).toEqual([
      { cell: 'TRK-01', light: GREEN, status: 'SENT', reels: [[reels[0], true]] },
      { cell: 'TRK-02', light: GREEN, status: 'SENT', reels: [[reels[1], true]] },
      { cell: 'TRK-03', light: OFF, status: null, reels: [] },
    ]);
    await t.ok('Pick', { Id: bill.Id, ReelCode: reels[0] });
    expect(await t.lights()).toEqual({ 'TRK-01': OFF, 'TRK-02': GREEN, 'TRK-03': OFF });
    expect((await t.cells()).Cells[0].Reels).toEqual([]);
    await t.ok('LightOff', { Id: bill.Id });
    expect(await t.lights()).toEqual({ 'TRK-01': OFF, 'TRK-02': OFF, 'TRK-03': OFF });
    expect(await t.requests(bill.Id)).toEqual([
      { light: 'ON', status: 'DONE' },
      { light: 'OFF', status: 'DONE' },
    ]);
  });

  it('a bill that closes with its cells lit puts them out (no light off is possible on a closed bill)', async () => {
    const { bill } = await t.reservedBill();
    await t.ok('LightOn', { Id: bill.Id });
    expect(await t.lights()).toEqual({ 'TRK-01': GREEN, 'TRK-02': GREEN, 'TRK-03': OFF });
    expect((await t.ok('ConfirmClose', { Id: bill.Id })).Status).toBe('CLOSED');
    expect(await t.lights()).toEqual({ 'TRK-01': OFF, 'TRK-02': OFF, 'TRK-03': OFF });
  });

  it('a receiving bill lights its line’s cell blue and blinking; receiving its reels turns it off', async () => {
    const bill = await t.ok('Save', { BillType: 'ASN', VendorCode: 'V0001', Lines: [{ PartCode: PART, Qty: '20', Mpq: '10', ToSic: SIC, ToLoc: LOC_2 }] });
    const reels = (await t.ok('CreateReels', { Id: bill.Id })).Reels.map((r: { ReelCode: string }) => r.ReelCode);
    await t.ok('LightOn', { Id: bill.Id });
    expect(await t.lights()).toEqual({ 'TRK-01': OFF, 'TRK-02': BLUE, 'TRK-03': OFF });
    expect((await t.cells()).Cells[1].Reels.filter((r) => r.Lit).map((r) => r.ReelCode).sort()).toEqual([...reels].sort());
    await t.ok('ConfirmReceipt', { Id: bill.Id, ReelCode: reels[0] });
    expect((await t.lights())['TRK-02']).toEqual(BLUE);
    await t.ok('ConfirmReceipt', { Id: bill.Id, ReelCode: reels[1] });
    expect((await t.lights())['TRK-02']).toEqual(OFF);
  });

  it('a demo rack: its 40 cells by row and column, the reels of a locator in each cell that is it, at most 20 listed', async () => {
    const started = Date.now();
    const reply = await server.call('GET', '/Shelf/Cells', { token: t.token(), query: { rackCode: 'RK01' } });
    expect(reply.status).toBe(200);
    const view = reply.body.data as { Cells: { CellCode: string; RowNo: number; ColumnNo: number; LocatorCode: string | null; ReelCount: number; Reels: unknown[] }[] };
    expect(view.Cells).toHaveLength(40);
    expect(view.Cells.slice(0, 2).map((c) => [c.CellCode, c.RowNo, c.ColumnNo, c.LocatorCode])).toEqual([
      ['RK01-0101', 1, 1, 'ELE01-01'],
      ['RK01-0102', 1, 2, null],
    ]);
    for (const cell of view.Cells) expect(cell.Reels.length).toBe(Math.min(cell.ReelCount, 20));
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('an unknown rack is a 404 in both languages', async () => {
    const zh = await server.call('GET', '/Shelf/Cells', { token: t.token(), query: { rackCode: 'NO-SUCH' } });
    const en = await server.call('GET', '/Shelf/Cells', { token: t.token(), query: { rackCode: 'NO-SUCH' }, language: 'en' });
    expect([zh.status, zh.body.msg, en.body.msg]).toEqual([404, '电子料架 NO-SUCH 不存在', 'The electronic rack NO-SUCH does not exist']);
  });
});

const PREFIX = `test-${randomBytes(4).toString('hex')}`;

describeServer('smart shelves over MQTT (Mosquitto on 127.0.0.1:1883)', { config: { shelfLights: 'mqtt', mqttTopicPrefix: PREFIX } }, (server) => {
  const t = harness(server);
  let subscriber: MqttClient;
  const received: MqttMessage[] = [];
  beforeAll(async () => {
    await t.setUp();
    subscriber = await listener(`${PREFIX}/#`, received);
    // The same topics on the other database's run of this suite left their retained states: not this run's messages.
    await new Promise((r) => setTimeout(r, 300));
    received.splice(0);
  });
  afterAll(async () => {
    // Leave the broker as found: an empty retained message clears a topic's retained state.
    for (const cell of ['TRK-01', 'TRK-02', 'TRK-03']) await subscriber?.publishAsync(`${PREFIX}/F01/shelf/${RACK}/${cell}/light`, '', { retain: true, qos: 1 });
    await subscriber?.endAsync();
  });

  /** The messages that arrived since the last call (waits until `count` are there, then a little for any extra). */
  const messages = async (count: number) => {
    for (let waited = 0; received.length < count && waited < 3000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    const taken = received.splice(0);
    return taken.map((m) => ({ topic: m.topic, payload: JSON.parse(m.payload.toString('utf8')), retain: m.retain })).sort((a, b) => a.topic.localeCompare(b.topic));
  };

  it('LightOn publishes one retained message per cell of the bill’s reserved reels; a pick and LightOff turn them off', async () => {
    const { bill, reels } = await t.reservedBill();
    const topic = (cell: string) => `${PREFIX}/F01/shelf/${RACK}/${cell}/light`;
    await t.ok('LightOn', { Id: bill.Id });
    expect(await messages(2)).toEqual([
      { topic: topic('TRK-01'), payload: { on: true, color: 'green', blink: false, address: 'T:1' }, retain: false },
      { topic: topic('TRK-02'), payload: { on: true, color: 'green', blink: false, address: 'T:2' }, retain: false },
    ]);
    // The broker keeps each cell's state: a controller that connects now gets it at once.
    const retained: MqttMessage[] = [];
    const late = await listener(`${PREFIX}/F01/shelf/${RACK}/+/light`, retained);
    for (let waited = 0; retained.length < 2 && waited < 3000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    await late.endAsync();
    expect(retained.map((m) => [m.topic, m.retain, JSON.parse(m.payload.toString()).on]).sort()).toEqual([
      [topic('TRK-01'), true, true],
      [topic('TRK-02'), true, true],
    ]);

    await t.ok('Pick', { Id: bill.Id, ReelCode: reels[0] });
    expect(await messages(1)).toEqual([{ topic: topic('TRK-01'), payload: { on: false, color: 'green', blink: false, address: 'T:1' }, retain: false }]);
    await t.ok('LightOff', { Id: bill.Id });
    expect(await messages(1)).toEqual([{ topic: topic('TRK-02'), payload: { on: false, color: 'green', blink: false, address: 'T:2' }, retain: false }]);
    // Shelf/Cells shows the last state sent.
    const view = await t.cells();
    expect(view.Device).toBe('mqtt');
    expect(view.Cells.map((c) => [c.CellCode, c.Light.On, c.SendStatus])).toEqual([
      ['TRK-01', false, 'SENT'],
      ['TRK-02', false, 'SENT'],
      ['TRK-03', false, null],
    ]);
    expect(await t.requests(bill.Id)).toEqual([
      { light: 'ON', status: 'DONE' },
      { light: 'OFF', status: 'DONE' },
    ]);
  });
});

describeServer('smart shelves with the broker down', { config: { shelfLights: 'mqtt', mqttUrl: 'mqtt://127.0.0.1:1', mqttTimeoutMs: 500 } }, (server) => {
  const t = harness(server);
  beforeAll(() => t.setUp());

  it('the bill action succeeds; the request and the cells record the failure', async () => {
    const { bill } = await t.reservedBill();
    await t.ok('LightOn', { Id: bill.Id });
    expect(await t.requests(bill.Id)).toEqual([{ light: 'ON', status: 'FAILED' }]);
    const view = await t.cells();
    expect(view.Cells.map((c) => [c.CellCode, c.Light.On, c.SendStatus])).toEqual([
      ['TRK-01', true, 'FAILED'],
      ['TRK-02', true, 'FAILED'],
      ['TRK-03', false, null],
    ]);
    expect(view.Cells[0].SendError).toMatch(/ECONNREFUSED|did not answer/);
  });
});
