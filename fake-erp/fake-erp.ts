/**
 * A fake ERP: the other end of the portal's ERP bridge (server/modules/erp), small enough to read in
 * one sitting, for tests and for `npm run dev`. It speaks the bridge's protocol (README "ERP bridge"):
 *
 *   POST /postings          a posted bill line (JSON). Header Idempotency-Key: the ERP applies each key
 *                           once; a repeat is answered 200 { duplicate: true } and changes nothing.
 *   GET  /purchase-orders   { documents: PurchaseOrder[] }  purchase orders with their lines (spec §3)
 *   GET  /work-orders       { documents: WorkOrder[] }      work orders with the parts they issue
 *
 * and is steered through /_control (tests, or curl at the dev one):
 *
 *   GET  /_control/stats      { distinct, total, postings: [{ key, body }] }  postings in order of first arrival
 *   POST /_control/fail       { count?: n, forMs?: ms, mode?: 'error' | 'timeout' | 'drop', billCode? }
 *                             the next n calls (or those within ms; only postings of billCode when given)
 *                             answer HTTP 500 (error), never answer (timeout: the caller's time limit
 *                             ends them), or are applied and then lose their answer (drop: the
 *                             connection is cut after the posting is booked, as a crash or a network
 *                             fault between the ERP and the portal would)
 *   POST /_control/slow       { ms }   every call waits ms first
 *   POST /_control/documents  { purchaseOrders?, workOrders? }   what the sync calls serve
 *   POST /_control/reset      forget postings, failures and slowness
 *
 * With `auth` set it refuses (401) a call whose Authorization is not Basic base64(user:secret).
 * It imports nothing of the portal: it stands for a system the portal does not control.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface PurchaseOrderLine {
  LineNo: number;
  PartCode: string;
  Qty: string;
  Price?: string;
  Tax?: string;
  Currency?: string;
  Unit?: string;
  DueDate?: string;
  Return?: boolean;
  Sample?: boolean;
  Urgent?: boolean;
  Trial?: boolean;
  ToSic?: string;
  ToLoc?: string;
}

export interface PurchaseOrder {
  PoNo: string;
  /** The portal bill type it becomes: an advance shipping notice or a purchase receipt. */
  Kind: 'ASN' | 'IN';
  VendorCode: string;
  CompanyCode?: string;
  Description?: string;
  Lines: PurchaseOrderLine[];
}

export interface WorkOrder {
  MoNo: string;
  MoLine: string;
  Description?: string;
  Lines: { LineNo: number; PartCode: string; Qty: string; FromSic?: string; FromLoc?: string }[];
}

export interface FakeErpDocuments {
  purchaseOrders: PurchaseOrder[];
  workOrders: WorkOrder[];
}

export interface Posting {
  key: string;
  body: unknown;
}

export interface FakeErpOptions {
  port?: number;
  host?: string;
  auth?: { user: string; secret: string };
  documents?: Partial<FakeErpDocuments>;
}

export interface FailureOrder {
  count?: number;
  forMs?: number;
  mode?: 'error' | 'timeout' | 'drop';
  /** Only postings of this bill fail (other calls succeed and do not use up the count). */
  billCode?: string;
}

/** The fake's state and its controls, for a test in the same process (the /_control calls do the same over HTTP). */
export class FakeErp {
  readonly postings: Posting[] = [];
  /** Every posting call that reached the ERP's books, repeats included. */
  total = 0;
  /** Calls received and not yet answered (a test kills the portal while one is under way). */
  inFlight = 0;
  documents: FakeErpDocuments;
  private readonly keys = new Set<string>();
  private failCount = 0;
  private failUntil = 0;
  private failMode: NonNullable<FailureOrder['mode']> = 'error';
  private failBill: string | undefined;
  private slowMs = 0;
  private readonly hanging = new Set<ServerResponse>();
  private server!: Server;
  url = '';

  constructor(private readonly options: FakeErpOptions = {}) {
    this.documents = { purchaseOrders: [], workOrders: [], ...options.documents };
  }

  get distinct(): number {
    return this.postings.length;
  }

  /** Calls still to fail of the last `fail({ count })`. */
  get failuresLeft(): number {
    return this.failCount;
  }

  fail(order: FailureOrder): void {
    this.failCount = order.count ?? 0;
    this.failUntil = order.forMs ? Date.now() + order.forMs : 0;
    this.failMode = order.mode ?? 'error';
    this.failBill = order.billCode;
  }

  slow(ms: number): void {
    this.slowMs = ms;
  }

  reset(): void {
    this.postings.length = 0;
    this.keys.clear();
    this.total = 0;
    this.fail({});
    this.slowMs = 0;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', () => resolve());
    });
    const { port } = this.server.address() as { port: number };
    this.url = `http://${this.options.host ?? '127.0.0.1'}:${port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Whether this call is one of those told to fail (control calls never are). */
  private failing(body: unknown): boolean {
    if (this.failBill !== undefined && (body as { BillCode?: unknown } | undefined)?.BillCode !== this.failBill) return false;
    if (this.failCount > 0) {
      this.failCount--;
      return true;
    }
    return Date.now() < this.failUntil;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake-erp');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    let body: unknown;
    try {
      const text = await readBody(request);
      body = text ? JSON.parse(text) : undefined;
    } catch {
      return send(400, { error: 'the body is not JSON' });
    }

    if (url.pathname.startsWith('/_control/')) return send(200, this.control(url.pathname.slice('/_control/'.length), request.method ?? 'GET', body));

    this.inFlight++;
    response.once('close', () => this.inFlight--);
    if (this.options.auth) {
      const expected = `Basic ${Buffer.from(`${this.options.auth.user}:${this.options.auth.secret}`).toString('base64')}`;
      if (request.headers.authorization !== expected) return send(401, { error: 'unauthorised' });
    }
    if (this.slowMs) await new Promise((resolve) => setTimeout(resolve, this.slowMs));
    const failing = this.failing(body);
    if (failing && this.failMode !== 'drop') {
      if (this.failMode === 'timeout') {
        // Never answered: the caller's time limit ends the call.
        this.hanging.add(response);
        response.once('close', () => this.hanging.delete(response));
        return;
      }
      return send(500, { error: 'the fake ERP was told to fail' });
    }

    if (request.method === 'POST' && url.pathname === '/postings') {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || !key) return send(400, { error: 'Idempotency-Key header required' });
      this.total++;
      if (this.keys.has(key)) return failing ? void response.socket?.destroy() : send(200, { ok: true, duplicate: true });
      this.keys.add(key);
      this.postings.push({ key, body });
      // Booked, and the answer lost on the way back.
      if (failing) return void response.socket?.destroy();
      return send(200, { ok: true, duplicate: false });
    }
    if (request.method === 'GET' && url.pathname === '/purchase-orders') return send(200, { documents: this.documents.purchaseOrders });
    if (request.method === 'GET' && url.pathname === '/work-orders') return send(200, { documents: this.documents.workOrders });
    return send(404, { error: `no ${request.method} ${url.pathname}` });
  }

  private control(name: string, method: string, body: unknown): unknown {
    const input = (body ?? {}) as Record<string, unknown>;
    if (name === 'stats') return { distinct: this.distinct, total: this.total, postings: this.postings };
    if (method !== 'POST') return { error: 'POST it' };
    if (name === 'fail') this.fail(input as FailureOrder);
    else if (name === 'slow') this.slow(Number(input.ms) || 0);
    else if (name === 'documents') this.documents = { ...this.documents, ...(input as Partial<FakeErpDocuments>) };
    else if (name === 'reset') this.reset();
    else return { error: `no control ${name}` };
    return { ok: true };
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
