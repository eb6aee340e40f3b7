/**
 * PostgreSQL's LISTEN/NOTIFY for the server: what other processes (and triggers) announce on a
 * channel reaches this process's subscribers.
 *
 * - PostgreSQL: one dedicated connection per process, outside the pool (a pooled connection is
 *   handed to requests and would lose its LISTEN), with TCP keep-alive and a ping every
 *   `pingMs`, so a connection that died quietly is noticed. When it drops (a database restart, an
 *   administrator's pg_terminate_backend, the network) it is opened again with back-off (0.25 s
 *   doubling to 5 s) and LISTENs again; notifications sent meanwhile are lost, so every subscriber is
 *   told to resync (read afresh what it shows).
 * - The embedded database (PGlite): one session serves every request of the one process that may
 *   open its files, so every writer is in this process. The session LISTENs (through the pool), and
 *   PostgreSQL hands a listening session its own notifications: they come back in the answer of the
 *   statement whose commit sent them, and the node-postgres bridge reports them on the pool's client.
 *   When the embedded database's worker is restarted (a query past the time limit) the new session
 *   LISTENs again, and subscribers resync.
 */
import pg from 'pg';

export interface NotificationSubscriber {
  onNotification(payload: string): void;
  /** The listening connection was (re)opened after a loss: notifications may have been missed. */
  onResync?(): void;
}

export interface NotificationSource {
  /** Listens on `channel` (once per channel); returns the unsubscribe. */
  subscribe(channel: string, subscriber: NotificationSubscriber): Promise<() => void>;
  /** How often the listening connection was opened again after a loss (for tests and logs). */
  readonly reconnects: number;
  close(): Promise<void>;
}

/** Subscribers per channel, shared by both sources. */
class Subscribers {
  private readonly byChannel = new Map<string, Set<NotificationSubscriber>>();

  add(channel: string, subscriber: NotificationSubscriber): { first: boolean; remove: () => void } {
    let set = this.byChannel.get(channel);
    const first = !set;
    if (!set) this.byChannel.set(channel, (set = new Set()));
    set.add(subscriber);
    return { first, remove: () => void set.delete(subscriber) };
  }

  channels(): string[] {
    return [...this.byChannel.keys()];
  }

  deliver(channel: string, payload: string) {
    for (const subscriber of this.byChannel.get(channel) ?? []) {
      try {
        subscriber.onNotification(payload);
      } catch (error) {
        console.error(`notifications: a subscriber of ${channel} failed: ${(error as Error).message}`);
      }
    }
  }

  resync() {
    for (const set of this.byChannel.values()) for (const subscriber of set) subscriber.onResync?.();
  }
}

const quoteChannel = (channel: string) => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`notifications: bad channel name ${channel}`);
  return channel;
};

export interface PostgresListenerOptions {
  /** First wait before opening the connection again; doubles up to maxBackoffMs. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** A `select 1` on the listening connection this often; a failure (or no answer in that time) counts as a loss. */
  pingMs?: number;
}

/** The PostgreSQL source: a dedicated LISTEN connection that comes back after a loss. */
export class PostgresListener implements NotificationSource {
  reconnects = 0;
  private readonly subscribers = new Subscribers();
  /** The listening connection, from the moment it is being opened. */
  private client: pg.Client | undefined;
  /** It has LISTENed (subscribe may LISTEN on it directly). */
  private listening = false;
  private connecting: Promise<void> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private backoffMs: number;
  private closed = false;
  /** Lost at least once since the first connection (the next open is a reconnect). */
  private lost = false;
  private readonly options: Required<PostgresListenerOptions>;

  constructor(
    private readonly databaseUrl: string,
    options: PostgresListenerOptions = {},
  ) {
    this.options = { minBackoffMs: 250, maxBackoffMs: 5000, pingMs: 30_000, ...options };
    this.backoffMs = this.options.minBackoffMs;
  }

