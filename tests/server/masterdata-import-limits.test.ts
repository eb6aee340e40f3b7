/**
 * Hostile and large uploads to the master-data import (issue 11.6): a zip bomb is refused before it
 * is inflated, with the product's message and a bounded memory cost; so is a zip of thousands of
 * entries; imports beyond the process's bound get a clear busy answer; 70,000 rows import in
 * batches, all or nothing.
 */
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { createImportGate, GateBusy, masterImportGate } from '../../server/crud/import-gate.ts';
import { adminToken, uploadForm } from './support/masterdata.ts';
import { describeServer, type TestServer } from './support/test-server.ts';
import { storedEntry, xlsxEntries, zerosEntry, zipOf, type ZipEntry } from './support/zip-builder.ts';

const MB = 1024 * 1024;
/** The process may grow by this much while refusing a bomb (the bomb inflates to 600 MB). */
const MEMORY_BOUND = 200 * MB;
let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++seq}`;

/** The largest RSS seen while `work` runs, sampled on every turn of the event loop. */
async function peakRssGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 1);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growth: peak - start };
  } finally {
    clearInterval(sampler);
  }
}

const importXlsx = (server: TestServer, token: string, bytes: Buffer) => {
  const form = uploadForm('parts.xlsx', bytes);
  return server.call('POST', '/Part/Import', { token, payload: form.payload, headers: form.headers });
};

const partCount = async (server: TestServer, prefix: string) =>
  Number((await sql<{ n: string }>`select count(*) as n from md_part where code like ${`${prefix}%`}`.execute(server.db)).rows[0].n);

describeServer('master-data import limits', {}, (server) => {
  let token: string;
  beforeAll(async () => {
    token = await adminToken(server);
  });

  it('imports a hand-built xlsx (the zips below differ from it only by their extra entry)', async () => {
    const code = unique('ZIPOK');
    const answer = await importXlsx(server, token, zipOf(xlsxEntries([['料号', '品名', '单位'], [code, '电容', 'PCS']])));
    expect(answer.body.msg).toBe('导入成功，共 1 行');
    expect(await partCount(server, code)).toBe(1);
  }, 60_000);

  it('imports an xlsx whose sheet comes before its workbook and relations (exceljs writes its entries in no fixed order)', async () => {
    const code = unique('ZIPORDER');
    const entries = [
      ...xlsxEntries([['料号', '品名', '单位'], [code, '电容', 'PCS']]),
      storedEntry('xl/sharedStrings.xml', '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>'),
    ];
    // Relations and shared strings, then the sheet, and only then the workbook: an order exceljs's own writer produced.
    const order = ['_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/worksheets/sheet1.xml', 'xl/workbook.xml', '[Content_Types].xml'];
    const shuffled = order.map((name) => entries.find((entry) => entry.name === name)!);
    const answer = await importXlsx(server, token, zipOf(shuffled));
    expect(answer.body.msg).toBe('导入成功，共 1 行');
    expect(await partCount(server, code)).toBe(1);
  }, 60_000);

  it('refuses a small xlsx that inflates to 600 MB without inflating it, and writes nothing', async () => {
    const code = unique('BOMB');
    const bomb = await zerosEntry('xl/media/image1.png', 600);
    const file = zipOf([...xlsxEntries([['料号', '品名', '单位'], [code, '电容', 'PCS']]), bomb]);
    expect(file.length).toBeLessThan(MB);
    const { result: answer, growth } = await peakRssGrowth(() => importXlsx(server, token, file));
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('文件类型或大小错误：解压后的内容不能超过 100 MB');
    expect(growth).toBeLessThan(MEMORY_BOUND);
    expect(await partCount(server, code)).toBe(0);
  }, 120_000);

  it('refuses a bomb whose directory understates its size, while inflating it in a bounded way', async () => {
    const code = unique('LIAR');
    const bomb: ZipEntry = { ...(await zerosEntry('xl/media/image1.png', 600)), declaredSize: 1024 };
    const file = zipOf([...xlsxEntries([['料号', '品名', '单位'], [code, '电容', 'PCS']]), bomb]);
    const { result: answer, growth } = await peakRssGrowth(() => importXlsx(server, token, file));
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('文件类型或大小错误：解压后的内容不能超过 100 MB');
    expect(growth).toBeLessThan(MEMORY_BOUND);
    expect(await partCount(server, code)).toBe(0);
  }, 120_000);

  it('refuses an xlsx of 20,000 entries', async () => {
    const code = unique('MANY');
    const extra = Array.from({ length: 20_000 }, (_, i) => storedEntry(`xl/extra/${i}.xml`, ''));
    const answer = await importXlsx(server, token, zipOf([...xlsxEntries([['料号', '品名', '单位'], [code, '电容', 'PCS']]), ...extra]));
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('文件类型或大小错误：文件中的条目不能超过 1000 个');
    expect(await partCount(server, code)).toBe(0);
  }, 120_000);

  it('answers a clear busy message when the imports running and waiting are at their bound, and imports again once they finish', async () => {
    const finish: (() => void)[] = [];
    // Two running and four waiting: the bound of masterImportGate.
    const occupying = Array.from({ length: 6 }, () => masterImportGate.run(() => new Promise<void>((resolve) => finish.push(resolve))));
    const code = unique('BUSY');
    const file = zipOf(xlsxEntries([['料号', '品名', '单位'], [code, '电容', 'PCS']]));
    const busy = await importXlsx(server, token, file);
    expect(busy.status).toBe(503);
    expect(busy.body.msg).toBe('服务器正忙：同时进行的导入过多，请稍后再试');
    const english = uploadForm('parts.xlsx', file);
    expect((await server.call('POST', '/Part/Import', { token, language: 'en', payload: english.payload, headers: english.headers })).body.msg).toBe(
      'The server is busy: too many imports at once, please try again later',
    );
    // The waiting ones start (and hand over their resolver) only as the running ones finish.
    for (let released = 0; released < occupying.length; ) {
      if (finish.length) {
        finish.shift()!();
        released++;
      } else {
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    await Promise.all(occupying);
    expect((await importXlsx(server, token, file)).body.msg).toBe('导入成功，共 1 行');
  }, 60_000);

  it('imports 70,000 rows in one go (batched statements, one transaction)', async () => {
    const prefix = unique('BULK');
    const rows = Array.from({ length: 70_000 }, (_, i) => [`${prefix}-${i}`, '批量物料', 'PCS', 100]);
    const file = zipOf(xlsxEntries([['料号', '品名', '单位', '最小包装量'], ...rows]));
    const answer = await importXlsx(server, token, file);
    expect(answer.body.msg).toBe('导入成功，共 70000 行');
    expect(await partCount(server, `${prefix}-`)).toBe(70_000);

    // The same file again with every quantity changed: 70,000 updates, batched too.
    const changed = zipOf(xlsxEntries([['料号', '品名', '单位', '最小包装量'], ...rows.map((row) => [...row.slice(0, 3), 200])]));
    expect((await importXlsx(server, token, changed)).body.msg).toBe('导入成功，共 70000 行');
    const { rows: updated } = await sql<{ n: string }>`select count(*) as n from md_part where code like ${`${prefix}-%`} and min_pack_qty = 200 and version = 2`.execute(server.db);
    expect(Number(updated[0].n)).toBe(70_000);
  }, 300_000);

  it('imports nothing of 70,000 rows when one near the end holds a value its column cannot, and says which row', async () => {
    const prefix = unique('BAD');
    const rows: (string | number)[][] = Array.from({ length: 70_000 }, (_, i) => [`${prefix}-${i}`, '批量物料', 'PCS', 100]);
    rows[69_990][3] = 1e15;
    const answer = await importXlsx(server, token, zipOf(xlsxEntries([['料号', '品名', '单位', '最小包装量'], ...rows])));
    expect(answer.body.msg).toBe('导入失败：1 行有错误，未写入任何数据，请下载错误报告');
    expect(answer.body.data.ERRORS).toEqual([{ ROW: 69_992, MESSAGE: '最小包装量 超出允许的范围' }]);
    expect(await partCount(server, `${prefix}-`)).toBe(0);
  }, 300_000);
});

it('the import gate runs two, queues four in order and refuses the next', async () => {
  const gate = createImportGate({ running: 2, waiting: 4 });
  const order: number[] = [];
  const release: (() => void)[] = [];
  const started = Array.from({ length: 6 }, (_, i) =>
    gate.run(async () => {
      order.push(i);
      await new Promise<void>((resolve) => release.push(resolve));
    }),
  );
  await Promise.resolve();
  expect(order).toEqual([0, 1]);
  await expect(gate.run(async () => 'late')).rejects.toBeInstanceOf(GateBusy);
  while (order.length < 6) {
    release.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  release.forEach((resolve) => resolve());
  await Promise.all(started);
  expect(await gate.run(async () => 'again')).toBe('again');
});
