/**
 * Issue 11 defect 9: every answer, the portal page as well as the API, carries the security headers;
 * the server listens on this machine only unless HOST says otherwise.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { configFromEnv } from '../../server/config.ts';
import { describeServer } from './support/test-server.ts';

const dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>portal</title>');

/** The CSP header as directive -> sources. */
function policyOf(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  const policy = policyOf(headers['content-security-policy']);
  expect(policy['frame-ancestors']).toEqual(["'self'"]);
  // WebAssembly (the scanning page's barcode reader) but no eval.
  expect(policy['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  // antd 5 writes its styles into <style> elements at run time.
  expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  return policy;
}

describeServer('security headers', { staticDir: dist }, (server) => {
  it('the portal page carries them, deep links included', async () => {
    for (const url of ['/', '/login', '/masterdata/part']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expectSecurityHeaders(response.headers);
    }
  });

  it('API answers carry them, errors included', async () => {
    const ok = await server.app.inject({ method: 'GET', url: '/api/Auth/GetPublicKey' });
    expect(ok.statusCode).toBe(200);
    expectSecurityHeaders(ok.headers);
    const refused = await server.app.inject({ method: 'GET', url: '/api/User/GetOrgInfo' });
    expect(refused.statusCode).toBe(400);
    expectSecurityHeaders(refused.headers);
    const unknown = await server.app.inject({ method: 'GET', url: '/api/No/Such' });
    expect(unknown.statusCode).toBe(404);
    expectSecurityHeaders(unknown.headers);
  });

  it('without FRAME_ORIGINS child apps and iframe menus may be on any http(s) origin', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/' });
    expect(policyOf(response.headers['content-security-policy'])['frame-src']).toEqual(["'self'", 'blob:', 'http:', 'https:']);
  });
});

describeServer('security headers with FRAME_ORIGINS', { staticDir: dist, config: configFromEnv({ FRAME_ORIGINS: 'https://mes.example.com, http://10.0.0.5:9000' }).server }, (server) => {
  it('frames only the portal itself, its own documents (blob:, the label preview) and the listed origins', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/' });
    expect(policyOf(response.headers['content-security-policy'])['frame-src']).toEqual(["'self'", 'blob:', 'https://mes.example.com', 'http://10.0.0.5:9000']);
  });
});

it('the server listens on 127.0.0.1 unless HOST says otherwise', () => {
  expect(configFromEnv({}).host).toBe('127.0.0.1');
  expect(configFromEnv({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
});
