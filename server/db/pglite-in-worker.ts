/**
 * PGlite (PostgreSQL in WASM) in a worker thread, so a long query never blocks the server's event
 * loop: static files, the login page and every request that does not need the database keep being
 * answered. PGlite cannot be interrupted from inside and has no statement timeout, so the time
 * limit is enforced from here: an exchange that takes longer than `queryTimeoutMs` ends the worker
 * (like a kill of that database instance: PGlite's WAL recovery brings back every committed
 * transaction when it reopens, see tests/server/pglite-worker.test.ts) and a new one is opened.
 *
 * The object has the two members PGlite's node-postgres bridge uses (`waitReady`,
 * `execProtocolStream`), so node-postgres, Kysely and result parsing are the same as with PGlite in
 * the process. The worker returns raw wire-protocol bytes; they are parsed here by pg-protocol,
 * node-postgres's own parser, so database errors keep their fields (code, detail, ...).
 */
import { Worker } from 'node:worker_threads';
import type { BackendMessage } from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';

export interface PgliteWorkerOptions {
  /** A directory, or `memory://` (then a restart after a time-out starts again from `loadDataDir`). */
  dataDir: string;
  /** A dump (PGlite dumpDataDir) to start from. */
  loadDataDir?: Uint8Array;
  /** The longest one exchange (a statement, a parse, a sync) may take. */
  queryTimeoutMs: number;
}

type WorkerReply =
  | { kind: 'ready' }
  | { kind: 'failed'; message: string }
  | { kind: 'result'; id: number; bytes: Uint8Array }
  | { kind: 'error'; id: number; message: string };

interface Pending {
  /** The request's protocol bytes (for exec requests). */
  message?: Uint8Array;
  resolve(bytes: Uint8Array): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
}

/** The types of the frontend messages in `message` (one byte each: 'P' parse, 'B' bind, 'S' sync ...). */
function messageTypes(message: Uint8Array): string[] {
  const types: string[] = [];
  for (let offset = 0; offset + 5 <= message.length; ) {
    types.push(String.fromCharCode(message[offset]));
    offset += 1 + Buffer.from(message.buffer, message.byteOffset, message.byteLength).readInt32BE(offset + 1);
  }
  return types;
}

/** Frontend messages after which PostgreSQL sends ReadyForQuery: a simple Query ('Q') or a Sync ('S'). */
const endsQueryCycle = (message: Uint8Array) => messageTypes(message).some((type) => type === 'Q' || type === 'S');

const READY_FOR_QUERY_IDLE = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]); // 'Z', length 5, 'I'

/** The backend's bytes for an error (e.g. 57014, statement cancelled), with ReadyForQuery (idle) if the cycle ends. */
function errorResponse(sqlState: string, text: string, readyForQuery: boolean): Uint8Array {
  const fields = Buffer.concat(
    [['S', 'ERROR'], ['V', 'ERROR'], ['C', sqlState], ['M', text]].map(([code, value]) => Buffer.from(`${code}${value}\0`, 'utf8')),
  );
  const error = Buffer.alloc(5 + fields.length + 1);
  error.write('E', 0);
  error.writeInt32BE(4 + fields.length + 1, 1);
  fields.copy(error, 5);
  return readyForQuery ? Buffer.concat([error, READY_FOR_QUERY_IDLE]) : error;
}

/** Backend bytes as node-postgres's parser reads them from a server. */
function parseBackend(bytes: Uint8Array): BackendMessage[] {
  const messages: BackendMessage[] = [];
  new Parser().parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), (m) => messages.push(m));
  return messages;
}

const WORKER_FILE = new URL('./pglite-worker.js', import.meta.url);

export class PgliteInWorker {
  /** How often a time-out ended the worker (for tests and logs). */
  restarts = 0;
  /** Sessions opened: each (re)start of the worker is a new database session, without the old one's prepared statements. */
  sessions = 0;
  #worker!: Worker;
  #ready!: Promise<void>;
  #pending = new Map<number, Pending>();
  #nextId = 1;
  #closing = false;
  /** Workers ended on purpose (past the time limit): their exit is no crash. */
  #retired = new WeakSet<Worker>();
  /** Told when a new session is open after a restart (session state such as LISTEN is gone). */
  #onRestart = new Set<() => void>();
  /**
   * An extended-query cycle was answered with an error before its Sync (a time-out, a crash): as PostgreSQL
   * does after an error, the cycle's later messages are discarded until its Sync, which is answered
   * ReadyForQuery. PGlite's bridge sends each message on its own; sent on to the new instance, a Describe or
   * Execute of the portal the old one had bound failed again ('portal "" does not exist'), a second error
   * for one query that node-postgres raised as an unhandled one (seen under load in the server tests).
   */
  #discardUntilSync = false;

  constructor(private readonly options: PgliteWorkerOptions) {
    this.#ready = this.#spawn();
  }

  /** Resolves when the database is open (again, after a restart). */
  get waitReady(): Promise<void> {
    return this.#ready;
  }

