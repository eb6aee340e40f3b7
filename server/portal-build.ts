/**
 * `npm start` builds the portal only when dist/ is not the build of the current sources: a build costs
 * seconds on every start, and on most starts nothing it reads has changed. After a build a stamp beside
 * the output (`dist.inputs.json`) records a hash of everything Vite reads (the sources, the configs, the
 * lock file, the VITE_* variables) and a hash of the built index.html; the build is current while both
 * still match. The index.html hash catches a dist/ that another command (`npm run build` on other
 * sources) wrote since: the hashed asset names it links change with any change of the code.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What `vite build` reads, relative to the project: folders (all their files) and single files. */
const PORTAL_INPUTS = [
  'src',
  'public',
  'child-demo',
  'mocks',
  'index.html',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.client.json',
];

export const stampFileOf = (outDir: string) => `${path.resolve(outDir)}.inputs.json`;

interface BuildStamp {
  inputs: string;
  indexHtml: string;
}

async function filesUnder(root: string, entry: string): Promise<string[]> {
  const full = path.join(root, entry);
  const entries = await readdir(full, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOTDIR') return undefined;
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (!entries) return [full];
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** A hash of every input of the portal build, and of the environment variables Vite puts into it. */
export async function portalInputsHash(root: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const hash = createHash('sha256');
  // .env files and VITE_* variables are compiled into the bundle.
  const envFiles = (await readdir(root)).filter((name) => name.startsWith('.env')).sort();
  const files = (await Promise.all([...PORTAL_INPUTS, ...envFiles].map((entry) => filesUnder(root, entry)))).flat().sort();
  for (const file of files) {
    hash.update(path.relative(root, file)).update('\0').update(await readFile(file)).update('\0');
  }
  for (const name of Object.keys(env).filter((key) => key.startsWith('VITE_')).sort()) hash.update(`${name}=${env[name]}\0`);
  return hash.digest('hex');
}

const indexHtmlHash = (outDir: string) =>
  readFile(path.join(outDir, 'index.html')).then(
    (bytes) => createHash('sha256').update(bytes).digest('hex'),
    () => undefined,
  );

/** Whether outDir holds the build of the current inputs. */
export async function portalBuildIsCurrent(root: string, outDir: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const stamp = await readFile(stampFileOf(outDir), 'utf8').then((text) => JSON.parse(text) as BuildStamp, () => undefined);
  if (!stamp) return false;
  const [inputs, indexHtml] = await Promise.all([portalInputsHash(root, env), indexHtmlHash(outDir)]);
  return stamp.inputs === inputs && indexHtml !== undefined && stamp.indexHtml === indexHtml;
}

/** `vite build` in a child process (so the caller's own work runs beside it); rejects when it fails. */
export function viteBuild(root: string, env: NodeJS.ProcessEnv): Promise<void> {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build'], { cwd: root, env, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`vite build failed (${signal ?? `exit code ${code}`})`))));
  });
}

/**
 * Builds the portal into outDir (vite.config.ts's outDir) unless it is current. The inputs are hashed
 * before the build, so a source saved while it runs makes the next start build again.
 * Returns whether it built.
 */
export async function ensurePortalBuilt(
  root: string,
  outDir: string,
  { env = process.env, build = viteBuild }: { env?: NodeJS.ProcessEnv; build?: typeof viteBuild } = {},
): Promise<boolean> {
  if (await portalBuildIsCurrent(root, outDir, env)) return false;
  const inputs = await portalInputsHash(root, env);
  // A failed or interrupted build must not leave a stamp that calls it current.
  await rm(stampFileOf(outDir), { force: true });
  await build(root, env);
  const indexHtml = await indexHtmlHash(outDir);
  if (!indexHtml) throw new Error(`vite build wrote no ${path.join(outDir, 'index.html')}`);
  await writeFile(stampFileOf(outDir), JSON.stringify({ inputs, indexHtml } satisfies BuildStamp));
  return true;
}
