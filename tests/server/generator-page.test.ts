/**
 * Proof that `npm run gen -- page` gives a plant developer a working screen: in a scratch copy of the
 * project, the README's example (a list screen over the reels, a new item under 仓库管理) and a page
 * for a seeded menu item; the new code typechecks, and the tests it wrote pass on the mocks (the
 * grid with the declared columns in both languages) and on the reference server (menu item, list
 * route, search). Bad answers are refused with a message that says what to give, before any file is
 * written; a second run refuses and changes nothing.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseColumns } from '../../codegen/page-model';
import { pageLinkProblem } from '../../src/shared/pages/declaration';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/** The README's example ("Adding a screen"), word for word. */
const README_EXAMPLE = [
  'warehouse', 'ReelPrintLog', '/warehouse/reel-print-log', '标签打印记录', 'Label print log', 'Warehouse', 'stock_reels',
  'reel_code:text:条码:Reel code:key;part_code:text:料号:Part;print_count:int:打印次数:Print count;print_date:datetime:打印时间:Print date',
];
/** A page for a menu item the seed has already (湿敏元件流转卡履历), without a grid. */
const SEEDED_MENU_PAGE = ['msd', 'MsdRunCard', '/msd/run-card', '湿敏元件流转卡履历', 'Moisture-sensitive run-card history', '-', '-', '-'];

