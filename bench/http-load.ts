/**
 * HTTP load for the posting bench, in a worker thread (http-load-worker.js) so the clients' own work
 * (fetch, JSON) does not share the server's event loop: N clients, each working through its own list
 * of calls one at a time (as a scanner does), until the list ends or the window closes.
 */
import { Worker } from 'node:worker_threads';

export interface HttpJob {
  url: string;
  body: object;
}

export interface HttpLoadInput {
  baseUrl: string;
  headers: Record<string, string>;
  /** One list of calls per client. */
  clients: HttpJob[][];
  seconds: number;
}

export interface HttpLoadResult {
  /** Calls accepted inside the window. */
  done: number;
  /** Calls refused, with the first few answers. */
  failed: number;
  failures: string[];
  /** Clients whose list ended before the window did (the rate is then a lower bound). */
  ranOut: number;
  elapsedMs: number;
  latencies: number[];
}

const WORKER_FILE = new URL('./http-load-worker.js', import.meta.url);

export function runHttpLoad(input: HttpLoadInput): Promise<HttpLoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, { workerData: input });
    worker.once('message', (result: HttpLoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
