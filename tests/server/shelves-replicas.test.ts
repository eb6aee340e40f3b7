/**
 * Smart shelves on two servers (replicas) sharing one database (server/modules/shelves): a light lit
 * through one server goes out when the other serves the pick or the receipt of its reel, even when the
 * other has served a pick or a receipt before with nothing lit (a process-local count of the lit reels
 * would then say "nothing lit" for good), and both servers' rack views (Shelf/Cells) give the same answer.
 *
 * The two servers are two apps on the suite's database, each with its own ServerContext (shelves queue,
 * simulated device), as two processes have; PGlite takes two apps on its one handle, so this runs on
 * PGlite and on PostgreSQL.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { BLUE, GREEN, OFF, ORG, PART, shelvesHarness } from './support/shelves.ts';
import { describeServer } from './support/test-server.ts';

describeServer('smart shelves on two servers sharing one database', {}, (server) => {
  const t = shelvesHarness(server, 'shelves-replicas-test');
  beforeAll(() => t.setUp([['PRZ01', 'PRA']]));
  /** Server B (server A is the suite's app): a new one for each test, so it has served nothing before. */
  let b: FastifyInstance;
  beforeEach(async () => {
    // Each test starts with nothing lit or sent in the organisation (whatever a failed test left behind).
    await sql`delete from shelf_lit_reels where org_id = ${ORG}`.execute(server.db);
    await sql`delete from shelf_cell_lights where org_id = ${ORG}`.execute(server.db);
    b = await buildApp({ db: server.db, config: server.config });
  });
  afterEach(async () => {
    await b?.close();
  });

  const onB = async (path: string, body: unknown) => {
    const reply = await t.callOn(b, path, body);
    expect(reply.status, `${path} on B: ${reply.body.msg}`).toBe(200);
    return reply.body.data;
  };
  /** The organisation's lit reels (shelf_lit_reels rows), in every rack. */
  const litInOrg = async () => Number((await sql<{ n: number }>`select count(*)::int as n from shelf_lit_reels where org_id = ${ORG}`.execute(server.db)).rows[0].n);
  /** Each of the rack's cells' last send recorded (shelf_cell_lights): on or off, and how it went. */
  const recorded = async () =>
    Object.fromEntries(
      (
        await sql<{ cell_code: string; light_on: boolean; status: string }>`
          select l.cell_code, l.light_on, l.status from shelf_cell_lights l join md_rack_cell c on c.org_id = l.org_id and c.code = l.cell_code
          where l.org_id = ${ORG} and c.rack_code = 'PRA'`.execute(server.db)
      ).rows.map((r) => [r.cell_code, [r.light_on, r.status]]),
    );
  /** The rack view on both servers: the same answer, whole (lights, send statuses, reels); the lights. */
  const agreedLights = async () => {
    const onA = await server.call('GET', '/Shelf/Cells', { token: t.token(), query: { rackCode: 'PRA' } });
    const fromB = await t.getOn(b, '/Shelf/Cells', { rackCode: 'PRA' });
    expect([onA.status, fromB.status]).toEqual([200, 200]);
    expect(fromB.body.data).toEqual(onA.body.data);
    return t.lights('PRA');
  };

  it('a reel lit through A and picked through B (which had served a pick with nothing lit): its cell goes out, and the rack view agrees on both', async () => {
    // B serves a pick while nothing is lit anywhere.
    const first = await t.stockReel('PRZ01', 'PRZ01-03');
    const before = await t.ok('/Bill/Save', { BillType: 'WO', Mo: 'MO-REPLICA-0', MoLine: '1', Lines: [{ PartCode: PART, Qty: '100' }] });
    await onB('/Bill/Pick', { Id: before.Id, ReelCode: first });
    // A lights a bill's two reserved reels.
    const reels = [await t.stockReel('PRZ01', 'PRZ01-01'), await t.stockReel('PRZ01', 'PRZ01-02')];
    const bill = await t.ok('/Bill/Save', {
      BillType: 'WO',
      Mo: 'MO-REPLICA-1',
      MoLine: '1',
      Lines: [
        { PartCode: PART, Qty: '100', FromSic: 'PRZ01', FromLoc: 'PRZ01-01' },
        { PartCode: PART, Qty: '100', FromSic: 'PRZ01', FromLoc: 'PRZ01-02' },
      ],
    });
    await t.ok('/Bill/ReserveStock', { Id: bill.Id });
    await t.ok('/Bill/LightOn', { Id: bill.Id });
    expect(await t.litInRack('PRA')).toEqual([
      { reel_code: reels[0], cell_code: 'PRA-C01' },
      { reel_code: reels[1], cell_code: 'PRA-C02' },
    ]);
    expect(await agreedLights()).toEqual({ 'PRA-C01': GREEN, 'PRA-C02': GREEN, 'PRA-C03': OFF });
    // B serves the pick of the first: its lit reel gone, its cell sent off; the other stays lit.
    await onB('/Bill/Pick', { Id: bill.Id, ReelCode: reels[0] });
    expect(await t.litInRack('PRA')).toEqual([{ reel_code: reels[1], cell_code: 'PRA-C02' }]);
    expect(await recorded()).toEqual({ 'PRA-C01': [false, 'SENT'], 'PRA-C02': [true, 'SENT'] });
    expect(await agreedLights()).toEqual({ 'PRA-C01': OFF, 'PRA-C02': GREEN, 'PRA-C03': OFF });
    // B lights off what A lit.
    await onB('/Bill/LightOff', { Id: bill.Id });
    expect(await litInOrg()).toBe(0);
    expect(await agreedLights()).toEqual({ 'PRA-C01': OFF, 'PRA-C02': OFF, 'PRA-C03': OFF });
  });

  it('a receiving bill’s reels lit through A and received through B (which had served a receipt with nothing lit): the cell goes out with the last', async () => {
    const { bill, reels } = await t.asn(3, 'PRZ01', 'PRZ01-03');
    // B serves a receipt while nothing is lit anywhere.
    await onB('/Bill/ConfirmReceipt', { Id: bill.Id, ReelCode: reels[0] });
    // A lights the two still to receive: their line's cell, blue and blinking.
    await t.ok('/Bill/LightOn', { Id: bill.Id });
    expect(await t.litInRack('PRA')).toEqual([reels[1], reels[2]].sort().map((reel) => ({ reel_code: reel, cell_code: 'PRA-C03' })));
    expect(await agreedLights()).toEqual({ 'PRA-C01': OFF, 'PRA-C02': OFF, 'PRA-C03': BLUE });
    // B receives them: the first leaves the cell lit for the other, the second puts it out.
    await onB('/Bill/ConfirmReceipt', { Id: bill.Id, ReelCode: reels[1] });
    expect(await t.litInRack('PRA')).toEqual([{ reel_code: reels[2], cell_code: 'PRA-C03' }]);
    expect(await agreedLights()).toEqual({ 'PRA-C01': OFF, 'PRA-C02': OFF, 'PRA-C03': BLUE });
    await onB('/Bill/ConfirmReceipt', { Id: bill.Id, ReelCode: reels[2] });
    expect(await litInOrg()).toBe(0);
    expect((await recorded())['PRA-C03']).toEqual([false, 'SENT']);
    expect(await agreedLights()).toEqual({ 'PRA-C01': OFF, 'PRA-C02': OFF, 'PRA-C03': OFF });
  });
});