  /** The backend process id of the listening connection (tests end it to show the recovery). */
  get backendPid(): number | undefined {
    return (this.client as unknown as { processID?: number } | undefined)?.processID;
  }

  async subscribe(channel: string, subscriber: NotificationSubscriber): Promise<() => void> {
    const { first, remove } = this.subscribers.add(quoteChannel(channel), subscriber);
    if (this.client && this.listening && first) await this.client.query(`LISTEN ${channel}`);
    else await this.open();
    return remove;
  }

  /** Opens the connection and LISTENs on every channel; a failure schedules the next attempt. */
  private open(): Promise<void> {
    if (this.listening) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.databaseUrl, keepAlive: true, application_name: 'portal-live' });
    this.client = client;
    client.on('notification', (message) => this.subscribers.deliver(message.channel, message.payload ?? ''));
    client.on('error', (error) => this.lose(client, error));
    client.on('end', () => this.lose(client, new Error('the connection ended')));
    try {
      await client.connect();
      for (const channel of this.subscribers.channels()) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      this.lose(client, error as Error);
      return;
    }
    if (this.closed || this.client !== client) {
      await client.end().catch(() => {});
      return;
    }
    this.listening = true;
    this.backoffMs = this.options.minBackoffMs;
    this.pingTimer = setInterval(() => this.ping(client), this.options.pingMs);
    this.pingTimer.unref();
    if (this.lost) {
      this.reconnects++;
      this.subscribers.resync();
    }
  }

  private ping(client: pg.Client) {
    const timeout = setTimeout(() => this.lose(client, new Error('no answer to a ping')), this.options.pingMs);
    client.query('select 1').then(
      () => clearTimeout(timeout),
      (error: Error) => {
        clearTimeout(timeout);
        this.lose(client, error);
      },
    );
  }

  /** The connection is gone (or never came): drop it and try again after the back-off. */
  private lose(client: pg.Client, error: Error) {
    if (this.client !== client) return;
    const wasOpen = this.listening;
    this.client = undefined;
    this.listening = false;
    clearInterval(this.pingTimer);
    client.removeAllListeners('end');
    client.on('error', () => {});
    void client.end().catch(() => {});
    if (this.closed || this.retryTimer) return;
    this.lost = true;
    if (wasOpen) console.error(`live updates: the LISTEN connection was lost (${error.message}); opening it again`);
    const wait = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, this.options.maxBackoffMs);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.open();
    }, wait);
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    await this.connecting;
    const client = this.client;
    this.client = undefined;
    this.listening = false;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
  }
}

/**
 * The embedded database's source: its one session LISTENs through the pool (whose one client the
 * bridge reports notifications on); `onNewSession` is told when the session behind the pool was
 * replaced (the worker restarted), after which it LISTENs again and subscribers resync.
 */
export class PgliteNotifications implements NotificationSource {
  reconnects = 0;
  private readonly subscribers = new Subscribers();

  constructor(
    private readonly pool: pg.Pool,
    onNewSession?: (listener: () => void) => void,
  ) {
    pool.on('connect', (client) => client.on('notification', (message) => this.subscribers.deliver(message.channel, message.payload ?? '')));
    onNewSession?.(() => void this.listenAgain());
  }

  async subscribe(channel: string, subscriber: NotificationSubscriber): Promise<() => void> {
    const { first, remove } = this.subscribers.add(quoteChannel(channel), subscriber);
    if (first) await this.listen([channel]);
    return remove;
  }

  /** LISTEN in the session. Through connect(): the server's bounded pool serves no callback-style pool.query. */
  private async listen(channels: string[]) {
    const client = await this.pool.connect();
    try {
      for (const channel of channels) await client.query(`LISTEN ${channel}`);
    } finally {
      client.release();
    }
  }

  private async listenAgain() {
    try {
      await this.listen(this.subscribers.channels());
      this.reconnects++;
      this.subscribers.resync();
    } catch (error) {
      console.error(`live updates: the embedded database's new session could not LISTEN (${(error as Error).message})`);
    }
  }

  async close(): Promise<void> {}
}
