/**
 * The interactive API reference (issue 16): the bundled contract rendered by Redoc, for the engineers who
 * integrate the legacy endpoints. Served at API_REFERENCE_PATH; env API_REFERENCE=off turns it off (a
 * production server need not publish its contract).
 *
 * The renderer is the Redoc standalone bundle the project's Redocly CLI ships (the same tool that lints and
 * bundles the contract), served from this origin: plants run without internet, and the portal's CSP allows
 * scripts from its own origin only, so neither a CDN nor an inline script would load.
 */
import { createReadStream, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { OpenApiDocument } from '../contract.ts';

export const API_REFERENCE_PATH = '/api-docs';

/** Vendor extensions shown beside each call: who may call it. */
const SHOWN_EXTENSIONS = ['x-permission'];

/** Redoc's standalone bundle inside @redocly/cli, or undefined when the CLI is not installed (npm ci --omit=dev). */
export function redocBundlePath(): string | undefined {
  try {
    const cliPackage = createRequire(import.meta.url).resolve('@redocly/cli/package.json');
    const bundle = path.join(path.dirname(cliPackage), 'lib', 'chunks', 'redoc.standalone.js');
    return existsSync(bundle) ? bundle : undefined;
  } catch {
    return undefined;
  }
}

const page = (title: string) => `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>${title}</title>
  <style>body { margin: 0; padding: 0; }</style>
</head>
<body>
  <div id="redoc"></div>
  <script type="module" src="${API_REFERENCE_PATH}/start.js"></script>
</body>
</html>
`;

const startScript = `import { init } from '${API_REFERENCE_PATH}/redoc.standalone.js';
init('${API_REFERENCE_PATH}/openapi.json', { showExtensions: ${JSON.stringify(SHOWN_EXTENSIONS)}, expandResponses: '200', disableTelemetry: true }, document.getElementById('redoc'));
`;

const unavailable = (why: string) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8" /><title>API reference</title></head>
<body><p>${why}</p></body></html>
`;

export interface ApiReferenceOptions {
  enabled: boolean;
  /** Where Redoc's bundle is; defaults to the one @redocly/cli ships. */
  bundlePath?: string;
}

export function registerApiReference(app: FastifyInstance, contract: OpenApiDocument, options: ApiReferenceOptions): void {
  if (!options.enabled) {
    app.get(API_REFERENCE_PATH, async (_request, reply) =>
      reply.code(404).type('text/html; charset=utf-8').send(unavailable('The API reference is turned off on this server (API_REFERENCE=off).')),
    );
    return;
  }
  const bundle = options.bundlePath ?? redocBundlePath();
  const info = (contract as { info?: { title?: string } }).info;
  const title = `${info?.title ?? 'API'} reference`;

  app.get(API_REFERENCE_PATH, async (_request, reply) => {
    if (!bundle) {
      return reply.code(503).type('text/html; charset=utf-8').send(unavailable('The API reference needs the Redocly CLI (npm install without --omit=dev).'));
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page(title));
  });
  app.get(`${API_REFERENCE_PATH}/start.js`, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(startScript),
  );
  app.get(`${API_REFERENCE_PATH}/redoc.standalone.js`, async (_request, reply) => {
    if (!bundle) return reply.code(404).send();
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=86400').send(createReadStream(bundle));
  });
  app.get(`${API_REFERENCE_PATH}/openapi.json`, async (_request, reply) => reply.header('cache-control', 'no-cache').send(contract));
}
