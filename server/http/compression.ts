/**
 * Compressed answers (issue 15): every compressible answer of the API (JSON above all: a 10,000-row
 * page is megabytes of text that shrinks about tenfold) and of the portal's files goes out as brotli
 * or gzip, whichever the browser accepts first (br, then gzip). Registered before the API and the
 * portal: the plugin adds its hook to each route as the route is registered.
 *
 * The portal's built files carry their own .br/.gz siblings written at build time (build/precompress.ts),
 * so @fastify/static sends those as they are and this hook leaves an already encoded answer alone.
 */
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

/**
 * Answers smaller than this go out as they are: below about a kilobyte the encoding saves less than a
 * packet while still costing a compression call per request (most of the API's small JSON answers).
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // No deflate (ambiguous framing in old browsers) and no zstd (not in Node 20's zlib).
    encodings: ['br', 'gzip'],
    // Request bodies stay as they are: the contract's uploads are not sent encoded.
    globalDecompression: false,
  });
}
