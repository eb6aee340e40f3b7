/**
 * Live updates (issue 18): the server-sent-event streams of the open portals on this process, and
 * what feeds them. A change to warnings or notices, by anyone, is announced by the database's
 * triggers (migration 0094_01) on the channel `portal_live`; the process's one LISTEN
 * (server/db/notifications.ts) hands it here, and it goes to the streams of that organisation as
 *
 *     event: change
 *     data: {"kind":"warning","op":"insert","id":"...","count":1}
 *
 * Each stream first gets `event: ready`; `event: resync` says notifications may have been missed (the
 * LISTEN connection came back after a loss), so the portal reads afresh what it shows. Every
 * heartbeatMs a comment line keeps proxies from closing an idle stream and finds dead peers; at the
 * same tick each stream's session is checked (from the process caches, which every change to sessions
 * stales in every process), so a logout, a lock, a password change or a removal from the organisation
 * ends its streams within one heartbeat, on every server.
 *
 * Limits, per process: maxStreamsPerUser streams of one user (429 beyond), maxStreams in all (503);
 * a stream whose peer does not read (more than MAX_BUFFERED bytes waiting) is closed.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { stillAuthorised, type RequestAuth } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import type { NotificationSource } from '../../db/notifications.ts';
import { Problem } from '../../http/problem.ts';

export const LIVE_CHANNEL = 'portal_live';
const KINDS = new Set(['warning', 'notice']);
const OPS = new Set(['insert', 'update', 'delete']);
/** Bytes a stream may have waiting for its peer before it is closed as not reading. */
const MAX_BUFFERED = 256 * 1024;

interface Stream {
  auth: RequestAuth;
  reply: FastifyReply;
}

export interface LiveChange {
  kind: 'warning' | 'notice';
  op: 'insert' | 'update' | 'delete';
  id: string | null;
  count: number;
}

/** A notification's payload as the trigger writes it; anything else is ignored. */
export function parseLivePayload(payload: string): (LiveChange & { org: string }) | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const { org, kind, op, id, count } = (value ?? {}) as Record<string, unknown>;
  if (typeof org !== 'string' || !KINDS.has(kind as string) || !OPS.has(op as string)) return undefined;
  return {
    org,
    kind: kind as LiveChange['kind'],
    op: op as LiveChange['op'],
    id: typeof id === 'string' ? id : null,
    count: typeof count === 'number' ? count : 1,
  };
}

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export class LiveHub {
  private readonly byOrg = new Map<string, Set<Stream>>();
  private readonly perUser = new Map<string, number>();
  private size = 0;
  private heartbeat: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private ticking = false;
  /** Events sent (for tests and the bench). */
  sent = 0;

  constructor(
    private readonly ctx: Pick<ServerContext, 'config' | 'cache' | 'db' | 'clock'>,
    private readonly source: NotificationSource | undefined,
  ) {}

  /** Open streams on this process. */
  get streams(): number {
    return this.size;
  }

  /** Listens for the database's announcements and starts the heartbeat. */
  async start(): Promise<void> {
    this.heartbeat = setInterval(() => void this.tick(), this.ctx.config.live.heartbeatMs);
    this.heartbeat.unref();
    this.unsubscribe = await this.source?.subscribe(LIVE_CHANNEL, {
      onNotification: (payload) => {
        const change = parseLivePayload(payload);
        if (!change) return;
        const { org, ...data } = change;
        this.send(this.byOrg.get(org), 'change', data);
      },
      onResync: () => this.send(this.all(), 'resync', {}),
    });
  }

  private all(): Stream[] {
    return [...this.byOrg.values()].flatMap((set) => [...set]);
  }

  private send(streams: Iterable<Stream> | undefined, event: string, data: unknown) {
    const text = frame(event, data);
    for (const stream of streams ?? []) this.write(stream, text);
  }

  private write(stream: Stream, text: string) {
    const raw = stream.reply.raw;
    if (raw.destroyed || raw.writableEnded) return;
    // A peer that does not read: its events pile up in this process. It reconnects when it reads again.
    if (raw.writableLength > MAX_BUFFERED) {
      raw.destroy();
      return;
    }
    raw.write(text);
    this.sent++;
  }

  /** Answers the request with a stream (or refuses it over a limit) that lives until the peer goes or the session ends. */
  open(request: FastifyRequest, reply: FastifyReply, auth: RequestAuth): FastifyReply {
    const { maxStreamsPerUser, maxStreams } = this.ctx.config.live;
    const ofUser = this.perUser.get(auth.user.id) ?? 0;
    if (ofUser >= maxStreamsPerUser) throw new Problem(429, 'liveStreamsPerUser', { limit: maxStreamsPerUser });
    if (this.size >= maxStreams) throw new Problem(503, 'liveStreamsFull');

    const stream: Stream = { auth, reply };
    let set = this.byOrg.get(auth.orgId);
    if (!set) this.byOrg.set(auth.orgId, (set = new Set()));
    set.add(stream);
    this.perUser.set(auth.user.id, ofUser + 1);
    this.size++;
    const remove = () => {
      if (!set.delete(stream)) return;
      if (!set.size && this.byOrg.get(auth.orgId) === set) this.byOrg.delete(auth.orgId);
      const left = (this.perUser.get(auth.user.id) ?? 1) - 1;
      if (left > 0) this.perUser.set(auth.user.id, left);
      else this.perUser.delete(auth.user.id);
      this.size--;
    };
    reply.raw.once('close', remove);
    request.raw.once('close', () => {
      remove();
      reply.raw.end();
    });

    reply.hijack();
    reply.raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx: pass each event on at once (deploy/nginx.conf turns buffering off as well).
      'x-accel-buffering': 'no',
      // The connection ends with the stream: an ended stream never leaves an idle keep-alive connection behind.
      connection: 'close',
    });
    reply.raw.setTimeout(0);
    this.write(stream, frame('ready', { heartbeatMs: this.ctx.config.live.heartbeatMs }));
    return reply;
  }

  /** The heartbeat: a comment to every stream, and the end of streams whose session has ended. */
  private async tick() {
    if (this.ticking || !this.size) return;
    this.ticking = true;
    try {
      for (const stream of this.all()) this.write(stream, ': ping\n\n');
      await this.ctx.cache.refresh();
      for (const stream of this.all()) {
        if (!(await stillAuthorised(this.ctx, stream.auth))) stream.reply.raw.end();
      }
    } catch (error) {
      console.error(`live updates: the heartbeat failed (${(error as Error).message})`);
    } finally {
      this.ticking = false;
    }
  }

  /** Ends every stream and its connection (the server is stopping: it waits for open connections) and stops listening. */
  close(): void {
    clearInterval(this.heartbeat);
    this.unsubscribe?.();
    for (const stream of this.all()) stream.reply.raw.destroy();
  }
}
