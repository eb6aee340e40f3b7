/**
 * Demo data of the home page, each row written once per database (the seed ledger, ledger.ts): notices with a pinned
 * one and rich text, warnings in every call status, to-do items, memos and common functions of the
 * demo users, the version master with its details, and two weeks of daily warehouse figures per
 * organisation. Times are relative to the first start, so a fresh demo looks current.
 */
import { sql } from 'kysely';
import type { DB } from '../database.ts';
import { menuIdOf } from './demo-data.ts';
import { hasRows, seedOnce, seedSetOnce, withExistingParents } from './ledger.ts';
import { COMMON_FUNCTIONS, DAY, HOUR, MEMOS, NOTICES, TODOS, VERSIONS, warningRows } from './home-data.ts';

const ORG_IDS = ['org-f01', 'org-f02'] as const;

export async function seedHomeData(db: DB, now = new Date()): Promise<void> {
  const at = (ms: number) => new Date(now.getTime() + ms);
  // Before the ledger the home data was written all at once, when there was no notice: a database
  // that has it but no ledger entries for it keeps what its users left (done to-dos, deleted memos).
  const { rows: before } = await sql<{ adopt: boolean }>`select exists (select 1 from home_notices)
    and not exists (select 1 from seed_ledger where seed_table = 'home_notices') as adopt`.execute(db);
  const adopt = before[0].adopt;
  const seed = <R extends { id: string }>(table: string, rows: R[], insert: (trx: DB, rows: R[]) => Promise<unknown>) =>
    seedOnce(db, table, rows, (row) => row.id, async (trx, pending) => {
      if (!adopt && pending.length) await insert(trx, pending);
    });

  const notices = ORG_IDS.flatMap((org) =>
    NOTICES.map((n, i) => ({
      id: `notice-${org}-${i + 1}`,
      org_id: org,
      title: n.title,
      content: n.content,
      is_top: n.isTop ? ('Y' as const) : ('N' as const),
      publisher: '管理员',
      publish_time: at(-n.ageDays * DAY),
    })),
  );
  await seed('home_notices', notices, async (trx, rows) => {
    const kept = await withExistingParents(trx, rows, [['organizations', (r) => r.org_id]]);
    if (kept.length) await trx.insertInto('home_notices').values(kept).onConflict((oc) => oc.doNothing()).execute();
  });

  const warnings = warningRows(ORG_IDS, at);
  await seed('home_warnings', warnings, async (trx, rows) => {
    const kept = await withExistingParents(trx, rows, [['organizations', (r) => r.org_id]]);
    if (kept.length) await trx.insertInto('home_warnings').values(kept).onConflict((oc) => oc.doNothing()).execute();
  });

  const todos = ['user-admin', 'user-operator'].flatMap((userId) =>
    TODOS.map((t, i) => ({
      id: `todo-${userId}-${i + 1}`,
      org_id: 'org-f01',
      user_id: userId,
      title: t.title,
      content: t.content,
      priority: t.priority,
      status: t.done ? ('done' as const) : ('open' as const),
      due_time: t.dueHours === null ? null : at(t.dueHours * HOUR),
      menu_path: t.path,
    })),
  );
  await seed('user_todos', todos, async (trx, rows) => {
    const kept = await withExistingParents(trx, rows, [['organizations', (r) => r.org_id], ['users', (r) => r.user_id]]);
    if (kept.length) await trx.insertInto('user_todos').values(kept).onConflict((oc) => oc.doNothing()).execute();
  });

  const versions = VERSIONS.map((version, index) => ({
    id: `version-${version.no}`,
    version_no: version.no,
    title: version.title,
    release_date: at(-version.ageDays * DAY).toISOString().slice(0, 10),
    remark: version.remark,
    created_at: at(-index),
  }));
  await seed('version_masters', versions, (trx, rows) => trx.insertInto('version_masters').values(rows).onConflict((oc) => oc.doNothing()).execute());
  const details = VERSIONS.flatMap((version) =>
    version.details.map(([type, content], i) => ({ id: `version-${version.no}-${i + 1}`, master_id: `version-${version.no}`, sort_num: i + 1, change_type: type, content })),
  );
  await seed('version_details', details, async (trx, rows) => {
    const kept = await withExistingParents(trx, rows, [['version_masters', (r) => r.master_id]]);
    if (kept.length) await trx.insertInto('version_details').values(kept).onConflict((oc) => oc.doNothing()).execute();
  });

  const memos = MEMOS.map((content, i) => ({ id: `memo-admin-${i + 1}`, user_id: 'user-admin', content, created_at: at(-(i + 1) * HOUR) }));
  await seed('user_memos', memos, async (trx, rows) => {
    const kept = await withExistingParents(trx, rows, [['users', (r) => r.user_id]]);
    if (kept.length) await trx.insertInto('user_memos').values(kept).onConflict((oc) => oc.doNothing()).execute();
  });

  const commonFunctions = COMMON_FUNCTIONS.map(([code, path], i) => ({ id: `common-admin-${i + 1}`, user_id: 'user-admin', menu_id: menuIdOf(code), menu_path: path, sort_num: i }));
  await seed('user_common_functions', commonFunctions, async (trx, rows) => {
    const kept = await withExistingParents(trx, rows, [['users', (r) => r.user_id], ['menus', (r) => r.menu_id]]);
    if (kept.length) await trx.insertInto('user_common_functions').values(kept).onConflict((oc) => oc.doNothing()).execute();
  });

  // Two weeks of figures ending on the first start: a weekday rhythm with some noise, lower on
  // Sundays. One ledger entry for the set; a database from before the ledger keeps its figures.
  await seedSetOnce(db, 'home:throughput:v1', async (trx) => {
    if (await hasRows(trx, 'home_daily_throughput')) return;
    await sql`insert into home_daily_throughput (org_id, stat_date, inbound_qty, outbound_qty, inspected_qty)
      select o.org_id, d::date,
        ((1800 + 900 * sin(extract(doy from d) / 2.0) + 400 * o.n) * case when extract(dow from d) = 0 then 0.3 else 1 end)::int,
        ((1500 + 700 * cos(extract(doy from d) / 3.0) + 300 * o.n) * case when extract(dow from d) = 0 then 0.3 else 1 end)::int,
        ((260 + 120 * sin(extract(doy from d)) + 40 * o.n) * case when extract(dow from d) = 0 then 0.2 else 1 end)::int
      from (values ('org-f01', 1), ('org-f02', 2)) as o(org_id, n)
        join organizations on organizations.id = o.org_id,
        generate_series(${now}::date - 13, ${now}::date, interval '1 day') as d`.execute(trx);
  });
}
