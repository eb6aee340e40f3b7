/** Uncaught front-end errors become `danger` log entries (spec §8 "Logging"). */
import { ApiError } from '../../api/errors';
import { logDanger } from '../../core/log/store';

let uninstall: (() => void) | null = null;

const messageOf = (value: unknown): string =>
  value instanceof Error ? value.message || value.name : typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);

/** Listen for window `error` and `unhandledrejection`. Idempotent; returns the uninstall function. */
export function installGlobalErrorLogging(target: Window = window): () => void {
  if (uninstall) return uninstall;
  const onError = (event: ErrorEvent) => {
    logDanger(event.message || messageOf(event.error), { stack: event.error instanceof Error ? event.error.stack : undefined });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    // A failed api call was logged when it failed; a caller not catching it adds nothing new.
    if (event.reason instanceof ApiError) return;
    logDanger(messageOf(event.reason), { stack: event.reason instanceof Error ? event.reason.stack : undefined });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  uninstall = () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
    uninstall = null;
  };
  return uninstall;
}
