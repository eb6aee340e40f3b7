/**
 * Checks that a child app's entry page can be fetched before its frame is shown (spec §8 "Cannot
 * fetch child app {url}"). A frame shows the browser's own error page for a dead address and
 * fires `load` anyway, so the frame alone cannot tell. Cross-origin entries are probed with
 * `no-cors`: the answer is opaque, but a network failure still rejects, which is what we need.
 * Lives in src/api because this is the only place the portal calls fetch.
 */

export const CHILD_APP_PROBE_TIMEOUT_MS = 15_000;

export type ChildAppProbe = { ok: true } | { ok: false; reason: 'unreachable' | 'status'; status?: number };

export async function probeChildApp(url: string, pageUrl: string = window.location.href): Promise<ChildAppProbe> {
  const target = new URL(url, pageUrl);
  const sameOrigin = target.origin === new URL(pageUrl).origin;
  try {
    const response = await globalThis.fetch(target, {
      method: 'GET',
      mode: sameOrigin ? 'same-origin' : 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(CHILD_APP_PROBE_TIMEOUT_MS),
    });
    // Opaque (cross-origin) answers have status 0: reachable is all we can know.
    if (response.type === 'opaque' || response.ok) return { ok: true };
    return { ok: false, reason: 'status', status: response.status };
  } catch {
    return { ok: false, reason: 'unreachable' };
  }
}
