/**
 * Child-app debug (spec §2, §4, §5): a developer points a child app at their own dev server (e.g.
 * http://localhost:5174/) without touching the server's app list. The flag and the URL overrides
 * live in session storage (this tab only, gone when it closes) and take effect after a reload,
 * because a loaded child app is not swapped under the user. The flag starts ON only on hosts in
 * the configured list (VITE_CHILD_APP_DEBUG_HOSTS, comma separated; default the loopback names),
 * so production users never see the drawer unless they turn it on deliberately.
 */

const FLAG_KEY = 'plant-portal-2.0.1-child-app-debug';
const URLS_KEY = 'plant-portal-2.0.1-child-app-debug-urls';

export const DEFAULT_DEBUG_HOSTS = ['localhost', '127.0.0.1'];

export function configuredDebugHosts(raw: string | undefined = import.meta.env.VITE_CHILD_APP_DEBUG_HOSTS): string[] {
  if (raw === undefined) return DEFAULT_DEBUG_HOSTS;
  return raw
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
}

/** ON/OFF: the stored value, else ON only when `hostname` is in the configured list. */
export function isChildAppDebugOn(
  storage: Storage = sessionStorage,
  hostname: string = window.location.hostname,
  hosts: string[] = configuredDebugHosts(),
): boolean {
  const stored = storage.getItem(FLAG_KEY);
  if (stored === 'on') return true;
  if (stored === 'off') return false;
  return hosts.includes(hostname.toLowerCase());
}

export function setChildAppDebug(on: boolean, storage: Storage = sessionStorage): void {
  storage.setItem(FLAG_KEY, on ? 'on' : 'off');
}

/** Overrides by app code; URLs are trimmed and empty ones dropped (spec §5). */
export function readDebugUrls(storage: Storage = sessionStorage): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(URLS_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
      ),
    );
  } catch {
    return {};
  }
}

export function saveDebugUrls(urls: Record<string, string>, storage: Storage = sessionStorage): Record<string, string> {
  const trimmed = Object.fromEntries(
    Object.entries(urls)
      .map(([code, url]) => [code, (url ?? '').trim()] as const)
      .filter(([, url]) => url !== ''),
  );
  storage.setItem(URLS_KEY, JSON.stringify(trimmed));
  return trimmed;
}

/** The URL to load for an app: the debug override when debugging is on, else the server's. */
export function effectiveChildAppUrl(code: string, serverUrl: string, storage: Storage = sessionStorage): string {
  if (!isChildAppDebugOn(storage)) return serverUrl;
  return readDebugUrls(storage)[code] ?? serverUrl;
}
