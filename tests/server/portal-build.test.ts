/** `npm start` builds the portal only when dist/ is not the build of the current sources (server/portal-build.ts). */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensurePortalBuilt, portalBuildIsCurrent } from '../../server/portal-build.ts';

let root: string;
let outDir: string;
let builds: number;

/** Stands in for vite: writes an index.html whose content depends on the sources, as hashed asset names do. */
const fakeBuild = async (projectRoot: string) => {
  builds++;
  await mkdir(outDir, { recursive: true });
  const source = await readFile(path.join(projectRoot, 'src', 'main.tsx'), 'utf8');
  await writeFile(path.join(outDir, 'index.html'), `<script src="/assets/main-${source.length}.js"></script>`);
};
const build = (env: NodeJS.ProcessEnv = {}) => ensurePortalBuilt(root, outDir, { env, build: fakeBuild });

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'portal-build-'));
  outDir = path.join(root, 'dist');
  builds = 0;
  await mkdir(path.join(root, 'src', 'app'), { recursive: true });
  await writeFile(path.join(root, 'src', 'main.tsx'), 'render(<App />);');
  await writeFile(path.join(root, 'src', 'app', 'App.tsx'), 'export const App = () => null;');
  await writeFile(path.join(root, 'vite.config.ts'), 'export default {};');
  await writeFile(path.join(root, 'package-lock.json'), '{}');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the portal build on start', () => {
  it('builds when there is no build, then skips while nothing it reads has changed', async () => {
    expect(await build()).toBe(true);
    expect(await build()).toBe(false);
    expect(await build()).toBe(false);
    expect(builds).toBe(1);
    expect(await portalBuildIsCurrent(root, outDir, {})).toBe(true);
  });

  it.each([
    ['a source file changes', () => writeFile(path.join(root, 'src', 'app', 'App.tsx'), 'export const App = () => 1;')],
    ['a source file is added', () => writeFile(path.join(root, 'src', 'app', 'New.tsx'), 'export {};')],
    ['a source file is removed', () => rm(path.join(root, 'src', 'app', 'App.tsx'))],
    ['the Vite config changes', () => writeFile(path.join(root, 'vite.config.ts'), 'export default { base: "/x/" };')],
    ['the lock file changes', () => writeFile(path.join(root, 'package-lock.json'), '{"lockfileVersion": 3}')],
    ['an .env file appears', () => writeFile(path.join(root, '.env.production'), 'VITE_X=1')],
    ['another command rebuilt dist/ from other sources', () => writeFile(path.join(outDir, 'index.html'), '<script src="/assets/other.js"></script>')],
    ['dist/ was deleted', () => rm(outDir, { recursive: true })],
  ])('builds again when %s', async (_what, change) => {
    await build();
    await change();
    expect(await build()).toBe(true);
    expect(builds).toBe(2);
    expect(await build()).toBe(false);
  });

  it('builds again when a VITE_ variable, which goes into the bundle, changes; other variables do not matter', async () => {
    await build({ VITE_USE_MOCKS: '' });
    expect(await build({ VITE_USE_MOCKS: '', PORT: '9000' })).toBe(false);
    expect(await build({ VITE_USE_MOCKS: 'true' })).toBe(true);
  });

  it('a failed build leaves nothing that passes for current', async () => {
    await build();
    await writeFile(path.join(root, 'src', 'main.tsx'), 'syntax error(');
    const failing = () => Promise.reject(new Error('vite build failed (exit code 1)'));
    await expect(ensurePortalBuilt(root, outDir, { env: {}, build: failing })).rejects.toThrow('vite build failed');
    // Even with the sources put back, the next start builds: the old build's stamp went before the attempt.
    await writeFile(path.join(root, 'src', 'main.tsx'), 'render(<App />);');
    expect(await build()).toBe(true);
  });
});
