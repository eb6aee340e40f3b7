/**
 * One scratch copy of the project for the generator tests (tests/server/generators.test.ts): the project
 * as committed (plus files not yet committed but not ignored), node_modules linked, made once per vitest
 * worker however many suites ask for it. The generators then run in it as a plant developer runs them.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const projectRoot = path.resolve(import.meta.dirname, '../../..');

export interface ScratchProject {
  dir: string;
  /** A command in the copy; a failure's error carries its whole output (tsc and plop report on stdout). */
  inWork(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<{ stdout: string; stderr: string }>;
}

let made: Promise<ScratchProject> | undefined;

async function copyProject(): Promise<ScratchProject> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-gen-'));
  const { stdout } = await run('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: projectRoot, maxBuffer: 20 * 1024 * 1024 });
  // A TMPDIR inside the project (a worktree's own) is no part of it: the copy itself and other runs' files live there.
  const temporary = path.relative(projectRoot, tmpdir());
  const insideTemporary = (file: string) => !temporary.startsWith('..') && temporary !== '' && (file === temporary || file.startsWith(`${temporary}/`));
  const files = stdout.split('\n').filter((file) => file && !insideTemporary(file));
  await Promise.all([...new Set(files.map((file) => path.dirname(path.join(dir, file))))].map((folder) => mkdir(folder, { recursive: true })));
  // A few at a time: thousands of small copies at once only queue up in libuv.
  for (let i = 0; i < files.length; i += 64) {
    await Promise.all(
      files.slice(i, i + 64).map((file) =>
        cp(path.join(projectRoot, file), path.join(dir, file)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error; // deleted but not yet committed
        }),
      ),
    );
  }
  await symlink(path.join(projectRoot, 'node_modules'), path.join(dir, 'node_modules'));
  // Without DATABASE_URL: the generated tests run on PGlite only, which is enough for this proof.
  const baseEnv = { ...process.env, DATABASE_URL: '' };
  const inWork: ScratchProject['inWork'] = (command, args, env) =>
    run(command, args, { cwd: dir, env: { ...baseEnv, ...env }, maxBuffer: 20 * 1024 * 1024 }).catch((error: Error & { stdout?: string; stderr?: string }) => {
      throw Object.assign(new Error(`${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`), { stdout: error.stdout, stderr: error.stderr });
    });
  return { dir, inWork };
}

/** The worker's scratch copy, made on first use. */
export const scratchProject = () => (made ??= copyProject());

/** Removes the copy (the suite's afterAll). */
export async function removeScratchProject() {
  if (!made) return;
  const { dir } = await made;
  made = undefined;
  await rm(dir, { recursive: true, force: true });
}