describe('npm run gen -- page', () => {
  let work: string;
  // Without DATABASE_URL: the generated server test runs on PGlite only, which is enough for this proof.
  const env = { ...process.env, DATABASE_URL: '' };
  const inWork = (command: string, args: string[]) => run(command, args, { cwd: work, env, maxBuffer: 20 * 1024 * 1024 });
  const gen = (...answers: string[]) => inWork('npm', ['run', '-s', 'gen', '--', 'page', ...answers]);
  const read = (file: string) => readFile(path.join(work, file), 'utf8');
  const refusal = (answers: string[]) =>
    gen(...answers).then(
      () => 'written',
      (error: { stderr?: string; stdout?: string; message: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}` || error.message,
    );

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'portal-gen-page-'));
    // The project as committed (plus files not yet committed but not ignored), without node_modules.
    const { stdout } = await run('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, maxBuffer: 20 * 1024 * 1024 });
    for (const file of stdout.split('\n').filter(Boolean)) {
      await mkdir(path.dirname(path.join(work, file)), { recursive: true });
      await cp(path.join(root, file), path.join(work, file)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error; // deleted but not yet committed
      });
    }
    await symlink(path.join(root, 'node_modules'), path.join(work, 'node_modules'));
    await gen(...README_EXAMPLE);
    await gen(...SEEDED_MENU_PAGE);
  }, 240_000);
  afterAll(() => rm(work, { recursive: true, force: true }));

  it("writes the README example's declaration, page, registry entry, texts and tests", async () => {
    const declaration = await read('src/shared/pages/reel-print-log.ts');
    expect(declaration).toContain("menuCode: 'WarehouseReelPrintLog',");
    expect(declaration).toContain("parentMenu: 'Warehouse',");
    expect(declaration).toContain("keyField: 'reel_code',");
    expect(declaration).toContain("{ name: 'print_date', type: 'datetime', label: { 'zh-chs': '打印时间', en: 'Print date' } },");
    expect(await read('src/shared/pages/index.ts')).toContain("import { reelPrintLogPage } from './reel-print-log';");
    expect(await read('src/features/warehouse/pages/ReelPrintLogPage.tsx')).toContain('return <ListRoutePage listRoute={reelPrintLogPage.link} />;');
    expect(await read('src/app/pageRegistry.ts')).toContain(`'warehouse/reel-print-log': () => import('../features/warehouse/pages/ReelPrintLogPage'),`);
    expect(JSON.parse(await read('src/core/i18n/locales/zh-chs/pages.json')).ReelPrintLog.title).toBe('标签打印记录');
    expect(JSON.parse(await read('src/core/i18n/locales/en/pages.json')).ReelPrintLog.title).toBe('Label print log');
    expect(await read('tests/unit/pages/reel-print-log.test.tsx')).toContain('describeGeneratedPage(reelPrintLogPage,');
    expect(await read('tests/server/pages/reel-print-log.test.ts')).toContain('describePageOnServer(reelPrintLogPage);');
  });

  it('uses the seeded menu item when the link has one, and writes a titled page without a grid', async () => {
    const declaration = await read('src/shared/pages/msd-run-card.ts');
    expect(declaration).toContain("menuCode: 'MsdRunCard',");
    expect(declaration).toContain('parentMenu: null,');
    expect(declaration).toContain('list: null,');
    expect(await read('src/features/msd/pages/MsdRunCardPage.tsx')).toContain("t('MsdRunCard.title')");
  });

  it('typechecks, and its tests pass on the mocks and on the reference server', async () => {
    const files = ['src/app/pageRegistry.ts', 'server/db/seed/seed-start.ts', 'mocks/handlers.ts', 'tests/unit/pages/reel-print-log.test.tsx', 'tests/unit/pages/msd-run-card.test.tsx', 'tests/server/pages/reel-print-log.test.ts', 'tests/server/pages/msd-run-card.test.ts'];
    await writeFile(path.join(work, 'tsconfig.gen.json'), JSON.stringify({ extends: './tsconfig.json', include: [], files }));
    await inWork('npx', ['tsc', '-p', 'tsconfig.gen.json', '--noEmit']);
    // Each page: its menu item, and its grid (or its title).
    const onMocks = await inWork('npx', ['vitest', 'run', '--project', 'unit', 'tests/unit/pages/reel-print-log.test.tsx', 'tests/unit/pages/msd-run-card.test.tsx']);
    expect(stripVTControlCharacters(onMocks.stdout)).toMatch(/Tests\s+4 passed/);
    // The list screen's: its menu item and its grid (the other page's server test checks its menu item the same way).
    const onServer = await inWork('npx', ['vitest', 'run', '--project', 'server', 'tests/server/pages/reel-print-log.test.ts']);
    expect(stripVTControlCharacters(onServer.stdout)).toMatch(/Tests\s+2 passed/);
  }, 600_000);

  it('refuses to generate the same page twice and changes nothing', async () => {
    const before = await read('src/shared/pages/index.ts');
    expect(await refusal(README_EXAMPLE)).toContain('src/shared/pages/reel-print-log.ts exists already');
    expect(await read('src/shared/pages/index.ts')).toBe(before);
  }, 60_000);

  it('refuses bad answers with what to give instead, writing nothing', async () => {
    const registry = await read('src/app/pageRegistry.ts');
    const answers = (link: string, group = 'Warehouse', source = '-', columns = '-') => ['warehouse', 'Other', link, '其他', 'Other', group, source, columns];
    expect(await refusal(answers('http://elsewhere'))).toContain('an http(s) link opens in the iframe page');
    expect(await refusal(answers('/warehouse/other', 'Nowhere'))).toContain('there is no menu group Nowhere; the groups are HomeArea, Admin');
    expect(await refusal(answers('/warehouse/other', '-'))).toContain('no menu item has the link /warehouse/other: name the menu group');
    expect(await refusal(answers('/warehouse/other', 'Warehouse', 'stock_reels', 'qty:money:数量:Qty'))).toContain('column qty: the type must be one of text, int, number, date, datetime, bool');
    expect(await refusal(['warehouse', 'ReelPrintLog2', '/warehouse/reel-print-log', 'x', 'x', 'Warehouse', '-', '-'])).toContain('already has a page for warehouse/reel-print-log');
    expect(await read('src/app/pageRegistry.ts')).toBe(registry);
    await expect(read('src/shared/pages/other.ts')).rejects.toThrow();
  }, 120_000);

  it('an unknown generator lists the generators with how to call each, and writes nothing', async () => {
    const refused = await inWork('npm', ['run', '-s', 'gen', '--', 'screen']).then(
      () => undefined,
      (error: { stderr?: string; message: string }) => error.stderr ?? error.message,
    );
    expect(refused).toContain('There is no generator "screen".');
    for (const generator of ['master', 'bill', 'page']) expect(refused).toContain(`npm run gen -- ${generator} `);
  }, 60_000);
});

describe('the page generator’s rules', () => {
  it('takes menu links that fit spec §2 only', () => {
    expect(pageLinkProblem('/warehouse/reel-print-log')).toBeUndefined();
    expect(pageLinkProblem('/bill/master?billType=WO')).toContain('a query value is appended as a path segment');
    expect(pageLinkProblem('{REPORT_HOST}/view')).toContain('{placeholder}');
    expect(pageLinkProblem('/login/other')).toContain('/login is a route of the shell');
    expect(pageLinkProblem('/Warehouse/Reels')).toContain('lower-case');
    expect(pageLinkProblem('warehouse/reels')).toContain('starts with "/"');
  });

  it('reads columns with one key, the first by default', () => {
    expect(parseColumns('a:text:甲:A;b:int:乙:B').keyField).toBe('a');
    expect(parseColumns('a:text:甲:A;b:int:乙:B:key').keyField).toBe('b');
    expect(() => parseColumns('a:text:甲:A:key;b:int:乙:B:key')).toThrow('columns a and b are both flagged key');
    expect(() => parseColumns('a:text:甲')).toThrow('column a: give both labels');
    expect(() => parseColumns('a:text:甲:A;a:int:乙:B')).toThrow('column a is named twice');
  });
});
