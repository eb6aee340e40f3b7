/**
 * A small child app that speaks the portal's protocol (src/shell/childApp/protocol.ts) end to end,
 * so the protocol is tested against a real second app: it logs every message from the base app,
 * exchanges the ticket for the user with Auth/SsoValidate, and sends router-push, router-replace,
 * logout and an unknown type on its buttons. It trusts messages from its parent window only, and
 * answers to the origin the first one came from.
 */
import createClient from 'openapi-fetch';
import type { paths } from '../src/api/schema';

interface BaseRoute {
  path: string;
  name: string;
  title: { zh: string; en: string };
}
type Incoming =
  | { type: 'route-init'; routes: BaseRoute[] }
  | { type: 'auth-send'; ticket: string }
  | { type: 'host-config'; config: Record<string, string> }
  | { type: 'table-tool-toogle'; visible: boolean }
  | { type: 'router-replace'; path: string }
  | { type: 'page-destroy'; fullPath: string };

const $ = (id: string) => document.getElementById(id)!;
const state: { parentOrigin?: string; routes: BaseRoute[]; apiBase?: string; ticket?: string } = { routes: [] };

function log(text: string) {
  const item = document.createElement('li');
  item.textContent = text;
  $('log').append(item);
}

function send(message: Record<string, unknown>) {
  if (!state.parentOrigin) return;
  window.parent.postMessage(message, state.parentOrigin);
}

/** Ticket + API base known: ask the portal's server who the ticket belongs to. */
async function validateTicket() {
  if (!state.ticket || !state.apiBase) return;
  const api = createClient<paths>({ baseUrl: state.apiBase });
  try {
    const { data, response } = await api.GET('/Auth/SsoValidate', { params: { query: { ticket: state.ticket } } });
    $('sso-user').textContent =
      data && data.code === 200 ? `${data.data.Userinfo.USER_NAME} (${data.data.Userinfo.NICK_NAME})` : `refused (HTTP ${response.status})`;
  } catch (error) {
    $('sso-user').textContent = `failed: ${String(error)}`;
  }
}

/** A base route other than this app's own, to show router-push moving the base app. */
const otherRoute = () => state.routes.find((route) => !route.path.startsWith('/micro/')) ?? state.routes[0];

window.addEventListener('message', (event: MessageEvent) => {
  if (event.source !== window.parent || window.parent === window) return;
  if (state.parentOrigin && event.origin !== state.parentOrigin) return;
  state.parentOrigin ??= event.origin;
  const message = event.data as Incoming;
  if (!message || typeof message.type !== 'string') return;
  log(`${message.type} ${JSON.stringify(message).slice(0, 160)}`);
  switch (message.type) {
    case 'route-init':
      state.routes = message.routes;
      $('routes').textContent = String(message.routes.length);
      // Shows (and lets tests read) where router-push will send the base app.
      $('push').dataset.path = otherRoute()?.path ?? '';
      $('push').textContent = `router-push ${otherRoute()?.path ?? ''}`;
      break;
    case 'auth-send':
      state.ticket = message.ticket;
      $('ticket').textContent = message.ticket ? `${message.ticket.slice(0, 6)}…` : '(none)';
      void validateTicket();
      break;
    case 'host-config':
      state.apiBase = message.config.apiBase;
      $('api-base').textContent = message.config.apiBase ?? '–';
      void validateTicket();
      break;
    case 'table-tool-toogle':
      $('table-tools').textContent = message.visible ? 'visible' : 'hidden';
      break;
    case 'router-replace':
      $('inner-path').textContent = message.path;
      break;
    case 'page-destroy':
      break;
  }
  for (const id of ['push', 'replace', 'unknown', 'logout']) ($(id) as HTMLButtonElement).disabled = false;
});

$('push').addEventListener('click', () => {
  const target = otherRoute();
  if (target) send({ type: 'router-push', path: target.path });
});
$('replace').addEventListener('click', () => send({ type: 'router-replace', path: '/micro/DEMO/replaced' }));
$('unknown').addEventListener('click', () => send({ type: 'demo-unknown' }));
$('logout').addEventListener('click', () => send({ type: 'logout' }));
