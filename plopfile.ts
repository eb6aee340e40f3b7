/**
 * `npm run gen -- <generator> [answers...]`: scaffolds screens wired into the shell (registry entry,
 * page, texts in both languages). Every prompt can be answered on the command line, so CI and plant
 * developers run it non-interactively (README "Adding a screen").
 * Generators refuse to overwrite: re-running one for an existing screen fails instead.
 *
 * `npm run gen -- master <Entity> <MenuCode> <link> <titleZh> <titleEn> "<fields>"`: a master-data
 * screen end to end (fields syntax in codegen/master-model.ts, README "Adding a screen").
 *
 * `npm run gen -- page <domain> <Name> <link> <titleZh> <titleEn> <menu group> <source> "<columns>" [<save call>]`: a screen for a
 * menu link, a DataGrid over a table or view when a source is given, with a ProForm editor when a save
 * call of the contract is given (syntax in codegen/page-model.ts).
 *
 * `npm run gen -- bill <CODE> <category>[+options] <titleZh> <titleEn> '<header fields>'`: a bill type
 * (syntax in codegen/bill-model.ts, README "Adding a bill type").
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { ActionType, NodePlopAPI } from 'plop';
import { BILL_TYPE_CODE, billModel, renderBillDeclaration, type BillAnswers, type BillModel } from './codegen/bill-model.ts';
import { ENTITY_NAME, MENU_CODE, MENU_LINK, masterModel, type MasterAnswers, type MasterModel } from './codegen/master-model.ts';
import { pageModel, renderPageDeclaration, type PageAnswers, type PageModel } from './codegen/page-model.ts';

const REGISTRY = 'src/app/pageRegistry.ts';
const REGISTRY_MARKER = '  // plop:append-page';

const menuLink = MENU_LINK;
const check = (pattern: RegExp, what: string) => (value: string) => pattern.test(value) || `${what} must match ${pattern}`;

/** Inserts `entry` above `marker` in a file's text; refuses when `already` is found (no second entry). */
const insertAbove = (source: string, marker: string, entry: string, already: string, file: string) => {
  if (source.includes(already)) throw new Error(`${file} already has ${already.trim()}`);
  if (!source.includes(marker)) throw new Error(`${file} has no line ${marker.trim()}`);
  return source.replace(marker, entry + marker);
};

/** An edit of an existing file; a transform that throws aborts the generator. */
const modify = (path: string, transform: (source: string) => string): ActionType => ({ type: 'modify', path, transform, abortOnFail: true });

/** A screen's title in both pages.json files; refuses a name that has texts already. */
const pageTitles = (name: string, title: { 'zh-chs': string; en: string }): ActionType[] =>
  (['zh-chs', 'en'] as const).map((lng) =>
    modify(`src/core/i18n/locales/${lng}/pages.json`, (source) => {
      const texts = JSON.parse(source) as Record<string, { title: string }>;
      if (texts[name]) throw new Error(`pages.json already has texts for ${name}`);
      texts[name] = { title: title[lng] };
      return JSON.stringify(texts, null, 2) + '\n';
    }),
  );

const MASTER_TEMPLATES = 'codegen/templates/master';
const ERRORS_READ = ['400', '401', '403'];

