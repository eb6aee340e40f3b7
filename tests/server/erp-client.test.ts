/**
 * The ERP bridge's one call (server/modules/erp/client.ts) against endpoints that misbehave: an answer larger
 * than the limit is refused in words, whether it says its length or streams without end, and the server reads
 * no further than the limit (its memory stays bounded whatever the endpoint sends).
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { translate } from '../../src/shared/messages/catalogue.ts';

process.env.ERP_MAX_ANSWER_BYTES = String(64 * 1024);
const { callErp, ErpCallError } = await import('../../server/modules/erp/client.ts');

let server: Server;
let baseUrl: string;
/** Bytes the endless endpoint had written when the client hung up. */
let streamedBytes = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/declared') {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(10 * 1024 * 1024) });
      response.end();
      return;
    }
    if (request.url === '/endless') {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(16 * 1024, 0x20);
      const write = () => {
        while (!response.destroyed && streamedBytes < 512 * 1024 * 1024) {
          streamedBytes += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', write);
        }
      };
      write();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const endpoint = () => ({ orgId: 'org-f01', baseUrl, timeoutMs: 10_000 });

it('reads an answer within the limit', async () => {
  expect(await callErp(endpoint(), 'GET', '/small')).toEqual({ ok: true });
});

it('refuses an answer that declares more than the limit, without reading it', async () => {
  const call = callErp(endpoint(), 'GET', '/declared');
  await expect(call).rejects.toBeInstanceOf(ErpCallError);
  // In words of the default language, and kept as a message for a reader of another.
  await expect(call).rejects.toThrow('ERP调用失败：GET /declared：应答超过 65536 字节');
  const error = (await call.catch((e: unknown) => e)) as InstanceType<typeof ErpCallError>;
  expect(translate('en', error.ref.message, error.ref.params)).toBe('The ERP call failed: GET /declared: the answer is larger than 65536 bytes');
});

it('stops reading an answer without end at the limit', async () => {
  await expect(callErp(endpoint(), 'GET', '/endless')).rejects.toThrow(/应答超过 65536 字节/);
  // The client hung up: the endpoint could not push more than the limit plus what the sockets buffer.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(streamedBytes).toBeLessThan(16 * 1024 * 1024);
});
