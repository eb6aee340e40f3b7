import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, expect, it } from 'vitest';
import { precompressDirectory } from '../../build-tools/precompress.ts';
import { DEMO_REELS_LIST_ROUTE } from '../../server/db/seed/demo-list-data.ts';
import { describeServer } from './support/test-server.ts';

// A stand-in for `vite build` output, compressed as the build's plugin compresses it.
const dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>portal</title>');
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("app")');
// Large enough to be worth compressing, like any real chunk.
const chunk = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${JSON.stringify(`text ${i}`)};`).join('\n');
writeFileSync(path.join(dist, 'assets', 'chunk-Ab12Cd34.js'), chunk);
await precompressDirectory(dist);

const decoded = (encoding: string | undefined, raw: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;

describeServer('the built portal', { staticDir: dist }, (server) => {
  let token: string;
  beforeAll(async () => {
    token = (await server.login('ADMIN', 'admin123', 'org-f01')).Token;
  });

  it('serves its files', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app")');
  });

  it('answers client routes with index.html so deep links and reloads work', async () => {
    for (const url of ['/', '/login', '/masterdata/part', '/bill/master/IN?x=1']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>portal</title>');
    }
  });

  it('keeps unknown API addresses a 404 Problem, not the page', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/Nothing/Here', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, msg: 'Request address error', data: null });
  });

  it('sends a built script as its brotli or gzip copy, whichever the browser takes, with the same content', async () => {
    for (const [accept, encoding, copy] of [
      ['gzip, deflate, br', 'br', 'br'],
      ['gzip', 'gzip', 'gz'],
    ] as const) {
      const response = await server.app.inject({ method: 'GET', url: '/assets/chunk-Ab12Cd34.js', headers: { 'accept-encoding': accept } });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers['content-type'], accept).toMatch(/javascript/);
      // The copy written at build time, not one compressed for this request.
      expect(response.rawPayload.equals(readFileSync(path.join(dist, 'assets', `chunk-Ab12Cd34.js.${copy}`))), accept).toBe(true);
      expect(decoded(encoding, response.rawPayload).toString(), accept).toBe(chunk);
    }
    const plain = await server.app.inject({ method: 'GET', url: '/assets/chunk-Ab12Cd34.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(chunk);
  });

  it('lets browsers keep hashed files for a year and revalidate the page that names them', async () => {
    const asset = await server.app.inject({ method: 'GET', url: '/assets/chunk-Ab12Cd34.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/masterdata/part']) {
      const page = await server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('compresses a large API answer for a browser that accepts it, and leaves it plain for one that does not', async () => {
    const query = {
      method: 'POST' as const,
      url: '/api/ListParam/QueryData',
      payload: { LIST_ROUTE: DEMO_REELS_LIST_ROUTE, Page: 1, Limit: 1000 },
    };
    const plain = await server.app.inject({ ...query, headers: { authorization: `Bearer ${token}` } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(4096);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await server.app.inject({ ...query, headers: { authorization: `Bearer ${token}`, 'accept-encoding': accept } });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decoded(encoding, response.rawPayload).toString()), accept).toEqual(plain.json());
    }
  });

  it('sends a small API answer as it is: compressing it would save nothing', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/Auth/GetPublicKey', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
