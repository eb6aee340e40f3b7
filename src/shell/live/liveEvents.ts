/**
 * The portal's one live-update stream (issue 18; server Live/Events): server-sent events read with
 * fetch through the one API client, so the request carries the usual Authorization, OrganizeId and
 * language headers and the token never goes in a URL (EventSource cannot send headers). Shared:
 * however many parts of the screen subscribe, one stream is open while at least one does.
 *
 * A dropped stream (network, server restart, a proxy's time-out, the session ended) is opened again
 * after a back-off of 1 s doubling to 30 s (with jitter, so a restarted server is not hit by every
 * portal at once), reset by the next `ready`. Nothing is shown to the user on a failure: live updates
 * are a convenience, the lists still load on their own. After a reconnect — and on the server's
 * `resync` — every subscriber is told to read afresh, as changes may have been missed meanwhile.
 */
import { api } from '../../api/client';

export type LiveKind = 'warning' | 'notice';

export interface LiveChange {
  kind: LiveKind;
  op: 'insert' | 'update' | 'delete';
  id: string | null;
  count: number;
}

/** A subscriber: `change` for a change of its kind, or `resync` (read afresh, something may have been missed). */
export type LiveListener = (event: { type: 'change'; change: LiveChange } | { type: 'resync' }) => void;

export const LIVE_BACKOFF = { firstMs: 1000, maxMs: 30_000, refusedMs: 60_000 };

/** Splits an event-stream text into its events (`event:` / `data:` lines; comments dropped); returns what is left. */
export function parseEventStream(buffer: string, onEvent: (event: string, data: string) => void): string {
  let end: number;
  while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
    const block = buffer.slice(0, end);
    buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith(':')) continue;
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length || event !== 'message') onEvent(event, data.join('\n'));
  }
  return buffer;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

export class LiveEvents {
  private readonly listeners = new Map<LiveListener, LiveKind[]>();
  private abort: AbortController | undefined;
  /** Streams opened so far (the first is no reconnect). */
  connections = 0;
  connected = false;

  constructor(private readonly backoff = LIVE_BACKOFF) {}

  /** Adds a listener for changes of `kinds`; the stream opens with the first. Returns the unsubscribe. */
  subscribe(kinds: LiveKind[], listener: LiveListener): () => void {
    this.listeners.set(listener, kinds);
    if (!this.abort) {
      this.abort = new AbortController();
      void this.run(this.abort.signal);
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) {
        this.abort?.abort();
        this.abort = undefined;
      }
    };
  }

  private emit(change: LiveChange | undefined) {
    for (const [listener, kinds] of this.listeners) {
      if (!change) listener({ type: 'resync' });
      else if (kinds.includes(change.kind)) listener({ type: 'change', change });
    }
  }

  private async run(signal: AbortSignal) {
    let wait = this.backoff.firstMs;
    while (!signal.aborted) {
      let pause = wait;
      try {
        const { response } = await api.GET('/Live/Events', { parseAs: 'stream', signal });
        if (response.ok && response.body) {
          await this.read(response.body, signal, () => {
            wait = this.backoff.firstMs;
          });
        } else {
          // Over a limit (429, 503): wait long. Signed out (401, 403): the session is over; the app signs out elsewhere.
          pause = response.status === 429 || response.status === 503 ? this.backoff.refusedMs : wait;
          await response.body?.cancel().catch(() => {});
        }
      } catch {
        // The network or the server went away: try again after the pause.
      }
      this.connected = false;
      if (signal.aborted) return;
      wait = Math.min(wait * 2, this.backoff.maxMs);
      await sleep(pause * (0.8 + Math.random() * 0.4), signal);
    }
  }

  private async read(body: ReadableStream<Uint8Array>, signal: AbortSignal, onReady: () => void) {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    signal.addEventListener('abort', () => void reader.cancel().catch(() => {}), { once: true });
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) return;
      buffer = parseEventStream(buffer + decoder.decode(value, { stream: true }), (event, data) => {
        if (event === 'ready') {
          this.connected = true;
          onReady();
          // A reconnect: what happened while the stream was down is read afresh.
          if (this.connections++ > 0) this.emit(undefined);
        } else if (event === 'resync') {
          this.emit(undefined);
        } else if (event === 'change') {
          try {
            this.emit(JSON.parse(data) as LiveChange);
          } catch {
            // Not an event of ours.
          }
        }
      });
    }
  }
}

/** The session's one stream. */
export const liveEvents = new LiveEvents();
