/**
 * Once per e2e run: build the portal and its mock build into a temporary folder of this run, start the reference
 * server on the real build with an empty embedded database, serve the mock build statically, and
 * hand both base URLs to the test files (`inject('portalUrl')`, `inject('mockPortalUrl')`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { cacheControlFor } from '../../server/portal.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The reference server on the production build, e.g. http://127.0.0.1:41234 */
    portalUrl: string;
    /** The mock build (MSW in the browser, no server), served as static files. */
    mockPortalUrl: string;
    /** The reference local print agent (print-agent/), which the builds call as their printer service. */
    printAgentUrl: string;
    /** The printers the print agent offers (its explicit list). */
    printAgentPrinters: string[];
    /** The folder the print agent writes each print job to (PRINT_AGENT_SPOOL), one file per job. */
    printSpoolDir: string;
    /** The production build the reference server serves: a test may start a server of its own on it (startReferenceServer). */
    portalDir: string;
  }
}

const ROOT = resolve(import.meta.dirname, '../..');
const SERVER_READY_LINE = 'Portal ready:';
/**
 * A first start on a fresh data directory (tsx compiling the server, the prepared database made: every migration and
 * the seed) took past 120 s in the generators' scratch copy in a full run on a slow 2-core host. A guard against a hang.
 */
const SERVER_START_TIMEOUT_MS = 240_000;

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
}

/** Runs a command to completion; its output is shown only when it fails. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolveRun() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${output}`)),
    );
  });
}

/** A production build: vitest sets NODE_ENV=test, which would make vite bundle React's development build. */
export function buildEnv(printAgentUrl: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', VITE_PRINTER_SERVICE_URL: printAgentUrl };
  delete env.VITE_USE_MOCKS;
  return env;
}

/**
 * The reference server on `portalDir`'s build with an embedded database in `dataDir`; `settings` adds environment
 * settings (e.g. DEMO_DATA); `root` is the project whose server runs (the generator tests' scratch copy).
 */
export async function startReferenceServer(port: number, dataDir: string, portalDir: string, settings: NodeJS.ProcessEnv = {}, root = ROOT): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, PORTAL_DIR: portalDir, CAPTCHA: 'off', ...settings };
  // The embedded database (PGlite) in a fresh folder: every run starts from the seed data.
  delete env.DATABASE_URL;
  delete env.ADMIN_PASSWORD;
  return startUntilReady('server/main.ts', env, SERVER_READY_LINE, 'reference server', root);
}

const PRINT_AGENT_READY_LINE = 'Print agent ready:';
const E2E_PRINTERS = ['Zebra ZT410 (e2e)', 'Office laser (e2e)'];

/** The reference print agent on its own port, with an explicit printer list, answering the portal's origin. */
function startPrintAgent(port: number, portalOrigin: string, stateFile: string, spoolDir: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PRINT_AGENT_PORT: String(port),
    PRINT_AGENT_PRINTERS: E2E_PRINTERS.join(','),
    PRINT_AGENT_ORIGINS: portalOrigin,
    PRINT_AGENT_STATE: stateFile,
    PRINT_AGENT_SPOOL: spoolDir,
  };
  return startUntilReady('print-agent/main.ts', env, PRINT_AGENT_READY_LINE, 'print agent');
}

/** Runs a TypeScript entry with tsx and resolves once it prints its ready line. */
async function startUntilReady(entry: string, env: NodeJS.ProcessEnv, readyLine: string, label: string, root = ROOT): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`${label} not ready after ${SERVER_START_TIMEOUT_MS} ms\n${output}`)), SERVER_START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes(readyLine)) {
        clearTimeout(timer);
        ready();
      }
    };
    server.stdout!.on('data', onData);
    server.stderr!.on('data', onData);
    server.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`${label} exited with ${code} before it was ready\n${output}`));
    });
  });
  return server;
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((stopped) => {
    const forceKill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(forceKill);
      stopped();
    });
    child.kill('SIGTERM');
  });
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/**
 * Static files with the SPA fallback (unknown paths get index.html), like the reference server, and with its
 * Cache-Control (server/portal.ts): the content-hashed assets are kept, so a reload compiles the mock build's
 * scripts from Chromium's code cache, not from scratch (a reload of the login page: ~2.3 s without, ~0.7 s with,
 * on an idle 2-core machine; the mock tests reload often: each ?scenario= is a new load).
 */
export function serveStatic(dir: string): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    let file = normalize(join(dir, pathname));
    const isInside = file.startsWith(dir);
    const isFile = isInside && statSync(file, { throwIfNoEntry: false })?.isFile();
    if (!isFile) file = join(dir, 'index.html');
    response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': cacheControlFor(dir, file) });
    createReadStream(file).pipe(response);
  });
  return new Promise((listening) =>
    server.listen(0, '127.0.0.1', () => listening({ server, port: (server.address() as { port: number }).port })),
  );
}

export default async function setup(project: TestProject) {
  // Ports first: the builds call the print agent at its URL (VITE_PRINTER_SERVICE_URL).
  const serverPort = await freePort();
  const printAgentPort = await freePort();
  const printAgentUrl = `http://127.0.0.1:${printAgentPort}`;
  // Builds go to this run's own folder, not dist/: a second e2e run (or `npm start`) at the same time
  // would otherwise rebuild the files this run's server is serving.
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const portalDir = join(dataDir, 'dist');
  const mockPortalDir = join(dataDir, 'dist-mock');
  const build = (outDir: string, mode: string[]) =>
    run(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', ...mode, '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      buildEnv(printAgentUrl),
    );
  try {
    await Promise.all([build(portalDir, []), build(mockPortalDir, ['--mode', 'mock'])]);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  let referenceServer: ChildProcess | undefined;
  let printAgent: ChildProcess | undefined;
  let mockSite: Server | undefined;
  const teardown = async () => {
    if (mockSite) await new Promise((closed) => mockSite!.close(closed));
    if (referenceServer) await stopProcess(referenceServer);
    if (printAgent) await stopProcess(printAgent);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    referenceServer = await startReferenceServer(serverPort, join(dataDir, 'db'), portalDir);
    const printSpoolDir = join(dataDir, 'print-spool');
    printAgent = await startPrintAgent(printAgentPort, `http://127.0.0.1:${serverPort}`, join(dataDir, 'print-agent.json'), printSpoolDir);
    project.provide('printSpoolDir', printSpoolDir);
    project.provide('printAgentUrl', printAgentUrl);
    project.provide('printAgentPrinters', E2E_PRINTERS);
    const staticSite = await serveStatic(mockPortalDir);
    mockSite = staticSite.server;
    project.provide('portalUrl', `http://127.0.0.1:${serverPort}`);
    project.provide('portalDir', portalDir);
    project.provide('mockPortalUrl', `http://127.0.0.1:${staticSite.port}`);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
