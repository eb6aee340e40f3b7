/**
 * A Vite build plugin that writes a brotli (.br) and a gzip (.gz) copy beside every compressible
 * file of the build, so the server sends the portal's files compressed without compressing them on
 * each request (@fastify/static's `preCompressed`, server/portal.ts). Only node:zlib: no dependency.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the build writes; images and fonts it copies are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map)$/i;
/** Below this a compressed copy saves less than a packet (the server's threshold for live answers too). */
const MIN_BYTES = 1024;
/**
 * Brotli quality 5: on this machine the whole build compresses in about 0.6 s and comes out ~6% below
 * gzip -9; quality 11 saves another ~10% but takes ~9 s, which `npm start` (that builds first) cannot pay.
 */
const BROTLI_QUALITY = 5;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)])),
  );
  return nested.flat();
}

/** Writes `<file>.br` and `<file>.gz` for each compressible file of `dir` of at least MIN_BYTES; returns how many files. */
export async function precompressDirectory(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        }),
        gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      written++;
    }),
  );
  return written;
}

/** After the build has written its files (and other plugins have removed theirs), compresses the output directory. */
export function precompressBuild(): Plugin {
  let outDir = '';
  return {
    name: 'precompress-build',
    apply: 'build',
    // After mock-worker-only-in-mock-builds (vite.config.ts) has removed the files a build does not ship.
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
