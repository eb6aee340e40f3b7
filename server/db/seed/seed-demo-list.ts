/**
 * Writes the demo list (demo-list-data.ts) on start, once per database (the seed ledger, ledger.ts):
 * the list route with its settings (with the system data), and in a demo plant its parts and vendors
 * and DEMO_REEL_COUNT reels (a database
 * from before the ledger that has reels keeps them) — made in one INSERT ... SELECT over
 * generate_series, deterministic from the row number, in well under a second.
 */
import { sql } from 'kysely';
import type { DB } from '../database.ts';
import { settingRowOf } from '../../modules/listparam/settings.ts';
import { hasRows, seedOnce, seedSetOnce } from './ledger.ts';
import { DEMO_PARTS, DEMO_REEL_COUNT, DEMO_REELS_LIST, DEMO_REELS_SETTINGS, DEMO_VENDORS } from './demo-list-data.ts';

/** Adds reels numbered first .. first+count-1 (reel ids R000000001, ...); the benchmark adds a million this way. */
export async function insertDemoReels(db: DB, range: { first: number; count: number }): Promise<void> {
  await sql`
    with parts as (select part_code, part_name, row_number() over (order by part_code) - 1 as idx from demo_parts),
         vendors as (select vendor_code, vendor_name, row_number() over (order by vendor_code) - 1 as idx from demo_vendors)
    insert into demo_reels (reel_id, org_id, part_code, part_name, vendor_code, vendor_name, lot_code, date_code, qty,
                            unit_price, storage_location, status, received_at, expiry_date, remark)
    select
      'R' || lpad(i::text, 9, '0'),
      case when i % 11 < 7 then 'org-f01' else 'org-f02' end,
      p.part_code, p.part_name, v.vendor_code, v.vendor_name,
      'L' || to_char(r.received_at, 'YYMMDD') || '-' || lpad((i % 37)::text, 2, '0'),
      to_char(r.received_at - interval '30 days', 'IYIW'),
      (array[1000, 2000, 2500, 3000, 4000, 5000, 10000])[1 + i % 7],
      case when i % 53 = 0 then null else round(0.0005 + (i % 1999) / 2000.0, 4) end,
      case when i % 61 = 0 then null
           else 'A' || lpad((1 + i % 12)::text, 2, '0') || '-' || lpad((1 + (i / 12) % 8)::text, 2, '0') || '-' || (1 + (i / 96) % 5)::text end,
      case when i % 20 < 14 then 'IN_STOCK' when i % 20 < 18 then 'ISSUED' when i % 20 = 18 then 'FROZEN' else 'SCRAPPED' end,
      r.received_at,
      case when i % 50 = 0 then null else (r.received_at + interval '1 year')::date end,
      case when i % 40 = 0 then '来料抽检' when i % 97 = 0 then '客户指定批次' end
    from generate_series(${range.first}::int, ${range.first + range.count - 1}::int) as i
    cross join lateral (select timestamptz '2025-01-01 08:00:00+08' + i * interval '11 minutes' as received_at) as r
    join parts p on p.idx = i % (select count(*) from parts)
    join vendors v on v.idx = (i / 7) % (select count(*) from vendors)`.execute(db);
}

/**
 * The demo list's route and search settings: configuration, seeded with the system data, so the
 * 料盘清单（演示） menu opens a working (in a clean plant: empty) grid.
 */
export async function seedDemoReelsList(db: DB): Promise<void> {
  // The route's settings come with it, and only when the route is new: a route that already exists
  // (from before the ledger) keeps the settings an administrator left it.
  const list = DEMO_REELS_LIST;
  await seedOnce(db, 'list_routes', [list], (route) => route.LIST_ROUTE, async (trx) => {
    const created = await trx
      .insertInto('list_routes')
      .values({
        list_route: list.LIST_ROUTE,
        title: list.TITLE,
        title_en: list.TITLE_EN,
        source_kind: 'table',
        source_table: list.SOURCE_TABLE,
        key_field: list.KEY_FIELD,
        org_scoped: list.ORG_SCOPED,
        menu_code: list.MENU_CODE,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('list_route')
      .executeTakeFirst();
    if (created) {
      await trx
        .insertInto('list_params')
        .values(DEMO_REELS_SETTINGS.map((setting, index) =>
          settingRowOf(list.LIST_ROUTE, `demo-reels-${setting.PARAM_NAME}`, { ...setting, LIST_ROUTE: list.LIST_ROUTE, ORD_IDX: (index + 1) * 10 }),
        ))
        .execute();
    }
  });
}

/** The demo list's rows: its parts, vendors and DEMO_REEL_COUNT reels. */
export async function seedDemoList(db: DB): Promise<void> {
  await seedOnce(db, 'demo_parts', DEMO_PARTS, (part) => part.part_code, (trx, parts) =>
    trx.insertInto('demo_parts').values(parts).onConflict((oc) => oc.doNothing()).execute());
  await seedOnce(db, 'demo_vendors', DEMO_VENDORS, (vendor) => vendor.vendor_code, (trx, vendors) =>
    trx.insertInto('demo_vendors').values(vendors).onConflict((oc) => oc.doNothing()).execute());

  // DEMO_REEL_COUNT generated rows: one ledger entry for the set, not one per reel.
  await seedSetOnce(db, 'demo-list:reels:v1', async (trx) => {
    if (!(await hasRows(trx, 'demo_reels'))) await insertDemoReels(trx, { first: 1, count: DEMO_REEL_COUNT });
  });
}