/** The master generator's files and edits, from the parsed answers (codegen/master-model.ts). */
function masterActions(m: MasterModel): ActionType[] {
  const schemas = `../../schemas/masterdata/${m.kebab}.yaml`;
  const ops = [
    { name: 'LoadData', permission: m.menuCode, summary: `${m.titleEn}: the grid rows (the list ${m.link}, with its search conditions).`, body: '../../schemas/masterdata.yaml#/MasterLoadRequest', bodyRequired: true, bodyType: 'application/json', responseType: 'application/json', response: '../../schemas/listparam.yaml#/ListQueryDataResponse', errors: ERRORS_READ },
    { name: 'AddOrModifySave', permission: `${m.menuCode}#Save`, summary: `${m.titleEn}: adds a record (no id) or edits one (id and version).`, body: `${schemas}#/${m.entity}SaveRequest`, bodyRequired: true, bodyType: 'application/json', responseType: 'application/json', response: `${schemas}#/${m.entity}SaveResponse`, errors: [...ERRORS_READ, '404', '409'] },
    { name: 'Delete', permission: `${m.menuCode}#Delete`, summary: `${m.titleEn}: deletes a record; refused while another record references it.`, query: true, responseType: 'application/json', response: '../../schemas/masterdata.yaml#/MasterDeleteResponse', errors: [...ERRORS_READ, '404'] },
    { name: 'ExportData', permission: `${m.menuCode}#Export`, summary: `${m.titleEn}: the rows of the search as an xlsx file (streamed).`, body: '../../schemas/masterdata.yaml#/MasterExportRequest', bodyRequired: true, bodyType: 'application/json', responseType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', binary: true, errors: ERRORS_READ },
    { name: 'Import', permission: `${m.menuCode}#Import`, summary: `${m.titleEn}: an xlsx file; every row is checked first and nothing is written when any fails.`, body: '../../schemas/masterdata.yaml#/MasterImportRequest', bodyRequired: true, bodyType: 'multipart/form-data', responseType: 'application/json', response: '../../schemas/masterdata.yaml#/MasterImportResponse', errors: [...ERRORS_READ, '503'] },
  ];
  // `fields` is the raw answer; templates read the parsed list as fieldList.
  const data = { ...m, fieldList: m.fields, ops };
  const add = (path: string, template: string): ActionType => ({ type: 'add', path, templateFile: `${MASTER_TEMPLATES}/${template}`, abortOnFail: true, data });
  return [
    // First: an existing entity makes this fail before anything else is written.
    add(`src/shared/masterdata/entities/${m.kebab}.ts`, 'entity.ts.hbs'),
    add(`src/features/masterdata/pages/${m.entity}Page.tsx`, 'Page.tsx.hbs'),
    add(`openapi/paths/masterdata/${m.kebab}.yaml`, 'paths.yaml.hbs'),
    add(`openapi/schemas/masterdata/${m.kebab}.yaml`, 'schemas.yaml.hbs'),
    add(`server/db/migrations/${m.migrationName}.ts`, 'migration.ts.hbs'),
    add(`tests/server/masterdata/${m.kebab}.test.ts`, 'test.ts.hbs'),
    modify('src/shared/masterdata/entities/index.ts', (source) =>
      insertAbove(
        insertAbove(source, '// plop:append-entity-import', `import { ${m.camel}Entity } from './${m.kebab}';\n`, `'./${m.kebab}'`, 'entities/index.ts'),
        '  // plop:append-entity',
        `  ${m.camel}Entity,\n`,
        `  ${m.camel}Entity,\n`,
        'entities/index.ts',
      ),
    ),
    modify('openapi/openapi.yaml', (source) =>
      insertAbove(
        source,
        '  # plop:append-master-path',
        ops.map((op) => `  /${m.entity}/${op.name}:\n    $ref: paths/masterdata/${m.kebab}.yaml#/${op.name}\n`).join(''),
        `  /${m.entity}/LoadData:`,
        'openapi.yaml',
      ),
    ),
    modify(REGISTRY, (source) =>
      insertAbove(source, REGISTRY_MARKER, `  '${m.registryKey}': () => import('../features/masterdata/pages/${m.entity}Page'),\n`, `'${m.registryKey}':`, REGISTRY),
    ),
    // The menu row: the spec's master menus are seeded already (a plain grid item, list(...), becomes a master
    // screen with the add/edit, delete, import and export buttons its calls need); a new entity gets one under Master data.
    modify('server/db/seed/system-data.ts', (source) =>
      source.includes(`'${m.menuCode}'`)
        ? source.replace(`    list('${m.menuCode}',`, `    master('${m.menuCode}',`)
        : insertAbove(source, '    // plop:append-master-menu', `    master('${m.menuCode}', '${m.titleZh}', '${m.titleEn}', '${m.link}', '${m.menuIcon}'),\n`, `'${m.link}'`, 'system-data.ts'),
    ),
    ...pageTitles(m.entity, { 'zh-chs': m.titleZh, en: m.titleEn }),
    // The contract changed: regenerate the client types and mocks.
    () => codegen(process.env.MASTER_GEN_NO_CODEGEN, 'MASTER_GEN_NO_CODEGEN'),
  ];
}

/** Runs `npm run codegen` (the contract's generated files); BILL_GEN_NO_CODEGEN / MASTER_GEN_NO_CODEGEN=1 defer it, e.g. for a batch. */
function codegen(skip: string | undefined, variable: string) {
  if (skip === '1') return `codegen skipped (${variable}=1): run npm run codegen`;
  execFileSync('npm', ['run', '-s', 'codegen'], { stdio: 'inherit' });
  return 'npm run codegen done';
}

const BILL_TYPES_DIR = 'src/shared/bills/types';
const BILL_TYPES_TEST = 'tests/server/bill-types.test.ts';

/**
 * The bill generator's files and edits: the declaration (types/<CODE>.ts), its place in the list of
 * types (types/index.ts, which the seed's bill-type rows and menus with their action buttons, the mocks
 * and the bill-master page read), and its entry in the bill types' server test. Its texts in both
 * languages are in the declaration (name) and the shared tables (field and action labels).
 */
function billActions(m: BillModel): ActionType[] {
  const declaration = `${BILL_TYPES_DIR}/${m.code}.ts`;
  return [
    // First: an existing type makes this fail before anything else is written.
    () => {
      if (existsSync(declaration)) throw new Error(`${declaration} exists already: bill type ${m.code} has been generated`);
      writeFileSync(declaration, renderBillDeclaration(m));
      return `added ${declaration}`;
    },
    modify(`${BILL_TYPES_DIR}/index.ts`, (source) =>
      insertAbove(
        insertAbove(source, '// plop:append-bill-type-import', `import { billType${m.code} } from './${m.code}';\n`, `'./${m.code}'`, 'types/index.ts'),
        '  // plop:append-bill-type\n',
        `  billType${m.code},\n`,
        `  billType${m.code},\n`,
        'types/index.ts',
      ),
    ),
    modify(BILL_TYPES_TEST, (source) =>
      insertAbove(
        insertAbove(
          source,
          '// plop:append-bill-type-test-import',
          `import { billType${m.code} } from '../../src/shared/bills/types/${m.code}.ts';\n`,
          `/types/${m.code}.ts'`,
          BILL_TYPES_TEST,
        ),
        '  // plop:append-bill-type-test\n',
        `  billType${m.code},\n`,
        `  billType${m.code},\n`,
        BILL_TYPES_TEST,
      ),
    ),
    () => codegen(process.env.BILL_GEN_NO_CODEGEN, 'BILL_GEN_NO_CODEGEN'),
  ];
}

const PAGE_TEMPLATES = 'codegen/templates/page';

/** The page generator's files and edits, from the parsed answers (codegen/page-model.ts). */
function pageActions(m: PageModel): ActionType[] {
  const d = m.declaration;
  const declaration = `src/shared/pages/${m.kebab}.ts`;
  const add = (path: string, template: string): ActionType => ({ type: 'add', path, templateFile: `${PAGE_TEMPLATES}/${template}`, abortOnFail: true, data: m });
  return [
    // First: an existing page makes this fail before anything else is written.
    () => {
      if (existsSync(declaration)) throw new Error(`${declaration} exists already: the page ${d.name} has been generated`);
      const registry = readFileSync(REGISTRY, 'utf8');
      if (registry.includes(`'${m.registryKey}':`)) throw new Error(`${REGISTRY} already has a page for ${m.registryKey}: the link ${d.link} opens that one`);
      writeFileSync(declaration, renderPageDeclaration(m));
      return `added ${declaration}`;
    },
    add(`src/features/${d.domain}/pages/${d.name}Page.tsx`, d.editor ? 'EditorPage.tsx.hbs' : d.list ? 'ListPage.tsx.hbs' : 'Page.tsx.hbs'),
    add(`tests/unit/pages/${m.kebab}.test.tsx`, 'unit-test.tsx.hbs'),
    add(`tests/server/pages/${m.kebab}.test.ts`, 'server-test.ts.hbs'),
    modify('src/shared/pages/index.ts', (source) =>
      insertAbove(
        insertAbove(source, '// plop:append-page-import', `import { ${m.exportName} } from './${m.kebab}';\n`, `'./${m.kebab}'`, 'pages/index.ts'),
        '  // plop:append-page-declaration',
        `  ${m.exportName},\n`,
        `  ${m.exportName},\n`,
        'pages/index.ts',
      ),
    ),
    modify(REGISTRY, (source) =>
      insertAbove(source, REGISTRY_MARKER, `  '${m.registryKey}': () => import('../features/${d.domain}/pages/${d.name}Page'),\n`, `'${m.registryKey}':`, REGISTRY),
    ),
    ...pageTitles(d.name, d.title),
  ];
}

export default function (plop: NodePlopAPI) {
  plop.setHelper('registryKey', (link: string) => link.replace(/^\//, ''));
  plop.setHelper('indent', (text: string, spaces: number) => text.split('\n').join('\n' + ' '.repeat(spaces)));

  plop.setGenerator('master', {
    description: 'a master-data screen end to end: contract, migration, CRUD declaration, page, menu, texts, test',
    prompts: [
      { type: 'input', name: 'entity', message: 'entity name (PascalCase, e.g. StorageLocation)', validate: check(ENTITY_NAME, 'entity') },
      { type: 'input', name: 'menuCode', message: 'menu code (e.g. MasterStorageLocation)', validate: check(MENU_CODE, 'menu code') },
      { type: 'input', name: 'link', message: 'menu link = LIST_ROUTE (e.g. /masterdata/storage-location)', validate: check(menuLink, 'link') },
      { type: 'input', name: 'titleZh', message: 'title in Chinese' },
      { type: 'input', name: 'titleEn', message: 'title in English' },
      {
        type: 'input',
        name: 'fields',
        message: 'fields, ";"-separated name:type:flags:labelZh:labelEn (types text|int|number|bool|date|ref=Entity|lookup=TYPE; flags - or req+uniq+pos)',
      },
    ],
    // Parsed here so a bad field list fails before any file is written.
    actions: (answers) => masterActions(masterModel(answers as MasterAnswers, process.cwd())),
  });

  plop.setGenerator('bill', {
    description: 'a bill type: its declaration (header fields and rules, line columns, actions), listed for the seed, menus and page, and its server test',
    prompts: [
      { type: 'input', name: 'code', message: 'bill type code (e.g. WO)', validate: check(BILL_TYPE_CODE, 'code') },
      { type: 'input', name: 'category', message: 'category (INBOUND RETURN_IN RETURN_VENDOR OUTBOUND TRANSFER SCRAP QUALITY), options appended with + (inspection, fefo, nofefo, erp=<ERP type>)' },
      { type: 'input', name: 'titleZh', message: 'name in Chinese' },
      { type: 'input', name: 'titleEn', message: 'name in English' },
      { type: 'input', name: 'headerFields', message: 'its header fields, ";"-separated name or name:req (e.g. mo:req;mo_line:req), - for none' },
    ],
    // Parsed here so a bad answer fails before any file is written.
    actions: (answers) => billActions(billModel(answers as BillAnswers)),
  });

  plop.setGenerator('page', {
    description: 'a screen for a menu link: its declaration (menu item, list over a table or view), the page, the registry entry, titles and tests on the mocks and the server',
    prompts: [
      { type: 'input', name: 'domain', message: 'feature folder (src/features/<domain>, e.g. warehouse)' },
      { type: 'input', name: 'name', message: 'page component name (PascalCase, without "Page", e.g. ReelAging)' },
      { type: 'input', name: 'link', message: 'menu link (a path, e.g. /warehouse/reel-aging)' },
      { type: 'input', name: 'titleZh', message: 'title in Chinese' },
      { type: 'input', name: 'titleEn', message: 'title in English' },
      { type: 'input', name: 'parentMenu', message: 'menu group a new menu item goes under (e.g. Warehouse; - when the link has a seeded item)', default: '-' },
      { type: 'input', name: 'source', message: 'table or view the grid reads (<table>, or <table>:shared without org_id; - for no grid)', default: '-' },
      { type: 'input', name: 'columns', message: 'columns searched, ";"-separated name:type:labelZh:labelEn[:key] (types text|int|number|date|datetime|bool; - for no grid)', default: '-' },
      { type: 'input', name: 'editor', message: 'save call of the contract for a ProForm editor of the rows (a POST with a JSON body, e.g. /Reel/Update; - for none)', default: '-' },
    ],
    // Parsed here so a bad answer fails before any file is written.
    actions: (answers) => pageActions(pageModel(answers as PageAnswers, process.cwd())),
  });
}
