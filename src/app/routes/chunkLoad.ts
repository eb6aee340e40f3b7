/**
 * A page chunk that neither loads nor fails is a failed chunk after this long (spec §8, §9 "Chunk
 * load timeout 120000 ms"): the tab shows the route error page instead of a spinner forever.
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The chunk load that did not settle within CHUNK_LOAD_TIMEOUT_MS. */
export class ChunkLoadTimeoutError extends Error {
  override name = 'ChunkLoadTimeoutError';
  readonly timeoutMs: number;

  constructor(timeoutMs: number) {
    super(`The page's code did not load within ${timeoutMs} ms`);
    this.timeoutMs = timeoutMs;
  }
}

/** The chunk's load, rejected with ChunkLoadTimeoutError if it has not settled within `timeoutMs`. */
export function withChunkTimeout<T>(load: Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadTimeoutError(timeoutMs)), timeoutMs);
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}

/** A route's `lazy` whose chunk fails with ChunkLoadTimeoutError as a menu page's does (routeObjects.tsx loads those). */
export const timedLazy =
  <T,>(load: () => Promise<T>) =>
  (): Promise<T> =>
    withChunkTimeout(load());
