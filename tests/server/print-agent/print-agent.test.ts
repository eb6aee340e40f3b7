/** The reference local print agent (print-agent/): the spec §7 printer API, its contract and its CORS fence. */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildPrintAgent } from '../../../print-agent/agent';
import { choosePrinterSource, cupsPrinterSource, listPrinterSource } from '../../../print-agent/printers';

const PORTAL = 'http://localhost:8080';
let agent: FastifyInstance | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

async function start(names = ['Zebra ZT410', 'Office laser'], chosen: string[] = []) {
  agent = await buildPrintAgent({
    printers: listPrinterSource(names),
    allowedOrigins: [PORTAL],
    onPrinterChosen: (name) => void chosen.push(name),
  });
  return agent;
}

describe('print agent API', () => {
  it('lists the printers and starts with the system default as current', async () => {
    const app = await start();
    expect((await app.inject('/Printer/GetPrintList')).json()).toEqual({ Code: 1, Msg: '', Data: ['Zebra ZT410', 'Office laser'] });
    expect((await app.inject('/Printer/GetCurrentPrintName')).json()).toEqual({ Code: 1, Msg: '', Data: 'Zebra ZT410' });
  });

  it('saves a listed printer as current and reports the choice', async () => {
    const chosen: string[] = [];
    const app = await start(undefined, chosen);
    const saved = await app.inject({ method: 'POST', url: '/Printer/SetPrintName', payload: { PrintName: 'Office laser' } });
    expect(saved.json()).toEqual({ Code: 1, Msg: '', Data: 'Office laser' });
    expect((await app.inject('/Printer/GetCurrentPrintName')).json().Data).toBe('Office laser');
    expect(chosen).toEqual(['Office laser']);
  });

  it('refuses a printer that is not installed with Code 0 and a reason, changing nothing', async () => {
    const app = await start();
    const refused = await app.inject({ method: 'POST', url: '/Printer/SetPrintName', payload: { PrintName: 'Ghost' } });
    expect(refused.json()).toEqual({ Code: 0, Msg: 'Printer not found: Ghost', Data: '' });
    expect((await app.inject('/Printer/GetCurrentPrintName')).json().Data).toBe('Zebra ZT410');
  });

  it('rejects a body the contract forbids (400, Code 0)', async () => {
    const app = await start();
    for (const payload of [{}, { PrintName: '' }, { PrintName: 'Office laser', extra: 1 }]) {
      const response = await app.inject({ method: 'POST', url: '/Printer/SetPrintName', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().Code).toBe(0);
    }
  });

  it('with no printers, current is empty', async () => {
    const app = await start([]);
    expect((await app.inject('/Printer/GetCurrentPrintName')).json()).toEqual({ Code: 1, Msg: '', Data: '' });
  });
});

describe('print agent CORS', () => {
  it('answers the portal origin, including the private-network preflight', async () => {
    const app = await start();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/Printer/SetPrintName',
      headers: { origin: PORTAL, 'access-control-request-method': 'POST', 'access-control-request-private-network': 'true' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(PORTAL);
    expect(preflight.headers['access-control-allow-private-network']).toBe('true');
    const list = await app.inject({ url: '/Printer/GetPrintList', headers: { origin: PORTAL } });
    expect(list.headers['access-control-allow-origin']).toBe(PORTAL);
  });

  it('refuses any other web page, so it cannot read or change the printer', async () => {
    const app = await start();
    const read = await app.inject({ url: '/Printer/GetPrintList', headers: { origin: 'http://evil.test' } });
    expect(read.statusCode).toBe(403);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const write = await app.inject({
      method: 'POST',
      url: '/Printer/SetPrintName',
      headers: { origin: 'http://evil.test' },
      payload: { PrintName: 'Office laser' },
    });
    expect(write.statusCode).toBe(403);
    expect((await app.inject('/Printer/GetCurrentPrintName')).json().Data).toBe('Zebra ZT410');
  });
});

describe('printer sources', () => {
  it('PRINT_AGENT_PRINTERS gives an explicit list', async () => {
    const source = await choosePrinterSource({ PRINT_AGENT_PRINTERS: ' A , B ,' });
    expect(await source.list()).toEqual(['A', 'B']);
  });

  it('reads CUPS destinations and the default from lpstat', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lpstat-'));
    const fake = path.join(dir, 'lpstat');
    writeFileSync(
      fake,
      '#!/bin/sh\nif [ "$1" = "-e" ]; then printf "Zebra_ZT410\\nOffice_Laser\\n"; else echo "system default destination: Office_Laser"; fi\n',
    );
    chmodSync(fake, 0o755);
    const source = cupsPrinterSource(fake);
    expect(await source.list()).toEqual(['Zebra_ZT410', 'Office_Laser']);
    expect(await source.systemDefault()).toBe('Office_Laser');
  });
});
