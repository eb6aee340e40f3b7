/**
 * The operating system's "reduce motion" preference (prefers-reduced-motion): a person who asked for it gets
 * no sliding, fading or zooming in the portal (antd's motion token, the shell's own transitions in its CSS).
 * It follows the setting live, as the browser reports a change.
 */
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';
const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null);

function subscribe(onChange: () => void) {
  const list = media();
  list?.addEventListener?.('change', onChange);
  return () => list?.removeEventListener?.('change', onChange);
}

export const prefersReducedMotion = () => media()?.matches ?? false;

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
