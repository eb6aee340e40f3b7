/**
 * The live-update stream (src/shell/live): one shared stream whatever the subscribers, change events
 * to the subscribers of their kind, a dropped stream opened again with back-off and followed by a
 * resync (changes may have been missed), queries invalidated by the hook, and the header's warning
 * badge following the open warnings without a reload, in both languages.
 */
import { describe, expect, it } from 'vitest';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { http } from 'msw';
import { mockServer } from '../../../mocks/node';
import { changeLanguage } from '../../../src/core/i18n';
import { LiveEvents, parseEventStream } from '../../../src/shell/live/liveEvents';
import { useLiveInvalidation } from '../../../src/shell/live/useLiveUpdates';
import { WarningBadge } from '../../../src/shell/header/WarningBadge';
import { API } from '../admin/adminTestKit';
import { renderInShell } from './shellTestKit';

const encoder = new TextEncoder();

/** A stream answer sending `chunks`, then ending (`keepOpen`: staying open until the client leaves). */
function streamOf(chunks: string[], keepOpen = false) {
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        if (!keepOpen) controller.close();
      },
    }),
    { headers: { 'Content-Type': 'text/event-stream' } },
  );
}

const READY = 'event: ready\ndata: {"heartbeatMs":15000}\n\n';
const change = (kind: string, id: string) => `event: change\ndata: ${JSON.stringify({ kind, op: 'insert', id, count: 1 })}\n\n`;
const FAST = { firstMs: 10, maxMs: 40, refusedMs: 40 };

describe('the live-update stream', () => {
  it('reads events split anywhere, with comments and CRLF', () => {
    const events: [string, string][] = [];
    let rest = parseEventStream(': ping\n\nevent: ready\ndata: {}\n\nevent: cha', (e, d) => events.push([e, d]));
    rest = parseEventStream(`${rest}nge\r\ndata: {"id":1}\r\n\r\n`, (e, d) => events.push([e, d]));
    expect(events).toEqual([
      ['ready', '{}'],
      ['change', '{"id":1}'],
    ]);
    expect(rest).toBe('');
  });

  it('is one stream for every subscriber, passes changes to the subscribers of their kind, and reconnects after a drop with a resync', async () => {
    let connections = 0;
    let seenAuthorization: string | null = null;
    mockServer.use(
      http.get(`${API}/Live/Events`, ({ request }) => {
        connections++;
        seenAuthorization = request.headers.get('Authorization');
        // The first stream drops after one change; the next one stays.
        return connections === 1 ? streamOf([READY, change('warning', 'w1'), change('notice', 'n1')]) : streamOf([READY], true);
      }),
    );
    document.cookie = 'Admin-Token=live-token; path=/';
    const live = new LiveEvents(FAST);
    const warnings: string[] = [];
    const notices: string[] = [];
    const offW = live.subscribe(['warning'], (e) => warnings.push(e.type === 'change' ? `change ${e.change.id}` : 'resync'));
    const offN = live.subscribe(['notice'], (e) => notices.push(e.type === 'change' ? `change ${e.change.id}` : 'resync'));
    await waitFor(() => expect(warnings).toEqual(['change w1', 'resync']));
    expect(notices).toEqual(['change n1', 'resync']);
    expect(connections).toBe(2);
    expect(seenAuthorization).toBe('Bearer live-token');
    expect(live.connected).toBe(true);
    offW();
    offN();
    // Nobody listens: no more connections.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(connections).toBe(2);
  });

  it('keeps trying with back-off while the server refuses or is away, and shows nothing', async () => {
    let attempts = 0;
    mockServer.use(
      http.get(`${API}/Live/Events`, () => {
        attempts++;
        return attempts < 3 ? new Response(null, { status: 503 }) : streamOf([READY], true);
      }),
    );
    const live = new LiveEvents(FAST);
    const events: string[] = [];
    const off = live.subscribe(['warning'], (e) => events.push(e.type));
    await waitFor(() => expect(live.connected).toBe(true));
    expect(attempts).toBe(3);
    // The first stream that opens is no reconnect: nothing to read afresh.
    expect(events).toEqual([]);
    expect(document.querySelector('.ant-message, .ant-notification')).toBeNull();
    off();
  });

  it('invalidates the named queries on a change of its kind', async () => {
    let connections = 0;
    mockServer.use(http.get(`${API}/Live/Events`, () => (++connections === 1 ? streamOf([READY, change('warning', 'w9')], true) : streamOf([READY], true))));
    const client = new QueryClient();
    let loads = 0;
    client.setQueryDefaults(['t'], { queryFn: () => ++loads });
    await client.fetchQuery({ queryKey: ['t'] });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const observer = client.getQueryCache().find({ queryKey: ['t'] })!;
    const view = renderHook(() => useLiveInvalidation('warning', [['t']]), { wrapper });
    await waitFor(() => expect(observer.state.isInvalidated).toBe(true));
    view.unmount();
  });

  it('the header badge shows the open warnings and follows a change without a reload, in both languages', async () => {
    let open = 2;
    let push: ((text: string) => void) | undefined;
    mockServer.use(
      http.get(`${API}/SysWarning/OpenCount`, () => Response.json({ code: 200, msg: '', data: { Open: open } })),
      http.get(`${API}/Live/Events`, () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode(READY));
            push = (text) => controller.enqueue(encoder.encode(text));
          },
        });
        return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    renderInShell(<WarningBadge />);
    expect(await screen.findByRole('button', { name: '预警信息：2 条未处理' })).toBeTruthy();
    await waitFor(() => expect(push).toBeDefined());
    open = 3;
    act(() => push!(change('warning', 'w3')));
    expect(await screen.findByRole('button', { name: '预警信息：3 条未处理' })).toBeTruthy();
    await act(() => changeLanguage('en'));
    expect(await screen.findByRole('button', { name: 'Warnings: 3 open' })).toBeTruthy();
    await act(() => changeLanguage('zh-chs'));
  });
});
