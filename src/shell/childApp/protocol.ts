/**
 * The message protocol between the portal (the base app) and a child app in its frame (spec §7
 * "Child apps", §8). Both directions are plain `postMessage` objects with a `type`:
 *
 *   base -> child: route-init {routes}, auth-send {ticket}, host-config {config},
 *                  table-tool-toogle {visible}   (the four "init" messages, sent on every load;
 *                                                 each load's ticket is new: it is good once)
 *                  router-replace {path}         (the base route moved inside the child's area)
 *                  page-destroy {fullPath}       (the child's tab closed)
 *   child -> base: logout, router-push {path}, router-replace {path}
 *
 * ('toogle' is the legacy spelling child apps already listen for; keep it.)
 * The base accepts a message only when it comes from the child's own window AND origin; anything
 * else (another frame, another site, a browser extension) is ignored without a word.
 */

export const CHILD_MESSAGE = {
  routeInit: 'route-init',
  authSend: 'auth-send',
  hostConfig: 'host-config',
  tableToolToggle: 'table-tool-toogle',
  routerReplace: 'router-replace',
  routerPush: 'router-push',
  pageDestroy: 'page-destroy',
  logout: 'logout',
} as const;

/** A base-app route as child apps see it: path (absolute), menu code and both titles. */
export interface ChildRoute {
  path: string;
  name: string;
  title: { zh: string; en: string };
}

export type MessageToChild =
  | { type: typeof CHILD_MESSAGE.routeInit; routes: ChildRoute[] }
  | { type: typeof CHILD_MESSAGE.authSend; ticket: string }
  | { type: typeof CHILD_MESSAGE.hostConfig; config: Record<string, string> }
  | { type: typeof CHILD_MESSAGE.tableToolToggle; visible: boolean }
  | { type: typeof CHILD_MESSAGE.routerReplace; path: string }
  | { type: typeof CHILD_MESSAGE.pageDestroy; fullPath: string };

export type MessageFromChild =
  | { type: typeof CHILD_MESSAGE.logout }
  | { type: typeof CHILD_MESSAGE.routerPush; path: string }
  | { type: typeof CHILD_MESSAGE.routerReplace; path: string };

export interface InitState {
  routes: ChildRoute[];
  /** A one-use ticket of this frame load (Auth/NewTicket). */
  ticket: string;
  hostConfig: Record<string, string>;
  tableToolVisible: boolean;
}

/** The init sequence a child gets each time its frame loads. */
export function initMessages({ routes, ticket, hostConfig, tableToolVisible }: InitState): MessageToChild[] {
  return [
    { type: CHILD_MESSAGE.routeInit, routes },
    { type: CHILD_MESSAGE.authSend, ticket },
    { type: CHILD_MESSAGE.hostConfig, config: hostConfig },
    { type: CHILD_MESSAGE.tableToolToggle, visible: tableToolVisible },
  ];
}

/** What the base app does for a child's message; injected so the handler is a pure decision. */
export interface ChildMessageEffects {
  /** Spec §8: 'Login expired, please log in again', then logout. */
  logout(): void;
  navigate(path: string, options: { replace: boolean }): void;
  /** Spec §8: notification 'Base app found no handler for type ...' titled with the app name. */
  unknownType(type: string): void;
}

export interface ChildMessageSource {
  /** The child's frame window: messages from any other window are ignored. */
  window: MessageEventSource | null;
  /** The child's origin (scheme://host:port of its URL). */
  origin: string;
}

export type HandleResult = 'handled' | 'ignored' | 'unknown';

/** Base-app paths are absolute in-app paths; a child cannot send the user to another site. */
const isInAppPath = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');

/**
 * Handles one `message` event for one child. Returns what happened, so callers and tests can tell
 * an ignored foreign message from a handled one.
 */
export function handleChildMessage(
  event: Pick<MessageEvent, 'data' | 'origin' | 'source'>,
  child: ChildMessageSource,
  effects: ChildMessageEffects,
): HandleResult {
  if (!child.window || event.source !== child.window || event.origin !== child.origin) return 'ignored';
  const data: unknown = event.data;
  if (!data || typeof data !== 'object' || typeof (data as { type?: unknown }).type !== 'string') return 'ignored';
  const message = data as { type: string; path?: unknown };
  switch (message.type) {
    case CHILD_MESSAGE.logout:
      effects.logout();
      return 'handled';
    case CHILD_MESSAGE.routerPush:
    case CHILD_MESSAGE.routerReplace:
      if (!isInAppPath(message.path)) {
        effects.unknownType(`${message.type} (path ${String(message.path)})`);
        return 'unknown';
      }
      effects.navigate(message.path, { replace: message.type === CHILD_MESSAGE.routerReplace });
      return 'handled';
    default:
      effects.unknownType(message.type);
      return 'unknown';
  }
}

/** The origin of a child app URL, relative URLs resolved against the portal's page. */
export function childOrigin(url: string, base: string = window.location.href): string {
  return new URL(url, base).origin;
}
