/**
 * The embedded database's own thread (see pglite-in-worker.ts): opens PGlite on workerData.dataDir
 * (optionally loading a dump first) and answers raw PostgreSQL wire-protocol requests, one at a
 * time, with PGlite's raw response bytes. The main thread parses them, so node-postgres reads them
 * exactly as from a server. Plain JavaScript: a worker does not inherit the TypeScript loader
 * everywhere this server runs (vitest, tsx, bench).
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const { dataDir, loadDataDir } = workerData;
const opened = PGlite.create(dataDir, loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {});
opened.then(
  () => parentPort.postMessage({ kind: 'ready' }),
  (error) => parentPort.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
);

// PGlite has one session: requests run strictly in turn.
let queue = Promise.resolve();

parentPort.on('message', (request) => {
  queue = queue.then(async () => {
    const pglite = await opened;
    if (request.kind === 'exec') {
      try {
        const bytes = await pglite.execProtocolRaw(request.bytes);
        // A copy the transfer can own: PGlite's result may be a view into its WASM memory.
        const copy = bytes.slice();
        parentPort.postMessage({ kind: 'result', id: request.id, bytes: copy }, [copy.buffer]);
      } catch (error) {
        parentPort.postMessage({ kind: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) });
      }
    } else if (request.kind === 'dump') {
      const dump = await pglite.dumpDataDir('gzip');
      const bytes = new Uint8Array(await dump.arrayBuffer());
      parentPort.postMessage({ kind: 'result', id: request.id, bytes }, [bytes.buffer]);
    } else if (request.kind === 'memory') {
      // The database's WebAssembly memory (it grows and is never given back) and this thread's JS heap.
      const report = { wasmBytes: pglite.mod?.HEAPU8?.byteLength ?? null, heapBytes: getHeapStatistics().used_heap_size };
      const bytes = new TextEncoder().encode(JSON.stringify(report));
      parentPort.postMessage({ kind: 'result', id: request.id, bytes }, [bytes.buffer]);
    } else if (request.kind === 'close') {
      // Closing writes PGlite's files completely (a checkpoint) before the thread ends.
      await pglite.close();
      parentPort.postMessage({ kind: 'result', id: request.id, bytes: new Uint8Array() });
    }
  });
});
