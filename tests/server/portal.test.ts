import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeServer } from './support/test-server.ts';

// A stand-in for `vite build` output.
const dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>portal</title>');
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("app")');

describeServer('the built portal', { staticDir: dist }, (server) => {
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
});
