/**
 * A ticket is good for one exchange (Auth/SsoValidate), so the frame asks Auth/NewTicket for a new one
 * on every load and sends that one with auth-send — never the login's own ticket, never one twice.
 */
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../../mocks/node';
import { getMockDb } from '../../../mocks/db';
import { changeLanguage } from '../../../src/core/i18n';
import { useNavigationStore } from '../../../src/core/navigation/navigationStore';
import { ChildAppHostPage } from '../../../src/shell/childApp/ChildAppHostPage';
import { signIn } from '../api/helpers';
import { renderInShell } from './shellTestKit';

// antd's first render (CSS-in-JS) takes seconds when the whole unit project runs in parallel.
vi.setConfig({ testTimeout: 20_000 });

const microRoute = [{ path: 'micro/*', element: <ChildAppHostPage /> }];

beforeEach(async () => {
  await changeLanguage('en');
  useNavigationStore.getState().reset();
  useNavigationStore.getState().setNavigation({
    routes: [],
    menus: [],
    searchIndex: [],
    newWindowItems: [],
    apiConfig: {},
    childApps: [{ Code: 'DEMO', Name: 'Demo child app', Url: '/child-demo/' }],
    favourites: [],
  });
  mockServer.use(http.get('*/child-demo/', () => HttpResponse.text('<!doctype html><title>demo</title>')));
});

/** The frame, with every message the portal posts to it recorded. */
async function loadedFrame() {
  const frame = (await screen.findByTitle('Demo child app')) as HTMLIFrameElement;
  const posted = vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => {});
  return { frame, posted };
}

type Posted = { mock: { calls: unknown[][] } };
const messagesOf = (posted: Posted) => posted.mock.calls.map(([message]) => message as { type: string; ticket?: string });
const authSends = (posted: Posted) => messagesOf(posted).filter((message) => message.type === 'auth-send');

describe('child-app frame tickets', () => {
  it('each load of the frame asks for a new ticket and sends it with auth-send', async () => {
    const { session } = signIn();
    const ticketRequests: string[] = [];
    const countTicketRequests = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname.endsWith('/Auth/NewTicket')) ticketRequests.push(request.method);
    };
    mockServer.events.on('request:start', countTicketRequests);
    onTestFinished(() => mockServer.events.removeListener('request:start', countTicketRequests));
    renderInShell(<Outlet />, { path: '/micro/DEMO', routes: microRoute });
    const { frame, posted } = await loadedFrame();

    fireEvent.load(frame);
    await waitFor(() => expect(authSends(posted)).toHaveLength(1));
    // The frame reloads (the child's own reload, or the tab shown again after a reload).
    fireEvent.load(frame);
    await waitFor(() => expect(authSends(posted)).toHaveLength(2));

    expect(ticketRequests).toEqual(['POST', 'POST']);
    const [first, second] = authSends(posted).map((message) => message.ticket!);
    expect(first).not.toBe(second);
    expect([first, second]).not.toContain(session.ticket);
    // Both are tickets the back end minted for this session, still unused.
    expect([getMockDb().tickets.get(first), getMockDb().tickets.get(second)]).toEqual([session.token, session.token]);
    // The init sequence keeps its order: route-init, auth-send, host-config, table-tool-toogle.
    expect(messagesOf(posted).slice(0, 4).map((message) => message.type)).toEqual([
      'route-init',
      'auth-send',
      'host-config',
      'table-tool-toogle',
    ]);
  });

  it('when no ticket can be had the frame shows as failed and sends nothing', async () => {
    signIn();
    mockServer.use(http.post('*/Auth/NewTicket', () => HttpResponse.error()));
    renderInShell(<Outlet />, { path: '/micro/DEMO', routes: microRoute });
    const { frame, posted } = await loadedFrame();
    fireEvent.load(frame);
    await waitFor(() => expect(document.querySelector('.shell-child-app-failed')).not.toBeNull());
    expect(posted).not.toHaveBeenCalled();
  });
});
