/**
 * The login page's JavaScript (issue 15: ≤ 1.1 × the stack's floor, gzip): the real build behind the
 * real server (on a fresh embedded data directory), in headless Chromium, measured by
 * tests/e2e/loginPageScripts.ts, which the e2e budget test uses too. Builds the portal first if dist/
 * is not current. `node --import tsx bench/login-bytes.ts` runs it alone.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../tests/e2e/browser.ts';
import { LOGIN_JS_BUDGET_BYTES, LOGIN_JS_FLOOR_BYTES, loginPageScripts } from '../tests/e2e/loginPageScripts.ts';
import { ensurePortalBuilt } from '../server/portal-build.ts';
import { printTable } from './stats.ts';

const PROJECT_DIR = fileURLToPath(new URL('..', import.meta.url));
const READY_LINE = /Portal ready: (http:\/\/\S+)/;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** server/main.ts on a port of its own and a fresh data directory, until it prints its URL. */
async function startServer(dataDir: string) {
  const port = 18_900 + Math.floor(Math.random() * 90);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: PROJECT_DIR,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = READY_LINE.exec(output);
      if (ready) resolve(`http://127.0.0.1:${port}`);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server ended (exit ${code}):\n${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { url, stop: () => (child.kill('SIGTERM'), exited) };
}

export async function benchLoginBytes(): Promise<void> {
  await ensurePortalBuilt(PROJECT_DIR, path.join(PROJECT_DIR, 'dist'));
  const root = await mkdtemp(path.join(tmpdir(), 'login-bytes-bench-'));
  const server = await startServer(path.join(root, 'data'));
  const browser = await launchBrowser();
  try {
    const scripts = await loginPageScripts(browser, server.url);
    const ratio = (bytes: number) => `${(bytes / LOGIN_JS_FLOOR_BYTES).toFixed(2)} × floor`;
    printTable(`Login page JavaScript before login (${scripts.files.length} files; floor ${kb(LOGIN_JS_FLOOR_BYTES)} gzip, STACK.md)`, ['bytes', 'vs floor', 'goal'], [
      ['gzip (zlib default level, per file)', kb(scripts.gzipBytes), ratio(scripts.gzipBytes), `≤ ${kb(LOGIN_JS_BUDGET_BYTES)} (1.1 × floor)`],
      ['on the wire (as served)', kb(scripts.wireBytes), ratio(scripts.wireBytes), '—'],
      ['decoded', kb(scripts.decodedBytes), '', '—'],
    ]);
  } finally {
    await browser.close();
    await server.stop();
    await rm(root, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLoginBytes();
