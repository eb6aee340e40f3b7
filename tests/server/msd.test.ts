/**
 * Moisture-sensitive reels (issue 20; J-STD-033): the run card's events at the database's time, the
 * floor life read from them, and the ledger refusing to issue a reel past its floor life (or an MSL 6
 * reel not baked) with the reason, until it is baked. The clock is moved by dating the events back.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { applyStockMoves, type StockCaller } from '../../server/modules/stock/ledger.ts';
import { masterEntities } from '../../src/shared/masterdata/entities/index.ts';
import { translate } from '../../src/shared/messages/catalogue.ts';
import { adminToken, createSample, F01 } from './support/masterdata.ts';
import { refusalOf } from './support/stock.ts';
import { describeServer } from './support/test-server.ts';

const part = masterEntities.find((e) => e.resource === 'Part')!;
const caller: StockCaller = { orgId: F01, userId: 'user-msd-test', userName: 'msd-test' };
const RAW = { sic: 'RAW01', loc: 'RAW01-01' };

describeServer('moisture-sensitive floor life', {}, (server) => {
  const receive = async (partCode: string) => {
    const code = `MSD-${randomBytes(4).toString('hex')}`;
    await applyStockMoves(server.db, caller, [{ kind: 'receive', reelCode: code, to: RAW, qty: '1000', reel: { partCode, lotCode: 'M1' } }]);
    return code;
  };
  /** The clock moved on by `hours`: the reel's events dated back as much. */
  const later = (reel: string, hours: number) =>
    sql`update msd_reel_events set at = at - make_interval(hours => ${hours}) where org_id = ${F01} and reel_code = ${reel}`.execute(server.db);
  const issue = (reel: string) => applyStockMoves(server.db, caller, [{ kind: 'issue', reelCode: reel, billCode: 'WO-MSD' }]);

  it('runs an MSL 3 reel’s floor life from the opening, refuses it at issue past 168 h with the reason, and issues it once baked', async () => {
    const token = await adminToken(server);
    const msl3 = String((await createSample(server, token, part, { msl_level: '3' })).code);
    const reel = await receive(msl3);
    const event = (Kind: string, language?: 'en') => server.call('POST', '/Msd/Event', { token, body: { ReelCode: reel, Kind }, language });

    const sealed = await server.call('POST', '/Msd/RunCard', { token, body: { ReelCode: reel } });
    expect(sealed.body.data).toMatchObject({ Level: '3', State: 'SEALED', Usable: true, RemainingHours: null, FloorLifeHours: 168 });
    const opened = await event('OPEN');
    expect(opened.status).toBe(200);
    expect(opened.body.data.State).toBe('OPEN');
    expect(opened.body.data.RemainingHours).toBeGreaterThan(167.9);
    const twice = await event('OPEN');
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe(translate('zh-chs', 'msdEventNotAllowed', { reel, state: { message: 'msdStateOPEN' }, event: { message: 'msdEventOPEN' } }));

    await later(reel, 170);
    const expired = (await server.call('POST', '/Msd/RunCard', { token, body: { ReelCode: reel } })).body.data;
    expect(expired).toMatchObject({ State: 'EXPIRED', Usable: false, RemainingHours: 0 });
    const refused = await refusalOf(issue(reel));
    expect(refused.status).toBe(409);
    expect(refused.zh).toBe(translate('zh-chs', 'msdFloorLifeOver', { reel, level: '3', exposed: '170', limit: '168' }));
    expect(refused.en).toContain('must be baked before it is issued');

    const baked = await event('BAKE');
    expect(baked.body.data).toMatchObject({ State: 'OPEN', Usable: true });
    await issue(reel);
    const { rows } = await sql<{ status: string }>`select status from stock_reels where org_id = ${F01} and reel_code = ${reel}`.execute(server.db);
    expect(rows[0].status).toBe('ISSUED');
    const card = (await server.call('POST', '/Msd/RunCard', { token, body: { ReelCode: reel } })).body.data;
    expect(card.Events.map((e: { Kind: string }) => e.Kind)).toEqual(['OPEN', 'BAKE']);
  }, 60_000);

  it('pauses in the dry cabinet; an MSL 6 reel must be baked before use; a part without a level has no run card events', async () => {
    const token = await adminToken(server);
    const msl3 = String((await createSample(server, token, part, { msl_level: '3' })).code);
    const reel = await receive(msl3);
    // Opened 200 h ago, 50 h exposed, then 140 h in the dry cabinet (too short to reset), out 10 h ago: 60 h exposed.
    await sql`insert into msd_reel_events (org_id, reel_code, kind, at, user_name) values
      (${F01}, ${reel}, 'OPEN', now() - interval '200 hours', 'msd-test'),
      (${F01}, ${reel}, 'DRY_IN', now() - interval '150 hours', 'msd-test'),
      (${F01}, ${reel}, 'DRY_OUT', now() - interval '10 hours', 'msd-test')`.execute(server.db);
    const card = (await server.call('POST', '/Msd/RunCard', { token, body: { ReelCode: reel } })).body.data;
    expect(card).toMatchObject({ State: 'OPEN', Usable: true, ExposedHours: 60, RemainingHours: 108 });

    const msl6 = String((await createSample(server, token, part, { msl_level: '6' })).code);
    const reel6 = await receive(msl6);
    expect((await refusalOf(issue(reel6))).zh).toBe(translate('zh-chs', 'msdNeedsBake', { reel: reel6, level: '6' }));
    await server.call('POST', '/Msd/Event', { token, body: { ReelCode: reel6, Kind: 'BAKE' } });
    await issue(reel6);

    const plain = String((await createSample(server, token, part, { msl_level: null })).code);
    const reelPlain = await receive(plain);
    const answer = await server.call('POST', '/Msd/Event', { token, body: { ReelCode: reelPlain, Kind: 'OPEN' } });
    expect(answer.status).toBe(409);
    expect(answer.body.msg).toBe(translate('zh-chs', 'msdNotMoistureSensitive', { reel: reelPlain, part: plain }));
    await issue(reelPlain);
  }, 60_000);
});
