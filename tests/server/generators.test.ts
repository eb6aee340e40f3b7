/**
 * Proof that the generators give a plant developer working code, in ONE scratch copy of the project
 * (tests/server/support/scratch-project.ts: copying the project takes most of a minute on a 2-core CI,
 * so the page, master and bill generators share it; the copy's new code is typechecked, its codegen
 * checked and its generated server tests run once for all three).
 *
 * - `npm run gen -- page`: the README's example (a list screen over the reels, a new item under 仓库管理),
 *   its example with a ProForm editor saved by /Reel/Update, and a page for a seeded menu item; the new
 *   code typechecks, and the tests it wrote pass on the mocks (the grid with the declared columns in both
 *   languages, the editor's save and refusal) and on the reference server (menu item, list route,
 *   search). Bad answers are refused with a message that says what to give, before any file is written;
 *   a second run refuses and changes nothing.
 * - `npm run gen -- master` (non-interactive) for the README's example entity (承运商, word for word): the contract's generated files are
 *   up to date, the new code typechecks and the generated server test passes; a second run for the same
 *   entity refuses and changes nothing.
 * - `npm run gen -- bill` (issue 14 "Generator") for a 24th type: its declaration compiles, the seed gives
 *   it its bill-type row and its menu with one button per action, its server test passes (support/bill-types.ts,
 *   over HTTP), and the contract's generated files are up to date; a second run for the same type, an unknown
 *   header field or category refuse and change nothing. And the 23 types the product ships are exactly what
 *   the generator writes for them (so they are made with it).
 * - End to end (issue 16 "Must show"): the copy's portal in Chromium against its reference server and against
 *   its mocks: the generated page and master entity open from their menu items with their columns and rows,
 *   a record is added through the master form, a row is edited through the generated editor.
 */
import type { ChildProcess } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billCommandOf, billModel, renderBillDeclaration } from '../../codegen/bill-model.ts';
import { parseFields } from '../../codegen/master-model';
import { parseColumns } from '../../codegen/page-model';
import { actionsOfCategory } from '../../src/shared/bills/actions.ts';
import { BILL_TYPE_DECLARATIONS } from '../../src/shared/bills/types/index.ts';
import { pageLinkProblem } from '../../src/shared/pages/declaration';
import { launchBrowser } from '../e2e/browser';
import { buildEnv, freePort, serveStatic, startReferenceServer, stopProcess } from '../e2e/global-setup';
import { buttonLabelled, dialogNamed, grid, notice, waitForRows } from '../e2e/gridPage';
import { logInOnMocks } from '../e2e/loginForm';
import { masterScreen } from '../e2e/masterPage';
import { apiSession } from '../e2e/shellApi';
import { ADMIN, logIn, openScreen, VIEWPORT } from '../e2e/shellPage';
import { projectRoot as root, removeScratchProject, scratchProject, type ScratchProject } from './support/scratch-project.ts';

/** The README's master-data example ("Adding a screen"), word for word. */
const ENTITY = ['Carrier', 'MasterCarrier', '/masterdata/carrier', '承运商', 'Carrier'];
const FIELDS =
  'code:text:req+uniq:承运商代码:Carrier code;name:text:req:名称:Name;vendor_code:ref=Vendor:-:供应商:Vendor;unit:lookup=UNIT:-:计费单位:Billing unit;max_weight:number:pos:最大载重:Max weight;contract_end:date:-:合同到期:Contract end;enabled:bool:on:启用:Enabled';

let project: ScratchProject;
let work: string;
const inWork = (command: string, args: string[]) => project.inWork(command, args);
const inWorkWith = (command: string, args: string[], env: NodeJS.ProcessEnv) => project.inWork(command, args, env);
const read = (file: string) => readFile(path.join(work, file), 'utf8');

