/** The reference print agent's Printer/Print (issue 17): a label document to a printer, spooled to a folder. */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildPrintAgent } from '../../../print-agent/agent';
import { listPrinterSource } from '../../../print-agent/printers';
import { folderSpool } from '../../../print-agent/spool';

const PORTAL = 'http://localhost:8080';
const PDF = Buffer.from('%PDF-1.7\n% a label\n%%EOF\n');
const ZPL = Buffer.from('^XA\n^FO16,16^A0N,21,21^FD贴片电阻^FS\n^XZ\n');
let agent: FastifyInstance | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

async function start(withSpool = true) {
  const dir = mkdtempSync(path.join(tmpdir(), 'spool-'));
  agent = await buildPrintAgent({
    printers: listPrinterSource(['Zebra ZT410', 'Office laser']),
    allowedOrigins: [PORTAL],
    ...(withSpool ? { spool: folderSpool(dir, () => new Date('2026-11-25T10:00:00Z')) } : {}),
  });
  return { app: agent, dir };
}
const print = (app: FastifyInstance, payload: object, origin?: string) =>
  app.inject({ method: 'POST', url: '/Printer/Print', payload, headers: origin ? { origin } : {} });

describe('print agent Printer/Print', () => {
  it('spools a PDF and a ZPL job to its folder, byte for byte, and names the job', async () => {
    const { app, dir } = await start();
    const pdf = await print(app, { PrintName: 'Office laser', Format: 'pdf', Content: PDF.toString('base64'), Title: 'RL0001' }, PORTAL);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['access-control-allow-origin']).toBe(PORTAL);
    expect(pdf.json()).toEqual({ Code: 1, Msg: '', Data: '2026-11-25T10-00-00-000Z-0001-Office_laser-RL0001.pdf' });
    const zpl = await print(app, { PrintName: 'Zebra ZT410', Format: 'zpl', Content: ZPL.toString('base64'), Copies: 2, Title: '3 labels' });
    expect(zpl.json().Data).toBe('2026-11-25T10-00-00-000Z-0002-Zebra_ZT410-3_labels-2copies.zpl');
    expect(readdirSync(dir).sort()).toEqual([pdf.json().Data, zpl.json().Data]);
    expect(readFileSync(path.join(dir, pdf.json().Data))).toEqual(PDF);
    expect(readFileSync(path.join(dir, zpl.json().Data), 'utf8')).toBe(ZPL.toString('utf8'));
  });

  it('refuses with Code 0 and a reason, printing nothing: unknown printer, not the format said, no spool', async () => {
    const { app, dir } = await start();
    expect((await print(app, { PrintName: 'Ghost', Format: 'pdf', Content: PDF.toString('base64') })).json()).toEqual({ Code: 0, Msg: 'Printer not found: Ghost', Data: '' });
    expect((await print(app, { PrintName: 'Office laser', Format: 'pdf', Content: ZPL.toString('base64') })).json().Msg).toBe('Content is not a PDF document');
    expect((await print(app, { PrintName: 'Zebra ZT410', Format: 'zpl', Content: PDF.toString('base64') })).json().Msg).toBe('Content is not a ZPL document');
    expect((await print(app, { PrintName: 'Zebra ZT410', Format: 'zpl', Content: '***' })).json().Msg).toBe('Content is not base64');
    expect(readdirSync(dir)).toEqual([]);
    const bare = await start(false);
    expect((await print(bare.app, { PrintName: 'Zebra ZT410', Format: 'pdf', Content: PDF.toString('base64') })).json()).toEqual({ Code: 0, Msg: 'This print service cannot print', Data: '' });
  });

  it('rejects a body the contract forbids (400, Code 0)', async () => {
    const { app } = await start();
    for (const payload of [{}, { PrintName: 'Zebra ZT410', Format: 'png', Content: 'AA==' }, { PrintName: 'Zebra ZT410', Format: 'pdf', Content: '' }, { PrintName: 'Zebra ZT410', Format: 'pdf', Content: 'AA==', Copies: 0 }]) {
      const response = await print(app, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().Code).toBe(0);
    }
  });

  it('takes a document of a few MB (500 labels)', async () => {
    const { app, dir } = await start();
    const big = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    const response = await print(app, { PrintName: 'Office laser', Format: 'pdf', Content: big.toString('base64') });
    expect(response.json().Code).toBe(1);
    expect(readFileSync(path.join(dir, response.json().Data)).length).toBe(big.length);
  });
});
