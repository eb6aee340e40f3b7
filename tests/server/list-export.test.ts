/**
 * The export reads a list by key (server/query/list-export.ts): the grid's search (same conditions,
 * organisation scope and order, the key last), page after page from the previous page's last sort
 * values, never with OFFSET and never counted; every row exactly once and in the grid's order, also
 * when many rows share a sort value or it is NULL; a client that goes away stops the reading.
 */
import { request } from 'node:http';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { DB } from '../../server/db/database.ts';
import { readListByKey } from '../../server/query/list-export.ts';
import { GenerationCache } from '../../server/db/generation-cache.ts';
import { adminToken, equalsCondition } from './support/masterdata.ts';
import { StatementRecorder } from './support/statement-recorder.ts';
import { describeServer } from './support/test-server.ts';

const F01 = 'org-f01';
const F02 = 'org-f02';
const PART_LIST = '/masterdata/part';
/** A page of the list's rows: what the export reads per statement. */
const PAGE_STATEMENT = /row_to_json\(src\)/;
let seq = 0;
const uniquePrefix = () => `EXP${Date.now().toString(36)}${++seq}`.toUpperCase();

/**
 * `count` parts whose codes start with `prefix`, in an order unrelated to their ids, with few
 * distinct names (many rows share one), and specs and shelf lives that are sometimes NULL.
 * The same codes again in organisation F02, which an F01 export must not show.
 */
async function insertParts(db: DB, prefix: string, count: number) {
  for (const org of [F01, F02]) {
    await sql`
      insert into md_part (id, org_id, code, name, spec, unit, shelf_life_days, min_pack_qty)
      select md5(${org} || ${prefix} || i), ${org}, ${prefix} || '-' || lpad(((i * 7919) % ${count})::text, 6, '0'),
             'N' || (i % 7), case when i % 5 = 0 then null else 'S' || (i % 3) end, 'PCS',
             case when i % 4 = 0 then null else i % 11 end, (i % 9) + 0.5
      from generate_series(0, ${count - 1}) as i`.execute(db);
  }
}

/** The codes in the order the grid shows them, straight from the table: the sort, then the key. */
async function codesInOrder(db: DB, prefix: string, orderSql: string): Promise<string[]> {
  const { rows } = await sql<{ code: string }>`
    select code from md_part where org_id = ${F01} and code like ${`${prefix}-%`} order by ${sql.raw(orderSql)}, id`.execute(db);
  return rows.map((r) => r.code);
}

/** The grid's "starts with" search (ACTION_TYPE 10) on the part number. */
const startsWith = (prefix: string) => ({ ...equalsCondition('code', `${prefix}-`), ACTION_TYPE: 10 as const, DATA_TYPE: 1 as const });

/** The grid's sorts, and the same order as SQL (NULLs where PostgreSQL's defaults put them). */
const SORTS = [
  { sort: [], orderSql: 'code' },
  { sort: [{ field: 'name', order: 'asc' as const }], orderSql: 'name asc' },
  { sort: [{ field: 'spec', order: 'desc' as const }, { field: 'shelf_life_days', order: 'asc' as const }], orderSql: 'spec desc, shelf_life_days asc' },
  { sort: [{ field: 'shelf_life_days', order: 'asc' as const }, { field: 'name', order: 'desc' as const }], orderSql: 'shelf_life_days asc, name desc' },
  { sort: [{ field: 'min_pack_qty', order: 'desc' as const }], orderSql: 'min_pack_qty desc' },
];

