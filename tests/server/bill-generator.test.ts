/**
 * Proof that one command gives a plant a working bill type (issue 14 "Generator"): in a scratch copy of
 * the project, `npm run gen -- bill` (non-interactive) for a 24th type; then its declaration compiles,
 * the seed gives it its bill-type row and its menu with one button per action, its server test passes
 * (support/bill-types.ts, over HTTP), and the contract's generated files are up to date; a second run
 * for the same type, an unknown header field or category refuse and change nothing. And the 23 types
 * the product ships are exactly what the generator writes for them (so they are made with it).
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billCommandOf, billModel, renderBillDeclaration } from '../../codegen/bill-model.ts';
import { actionsOfCategory } from '../../src/shared/bills/actions.ts';
import { BILL_TYPE_DECLARATIONS } from '../../src/shared/bills/types/index.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

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
  let work: string;
  // Without DATABASE_URL: the generated test runs on PGlite only, which is enough for this proof.
  const env = { ...process.env, DATABASE_URL: '' };
  // A failed command's error carries its whole output (tsc and plop report on stdout).
  const inWork = (command: string, args: string[]) =>
    run(command, args, { cwd: work, env, maxBuffer: 20 * 1024 * 1024 }).catch((error: Error & { stdout?: string; stderr?: string }) => {
      throw new Error(`${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
    });
  const read = (file: string) => readFile(path.join(work, file), 'utf8');

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'portal-gen-bill-'));
    // The project as committed (plus files not yet committed but not ignored), without node_modules.
    const { stdout } = await run('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, maxBuffer: 20 * 1024 * 1024 });
    for (const file of stdout.split('\n').filter(Boolean)) {
      await mkdir(path.dirname(path.join(work, file)), { recursive: true });
      await cp(path.join(root, file), path.join(work, file)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error; // deleted but not yet committed
      });
    }
    await symlink(path.join(root, 'node_modules'), path.join(work, 'node_modules'));
    await inWork('npm', ['run', '-s', 'gen', '--', 'bill', ...TYPE]);
  }, 240_000);
  afterAll(() => rm(work, { recursive: true, force: true }));

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
    await inWork('npm', ['run', '-s', 'codegen', '--', '--check']);
    // What reads the declarations (tsc follows their imports): the seed, the mocks, the bill-master page's list, the test.
    const files = ['src/shared/bills/types/index.ts', 'server/db/seed/seed-start.ts', 'mocks/generated/handlers.ts', 'tests/server/bill-types.test.ts'];
    await writeFile(path.join(work, 'tsconfig.gen.json'), JSON.stringify({ extends: './tsconfig.json', include: [], files }));
    await inWork('npx', ['tsc', '-p', 'tsconfig.gen.json', '--noEmit']);
  }, 240_000);

  it('passes its server test: master row, menu with one button per action, saving and refusals', async () => {
    const { stdout } = await inWork('npx', ['vitest', 'run', '--project', 'server', 'tests/server/bill-types.test.ts', '-t', '^.* ZZ: ']);
    expect(stdout).toMatch(/1 passed/);
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
