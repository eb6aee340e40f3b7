/**
 * Issue 16: the server serves an interactive reference of the contract (Redoc over the bundled openapi, with each
 * call's x-permission shown) at /api-docs, from its own origin; API_REFERENCE=off turns it off.
 */
import { expect, it } from 'vitest';
import { configFromEnv } from '../../server/config.ts';
import { API_REFERENCE_PATH } from '../../server/http/api-reference.ts';
import { describeServer } from './support/test-server.ts';

describeServer('API reference', {}, (server) => {
  it('the page loads its script from this origin (the CSP allows no other), and that script starts Redoc on the contract', async () => {
    const page = await server.app.inject({ method: 'GET', url: API_REFERENCE_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`<script type="module" src="${API_REFERENCE_PATH}/start.js"></script>`);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script
    expect(page.body).not.toMatch(/https?:\/\//);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");

    const start = await server.app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/start.js` });
    expect(start.statusCode).toBe(200);
    expect(start.body).toContain(`from '${API_REFERENCE_PATH}/redoc.standalone.js'`);
    expect(start.body).toContain(`'${API_REFERENCE_PATH}/openapi.json'`);
    expect(start.body).toContain('"x-permission"');

    const bundle = await server.app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/redoc.standalone.js` });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/^text\/javascript/);
    expect(bundle.body).toMatch(/export\s*\{[^}]*\binit\b[^}]*\}/);
  });

  it('serves the bundled contract with every call and its x-permission, under the API base', async () => {
    const response = await server.app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/openapi.json` });
    expect(response.statusCode).toBe(200);
    const served = response.json() as { servers: { url: string }[]; paths: Record<string, Record<string, { 'x-permission'?: string }>> };
    expect(served.servers).toEqual([{ url: '/api' }]);
    expect(served.paths['/Bill/Save'].post['x-permission']).toBe('billType(body.BillType)#Save');
    expect(served.paths['/Auth/GetToken']).toBeDefined();
    const operations = Object.values(served.paths).flatMap((item) => Object.values(item));
    expect(operations.every((operation) => typeof operation['x-permission'] === 'string')).toBe(true);
  });
});

describeServer('API reference turned off', { config: { apiReference: false } }, (server) => {
  it('answers 404 with a sentence saying so, and serves neither the bundle nor the contract', async () => {
    const page = await server.app.inject({ method: 'GET', url: API_REFERENCE_PATH });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('API_REFERENCE=off');
    for (const file of ['start.js', 'redoc.standalone.js', 'openapi.json']) {
      const response = await server.app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/${file}` });
      expect(response.statusCode, file).toBe(404);
    }
  });
});

it('API_REFERENCE=off in the environment turns it off; unset leaves it on', () => {
  expect(configFromEnv({ API_REFERENCE: 'off' }).server.apiReference).toBe(false);
  expect(configFromEnv({ API_REFERENCE: 'OFF' }).server.apiReference).toBe(false);
  expect(configFromEnv({}).server.apiReference).toBe(true);
});
