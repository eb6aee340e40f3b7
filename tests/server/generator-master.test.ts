/**
 * Proof that one command gives a plant developer a working master-data screen: in a scratch copy
 * of the project, `npm run gen -- master` (non-interactive) for a throwaway entity, then the
 * contract's generated files are up to date, the new code typechecks and the generated server
 * test passes; a second run for the same entity refuses and changes nothing.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFields } from '../../codegen/master-model';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

const ENTITY = ['Gadget', 'MasterGadget', '/masterdata/gadget', '小工具', 'Gadget'];
const FIELDS = 'code:text:req+uniq:编码:Code;name:text:req:名称:Name;part_code:ref=Part:-:料号:Part;qty:number:pos:数量:Quantity;unit:lookup=UNIT:-:单位:Unit;due:date:-:日期:Due date;active:bool:on:启用:Active';

describe('npm run gen -- master', () => {
  let work: string;
  // Without DATABASE_URL: the generated test runs on PGlite only, which is enough for this proof.
  const env = { ...process.env, DATABASE_URL: '' };
  const inWork = (command: string, args: string[]) => run(command, args, { cwd: work, env, maxBuffer: 20 * 1024 * 1024 });

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'portal-gen-master-'));
    // The project as committed (plus files not yet committed but not ignored), without node_modules.
    const { stdout } = await run('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, maxBuffer: 20 * 1024 * 1024 });
    for (const file of stdout.split('\n').filter(Boolean)) {
      await mkdir(path.dirname(path.join(work, file)), { recursive: true });
      await cp(path.join(root, file), path.join(work, file)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error; // deleted but not yet committed
      });
    }
    await symlink(path.join(root, 'node_modules'), path.join(work, 'node_modules'));
    await inWork('npm', ['run', '-s', 'gen', '--', 'master', ...ENTITY, FIELDS]);
  }, 240_000);
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('writes the contract, migration, declaration, page, registry entry, menu row, texts and test', async () => {
    const read = (file: string) => readFile(path.join(work, file), 'utf8');
    expect(await read('openapi/openapi.yaml')).toContain('  /Gadget/Import:\n    $ref: paths/masterdata/gadget.yaml#/Import');
    const paths = await read('openapi/paths/masterdata/gadget.yaml');
    // Listing needs the menu; each change needs its button (spec §6).
    for (const permission of ['MasterGadget', 'MasterGadget#Save', 'MasterGadget#Delete', 'MasterGadget#Export', 'MasterGadget#Import']) {
      expect(paths).toContain(`x-permission: '${permission}'`);
    }
    // The migrations are the folder's files: the new one takes the number after the newest.
    const migrationName = (await readdir(path.join(work, 'server/db/migrations'))).find((file) => file.endsWith('_gadget.ts'))?.slice(0, -3);
    const newest = (await readdir(path.join(root, 'server/db/migrations'))).filter((file) => /^\d{4}_/.test(file)).sort().at(-1)!;
    expect(migrationName).toBe(`${String(Number(newest.slice(0, 4)) + 1).padStart(4, '0')}_gadget`);
    // Configured SQL (reports, dropdowns) may read the new master data: the report role is granted it.
    expect(await read(`server/db/migrations/${migrationName}.ts`)).toContain('await grantReportRead(db, table.table);');
    expect(await read('src/app/pageRegistry.ts')).toContain(`'masterdata/gadget': () => import('../features/masterdata/pages/GadgetPage'),`);
    expect(await read('server/db/seed/system-data.ts')).toContain(`master('MasterGadget', '小工具', 'Gadget', '/masterdata/gadget'`);
    expect(JSON.parse(await read('src/core/i18n/locales/zh-chs/pages.json')).Gadget.title).toBe('小工具');
    expect(await read('src/shared/masterdata/entities/gadget.ts')).toContain(`{ name: 'qty', type: 'number', label: { 'zh-chs': '数量', en: 'Quantity' }, positive: true }`);
    // `on`: 启用 starts switched on in the add form.
    expect(await read('src/shared/masterdata/entities/gadget.ts')).toContain(`{ name: 'active', type: 'bool', label: { 'zh-chs': '启用', en: 'Active' }, initial: true }`);
    expect(await read('src/api/schema.d.ts')).toContain('"/Gadget/AddOrModifySave"');
  });

  it('leaves no codegen drift and typechecks', async () => {
    await inWork('npm', ['run', '-s', 'codegen', '--', '--check']);
    // Only what the new screen touches (tsc follows their imports), not every test of the project.
    const files = [
      'src/features/masterdata/pages/GadgetPage.tsx',
      'src/app/pageRegistry.ts',
      'server/modules/index.ts',
      'server/db/migrations/index.ts',
      'server/db/seed/seed-start.ts',
      'mocks/generated/handlers.ts',
      'tests/server/masterdata/gadget.test.ts',
    ];
    await writeFile(path.join(work, 'tsconfig.gen.json'), JSON.stringify({ extends: './tsconfig.json', include: [], files }));
    await inWork('npx', ['tsc', '-p', 'tsconfig.gen.json', '--noEmit']);
  }, 240_000);

  it('passes its generated server test', async () => {
    const { stdout } = await inWork('npx', ['vitest', 'run', '--project', 'server', 'tests/server/masterdata/gadget.test.ts']);
    expect(stdout).toMatch(/1 passed/);
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
