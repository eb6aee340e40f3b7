/**
 * The server bundle `npm start` runs (server/server-bundle.mjs, server/launch.mjs): made from the
 * sources, made again only when a source or a source folder's listing changed, with each module's
 * `import.meta.url` its source file's; and the real server started from it answers, its migrations
 * (loaded by file name) included.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript without declarations: it runs before any TypeScript loader
import { serverBundle } from '../../server/server-bundle.mjs';
import { SpawnedServer } from './support/spawned-server.ts';

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'portal-server-bundle-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('the server bundle', () => {
  it('is made once, made again when a source or a folder it read changes, and keeps each module its own import.meta.url', async () => {
    const root = path.join(scratch, 'project');
    const outDir = path.join(root, '.cache', 'server');
    await mkdir(path.join(root, 'app', 'lib'), { recursive: true });
    const write = (file: string, text: string) => writeFile(path.join(root, file), text);
    await write('app/a.ts', "import { b } from './lib/b.ts';\nexport const a: string = import.meta.url;\nexport const fromB = b;\nexport const later = await import('./lib/late.ts');\n");
    await write('app/lib/b.ts', 'export const b: { url: string; version: number } = { url: import.meta.url, version: 1 };\n');
    await write('app/lib/late.ts', 'export const late = import.meta.url;\n');
    const make = () => serverBundle({ root, outDir, entries: { a: 'app/a.ts' } }) as Promise<string>;
    const load = async (folder: string) => import(`${pathToFileURL(path.join(folder, 'a.mjs')).href}?${Date.now()}`);

    const first = await make();
    const loaded = await load(first);
    expect(loaded.a).toBe(pathToFileURL(path.join(root, 'app/a.ts')).href);
    expect(loaded.fromB).toEqual({ url: pathToFileURL(path.join(root, 'app/lib/b.ts')).href, version: 1 });
    expect(loaded.later.late).toBe(pathToFileURL(path.join(root, 'app/lib/late.ts')).href);

    // Nothing changed: the same folder, not written again.
    const madeAt = (await stat(path.join(first, 'a.mjs'))).mtimeMs;
    expect(await make()).toBe(first);
    expect((await stat(path.join(first, 'a.mjs'))).mtimeMs).toBe(madeAt);

    // A source changed: a new bundle with it, and the old one gone.
    await write('app/lib/b.ts', 'export const b: { url: string; version: number } = { url: import.meta.url, version: 2 };\n');
    const second = await make();
    expect(second).not.toBe(first);
    expect((await load(second)).fromB.version).toBe(2);
    expect((await readdir(outDir)).sort()).toEqual([path.basename(second), 'current.json', 'running'].sort());

    // A file added beside the sources (as a new migration is): made again.
    await write('app/lib/added.ts', 'export const added = 1;\n');
    const third = await make();
    expect(third).not.toBe(second);

    // A source removed: made again, not a crash.
    await rm(path.join(root, 'app/lib/added.ts'));
    expect(await make()).toBe(second);

    // A project with a top-level input (the lock file): what is made at its top does not make it again, neither
    // the first bundle's own .cache nor a scratch folder. Two servers starting on a fresh checkout hashed the top's
    // listing before and after the first made .cache, and the second deleted the first's bundle while it loaded.
    const topRoot = path.join(scratch, 'with-lock');
    await mkdir(path.join(topRoot, 'app'), { recursive: true });
    await writeFile(path.join(topRoot, 'package-lock.json'), '{}\n');
    await writeFile(path.join(topRoot, 'app/a.ts'), 'export const a = 1;\n');
    const makeTop = () => serverBundle({ root: topRoot, outDir: path.join(topRoot, '.cache', 'server'), entries: { a: 'app/a.ts' } }) as Promise<string>;
    const withLock = await makeTop();
    expect(await makeTop()).toBe(withLock);
    await mkdir(path.join(topRoot, 'scratch-at-the-top'));
    expect(await makeTop()).toBe(withLock);
  });

  it('keeps a bundle while a live process runs it, and deletes it at the next making once that process is gone', async () => {
    const root = path.join(scratch, 'in-use');
    const outDir = path.join(root, '.cache', 'server');
    await mkdir(path.join(root, 'app'), { recursive: true });
    const source = (version: number) => writeFile(path.join(root, 'app/a.ts'), `export const version: number = ${version};\n`);
    const make = () => serverBundle({ root, outDir, entries: { a: 'app/a.ts' } }) as Promise<string>;
    await source(1);

    // Another process, as a running server is: it takes the current bundle and goes on running.
    const script = `const { serverBundle } = await import(${JSON.stringify(pathToFileURL(path.resolve(import.meta.dirname, '../../server/server-bundle.mjs')).href)});
      const folder = await serverBundle(${JSON.stringify({ root, outDir, entries: { a: 'app/a.ts' } })});
      console.log(folder); setInterval(() => {}, 1000);`;
    const running = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const [line] = (await once(running.stdout!, 'data')) as [Buffer];
      const itsBundle = line.toString().trim();
      expect(path.dirname(itsBundle)).toBe(outDir);

      // A source changed and a second start made a new bundle: the running one's is still there, whole.
      await source(2);
      const newer = await make();
      expect(newer).not.toBe(itsBundle);
      await stat(path.join(itsBundle, 'a.mjs'));

      // It died without a word (kill -9); the next making deletes its bundle, and the marker it left.
      running.kill('SIGKILL');
      await once(running, 'exit');
      await source(3);
      const newest = await make();
      expect((await readdir(outDir)).sort()).toEqual([path.basename(newest), 'current.json', 'running'].sort());
      expect(await readdir(path.join(outDir, 'running'))).toEqual([String(process.pid)]);

      // A process that ends on its own takes its marker away as it exits.
      const ending = spawn(process.execPath, ['--input-type=module', '-e', script.replace('setInterval(() => {}, 1000);', '')], { stdio: 'ignore' });
      expect((await once(ending, 'exit'))[0]).toBe(0);
      expect(await readdir(path.join(outDir, 'running'))).toEqual([String(process.pid)]);
    } finally {
      running.kill('SIGKILL');
    }
  });

  it('runs the real server: a fresh embedded database migrated from the bundle, and its API answering', async () => {
    // A bundle of its own, made now; inside the project, whose node_modules its packages come from.
    const bundleDir = path.join(import.meta.dirname, '../../.cache', `test-server-bundle-${process.pid}`);
    const server = await SpawnedServer.start({ dataDir: 'memory://', bundleDir });
    try {
      expect(server.output()).toContain('Portal ready:');
      const answer = await server.call('GET', '/Auth/GetPublicKey');
      expect(answer.status).toBe(200);
      expect(answer.body.data.PublicKey).toContain('BEGIN PUBLIC KEY');
      const token = await server.login('ADMIN', 'admin123', (await import('../../server/db/seed/system-data.ts')).DEFAULT_ORGANIZATION.Id);
      expect(token).toBeTruthy();
    } finally {
      await server.stop();
      await rm(bundleDir, { recursive: true, force: true });
    }
    // A cold start (the bundle made, every migration and the seed run on a fresh database) past the 60 s default
    // in a full run on a slow 2-core host; SpawnedServer.start gives up at 120 s, this test just after it.
  }, 150_000);
});
