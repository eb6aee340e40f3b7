/** The Reel aging screen on the reference server (written by `npm run gen -- page`; add its own rules here). */
import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { describePageOnServer } from '../support/pages.ts';
import { adminToken } from '../support/masterdata.ts';
import { describeServer } from '../support/test-server.ts';
import { reelAgingPage } from '../../../src/shared/pages/reel-aging.ts';

describePageOnServer(reelAgingPage);

describeServer('reel aging: the reels in stock with their age in days', {}, (server) => {
  it('lists a reel in stock or in inspection with the days since its receipt, and not a reel that was issued', async () => {
    const reel = (code: string, status: string, daysAgo: number, place: boolean) =>
      sql`insert into stock_reels (org_id, reel_code, part_code, qty, status, sic, loc, received_at)
          values ('org-f01', ${code}, 'P-AGE', 100, ${status}, ${place ? 'S1' : null}, ${place ? 'L1' : null},
                  now() - make_interval(days => ${daysAgo}))`.execute(server.db);
    await reel('AGE-T-OLD', 'IN_STOCK', 10, true);
    await reel('AGE-T-NEW', 'INSPECTION', 0, true);
    await reel('AGE-T-GONE', 'ISSUED', 5, false);

    const token = await adminToken(server);
    const found = await server.call('POST', '/ListParam/QueryData', {
      token,
      body: { LIST_ROUTE: reelAgingPage.link, Page: 1, Limit: 50, conditions: [{ FIELD_NAME: 'reel_code', PARAM_NAME: 'reel_code', ACTION_TYPE: 6, DATA_TYPE: 1, PARAM_VALUE: 'AGE-T' }] },
    });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    const ages = Object.fromEntries((found.body.data.rows as { reel_code: string; age_days: number }[]).map((row) => [row.reel_code, Number(row.age_days)]));
    expect(ages).toEqual({ 'AGE-T-OLD': 10, 'AGE-T-NEW': 0 });
  });
});
