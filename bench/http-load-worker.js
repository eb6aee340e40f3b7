/**
 * The thread of bench/http-load.ts: N clients, each working through its own list of calls one at a
 * time over keep-alive connections until the list ends or the window closes; posts what it counted.
 * Plain JavaScript: a worker does not inherit the TypeScript loader (as server/db/pglite-worker.js).
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { baseUrl, headers, clients, seconds } = workerData;
const result = { done: 0, failed: 0, failures: [], ranOut: 0, elapsedMs: 0, latencies: [] };
const start = performance.now();
const end = start + seconds * 1000;
await Promise.all(
  clients.map(async (jobs) => {
    for (const job of jobs) {
      if (performance.now() >= end) return;
      const sent = performance.now();
      const res = await fetch(`${baseUrl}${job.url}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(job.body) });
      const text = await res.text();
      const answered = performance.now();
      if (answered > end) return;
      // A call answers 200 with its wrapper; a refusal is a 4xx (or a wrapper with a non-zero status).
      let refused = res.status !== 200;
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
        if (result.failures.length < 3) result.failures.push(`${job.url} ${JSON.stringify(job.body)} → ${res.status} ${text.slice(0, 300)}`);
      }
    }
    result.ranOut++;
  }),
);
result.elapsedMs = Math.min(performance.now(), end) - start;
parentPort.postMessage(result);
