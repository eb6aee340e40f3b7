/**
 * The list screens `npm run gen -- page` made (src/shared/pages), in mock mode: each one's grid with
 * the reference server's search settings (system-data.ts PAGE_LISTS) and sample rows made from the
 * declared columns by their names and types (master-samples.ts), per organisation. Nothing is
 * written per page: a generated page works on the mocks as soon as it is declared.
 */
import type { EntityDeclaration, FieldDeclaration } from '../../src/shared/masterdata/declaration';
import type { PageColumnDeclaration, PageDeclaration } from '../../src/shared/pages/declaration';
import { PAGE_DECLARATIONS } from '../../src/shared/pages/index';
import { PAGE_LISTS } from '../../server/db/seed/system-data';
import { DEMO_ORGANIZATIONS } from './demo-data';
import type { MockList } from './listparam';
import { sampleRow, SAMPLE_ROWS } from './master-samples';

const COLUMN_TYPES = { text: 'text', int: 'number', number: 'number', date: 'date', datetime: 'datetime', bool: 'boolean' } as const;
const SAMPLE_TYPES = { text: 'text', int: 'int', number: 'number', date: 'date', datetime: 'date', bool: 'bool' } as const;

/** The columns as master-data fields, so the master samples' rules by name and type make their values. */
const sampleFieldOf = (column: PageColumnDeclaration, keyField: string): FieldDeclaration => ({
  name: column.name,
  type: SAMPLE_TYPES[column.type],
  label: column.label,
  required: true,
  unique: column.name === keyField,
});

function sampleRows(page: PageDeclaration & { list: NonNullable<PageDeclaration['list']> }): Record<string, unknown>[] {
  const entity: EntityDeclaration = {
    resource: page.name,
    table: page.list.source,
    listRoute: page.link,
    menuCode: page.menuCode,
    title: page.title,
    orgScoped: page.list.orgScoped,
    fields: page.list.columns.map((column) => sampleFieldOf(column, page.list.keyField)),
  };
  const noReferences = { keysOf: () => [], lookupCodes: () => [] };
  const orgIds = page.list.orgScoped ? DEMO_ORGANIZATIONS.map((org) => org.Id) : [undefined];
  return orgIds.flatMap((orgId) =>
    Array.from({ length: SAMPLE_ROWS }, (_, i) => {
      const row = sampleRow(entity, i, noReferences)!;
      // A date-and-time column: the sample date at a working hour.
      for (const column of page.list.columns.filter((c) => c.type === 'datetime')) {
        if (typeof row[column.name] === 'string') row[column.name] = `${row[column.name] as string}T0${8 + (i % 2)}:30:00.000Z`;
      }
      return orgId === undefined ? row : { ...row, org_id: orgId };
    }),
  );
}

function listOf(page: PageDeclaration & { list: NonNullable<PageDeclaration['list']> }): MockList {
  const seeded = PAGE_LISTS.find((list) => list.route.list_route === page.link)!;
  return {
    listRoute: page.link,
    title: page.title['zh-chs'],
    titleEn: page.title.en,
    keyField: page.list.keyField,
    menuCode: page.menuCode,
    orgScoped: page.list.orgScoped,
    columns: [
      ...page.list.columns.map((column) => ({ name: column.name, caption: column.label['zh-chs'], captionEn: column.label.en, type: COLUMN_TYPES[column.type] })),
      ...(page.list.orgScoped ? [{ name: 'org_id', caption: '组织', captionEn: 'Organisation', type: 'text' as const, hidden: true }] : []),
    ],
    rows: sampleRows(page),
    settings: seeded.settings.map((setting, index) => ({ ...setting, ORD_IDX: (index + 1) * 10, IS_PAGING: 'N' })) as MockList['settings'],
  };
}

/** Every generated list screen's grid (ListParam/* read them). */
export const PAGE_MOCK_LISTS: readonly MockList[] = PAGE_DECLARATIONS.filter((page): page is PageDeclaration & { list: NonNullable<PageDeclaration['list']> } => page.list !== null).map(listOf);
