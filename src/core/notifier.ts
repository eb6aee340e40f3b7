/**
 * The notifier port: how code without React context (the api layer, child-app messaging) shows
 * toasts. The app hands it antd's context-aware `App.useApp()` instances via `setNotifier` (see
 * NotifierBridge); until then toasts go to the console. The port is the small structural subset
 * of antd's API we call, so tests can pass plain spies.
 */
import type { App } from 'antd';
import { ERROR_TOAST_SECONDS } from './noticeDurations';

type Level = 'error' | 'success' | 'warning' | 'info';

export interface NotifierPorts {
  message: Record<Level, (args: { content: string; duration?: number }) => unknown>;
  notification: Record<Level, (args: { message: string; description?: string; duration?: number | null }) => unknown>;
  /** Passed through for non-React code that needs a confirm dialog. */
  modal?: ReturnType<typeof App.useApp>['modal'];
}

const CONSOLE_METHOD = { error: 'error', success: 'info', warning: 'warn', info: 'info' } as const;
const levels = Object.keys(CONSOLE_METHOD) as Level[];
// Looked up per call, so a test that silences console.error silences these too.
const toConsole = (level: Level, ...parts: unknown[]) => console[CONSOLE_METHOD[level]](...parts);

const consoleNotifier: NotifierPorts = {
  message: Object.fromEntries(
    levels.map((level) => [level, ({ content }: { content: string }) => toConsole(level, '[toast]', content)]),
  ) as NotifierPorts['message'],
  notification: Object.fromEntries(
    levels.map((level) => [
      level,
      ({ message, description }: { message: string; description?: string }) =>
        toConsole(level, '[notification]', message, description ?? ''),
    ]),
  ) as NotifierPorts['notification'],
};

let current: NotifierPorts = consoleNotifier;

export function setNotifier(ports: NotifierPorts): void {
  current = ports;
  showNoticeCarriedOver();
}

const CARRIED_NOTICE_KEY = 'plant-portal-2.0.1-carried-notice';
/** A carried notice older than this belongs to some earlier page load; drop it. */
const CARRIED_NOTICE_MAX_AGE_MS = 15_000;
type NoticeArgs = { message: string; description?: string; duration?: number | null };

/**
 * A notification that must also be seen after the full page load that follows it, e.g. 'Login
 * expired' before logout goes to /login: shown now, and once more by the next page's notifier.
 */
export function notifyAcrossReload(level: Level, args: NoticeArgs): void {
  current.notification[level](args);
  try {
    sessionStorage.setItem(CARRIED_NOTICE_KEY, JSON.stringify({ level, args, at: Date.now() }));
  } catch {
    // Storage full or disabled: the notice was still shown on this page.
  }
}

function showNoticeCarriedOver(): void {
  let carried: { level: Level; args: NoticeArgs; at: number } | null = null;
  try {
    carried = JSON.parse(sessionStorage.getItem(CARRIED_NOTICE_KEY) ?? 'null');
    sessionStorage.removeItem(CARRIED_NOTICE_KEY);
  } catch {
    return;
  }
  if (carried && levels.includes(carried.level) && Date.now() - carried.at < CARRIED_NOTICE_MAX_AGE_MS) {
    current.notification[carried.level](carried.args);
  }
}

/** Back to the console notifier (tests; an app unmounting its bridge). */
export function resetNotifier(): void {
  current = consoleNotifier;
}

export const getNotifier = (): NotifierPorts => current;

/**
 * An error toast (5 s). With a detail — the server's own reason — it is a notification with the
 * catalogue text as title and the detail below; without, a one-line message.
 */
export function showErrorToast(title: string, detail?: string): void {
  if (detail) {
    current.notification.error({ message: title, description: detail, duration: ERROR_TOAST_SECONDS });
  } else {
    current.message.error({ content: title, duration: ERROR_TOAST_SECONDS });
  }
}
