/**
 * Receipt by a label's scan (issue 17; Bill/ConfirmReceiptByLabel): a vendor's GS1 or ECIA label
 * becomes a reel of the bill's line of its part, its serial number the reel code, and is received in
 * the same transaction; the bill's own reel codes are received as Confirm receipt does. Refused, with
 * nothing written: a label without a serial, a part the bill does not ask for, more than the line still
 * expects, a serial that is another reel already.
 */
import { gs1CheckDigit } from '../../src/shared/barcodes/gs1.ts';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { adminToken, F01 } from './support/masterdata.ts';
import { stockDisagreements } from './support/stock.ts';
import { describeServer, type TestServer } from './support/test-server.ts';

const RAW = { sic: 'RAW01', loc: 'RAW01-01' };
const GS = '\x1d';
const RS = '\x1e';
const EOT = '\x04';

const suffix = randomBytes(3).toString('hex').toUpperCase();
/** A part known by its GTIN (what a GS1 label carries as the part) and one by its plant part number. */
const GTIN_BODY = `0950600${String(parseInt(suffix, 16) % 1_000_000).padStart(6, '0')}`;
const GTIN_PART = `${GTIN_BODY}${gs1CheckDigit(GTIN_BODY)}`;
const PLAIN_PART = `BL-PLN-${suffix}`;
const OTHER_PART = `BL-OTH-${suffix}`;

const ecia = (fields: string[]) => `[)>${RS}06${GS}${fields.join(GS)}${RS}${EOT}`;

async function addParts(server: TestServer) {
  for (const code of [GTIN_PART, PLAIN_PART, OTHER_PART]) {
    await sql`insert into md_part (id, org_id, code, name, unit, iqc_required, min_pack_qty, enabled)
      values (gen_random_uuid()::text, ${F01}, ${code}, ${`Part ${code}`}, 'PCS', false, 100, true)`.execute(server.db);
  }
}