/** What the generated code touches (tsc follows their imports), not every test of the project: one tsc for the three generators. */
const TYPECHECKED = [
  // page
  'src/app/pageRegistry.ts', 'server/db/seed/seed-start.ts', 'mocks/handlers.ts',
  'tests/unit/pages/reel-print-log.test.tsx', 'tests/unit/pages/warehouse-shift-board.test.tsx', 'tests/unit/pages/reel-lots.test.tsx',
  'tests/server/pages/reel-print-log.test.ts', 'tests/server/pages/warehouse-shift-board.test.ts', 'tests/server/pages/reel-lots.test.ts',
  // master
  'src/features/masterdata/pages/CarrierPage.tsx', 'server/modules/index.ts', 'server/db/migrations/index.ts', 'mocks/generated/handlers.ts', 'tests/server/masterdata/carrier.test.ts',
  // bill
  'src/shared/bills/types/index.ts', 'tests/server/bill-types.test.ts',
];
/**
 * Two at a time (a 2-core CI): the copy's slow checks start as soon as the generators have run, instead of one
 * after the other as the tests reach them; each test awaits its own. A failure is reported by the test that awaits it.
 */
function twoAtATime() {
  let running = 0;
  const waiting: (() => void)[] = [];
  return <T,>(task: () => Promise<T>): Promise<T> => {
    const started = new Promise<void>((go) => (running < 2 ? (running++, go()) : waiting.push(() => (running++, go()))));
    const done = started.then(task).finally(() => {
      running--;
      waiting.shift()?.();
    });
    done.catch(() => undefined);
    return done;
  };
}

type Run = Promise<{ stdout: string; stderr: string }>;

