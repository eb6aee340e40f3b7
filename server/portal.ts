/**
 * Serves the built portal (vite build -> dist/) on the API's port. Any GET outside /api that is not
 * a file gets index.html, so the client's router handles deep links and reloads.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_PREFIX } from '../src/shared/api-prefix.ts';
import { notFoundReply } from './http/problem.ts';

export const hasBuiltPortal = (dir: string | undefined): dir is string => !!dir && existsSync(path.join(dir, 'index.html'));

/** Registers the portal when dir holds a build (else API only). */
export async function registerPortal(app: FastifyInstance, dir: string | undefined): Promise<void> {
  const built = hasBuiltPortal(dir);
  if (built) await app.register(fastifyStatic, { root: path.resolve(dir) });

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === API_PREFIX || request.url.startsWith(`${API_PREFIX}/`);
    if (built && request.method === 'GET' && !isApi) return reply.sendFile('index.html');
    return notFoundReply(request, reply);
  });
}
