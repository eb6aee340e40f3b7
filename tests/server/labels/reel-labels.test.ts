/**
 * Reel labels (issue 17; server/modules/labels): a PDF and a ZPL of reel labels rendered from the
 * default template, the PDF read back like a scanner would (pdftoppm at 300 dpi, zxing-wasm) to the
 * exact reel code (Code 128) and GS1 string (GS1 DataMatrix); the ZPL's ^BC/^BX fields checked to
 * carry the same data (ZPL cannot be rasterised here: no Zebra printer or ZPL renderer); and
 * Reel/PrintLabel recording print count, date and printer, all reels or none.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LABEL_TEMPLATE, LABEL_TEMPLATES } from '../../../src/shared/labels/templates.ts';
import { normaliseGtin, reelGs1 } from '../../../server/modules/labels/gs1.ts';
import { renderLabelsPdf, renderLabelsZpl } from '../../../server/modules/labels/render.ts';
import { LABEL_FONT_CANDIDATES, labelFontFile } from '../../../server/modules/labels/labelFont.ts';
import { registerReels } from '../../../server/modules/stock/reels.ts';
import { decodePng, pdfFonts, pdfPages, pdfText } from '../support/barcodes.ts';
import { adminToken, F01 } from '../support/masterdata.ts';
import { describeServer } from '../support/test-server.ts';

const suffix = randomBytes(3).toString('hex').toUpperCase();
const PART = `LBL-${suffix}`;
const REELS = [`RL${suffix}-0001`, `RL${suffix}-0002`, `RL${suffix}-0003`];
const GS = '\u001d';

describe('the GS1 content of a reel label', () => {
  it('is (01) GTIN if any, (10) lot, (30) quantity, (21) reel code, GS after each variable field but the last', () => {
    expect(reelGs1({ reelCode: 'R1', lotCode: 'L-7', qty: '2500', gtin: '4006381333931' })).toMatchObject({
      bracketed: '(01)04006381333931(10)L-7(30)2500(21)R1',
      elementString: `0104006381333931` + `10L-7${GS}302500${GS}21R1`,
    });
    expect(reelGs1({ reelCode: 'R1', lotCode: 'L-7', qty: '2500' }).elementString).toBe(`10L-7${GS}302500${GS}21R1`);
  });
  it('leaves out what its AI cannot carry: a bad GTIN, an empty or too long lot, a fractional quantity', () => {
    expect(normaliseGtin('4006381333932')).toBeUndefined();
    expect(reelGs1({ reelCode: 'R1', lotCode: '', qty: '2.5', gtin: '123' }).bracketed).toBe('(21)R1');
    expect(reelGs1({ reelCode: 'R1', lotCode: 'L'.repeat(21), qty: '2500.000000' }).bracketed).toBe('(30)2500(21)R1');
  });
  it('refuses a reel code (21) cannot carry', () => {
    expect(() => reelGs1({ reelCode: 'R'.repeat(21), qty: '1' })).toThrow();
    expect(() => reelGs1({ reelCode: 'R(1)', qty: '1' })).toThrow();
  });
});

/** The fields of a ZPL format: each ^FO… up to ^FS as {command, data}. */
function zplFields(zpl: string) {
  return [...zpl.matchAll(/\^FO\d+,\d+(?:\^BY\d+)?\^(B[CXQ]|A)[^^]*(?:\^FH_)?\^FD([^^]*)\^FS/g)].map((m) => ({ command: m[1], data: m[2] }));
}