describeServer('export reads the list by key', { config: { exportPageRows: 500 } }, (server) => {
  let token: string;
  beforeAll(async () => {
    token = await adminToken(server);
  });

  it('pages by key: no OFFSET, no count, each page starts after the previous page’s last key', async () => {
    const prefix = uniquePrefix();
    await insertParts(server.db, prefix, 60);
    const recorder = new StatementRecorder(server.db);
    const db = server.db.withPlugin(recorder);
    const search = { listRoute: PART_LIST, conditions: [startsWith(prefix)], sort: [{ field: 'name', order: 'asc' as const }] };
    const pages: Record<string, unknown>[][] = [];
    for await (const page of await readListByKey(db, new GenerationCache(db), 30_000, { orgId: F01, userName: 'ADMIN' }, search, 7)) pages.push(page);

    expect(recorder.statements.filter((s) => /\boffset\b/i.test(s.sql))).toEqual([]);
    expect(recorder.statements.filter((s) => /count\(/i.test(s.sql))).toEqual([]);
    const pageStatements = recorder.matching(PAGE_STATEMENT);
    // 60 rows, 7 a page: 8 full pages and one of 4; the short page ends the reading.
    expect(pages.map((p) => p.length)).toEqual([7, 7, 7, 7, 7, 7, 7, 7, 4]);
    expect(pageStatements).toHaveLength(9);
    pageStatements.slice(1).forEach((statement, index) => {
      const lastBefore = pages[index][pages[index].length - 1];
      // The key comparison: after the last row's sort value and id, bound as parameters.
      expect(statement.sql).toMatch(/"src"\."name" > \$\d+/);
      expect(statement.sql).toMatch(/"src"\."id" > \$\d+/);
      expect(statement.parameters).toEqual(expect.arrayContaining([lastBefore.name, lastBefore.id]));
    });
  });

  it('reads every row exactly once in the grid’s order, whatever the sort, with shared and NULL sort values', async () => {
    const prefix = uniquePrefix();
    await insertParts(server.db, prefix, 211);
    for (const { sort, orderSql } of SORTS) {
      const codes: string[] = [];
      const pages = await readListByKey(server.db, new GenerationCache(server.db), 30_000, { orgId: F01, userName: 'ADMIN' }, { listRoute: PART_LIST, conditions: [startsWith(prefix)], sort }, 10);
      for await (const page of pages) codes.push(...page.map((row) => String(row.code)));
      expect(codes, orderSql).toEqual(await codesInOrder(server.db, prefix, orderSql));
    }
  });

  it('exports a list of several pages over HTTP: every row once, in order, nothing of another organisation', async () => {
    const prefix = uniquePrefix();
    await insertParts(server.db, prefix, 1303);
    const exported = await server.call('POST', '/Part/ExportData', {
      token,
      body: { conditions: [startsWith(prefix)], sort: [{ field: 'name', order: 'desc' }] },
    });
    expect(exported.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawBody as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('料号');
    const codes: string[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) codes.push(String(row.getCell(1).value));
    });
    expect(codes).toHaveLength(1303);
    expect(codes).toEqual(await codesInOrder(server.db, prefix, 'name desc'));
  });

  it('stops reading when the client goes away mid-download', async () => {
    const prefix = uniquePrefix();
    await insertParts(server.db, prefix, 2000);
    const recorder = new StatementRecorder(server.db);
    const app = await buildApp({ db: server.db.withPlugin(recorder), config: { ...server.config, exportPageRows: 20 } });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      const body = JSON.stringify({ conditions: [startsWith(prefix)] });
      const client = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/Part/ExportData',
        headers: { authorization: `Bearer ${token}`, organizeid: F01, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      client.on('error', () => {}); // the abort below
      let pagesRead = 0;
      // After the third page the client goes away; from then on each page is held back a little, so the
      // server has time to notice and no further page need start.
      recorder.onStatement = (statement) => {
        if (!PAGE_STATEMENT.test(statement.sql)) return;
        if (++pagesRead === 3) client.destroy();
        return pagesRead >= 3 ? 50 : 0;
      };
      client.end(body);
      for (let waited = 0; pagesRead < 3 && waited < 30_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      // Then the statements settle: nothing new for a while.
      let seen = -1;
      while (seen !== recorder.statements.length) {
        seen = recorder.statements.length;
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
      // 2,000 rows are 100 pages of 20: reading stopped within a page or two of the abort.
      expect(pagesRead).toBeGreaterThanOrEqual(3);
      expect(pagesRead).toBeLessThanOrEqual(5);
    } finally {
      await app.close();
    }
  });
});