describeServer('bills: receipt by scanning a label', {}, (server) => {
  let token: string;
  beforeAll(async () => {
    token = await adminToken(server);
    await addParts(server);
  });

  const call = (name: string, body: unknown, language: 'zh-chs' | 'en' = 'zh-chs') => server.call('POST', `/Bill/${name}`, { token, body, language });
  const scan = (Id: string, Barcode: string, language: 'zh-chs' | 'en' = 'zh-chs') => call('ConfirmReceiptByLabel', { Id, Barcode }, language);
  async function saveAsn() {
    const lines = [
      { PartCode: GTIN_PART, Qty: '100', ToSic: RAW.sic, ToLoc: RAW.loc },
      { PartCode: PLAIN_PART, Qty: '5000', ToSic: RAW.sic, ToLoc: RAW.loc },
    ];
    const { status, body } = await call('Save', { BillType: 'ASN', VendorCode: 'V0001', Description: 'label receipt', Lines: lines });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data as { Id: string; BillCode: string };
  }
  const reel = async (code: string) =>
    (await sql<{ part_code: string; qty: string; lot_code: string; date_code: string | null; expire_date: string | null; status: string; sic: string | null; bill_code: string | null }>`
      select part_code, qty::text, lot_code, date_code, expire_date::text, status, sic, bill_code from stock_reels where org_id = ${F01} and reel_code = ${code}`.execute(server.db)).rows[0];
  const reelCount = async (billCode: string) =>
    Number((await sql<{ n: string }>`select count(*)::text as n from stock_reels where org_id = ${F01} and bill_code = ${billCode}`.execute(server.db)).rows[0].n);
  /** Both languages of a refused scan, and that it wrote no reel. */
  async function refused(Id: string, billCode: string, barcode: string) {
    const before = await reelCount(billCode);
    const zh = await scan(Id, barcode, 'zh-chs');
    const en = await scan(Id, barcode, 'en');
    expect(await reelCount(billCode)).toBe(before);
    return { status: zh.status, zh: zh.body.msg, en: en.body.msg };
  }

  it('receives an ECIA label as a new reel of its part: the serial is the reel code, with its quantity, lot and date code; a second scan changes nothing', async () => {
    const bill = await saveAsn();
    const serial = `ECIA-${suffix}-1`;
    const label = ecia([`P${PLAIN_PART}`, 'Q2500', '1TLOT-E1', '9D2411', `S${serial}`]);
    const first = await scan(bill.Id, label);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ Status: 'PROCESSING', Reels: [{ ReelCode: serial, Status: 'RECEIVED', LineNo: 2, Qty: '2500' }], Lines: [{ LineNo: 2, ActualQty: '2500', BalanceQty: '2500' }] });
    expect(await reel(serial)).toEqual({ part_code: PLAIN_PART, qty: '2500.000000', lot_code: 'LOT-E1', date_code: '2411', expire_date: null, status: 'IN_STOCK', sic: RAW.sic, bill_code: bill.BillCode });

    const again = await scan(bill.Id, label);
    expect(again.status).toBe(200);
    expect(await reelCount(bill.BillCode)).toBe(1);
    expect((await reel(serial)).qty).toBe('2500.000000');
    expect(await stockDisagreements(server.db, F01)).toEqual([]);
  });

  it('receives a GS1 label with a symbology prefix: the GTIN is the part, (21) the reel code, (17) the expiry', async () => {
    const bill = await saveAsn();
    const serial = `G${suffix}1`;
    const label = `]d2${GS}01${GTIN_PART}17261200` + `10LOT-G1${GS}3040${GS}21${serial}`;
    const received = await scan(bill.Id, label);
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(await reel(serial)).toMatchObject({ part_code: GTIN_PART, qty: '40.000000', lot_code: 'LOT-G1', expire_date: '2026-12-31', status: 'IN_STOCK' });
    expect(await stockDisagreements(server.db, F01)).toEqual([]);
  });

  it('two operators scanning at once: a label scanned four times is one reel, and labels that together exceed the line are not all taken', async () => {
    const bill = await saveAsn();
    const same = ecia([`P${PLAIN_PART}`, 'Q1000', '1TLOT-C1', `SCC-${suffix}-1`]);
    // The line expects 5,000: 1,000 + three labels of 2,000 cannot all fit.
    const big = [2, 3, 4].map((n) => ecia([`P${PLAIN_PART}`, 'Q2000', '1TLOT-C1', `SCC-${suffix}-${n}`]));
    const answers = await Promise.all([...Array.from({ length: 4 }, () => scan(bill.Id, same)), ...big.map((label) => scan(bill.Id, label))]);
    expect(answers.slice(0, 4).map((a) => a.status)).toEqual([200, 200, 200, 200]);
    // Two of the big labels fit after the first (1,000 + 2 × 2,000 = 5,000); the third is refused as over the line.
    expect(answers.slice(4).map((a) => a.status).sort()).toEqual([200, 200, 409]);
    const { rows } = await sql<{ reel_code: string; qty: string }>`
      select reel_code, qty::text from stock_reels where org_id = ${F01} and bill_code = ${bill.BillCode} order by reel_code`.execute(server.db);
    // ECIA's S field is the serial: the reel code is what follows the S.
    expect(rows.filter((r) => r.reel_code === `CC-${suffix}-1`)).toEqual([{ reel_code: `CC-${suffix}-1`, qty: '1000.000000' }]);
    expect(rows.reduce((sum, r) => sum + Number(r.qty), 0)).toBe(5000);
    const read = await server.call('GET', '/Bill/Get', { token, query: { id: bill.Id } });
    expect(read.body.data.Lines.find((l: { LineNo: number }) => l.LineNo === 2)).toMatchObject({ ActualQty: '5000', BalanceQty: '0' });
    const { rows: moves } = await sql<{ n: string }>`select count(*)::text as n from stock_transactions where bill_code = ${bill.BillCode}`.execute(server.db);
    expect(Number(moves[0].n)).toBe(3);
    expect(await stockDisagreements(server.db, F01)).toEqual([]);
  });

  it("receives one of the bill's own reel codes as Confirm receipt does", async () => {
    const bill = await saveAsn();
    const created = await call('CreateReels', { Id: bill.Id, LineNo: 1 });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const own = created.body.data.Reels[0].ReelCode as string;
    const received = await scan(bill.Id, ` ${own} `);
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.data.Reels).toEqual(expect.arrayContaining([expect.objectContaining({ ReelCode: own, Status: 'RECEIVED' })]));
    expect((await reel(own)).status).toBe('IN_STOCK');
  });

  it('refuses, writing nothing: no serial, a part not on the bill, more than the line still expects, a serial that is another reel', async () => {
    const bill = await saveAsn();
    expect(await refused(bill.Id, bill.BillCode, ecia([`P${PLAIN_PART}`, 'Q10']))).toEqual({
      status: 400,
      zh: '该标签没有料盘序列号（GS1 (21) 或 ECIA S），无法确定是哪一盘；请先为该行生成条码，贴本系统标签后再扫描',
      en: "The label has no reel serial number (GS1 (21) or ECIA S), so it does not say which reel it is; create the line's reels and scan our own reel labels instead",
    });
    expect(await refused(bill.Id, bill.BillCode, ecia([`P${OTHER_PART}`, 'Q10', `SX-${suffix}`]))).toEqual({
      status: 409,
      zh: `条码 X-${suffix} 的料号 ${OTHER_PART} 不在单据 ${bill.BillCode} 中`,
      en: `The reel X-${suffix} holds the part ${OTHER_PART}, which the bill ${bill.BillCode} does not ask for`,
    });
    expect(await refused(bill.Id, bill.BillCode, ecia([`P${PLAIN_PART}`, 'Q5001', `SBIG-${suffix}`]))).toEqual({
      status: 409,
      zh: `标签数量 5001 超过单据 ${bill.BillCode} 中料号 ${PLAIN_PART} 的未收数量 5000`,
      en: `The label says 5001 of ${PLAIN_PART}, more than the 5000 the bill ${bill.BillCode} still expects`,
    });
    const elsewhere = await saveAsn();
    expect((await scan(elsewhere.Id, ecia([`P${PLAIN_PART}`, 'Q10', `STAKEN-${suffix}`]))).status).toBe(200);
    expect(await refused(bill.Id, bill.BillCode, ecia([`P${PLAIN_PART}`, 'Q10', `STAKEN-${suffix}`]))).toEqual({
      status: 409,
      zh: `条码 TAKEN-${suffix} 已存在`,
      en: `The reel TAKEN-${suffix} already exists`,
    });
    expect(await stockDisagreements(server.db, F01)).toEqual([]);
  });
});