describeServer('reel labels', {}, (server) => {
  let token: string;
  beforeAll(async () => {
    token = await adminToken(server);
    await sql`insert into md_part (id, org_id, code, name, unit, min_pack_qty, enabled)
      values (gen_random_uuid()::text, ${F01}, ${PART}, ${'Chip resistor 10K 0402'}, 'PCS', 100, true)`.execute(server.db);
    await registerReels(server.db, F01, [
      { reelCode: REELS[0]!, partCode: PART, qty: '5000', lotCode: 'L2611A', dateCode: '2647', vendorCode: 'V001', expireDate: '2027-11-25' },
      { reelCode: REELS[1]!, partCode: PART, qty: '2500', lotCode: 'L2611B' },
      { reelCode: REELS[2]!, partCode: PART, qty: '12.5' },
    ]);
  });
  const post = (path: string, body: unknown, language: 'zh-chs' | 'en' = 'zh-chs') => server.call('POST', path, { token, body, language });
  const printing = async (code: string) =>
    server.db.selectFrom('stock_reels').select(['print_count', 'print_date', 'printer']).where('org_id', '=', F01).where('reel_code', '=', code).executeTakeFirstOrThrow();

  it('renders a PDF, one page per reel, whose barcodes read back to the exact reel code and GS1 string', async () => {
    const response = await post('/Reel/Label', { ReelCodes: REELS, Format: 'pdf' });
    expect(response.status).toBe(200);
    expect(response.contentType).toBe('application/pdf');
    expect(response.rawBody.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPages(response.rawBody);
    expect(pages).toHaveLength(3);

    const first = await decodePng(pages[0]!);
    expect(first.map((r) => [r.format, r.text]).sort()).toEqual([
      ['Code128', REELS[0]],
      ['DataMatrix', `10L2611A${GS}305000${GS}21${REELS[0]}`],
    ]);
    expect(first.find((r) => r.format === 'DataMatrix')!.symbologyIdentifier).toBe(']d2'); // GS1 DataMatrix (FNC1 first)
    const hri = await decodePng(pages[0]!, 'HRI');
    expect(hri.find((r) => r.format === 'DataMatrix')!.text).toBe(`(10)L2611A(30)5000(21)${REELS[0]}`);

    // No lot: (10) left out; a fractional quantity: (30) left out.
    const third = await decodePng(pages[2]!);
    expect(third.map((r) => [r.format, r.text]).sort()).toEqual([
      ['Code128', REELS[2]],
      ['DataMatrix', `21${REELS[2]}`],
    ]);
  });

  it('renders the QR template too, its QR code carrying the reel code', async () => {
    const response = await post('/Reel/Label', { ReelCodes: [REELS[1]], Format: 'pdf', TemplateCode: 'REEL_60X40_QR' });
    const [page] = await pdfPages(response.rawBody);
    expect((await decodePng(page!)).map((r) => [r.format, r.text]).sort()).toEqual([
      ['Code128', REELS[1]],
      ['QRCode', REELS[1]],
    ]);
  });

  it('renders ZPL whose ^BC and ^BX fields carry the same data', async () => {
    const response = await post('/Reel/Label', { ReelCodes: REELS.slice(0, 2), Format: 'zpl' });
    expect(response.status).toBe(200);
    expect(response.contentType).toMatch(/^text\/plain/);
    const zpl = response.rawBody.toString('utf8');
    const formats = zpl.split('^XZ').filter((part) => part.includes('^XA'));
    expect(formats).toHaveLength(2);
    const fields = zplFields(formats[0]!);
    expect(fields.filter((f) => f.command === 'BC')).toEqual([{ command: 'BC', data: REELS[0] }]);
    // '#' is the escape character of the ^BX (…,,,,#): '#1' is FNC1, first (GS1) and after each variable field.
    expect(fields.filter((f) => f.command === 'BX')).toEqual([{ command: 'BX', data: `#110L2611A#1305000#121${REELS[0]}` }]);
    expect(formats[0]).toMatch(/\^BXN,\d+,200,,,,#\^FD/);
    expect(formats[0]).toMatch(/\^BCN,\d+,N,N,N,A\^FH_\^FD/);
    expect(fields.filter((f) => f.command === 'A').map((f) => f.data)).toEqual([
      REELS[0],
      `P/N: ${PART}`,
      'Desc: Chip resistor 10K 0402',
      'Qty: 5000',
      'Lot: L2611A',
      'D/C: 2647',
      'Vendor: V001',
      'Exp: 2027-11-25',
    ]);
    expect(zplFields(formats[1]!).find((f) => f.command === 'BX')!.data).toBe(`#110L2611B#1302500#121${REELS[1]}`);
  });

  it('sets a Chinese part name in the embedded label font (a subset, not the megabytes of the file), Latin-only labels in Helvetica alone', async () => {
    // .ci/run installs fonts-wqy-microhei; the renderer takes the first of these that exists.
    expect(labelFontFile()?.path, `one of ${LABEL_FONT_CANDIDATES.join(', ')}`).toBeTruthy();
    const chinese = await renderLabelsPdf(DEFAULT_LABEL_TEMPLATE, [{ reelCode: 'R1', partCode: 'P1', partName: '贴片电阻 10KΩ ±1%', qty: '1' }]);
    expect(await pdfText(chinese)).toContain('Desc: 贴片电阻 10KΩ ±1%');
    const fonts = await pdfFonts(chinese);
    expect(fonts.some((font) => /WenQuanYi|ZenHei|UMing/i.test(font)), fonts.join(', ')).toBe(true);
    // Subset to the characters drawn: the font file is megabytes.
    expect(chinese.length).toBeLessThan(40_000);

    const latin = await renderLabelsPdf(DEFAULT_LABEL_TEMPLATE, [{ reelCode: 'R1', partCode: 'P1', partName: 'Chip resistor', qty: '1' }]);
    expect((await pdfFonts(latin)).sort()).toEqual(['Helvetica', 'Helvetica-Bold']);
  });

  it('sets CJK text in the printer font E:ANMDS.TTF and escapes ZPL command characters', () => {
    const zpl = renderLabelsZpl(DEFAULT_LABEL_TEMPLATE, [{ reelCode: 'R1', partCode: 'P^1~_', partName: '贴片电阻', qty: '1' }]);
    expect(zpl).toContain('^A@N,21,21,E:ANMDS.TTF^FH_^FDDesc: 贴片电阻^FS');
    expect(zpl).toContain('^FDP/N: P_5E1_7E_5F^FS');
    expect(zpl.startsWith('^XA\n^CI28\n')).toBe(true);
    const qr = renderLabelsZpl(LABEL_TEMPLATES.find((t) => t.matrix === 'QR')!, [{ reelCode: 'R1', partCode: 'P1', qty: '1' }]);
    expect(qr).toMatch(/\^BQN,2,\d+\^FH_\^FDMA,R1\^FS/);
  });

  it('records each print: count + 1, date, printer; a reprint counts', async () => {
    const before = Date.now();
    const once = await post('/Reel/PrintLabel', { ReelCodes: [REELS[0]], Printer: 'Zebra ZT410' });
    expect(once.status).toBe(200);
    expect(once.body.data).toEqual([{ ReelCode: REELS[0], PrintCount: 1, PrintDate: expect.any(String), Printer: 'Zebra ZT410' }]);
    const twice = await post('/Reel/PrintLabel', { ReelCodes: [REELS[0], REELS[1]], Printer: 'Office laser' });
    expect(twice.body.data).toEqual([
      { ReelCode: REELS[0], PrintCount: 2, PrintDate: expect.any(String), Printer: 'Office laser' },
      { ReelCode: REELS[1], PrintCount: 1, PrintDate: expect.any(String), Printer: 'Office laser' },
    ]);
    const row = await printing(REELS[0]!);
    expect(row.print_count).toBe(2);
    expect(row.printer).toBe('Office laser');
    expect(new Date(row.print_date!).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses the whole print when a reel is unknown, in both languages, recording nothing', async () => {
    const before = await printing(REELS[1]!);
    const ghost = `GHOST${suffix}`;
    const zh = await post('/Reel/PrintLabel', { ReelCodes: [REELS[1], ghost], Printer: 'Zebra ZT410' });
    expect(zh.status).toBe(404);
    expect(zh.body.msg).toBe(`条码 ${ghost} 不存在，未打印也未记录任何条码`);
    const en = await post('/Reel/PrintLabel', { ReelCodes: [REELS[1], ghost], Printer: 'Zebra ZT410' }, 'en');
    expect(en.body.msg).toBe(`These reels do not exist: ${ghost}. Nothing was printed or recorded`);
    expect(await printing(REELS[1]!)).toEqual(before);
    const label = await post('/Reel/Label', { ReelCodes: [ghost], Format: 'pdf' }, 'en');
    expect(label.status).toBe(404);
    expect(label.body.msg).toBe(`These reels do not exist: ${ghost}. Nothing was printed or recorded`);
  });

  it('the reel grid (/reel/generate) shows the print count and the status by name, never its code, newest reel first', async () => {
    const columns = await server.call('GET', '/ListParam/GetIntiTableColumnList', { token, language: 'en', query: { LIST_ROUTE: '/reel/generate' } });
    type Column = { COLUMN_NAME: string; COLUMN_CAPTION: string; IS_VISIBLE?: string; LABELS?: { CODE: string; NAME: string }[] };
    const byName = new Map((columns.body.data as Column[]).map((c) => [c.COLUMN_NAME, c]));
    expect(byName.get('print_count')?.COLUMN_CAPTION).toBe('Print count');
    expect(byName.get('status')?.LABELS).toEqual(expect.arrayContaining([{ CODE: 'CREATED', NAME: 'Not received' }, { CODE: 'IN_STOCK', NAME: 'In stock' }]));
    expect([byName.get('org_id')?.IS_VISIBLE, byName.get('created_at')?.IS_VISIBLE]).toEqual(['N', 'N']);
    const rows = await server.call('POST', '/ListParam/QueryData', { token, body: { LIST_ROUTE: '/reel/generate', Page: 1, Limit: 1000 } });
    expect(rows.body.data.rows.find((r: { reel_code: string }) => r.reel_code === REELS[0])).toMatchObject({ print_count: 2, printer: 'Office laser' });
    // Newest first: a reel just registered heads the first page, ready to print.
    await registerReels(server.db, F01, [{ reelCode: `RL${suffix}-NEW`, partCode: PART, qty: '1' }]);
    const first = await server.call('POST', '/ListParam/QueryData', { token, body: { LIST_ROUTE: '/reel/generate', Page: 1, Limit: 1 } });
    expect(first.body.data.rows.map((r: { reel_code: string }) => r.reel_code)).toEqual([`RL${suffix}-NEW`]);
  });

  it('refuses an unknown template and more than 500 reels with a 400', async () => {
    const template = await post('/Reel/Label', { ReelCodes: [REELS[0]], Format: 'zpl', TemplateCode: 'NOPE' }, 'en');
    expect(template.status).toBe(400);
    expect(template.body.msg).toBe('The label template NOPE does not exist');
    const many = await post('/Reel/PrintLabel', { ReelCodes: Array.from({ length: 501 }, (_, i) => `R${i}`), Printer: 'P' });
    expect(many.status).toBe(400);
    expect(LABEL_TEMPLATES.length).toBeGreaterThan(1);
  });
});
