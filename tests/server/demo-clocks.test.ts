/**
 * The demo plant's running clocks (server/db/seed/seed-demo-clocks.ts): live when a user looks, because
 * they are dated from the start — the MSL 3 reels' floor life (one with hours left, one over and refused at
 * issue with the reason), and the solder paste containers (one ready to open, one opened with its exposure
 * counting down); the reels came through the ledger, so the stock agrees with it.
 */
import { sql, type RawBuilder } from 'kysely';
import { expect, it } from 'vitest';
import { DEMO_AUX_CONTAINERS, DEMO_MSD_PART, DEMO_MSD_REELS } from '../../server/db/seed/seed-demo-clocks.ts';
import { applyStockMoves } from '../../server/modules/stock/ledger.ts';
import { translate } from '../../src/shared/messages/catalogue.ts';
import { adminToken, F01 } from './support/masterdata.ts';
import { refusalOf, stockDisagreements } from './support/stock.ts';
import { describeServer } from './support/test-server.ts';

describeServer('the demo plant’s clocks', {}, (server) => {
  /** Hours from the time a query answers (`at`) to the database's now. */
  const hoursSince = async (query: RawBuilder<unknown>) => {
    const { rows } = await sql<{ hours: number }>`select extract(epoch from now() - (${query}))::float8 / 3600 as hours`.execute(server.db);
    return Number(rows[0].hours);
  };
  it('has an MSL 3 reel with floor life left and one past it, refused at issue with the reason', async () => {
    const token = await adminToken(server);
    const card = async (ReelCode: string) => (await server.call('POST', '/Msd/RunCard', { token, body: { ReelCode } })).body.data;
    const [fresh, over] = DEMO_MSD_REELS;
    expect(await card(fresh.reelCode)).toMatchObject({ PartCode: DEMO_MSD_PART, Level: '3', FloorLifeHours: 168 });
    // Dated at the database's first start, which a cached seeded database puts a while before this test.
    expect((await card(fresh.reelCode)).RemainingHours).toBeCloseTo(168 - (await hoursSince(sql`select max(at) as at from msd_reel_events where reel_code = ${fresh.reelCode}`)), 1);
    expect(await card(over.reelCode)).toMatchObject({ State: 'EXPIRED', Usable: false, RemainingHours: 0 });

    const refused = await refusalOf(applyStockMoves(server.db, { orgId: F01, userId: 'user-admin', userName: 'ADMIN' }, [{ kind: 'issue', reelCode: over.reelCode, billCode: 'WO-DEMO' }]));
    expect(refused.status).toBe(409);
    const exposed = /已暴露 ([\d.]+) 小时/.exec(refused.zh)?.[1];
    expect(refused.zh).toBe(translate('zh-chs', 'msdFloorLifeOver', { reel: over.reelCode, level: '3', exposed: exposed ?? '', limit: '168' }));
    expect(Number(exposed)).toBeGreaterThanOrEqual(200);
    expect(await stockDisagreements(server.db, F01)).toEqual([]);
  });

  it('has solder paste ready to open and one open with its exposure running', async () => {
    const token = await adminToken(server);
    const container = async (Code: string) => (await server.call('POST', '/AuxContainer/Get', { token, body: { Code } })).body.data;
    const [ready, open, cold] = DEMO_AUX_CONTAINERS;
    expect(await container(ready.code)).toMatchObject({ State: 'THAWING', MaterialName: '无铅锡膏 SAC305' });
    const opened = await container(open.code);
    expect(opened.State).toBe('OPENED');
    const openedFor = await hoursSince(sql`select max(e.at) as at from aux_container_events e join aux_containers c on c.id = e.container_id
      where c.code = ${open.code} and e.kind = 'OPEN'`);
    expect(opened.ExposureLeftHours).toBeCloseTo(Math.max(0, 24 - openedFor), 1);
    expect(opened.Blocked).toBe(openedFor < 24 ? null : 'EXPOSURE_OVER');
    expect((await container(cold.code)).State).toBe('COLD');

    const opening = await server.call('POST', '/AuxContainer/Event', { token, body: { Code: ready.code, Kind: 'OPEN' } });
    expect(opening.status).toBe(200);
    expect(opening.body.data.State).toBe('OPENED');
  });
});
