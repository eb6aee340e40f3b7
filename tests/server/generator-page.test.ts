/**
 * `npm run gen -- page ...` in a scratch copy of the project: a plant developer gets a page that is
 * registered for its menu link with texts in both languages, and a second run refuses to overwrite.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const copied = ['package.json', 'plopfile.ts', 'codegen/templates', 'codegen/master-model.ts', 'codegen/bill-model.ts', 'codegen/gen.ts', 'src/shared/bills', 'src/app/pageRegistry.ts', 'src/core/i18n/locales/zh-chs/pages.json', 'src/core/i18n/locales/en/pages.json'];

describe('npm run gen -- page', () => {
  let work: string;
  const gen = (...answers: string[]) => run('npm', ['run', '-s', 'gen', '--', 'page', ...answers], { cwd: work });

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'portal-gen-'));
    for (const file of copied) await cp(path.join(root, file), path.join(work, file), { recursive: true });
    await symlink(path.join(root, 'node_modules'), path.join(work, 'node_modules'));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('registers a new page for its menu link with both titles', async () => {
    await gen('warehouse', 'GoodsReceiving', '/warehouse/goods-receiving', '收货', 'Goods receiving');
    const registry = await readFile(path.join(work, 'src/app/pageRegistry.ts'), 'utf8');
    expect(registry).toContain(`'warehouse/goods-receiving': () => import('../features/warehouse/pages/GoodsReceivingPage'),`);
    expect(registry.indexOf('warehouse/goods-receiving')).toBeLessThan(registry.indexOf('plop:append-page'));
    const page = await readFile(path.join(work, 'src/features/warehouse/pages/GoodsReceivingPage.tsx'), 'utf8');
    expect(page).toContain('export default function GoodsReceivingPage()');
    expect(JSON.parse(await readFile(path.join(work, 'src/core/i18n/locales/zh-chs/pages.json'), 'utf8')).GoodsReceiving.title).toBe('收货');
    expect(JSON.parse(await readFile(path.join(work, 'src/core/i18n/locales/en/pages.json'), 'utf8')).GoodsReceiving.title).toBe('Goods receiving');
  }, 60_000);

  it('refuses to generate the same page twice and leaves the registry as it was', async () => {
    const before = await readFile(path.join(work, 'src/app/pageRegistry.ts'), 'utf8');
    await expect(gen('warehouse', 'GoodsReceiving', '/warehouse/goods-receiving', 'x', 'x')).rejects.toThrow();
    expect(await readFile(path.join(work, 'src/app/pageRegistry.ts'), 'utf8')).toBe(before);
  }, 60_000);

  it('an unknown generator lists the generators with how to call each, and writes nothing', async () => {
    const registry = await readFile(path.join(work, 'src/app/pageRegistry.ts'), 'utf8');
    const refused = await run('npm', ['run', '-s', 'gen', '--', 'screen'], { cwd: work }).then(
      () => undefined,
      (error: { stderr?: string; message: string }) => error.stderr ?? error.message,
    );
    expect(refused).toContain('There is no generator "screen".');
    for (const generator of ['master', 'bill', 'page']) expect(refused).toContain(`npm run gen -- ${generator} `);
    expect(await readFile(path.join(work, 'src/app/pageRegistry.ts'), 'utf8')).toBe(registry);
  }, 60_000);

  it('rejects a link that is not a menu path', async () => {
    await expect(gen('warehouse', 'Other', 'http://elsewhere', 'x', 'x')).rejects.toThrow(/link must match/);
  }, 60_000);
});