  #spawn(): Promise<void> {
    const { dataDir, loadDataDir } = this.options;
    const worker = new Worker(WORKER_FILE, { workerData: { dataDir, loadDataDir } });
    this.#worker = worker;
    this.sessions++;
    const ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (reply: WorkerReply) => {
        if (reply.kind === 'ready') resolve();
        else if (reply.kind === 'failed') reject(new Error(`the embedded database could not be opened: ${reply.message}`));
        else this.#settle(reply);
      });
      worker.on('error', reject);
      worker.on('exit', () => {
        reject(new Error('the embedded database stopped'));
        if (worker === this.#worker && !this.#closing && !this.#retired.has(worker)) this.#crashed();
      });
    });
    // Awaited by every request; a failed open must not also surface as an unhandled rejection.
    ready.catch(() => {});
    if (this.sessions > 1) void ready.then(() => this.#onRestart.forEach((listener) => listener()), () => {});
    return ready;
  }

  /** `listener` runs each time the database was reopened after a restart (a new session). */
  onRestart(listener: () => void): void {
    this.#onRestart.add(listener);
  }

  #settle(reply: Extract<WorkerReply, { id: number }>) {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    clearTimeout(pending.timer);
    if (reply.kind === 'result') pending.resolve(reply.bytes);
    else pending.reject(new Error(reply.message));
  }

  /**
   * The worker ended by itself (a WASM abort, out of memory): requests in flight are answered as
   * PostgreSQL answers when a backend is terminated (57P01), as errors of those queries rather than of
   * the connection (node-postgres has no listener for those on a client in use), and it is reopened.
   */
  #crashed() {
    for (const pending of this.#pending.values()) {
      clearTimeout(pending.timer);
      if (pending.message) this.#answerCutShort(pending, errorResponse('57P01', 'the embedded database stopped unexpectedly; it was reopened', endsQueryCycle(pending.message)));
      else pending.reject(new Error('the embedded database stopped unexpectedly'));
    }
    this.#pending.clear();
    this.#ready = this.#spawn();
  }

  /**
   * Ends the worker running a request past the limit and opens the database again. The request is
   * answered as PostgreSQL answers a statement cancelled by statement_timeout (an ErrorResponse with
   * SQLSTATE 57014, then ReadyForQuery where the request ends a query cycle), so node-postgres fails
   * just that query and keeps its client usable: the next statement (Kysely's ROLLBACK) reaches the
   * new instance, where the unfinished transaction no longer exists.
   */
  #timedOut(id: number, message: Uint8Array) {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    this.restarts++;
    const old = this.#worker;
    this.#retired.add(old);
    // The old thread must have let go of the files before a new one opens them.
    this.#ready = old.terminate().then(() => this.#spawn());
    this.#ready.catch(() => {});
    const text = `canceling statement: it ran longer than the embedded database's limit of ${this.options.queryTimeoutMs} ms`;
    this.#answerCutShort(pending, errorResponse('57014', text, endsQueryCycle(message)));
  }

  /** Answers a request the database did not finish with `error`; a cycle it leaves open is discarded up to its Sync. */
  #answerCutShort(pending: Pending, error: Uint8Array) {
    if (pending.message && !endsQueryCycle(pending.message)) this.#discardUntilSync = true;
    pending.resolve(error);
  }

  async #request(kind: 'exec' | 'close' | 'memory', bytes?: Uint8Array, timeoutMs?: number): Promise<Uint8Array> {
    await this.#ready;
    const id = this.#nextId++;
    return new Promise<Uint8Array>((resolve, reject) => {
      const timer = timeoutMs && bytes ? setTimeout(() => this.#timedOut(id, bytes), timeoutMs) : undefined;
      this.#pending.set(id, { message: bytes, resolve, reject, timer });
      this.#worker.postMessage({ kind, id, bytes });
    });
  }

  /** What PGlite's node-postgres bridge calls for every protocol message. */
  async execProtocolStream(message: Uint8Array): Promise<BackendMessage[]> {
    if (this.#discardUntilSync) {
      if (!messageTypes(message).includes('S')) return [];
      this.#discardUntilSync = false;
      return parseBackend(READY_FOR_QUERY_IDLE);
    }
    const bytes = await this.#request('exec', message, this.options.queryTimeoutMs);
    return parseBackend(bytes);
  }

  /**
   * The embedded database's memory: its WebAssembly memory (PostgreSQL's buffers, caches and work
   * memory; it grows and is never returned) and the worker thread's JS heap. Asked in turn with the
   * queries (one session), so it answers after the running one.
   */
  async memory(): Promise<{ wasmBytes: number | null; heapBytes: number }> {
    return JSON.parse(new TextDecoder().decode(await this.#request('memory')));
  }

  /** Closes PGlite (its files complete on disk) and ends the thread. */
  async close(): Promise<void> {
    try {
      await this.#request('close');
    } finally {
      this.#closing = true;
      await this.#worker.terminate();
    }
  }
}
