/**
 * A client of Live/Events (server-sent events) for the tests, reading the stream with fetch and the
 * Authorization header as the portal does: the events so far, a wait for the next one that matches,
 * and the stream's end.
 */
export interface LiveEvent {
  event: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read into the JSON they expect
  data: any;
  /** When it arrived (performance.now()). */
  at: number;
}

export interface LiveStream {
  status: number;
  /** The refusal's body when status is not 200. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body?: any;
  contentType: string | null;
  events: LiveEvent[];
  /** Comment lines (heartbeats) seen. */
  comments: number;
  /** Resolves with the first event (already seen or still to come) that matches; rejects after `ms`. */
  next(match: (event: LiveEvent) => boolean, ms?: number): Promise<LiveEvent>;
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openLiveStream(baseUrl: string, options: { token: string; orgId?: string; language?: string }): Promise<LiveStream> {
  const abort = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${options.token}` };
  if (options.orgId) headers.organizeid = options.orgId;
  if (options.language) headers['accept-language'] = options.language;
  const response = await fetch(`${baseUrl}/api/Live/Events`, { headers, signal: abort.signal });
  const waiters = new Set<() => void>();
  const stream: LiveStream = {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events: [],
    comments: 0,
    ended: Promise.resolve(),
    close: () => abort.abort(),
    next(match, ms = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = stream.events.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(stream.events.map((e) => [e.event, e.data]))}`));
        }, ms);
        if (!check()) waiters.add(check);
      });
    },
  };
  if (response.status !== 200) {
    stream.body = await response.json();
    return stream;
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  stream.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) {
            stream.comments++;
            continue;
          }
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = /^data: (.*)$/m.exec(block)?.[1];
          stream.events.push({ event, data: data === undefined ? undefined : JSON.parse(data), at: performance.now() });
          for (const waiter of [...waiters]) waiter();
        }
      }
    } catch {
      // Closed by this side.
    }
  })();
  return stream;
}
