/**
 * Serves the built portal (vite build -> dist/) on the API's port. Any GET outside /api that is not
 * a file gets index.html, so the client's router handles deep links and reloads.
 *
 * Files go out compressed from the .br/.gz copies the build writes beside them (build-tools/precompress.ts).
 * The build names every file under assets/ by a hash of its content, so a browser keeps those for a
 * year without asking again; everything else (index.html above all, which names the current hashes)
 * is revalidated on each use, so a new release is picked up at the next load.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_PREFIX } from '../src/shared/api-prefix.ts';
import { notFoundReply } from './http/problem.ts';

export const hasBuiltPortal = (dir: string | undefined): dir is string => !!dir && existsSync(path.join(dir, 'index.html'));

/** Vite's `build.assetsDir`: the content-hashed files. */
const HASHED_ASSETS_DIR = 'assets';
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

/** The Cache-Control of a built file, by where it lies under the portal's root. */
export function cacheControlFor(root: string, file: string): string {
  const relative = path.relative(root, file).split(path.sep);
  return relative.length > 1 && relative[0] === HASHED_ASSETS_DIR ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL;
}

/** Registers the portal when dir holds a build (else API only). */
export async function registerPortal(app: FastifyInstance, dir: string | undefined): Promise<void> {
  const built = hasBuiltPortal(dir);
  if (built) {
    const root = path.resolve(dir);
    await app.register(fastifyStatic, {
      root,
      preCompressed: true,
      // Our own Cache-Control below, not send's max-age=0.
      cacheControl: false,
      setHeaders: (response, file) => {
        // The path sent may be the .br/.gz copy: its headers are those of the file it encodes.
        response.setHeader('cache-control', cacheControlFor(root, file.replace(/\.(?:br|gz)$/, '')));
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === API_PREFIX || request.url.startsWith(`${API_PREFIX}/`);
    if (built && request.method === 'GET' && !isApi) return reply.sendFile('index.html');
    return notFoundReply(request, reply);
  });
}