/** What vitest's JSON reporter writes: per test file, its tests' full names and outcomes. */
interface ServerReport {
  testResults: { name: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}
/** The generated server tests: the pages' (both list screens), the master entity's, and the bill type ZZ's (of bill-types.test.ts's 24). */
const SERVER_TESTS = {
  pages: ['tests/server/pages/reel-print-log.test.ts', 'tests/server/pages/reel-lots.test.ts'],
  master: ['tests/server/masterdata/carrier.test.ts'],
  bill: ['tests/server/bill-types.test.ts'],
};
/** Their suites' names (support/pages.ts, support/masterdata.ts, support/bill-types.ts): the bill types' test of ZZ only. */
const SERVER_TEST_NAMES = '^(the .+ screen \\(|Carrier master data |.* ZZ: )';
/**
 * One vitest run of the copy for the three generators' server tests: each run loaded the server's few hundred
 * modules through vite and started from a PGlite snapshot of the copy's own sources, which most of its 50-80 s
 * were. Its JSON report is read whatever vitest's exit code: each generator's test checks its own files.
 */
async function serverTests(): Promise<ServerReport> {
  const report = path.join(work, '.generated-server-tests.json');
  const ran = await inWork('npx', ['vitest', 'run', ...COPY_TIMEOUTS, '--project', 'server', '--reporter=json', `--outputFile=${report}`, '-t', SERVER_TEST_NAMES, ...Object.values(SERVER_TESTS).flat()]).then(
    () => undefined,
    (error: Error) => error,
  );
  const text = await readFile(report, 'utf8').catch(() => undefined);
  if (text === undefined) throw ran ?? new Error(`vitest wrote no report ${report}`);
  return JSON.parse(text) as ServerReport;
}
/** A generator's server tests in the run: which passed, and every other outcome with its failure (skipped ones: the other bill types). */
async function serverTestsOf(files: string[]) {
  const results = (await checks.onServer).testResults.filter((file) => files.some((f) => file.name.endsWith(f)));
  expect(results.map((file) => files.find((f) => file.name.endsWith(f))).sort()).toEqual([...files].sort());
  const tests = results.flatMap((file) => [
    ...(file.assertionResults.length ? [] : [{ fullName: file.name, status: 'no tests', failureMessages: [file.message ?? ''] }]),
    ...file.assertionResults,
  ]);
  return {
    passed: tests.filter((t) => t.status === 'passed').map((t) => t.fullName),
    others: tests.filter((t) => t.status !== 'passed' && t.status !== 'skipped' && t.status !== 'pending').map((t) => `${t.fullName}: ${t.status} ${t.failureMessages.join('\n')}`),
  };
}
/**
 * The copy's own tests run while the rest of the suite (and the browser project, side by side) loads the machine:
 * a grid test that takes 7 s alone took 41 s there. They prove what the generated code does, not its speed.
 */
const COPY_TIMEOUTS = ['--testTimeout=180000', '--hookTimeout=300000'];
let checks: {
  typecheck: Run;
  codegen: Run;
  pagesOnMocks: Run;
  /** The three generators' server tests, in one vitest run of the copy (serverTestsOf reads each one's results). */
  onServer: Promise<ServerReport>;
  /** The copy's portal and its mock build (the end-to-end test's). */
  builds: Promise<unknown>;
};
const E2E_DIR = '.e2e';

beforeAll(async () => {
  project = await scratchProject();
  work = project.dir;
  const seedFile = path.join(work, 'server/db/seed/system-data.ts');
  const seed = await readFile(seedFile, 'utf8');
  if (!seed.includes(SEEDED_MENU_ANCHOR)) throw new Error(`server/db/seed/system-data.ts has no line starting ${SEEDED_MENU_ANCHOR}: put the test's menu item elsewhere`);
  await writeFile(seedFile, seed.replace(SEEDED_MENU_ANCHOR, `${SEEDED_MENU_ITEM}${SEEDED_MENU_ANCHOR}`));
  // Every generator's first run, before any test reads or checks the copy.
  for (const answers of [['page', ...README_EXAMPLE], ['page', ...EDITOR_EXAMPLE], ['page', ...SEEDED_MENU_PAGE], ['master', ...ENTITY, FIELDS], ['bill', ...TYPE]]) {
    await inWork('npm', ['run', '-s', 'gen', '--', ...answers]);
  }
  await writeFile(path.join(work, 'tsconfig.gen.json'), JSON.stringify({ extends: './tsconfig.json', include: [], files: TYPECHECKED }));
  const queue = twoAtATime();
  const build = (outDir: string, mode: string[]) =>
    inWorkWith(process.execPath, ['node_modules/vite/bin/vite.js', 'build', ...mode, '--outDir', path.join(E2E_DIR, outDir), '--emptyOutDir', '--logLevel', 'warn'], buildEnv(''));
  checks = {
    // The longest first.
    pagesOnMocks: queue(() => inWork('npx', ['vitest', 'run', ...COPY_TIMEOUTS, '--project', 'unit', 'tests/unit/pages/reel-print-log.test.tsx', 'tests/unit/pages/warehouse-shift-board.test.tsx', 'tests/unit/pages/reel-lots.test.tsx'])),
    typecheck: queue(() => inWork('npx', ['tsc', '-p', 'tsconfig.gen.json', '--noEmit'])),
    onServer: queue(() => serverTests()),
    codegen: queue(() => inWork('npm', ['run', '-s', 'codegen', '--', '--check'])),
    builds: queue(() => Promise.all([build('dist', []), build('dist-mock', ['--mode', 'mock'])])),
  };
}, 300_000);
afterAll(removeScratchProject);

/** The README's example ("Adding a screen"), word for word. */
const README_EXAMPLE = [
  'warehouse', 'ReelPrintLog', '/warehouse/reel-print-log', '标签打印记录', 'Label print log', 'Warehouse', 'stock_reels',
  'reel_code:text:条码:Reel code:key;part_code:text:料号:Part;print_count:int:打印次数:Print count;print_date:datetime:打印时间:Print date',
];
/** The README's example with a ProForm editor saved by the contract's /Reel/Update, word for word. */
const EDITOR_EXAMPLE = [
  'warehouse', 'ReelLots', '/warehouse/reel-lots', '料盘批次', 'Reel lots', 'Warehouse', 'stock_reels',
  'reel_code:text:条码:Reel code:key;part_code:text:料号:Part;lot_code:text:批次:Lot;qty:number:数量:Quantity', '/Reel/Update',
];
/**
 * A page for a menu item the seed has already and no page opens yet, without a grid. Every seeded item has its
 * page by now, so the copy's seed gets one first (SEEDED_MENU_ITEM), as an item added to the menu tree would be.
 */
const SEEDED_MENU_PAGE = ['warehouse', 'WarehouseShiftBoard', '/warehouse/shift-board', '班次看板', 'Shift board', '-', '-', '-'];
const SEEDED_MENU_ANCHOR = "    page('WarehouseHomeConfig',";
const SEEDED_MENU_ITEM = "    page('WarehouseShiftBoard', '班次看板', 'Shift board', '/warehouse/shift-board', 'DashboardOutlined'),\n";

describe('npm run gen -- page', () => {
  const gen = (...answers: string[]) => inWork('npm', ['run', '-s', 'gen', '--', 'page', ...answers]);
  const refusal = (answers: string[]) =>
    gen(...answers).then(
      () => 'written',
      (error: { stderr?: string; stdout?: string; message: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}` || error.message,
    );

  it("writes the README example's declaration, page, registry entry, texts and tests", async () => {
    const declaration = await read('src/shared/pages/reel-print-log.ts');
    expect(declaration).toContain("menuCode: 'WarehouseReelPrintLog',");
    expect(declaration).toContain("parentMenu: 'Warehouse',");
    expect(declaration).toContain("keyField: 'reel_code',");
    expect(declaration).toContain("{ name: 'print_date', type: 'datetime', label: { 'zh-chs': '打印时间', en: 'Print date' } },");
    expect(await read('src/shared/pages/index.ts')).toContain("import { reelPrintLogPage } from './reel-print-log';");
    expect(await read('src/features/warehouse/pages/ReelPrintLogPage.tsx')).toContain('return <ListRoutePage page={reelPrintLogPage} />;');
    expect(await read('src/app/pageRegistry.ts')).toContain(`'warehouse/reel-print-log': () => import('../features/warehouse/pages/ReelPrintLogPage'),`);
    expect(JSON.parse(await read('src/core/i18n/locales/zh-chs/pages.json')).ReelPrintLog.title).toBe('标签打印记录');
    expect(JSON.parse(await read('src/core/i18n/locales/en/pages.json')).ReelPrintLog.title).toBe('Label print log');
    expect(await read('tests/unit/pages/reel-print-log.test.tsx')).toContain('describeGeneratedPage(reelPrintLogPage,');
    expect(await read('tests/server/pages/reel-print-log.test.ts')).toContain('describePageOnServer(reelPrintLogPage);');
  });

  it("writes the editor example's fields from /Reel/Update's request body, labelled from the columns, and a page of the one editor mechanism", async () => {
    const declaration = await read('src/shared/pages/reel-lots.ts');
    expect(declaration).toContain("save: '/Reel/Update',");
    expect(declaration).toContain('adds: false,');
    expect(declaration).toContain("{ name: 'ReelCode', kind: 'text', label: { 'zh-chs': '条码', en: 'Reel code' }, required: true, maxLength: 100, column: 'reel_code' },");
    expect(declaration).toContain("{ name: 'LotCode', kind: 'text', label: { 'zh-chs': '批次', en: 'Lot' }, nullable: true, maxLength: 100, column: 'lot_code' },");
    // No column of that name: the property's name humanised, in both languages.
    expect(declaration).toContain("{ name: 'ExpireDate', kind: 'date', label: { 'zh-chs': 'Expire date', en: 'Expire date' }, nullable: true },");
    expect(await read('src/features/warehouse/pages/ReelLotsPage.tsx')).toContain('return <ListEditorPage page={reelLotsPage} />;');
    // The positional answers without the optional save call still work (the README example): no editor.
    expect(await read('src/shared/pages/reel-print-log.ts')).not.toContain('editor:');
  });

  it('refuses a save call the contract does not have, or one without a JSON request body, writing nothing', async () => {
    const answers = (call: string) => [...EDITOR_EXAMPLE.slice(0, 1), 'OtherLots', '/warehouse/other-lots', ...EDITOR_EXAMPLE.slice(3, 8), call];
    expect(await refusal(answers('/Reel/Nothing'))).toContain('save call /Reel/Nothing: the contract (openapi/openapi.yaml) has no such call; give a path like /Reel/Update (calls of Reel: ');
    expect(await refusal(answers('/Reel/Get'))).toContain('save call /Reel/Get: it is not a POST with a JSON request body');
    expect(await refusal(answers('/Reel/Label'))).toContain('its required property ReelCodes cannot be entered in a form (it is an array)');
    await expect(read('src/shared/pages/other-lots.ts')).rejects.toThrow();
    expect(await read('src/app/pageRegistry.ts')).not.toContain('other-lots');
  }, 120_000);

  it('uses the seeded menu item when the link has one, and writes a titled page without a grid', async () => {
    const declaration = await read('src/shared/pages/warehouse-shift-board.ts');
    expect(declaration).toContain("menuCode: 'WarehouseShiftBoard',");
    expect(declaration).toContain('parentMenu: null,');
    expect(declaration).toContain('list: null,');
    expect(await read('src/features/warehouse/pages/WarehouseShiftBoardPage.tsx')).toContain("t('WarehouseShiftBoard.title')");
  });

  it('typechecks, and its tests pass on the mocks and on the reference server', async () => {
    await checks.typecheck;
    // Each page: its menu item, and its grid (or its title); the editor page's editor too (2 + 2 + 3).
    const onMocks = await checks.pagesOnMocks;
    expect(stripVTControlCharacters(onMocks.stdout)).toMatch(/Tests\s+7 passed/);
    // The list screens': their menu item and their grid (the other page's server test checks its menu item the same way).
    const onServer = await serverTestsOf(SERVER_TESTS.pages);
    expect(onServer.others).toEqual([]);
    expect(onServer.passed).toHaveLength(4);
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

describe('the README', () => {
  it('prints, word for word, the page, editor and master examples run here', async () => {
    // Its command lines joined where they continue (a trailing backslash), each answer quoted as a shell needs it.
    const readme = (await readFile(path.join(root, 'README.md'), 'utf8')).replace(/ \\\n\s*/g, ' ');
    const command = (generator: string, answers: string[]) => ['npm run gen --', generator, ...answers.map((a) => (/[\s;'()]/.test(a) ? `'${a}'` : a))].join(' ');
    expect(readme).toContain(command('page', README_EXAMPLE));
    expect(readme).toContain(command('page', EDITOR_EXAMPLE));
    expect(readme).toContain(command('master', [...ENTITY, FIELDS]));
  });
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

describe('npm run gen -- master', () => {
  it('writes the contract, migration, declaration, page, registry entry, menu row, texts and test', async () => {
    const read = (file: string) => readFile(path.join(work, file), 'utf8');
    expect(await read('openapi/openapi.yaml')).toContain('  /Carrier/Import:\n    $ref: paths/masterdata/carrier.yaml#/Import');
    const paths = await read('openapi/paths/masterdata/carrier.yaml');
    // Listing needs the menu; each change needs its button (spec §6).
    for (const permission of ['MasterCarrier', 'MasterCarrier#Save', 'MasterCarrier#Delete', 'MasterCarrier#Export', 'MasterCarrier#Import']) {
      expect(paths).toContain(`x-permission: '${permission}'`);
    }
    // The migrations are the folder's files: the new one takes the number after the newest.
    const migrationName = (await readdir(path.join(work, 'server/db/migrations'))).find((file) => file.endsWith('_carrier.ts'))?.slice(0, -3);
    const newest = (await readdir(path.join(root, 'server/db/migrations'))).filter((file) => /^\d{4}_/.test(file)).sort().at(-1)!;
    expect(migrationName).toBe(`${String(Number(newest.slice(0, 4)) + 1).padStart(4, '0')}_carrier`);
    // Configured SQL (reports, dropdowns) may read the new master data: the report role is granted it.
    expect(await read(`server/db/migrations/${migrationName}.ts`)).toContain('await grantReportRead(db, table.table);');
    expect(await read('src/app/pageRegistry.ts')).toContain(`'masterdata/carrier': () => import('../features/masterdata/pages/CarrierPage'),`);
    expect(await read('server/db/seed/system-data.ts')).toContain(`master('MasterCarrier', '承运商', 'Carrier', '/masterdata/carrier'`);
    expect(JSON.parse(await read('src/core/i18n/locales/zh-chs/pages.json')).Carrier.title).toBe('承运商');
    expect(await read('src/shared/masterdata/entities/carrier.ts')).toContain(`{ name: 'max_weight', type: 'number', label: { 'zh-chs': '最大载重', en: 'Max weight' }, positive: true }`);
    // `on`: 启用 starts switched on in the add form.
    expect(await read('src/shared/masterdata/entities/carrier.ts')).toContain(`{ name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true }`);
    expect(await read('src/api/schema.d.ts')).toContain('"/Carrier/AddOrModifySave"');
  });

  it('leaves no codegen drift and typechecks', async () => {
    await checks.codegen;
    await checks.typecheck;
  }, 240_000);

  it('passes its generated server test', async () => {
    // Both of describeMasterEntity's: add, search, edit and delete; refusals, export and import.
    const onServer = await serverTestsOf(SERVER_TESTS.master);
    expect(onServer.others).toEqual([]);
    expect(onServer.passed).toHaveLength(2);
  }, 240_000);

  it('refuses to generate the same entity again and changes nothing', async () => {
    const before = await readFile(path.join(work, 'openapi/openapi.yaml'), 'utf8');
    await expect(inWork('npm', ['run', '-s', 'gen', '--', 'master', ...ENTITY, FIELDS])).rejects.toThrow();
    expect(await readFile(path.join(work, 'openapi/openapi.yaml'), 'utf8')).toBe(before);
  }, 60_000);

  it('refuses a reference to an entity that does not exist, before writing anything', async () => {
    await expect(
      inWork('npm', ['run', '-s', 'gen', '--', 'master', 'Widget', 'MasterWidget', '/masterdata/widget', 'W', 'W', 'code:text:uniq:C:C;x:ref=Nothing:-:X:X']),
    ).rejects.toThrow(/no master entity Nothing/);
    await expect(readFile(path.join(work, 'src/shared/masterdata/entities/widget.ts'))).rejects.toThrow();
  }, 60_000);

  it('refuses flags that do not fit the field type', () => {
    expect(() => parseFields('code:text:uniq+on:编码:Code', root)).toThrow('field code: on applies to bool fields only');
    expect(() => parseFields('code:text:uniq:编码:Code;flag:bool:pos:标志:Flag', root)).toThrow('field flag: pos applies to numbers only');
  });
});

/** A sample issue to customers, with an ERP bill type of its own. */
const TYPE = ['ZZ', 'OUTBOUND+erp=ZZ-ERP', '样品出库', 'Sample issue', 'customer_code:req;so'];

describe('the 23 bill types the product ships', () => {
  it.each(BILL_TYPE_DECLARATIONS.map((type) => [type.code, type] as const))('%s is what npm run gen -- bill writes for it', async (code, type) => {
    const [, category, titleZh, titleEn, headerFields] = billCommandOf(type);
    const written = renderBillDeclaration(billModel({ code, category, titleZh, titleEn, headerFields }));
    expect(await readFile(path.join(root, `src/shared/bills/types/${code}.ts`), 'utf8')).toBe(written);
  });

  it('parses and refuses answers before anything is written', () => {
    expect(billModel({ code: 'ZZ', category: 'QUALITY+inspection+nofefo', titleZh: '样', titleEn: "Sample's", headerFields: 'company_code:req;mo' })).toMatchObject({
      inspection: true,
      fefo: false,
      titleEn: 'Sample’s',
      requiredHeaderFields: ['company_code'],
      headerFields: ['description', 'company_code', 'mo', 'evidence_no', 'erp_bill_type'],
    });
    const model = (overrides: Record<string, string>) => () => billModel({ code: 'ZZ', category: 'OUTBOUND', titleZh: '样', titleEn: 'S', headerFields: '-', ...overrides });
    expect(model({ code: 'zz' })).toThrow('bill type code "zz" must match');
    expect(model({ category: 'OUTGOING' })).toThrow('category "OUTGOING": one of INBOUND');
    expect(model({ category: 'OUTBOUND+fast' })).toThrow('option "fast"');
    expect(model({ headerFields: 'vendor' })).toThrow('header field "vendor": not a bill header field');
    expect(model({ headerFields: 'mo:optional' })).toThrow('header field mo: the only flag is req');
    expect(model({ headerFields: 'mo;mo' })).toThrow('header field mo is given twice');
  });
});

describe('npm run gen -- bill', () => {
  it('writes the declaration, lists it for the seed, menus and page, and adds its server test', async () => {
    const declaration = await read('src/shared/bills/types/ZZ.ts');
    expect(declaration).toContain('Bill type ZZ (样品出库 / Sample issue). Written by `npm run gen -- bill`');
    expect(declaration).toContain("category: 'OUTBOUND',");
    expect(declaration).toContain("erpBillType: 'ZZ-ERP',");
    expect(declaration).toContain("requiredHeaderFields: ['customer_code'],");
    expect(declaration).toContain("headerFields: ['description', 'company_code', 'customer_code', 'so', 'evidence_no', 'erp_bill_type'],");
    expect(declaration).toContain(`actions: [${actionsOfCategory('OUTBOUND').map((a) => `'${a}'`).join(', ')}],`);
    const index = await read('src/shared/bills/types/index.ts');
    expect(index).toContain("import { billTypeZZ } from './ZZ';\n// plop:append-bill-type-import");
    expect(index).toContain('  billTypeZZ,\n  // plop:append-bill-type\n');
    expect(await read('tests/server/bill-types.test.ts')).toContain('  billTypeZZ,\n  // plop:append-bill-type-test\n');
  });

  it('compiles, and leaves no codegen drift', async () => {
    await checks.codegen;
    await checks.typecheck;
  }, 240_000);

  it('passes its server test: master row, menu with one button per action, saving and refusals', async () => {
    const onServer = await serverTestsOf(SERVER_TESTS.bill);
    expect(onServer.others).toEqual([]);
    expect(onServer.passed).toEqual([expect.stringMatching(/ ZZ: /)]);
  }, 240_000);

  it('refuses the same type again, an unknown header field or category, and changes nothing', async () => {
    const before = await read('src/shared/bills/types/index.ts');
    await expect(inWork('npm', ['run', '-s', 'gen', '--', 'bill', ...TYPE])).rejects.toThrow(/ZZ.ts exists already/);
    await expect(inWork('npm', ['run', '-s', 'gen', '--', 'bill', 'ZY', 'OUTBOUND', '样', 'S', 'vendor:req'])).rejects.toThrow(/not a bill header field/);
    await expect(inWork('npm', ['run', '-s', 'gen', '--', 'bill', 'ZY', 'OUTGOING', '样', 'S', '-'])).rejects.toThrow(/category "OUTGOING"/);
    expect(await read('src/shared/bills/types/index.ts')).toBe(before);
    await expect(read('src/shared/bills/types/ZY.ts')).rejects.toThrow();
  }, 120_000);
});

/**
 * Issue 16's "Must show": the generated page (with its editor) and the generated master entity work on the
 * server and on the mocks, end to end. The copy's portal is built (`vite build`, and its mock build), as
 * tests/e2e/global-setup.ts builds the project's own; its reference server serves the one (an embedded
 * database, migrated and seeded at start: the new menu items, the Carrier table), a static site the other.
 */
describe('end to end in Chromium: the generated page and master entity on the server and on the mocks', () => {
  let portalUrl: string;
  let mockPortalUrl: string;
  let browser: Browser;
  let referenceServer: ChildProcess | undefined;
  let mockSite: Server | undefined;
  const RUN = Date.now().toString(36).toUpperCase().slice(-5);

  beforeAll(async () => {
    await checks.builds;
    const e2eDir = path.join(work, E2E_DIR);
    const port = await freePort();
    referenceServer = await startReferenceServer(port, path.join(e2eDir, 'db'), path.join(e2eDir, 'dist'), {}, work);
    portalUrl = `http://127.0.0.1:${port}`;
    const site = await serveStatic(path.join(e2eDir, 'dist-mock'));
    mockSite = site.server;
    mockPortalUrl = `http://127.0.0.1:${site.port}`;
    browser = await launchBrowser();
    // The builds' wait, then the copy's first server start (up to SERVER_START_TIMEOUT_MS, global-setup.ts).
  }, 420_000);
  afterAll(async () => {
    await browser?.close();
    if (mockSite) await new Promise((closed) => mockSite!.close(closed));
    if (referenceServer) await stopProcess(referenceServer);
  });

  const newPage = async () => (await browser.newContext({ viewport: VIEWPORT })).newPage();
  const headersOf = (page: Page) => grid(page).locator('.ant-table-thead th').allTextContents();
  const rowWith = (page: Page, text: string) => grid(page).locator('.ant-table-tbody .ant-table-row').filter({ hasText: text }).first();

  /** 料盘批次: its columns, a row, and that row's lot changed through the generated editor (编辑 → 保存). */
  async function editsAReelLot(page: Page, reelCode: string, newLot: string) {
    await openScreen(page, '仓库管理', '料盘批次');
    await waitForRows(page);
    await expect.poll(() => headersOf(page), { timeout: 15_000 }).toEqual(expect.arrayContaining(['条码', '料号', '批次', '数量']));
    const row = rowWith(page, reelCode);
    await row.getByRole('checkbox').check();
    await buttonLabelled(grid(page), '编辑').click();
    const form = dialogNamed(page, '料盘批次 - 编辑');
    await expect.poll(() => form.getByLabel('条码', { exact: true }).inputValue()).toBe(reelCode);
    await form.getByLabel('批次', { exact: true }).fill(newLot);
    await buttonLabelled(form, '保存').click();
    await notice(page, '保存成功').first().waitFor();
    await form.waitFor({ state: 'hidden' });
  }

  /** 承运商: its columns, and a record added through its form, then in the grid. */
  async function addsACarrier(page: Page, code: string) {
    await openScreen(page, '基础资料', '承运商');
    await expect.poll(() => headersOf(page), { timeout: 15_000 }).toEqual(expect.arrayContaining(['承运商代码', '名称', '最大载重']));
    await buttonLabelled(grid(page), '新增').click();
    const form = dialogNamed(page, '承运商 - 新增');
    await form.getByLabel('承运商代码', { exact: true }).fill(code);
    await form.getByLabel('名称', { exact: true }).fill('端到端承运商');
    await form.getByLabel('最大载重', { exact: true }).fill('3');
    await buttonLabelled(form, '确定').click();
    await notice(page, '保存成功').first().waitFor();
    await form.waitFor({ state: 'hidden' });
    // Found with the grid's advanced search, as a person finds it among the sample rows (the mocks) or others.
    await masterScreen(() => page).searchGrid('承运商代码', code);
    await expect.poll(() => rowWith(page, code).textContent()).toContain('端到端承运商');
  }

  it('on the reference server: 料盘批次 lists the reels and edits one\'s lot; 承运商 adds a record', async () => {
    // A reel of the organisation to list and edit (an empty database has none).
    const api = await apiSession(portalUrl, ADMIN);
    const [reelCode] = await api<string[]>('/Reel/Generate', { PartCode: 'CAP-00008', Qty: '100', Count: 1, LotCode: `GEN-${RUN}` });
    const page = await newPage();
    await logIn(page, portalUrl, ADMIN);
    await editsAReelLot(page, reelCode, `GEN-${RUN}-B`);
    await expect.poll(() => rowWith(page, reelCode).textContent()).toContain(`GEN-${RUN}-B`);
    const read = await api<{ LotCode: string }>(`/Reel/Get?reelCode=${encodeURIComponent(reelCode)}`, undefined, 'GET');
    expect(read.LotCode).toBe(`GEN-${RUN}-B`);
    await addsACarrier(page, `E2E-${RUN}`);
  }, 180_000);

  it('on the mocks: 料盘批次 lists its sample rows and its editor saves; 承运商 adds a record', async () => {
    const page = await newPage();
    await logInOnMocks(page, mockPortalUrl, ADMIN);
    // The mocks' first sample reel (mocks/scenarios/pages.ts), which the mock Reel/Update knows (the reel grid's rows).
    await editsAReelLot(page, 'R000000001', `GEN-${RUN}-M`);
    await addsACarrier(page, `M-${RUN}`);
  }, 180_000);
});
