/**
 * The server's TypeScript sources bundled into plain ES modules (esbuild), for `npm start` and the tests
 * that start the server as a process (server/launch.mjs). Under tsx each of the server's ~400 modules is
 * resolved and compiled through tsx's loader thread: importing the app took 3.3-3.7 s on this 2-core
 * machine under load, the bundle 1.5-1.8 s.
 *
 * A bundle is a build artefact like dist/: made again (under a second) only when a file it was made
 * from, or the listing of a folder it read (a migration added), changed. Each bundle lives in a folder
 * named by the hash of its inputs, named in the stamp only once complete, so starts at the same moment
 * never load half a bundle, and one that finds the folder made already by another keeps that one.
 *
 * In the bundle every source file's `import.meta.url` is that file's own address, so paths relative to a
 * module (the contract, the migrations, the PGlite worker, the project folder) mean what they mean in the
 * sources. Packages stay outside, resolved from node_modules as usual. No source map: a stack trace names
 * the bundle's lines (`node --import tsx server/start.ts` runs the sources).
 *
 * A process that runs a bundle says so in `running/<pid>` (the bundle's hash). A newer bundle's making
 * deletes only the earlier bundles no live process runs: a server started before a source changed
 * still imports its own chunks later (a screen's module on first use), and a second `npm start`
 * made after the change used to delete them under it.
 *
 * Plain JavaScript: it runs before any TypeScript loader.
 */
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Inputs of every bundle besides the files it was made from: this file and the lock file (the esbuild version). */
const TOOLING = ['server/server-bundle.mjs', 'package-lock.json'];

/**
 * A hash of these files (relative to root) and of the listings of their folders, but the project's top: the lock
 * file is read from there, and what is made there (this bundle's own .cache, a test's scratch folder) is no
 * source. Hashed, two starts on a fresh checkout disagreed (before and after the first made .cache), and the
 * second deleted the first's bundle as it loaded.
 */
async function inputsHash(root, files) {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) hash.update(file).update('\0').update(await readFile(path.join(root, file))).update('\0');
  for (const dir of [...new Set(files.map((file) => path.dirname(file)))].filter((dir) => dir !== '.').sort()) {
    hash.update(dir).update('\0').update((await readdir(path.join(root, dir))).sort().join('\0')).update('\0');
  }
  return hash.digest('hex');
}

/** Each source file's `import.meta.url` written as its own address, before esbuild merges the files. */
const sourceAddresses = {
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.split(path.sep).includes('node_modules')) return undefined;
      const text = await readFile(args.path, 'utf8');
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/**
 * The folder of the current bundle of `entries` ({ name: source file relative to root }; each becomes
 * `<name>.mjs` in it), made now if there is none. The entries are bundled together with shared chunks,
 * so one entry's dynamic import of another stays a real import, and top-level awaits and import
 * cycles behave as in the sources (the lazily initialised modules of a one-file bundle deadlocked on them).
 */
export async function serverBundle({ root, outDir, entries }) {
  const stampFile = path.join(outDir, 'current.json');
  try {
    const stamp = JSON.parse(await readFile(stampFile, 'utf8'));
    const folder = path.join(outDir, stamp.hash);
    if (stamp.hash === (await inputsHash(root, stamp.inputs))) {
      // Said before the files are checked: a making elsewhere that deletes the folder after the check has seen it.
      await markRunning(outDir, stamp.hash);
      await Promise.all(Object.keys(entries).map((name) => access(path.join(folder, `${name}.mjs`))));
      return folder;
    }
  } catch {
    // No bundle yet, or one of its inputs is gone: make it.
  }

  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.join(root, file)])),
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    write: false,
    metafile: true,
    logLevel: 'error',
    absWorkingDir: root,
    plugins: [sourceAddresses],
    banner: { js: '// Generated by server/server-bundle.mjs from the server sources: never edit; it is made again when a source changes.' },
  });
  const inputs = await existing(root, [...Object.keys(result.metafile.inputs).map((input) => path.relative(root, path.resolve(root, input))), ...TOOLING]);
  const hash = await inputsHash(root, inputs);
  const folder = path.join(outDir, hash);
  const building = `${folder}.${process.pid}.tmp`;
  for (const file of result.outputFiles) {
    const target = path.join(building, path.relative(outDir, file.path));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.contents);
  }
  // Another start may have made the same folder meanwhile (same inputs, same files): keep that one.
  await rename(building, folder).catch(() => rm(building, { recursive: true, force: true }));
  await writeFile(`${stampFile}.${process.pid}.tmp`, JSON.stringify({ hash, inputs }));
  await rename(`${stampFile}.${process.pid}.tmp`, stampFile);
  await markRunning(outDir, hash);
  // Earlier bundles that no live process runs (not one being written either, whose folder ends in .tmp).
  const inUse = await bundlesRunning(outDir);
  for (const entry of await readdir(outDir, { withFileTypes: true })) {
    if (entry.isDirectory() && !inUse.has(entry.name) && /^[0-9a-f]{64}$/.test(entry.name)) await rm(path.join(outDir, entry.name), { recursive: true, force: true });
  }
  return folder;
}

/** This process's markers, one per bundle folder it asked for, removed when it exits. */
const markers = new Set();

/** Says that this process runs the bundle `hash` of `outDir` (its last call wins), until it exits. */
async function markRunning(outDir, hash) {
  const marker = path.join(outDir, 'running', String(process.pid));
  await mkdir(path.dirname(marker), { recursive: true });
  await writeFile(marker, hash);
  if (!markers.size) process.once('exit', () => markers.forEach((file) => rmSync(file, { force: true })));
  markers.add(marker);
}

/** The hashes of the bundles live processes run; the markers of dead ones (a kill -9) are removed. */
async function bundlesRunning(outDir) {
  const dir = path.join(outDir, 'running');
  const hashes = new Set();
  for (const name of await readdir(dir).catch(() => [])) {
    const marker = path.join(dir, name);
    if (alive(Number(name))) hashes.add((await readFile(marker, 'utf8').catch(() => '')).trim());
    else await rm(marker, { force: true });
  }
  return hashes;
}

function alive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, run by another user.
    return error.code === 'EPERM';
  }
}

/** The files of `files` that exist under root (a test's small project has neither the lock file nor this one). */
async function existing(root, files) {
  const present = await Promise.all(files.map((file) => access(path.join(root, file)).then(() => true, () => false)));
  return files.filter((_, index) => present[index]);
}
