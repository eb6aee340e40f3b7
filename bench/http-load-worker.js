/**
 * The thread of bench/http-load.ts: N clients, each working through its own list of calls one at a
 * time over keep-alive connections until the list ends or the window closes; posts what it counted.
 * Plain JavaScript: a worker does not inherit the TypeScript loader (as server/db/pglite-worker.js).
 *
 * node:http with a keep-alive agent (one connection per client), not fetch: the clients share the
 * machine's cores with the server and the database, and fetch (undici's full Fetch API) cost about
 * 1 ms of CPU more per call than this client (issue 14's posting bench, one client, ~3 ms against
 * ~2 ms per call outside the server's thread) — load the bench put on the server's side of the scale.
 * pgbench's C client, the anchor it is compared with, costs next to nothing.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';

const { baseUrl, headers, clients, seconds } = workerData;
const { hostname, port } = new URL(baseUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: clients.length });

/** One POST of JSON: its status and body text. */
function post(path, body) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        hostname,
        port,
        path,
        method: 'POST',
        // What fetch asks for, so the server compresses what it compressed for fetch.
        headers: { ...headers, 'accept-encoding': 'gzip, deflate, br', 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode, text: decoded(res.headers['content-encoding'], Buffer.concat(chunks)).toString('utf8') });
          } catch (error) {
            reject(error);
          }
        });
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

function decoded(encoding, body) {
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  if (encoding === 'deflate') return zlib.inflateSync(body);
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  return body;
}

const result = { done: 0, failed: 0, failures: [], ranOut: 0, elapsedMs: 0, latencies: [] };
const start = performance.now();
const end = start + seconds * 1000;
await Promise.all(
  clients.map(async (jobs) => {
    for (const job of jobs) {
      if (performance.now() >= end) return;
      const sent = performance.now();
      const { status, text } = await post(job.url, job.body);
      const answered = performance.now();
      if (answered > end) return;
      // A call answers 200 with its wrapper; a refusal is a 4xx (or a wrapper with a non-zero status).
      let refused = status !== 200;
      if (!refused) {
        try {
          const body = JSON.parse(text);
          refused = Boolean(body?.ErrorInfo?.Status) || (body?.code !== undefined && body.code !== 200);
        } catch {
          refused = true;
        }
      }
      if (!refused) {
        result.done++;
        result.latencies.push(answered - sent);
      } else {
        result.failed++;
        if (result.failures.length < 3) result.failures.push(`${job.url} ${JSON.stringify(job.body)} → ${status} ${text.slice(0, 300)}`);
      }
    }
    result.ranOut++;
  }),
);
result.elapsedMs = Math.min(performance.now(), end) - start;
agent.destroy();
parentPort.postMessage(result);
