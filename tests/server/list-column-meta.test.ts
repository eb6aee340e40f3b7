/**
 * The column metadata a grid is built from (GetIntiTableColumnList; issue 12 defects 5 and 6):
 * bookkeeping columns are not shown by default, every column has a caption in both languages,
 * and coded columns carry their 字典 labels in the caller's language and organisation.
 */
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeServer } from './support/test-server.ts';

type Column = { COLUMN_NAME: string; COLUMN_CAPTION: string; COLUMN_TYPE?: string; IS_VISIBLE?: 'Y' | 'N'; LABELS?: { CODE: string; NAME: string }[] };

describeServer('list column metadata', {}, (server) => {
  let admin: string;
  beforeAll(async () => {
    admin = (await server.login('ADMIN', 'admin123', 'org-f01')).Token;
  });

  const columnsOf = async (listRoute: string, language?: 'en') => {
    const { status, body } = await server.call('GET', '/ListParam/GetIntiTableColumnList', { token: admin, language, query: { LIST_ROUTE: listRoute } });
    expect(status).toBe(200);
    return new Map((body.data as Column[]).map((column) => [column.COLUMN_NAME, column]));
  };

  it('hides a master list’s record id, organisation, version and timestamps by default, and only those', async () => {
    const columns = await columnsOf('/masterdata/unit-conversion');
    const hidden = [...columns.values()].filter((c) => c.IS_VISIBLE === 'N').map((c) => c.COLUMN_NAME).sort();
    expect(hidden).toEqual(['created_at', 'id', 'org_id', 'updated_at', 'version']);
    expect(columns.get('part_code')?.IS_VISIBLE).toBeUndefined();
  });

  it('captions created_at in both languages', async () => {
    expect((await columnsOf('/masterdata/part')).get('created_at')?.COLUMN_CAPTION).toBe('创建时间');
    expect((await columnsOf('/masterdata/part', 'en')).get('created_at')?.COLUMN_CAPTION).toBe('Created at');
  });

  it('labels a master lookup field from 字典 in the caller’s language', async () => {
    const zh = await columnsOf('/masterdata/unit-conversion');
    const en = await columnsOf('/masterdata/unit-conversion', 'en');
    expect(zh.get('from_unit')?.LABELS).toContainEqual({ CODE: 'REEL', NAME: '盘' });
    expect(en.get('to_unit')?.LABELS).toContainEqual({ CODE: 'PCS', NAME: 'Piece' });
    expect(zh.get('part_code')?.LABELS).toBeUndefined();
  });

  it('labels the demo list’s reel status and the home warnings’ level and call status', async () => {
    expect((await columnsOf('/grid/demo-reels')).get('status')?.LABELS).toContainEqual({ CODE: 'IN_STOCK', NAME: '在库' });
    expect((await columnsOf('/grid/demo-reels', 'en')).get('status')?.LABELS).toContainEqual({ CODE: 'ISSUED', NAME: 'Issued' });
    const warnings = await columnsOf('/home/warning', 'en');
    expect(warnings.get('warning_level')?.LABELS).toContainEqual({ CODE: 'danger', NAME: 'Critical' });
    expect(warnings.get('call_status')?.LABELS).toContainEqual({ CODE: 'failure', NAME: 'Failed' });
  });

  it('takes the labels from the caller’s organisation’s 字典, as an administrator edited it', async () => {
    await sql`update md_lookup set name = '卷' where org_id = 'org-f01' and lookup_type = 'UNIT' and code = 'REEL'`.execute(server.db);
    expect((await columnsOf('/masterdata/part')).get('unit')?.LABELS).toContainEqual({ CODE: 'REEL', NAME: '卷' });
    const other = (await server.login('ADMIN', 'admin123', 'org-f02')).Token;
    const { body } = await server.call('GET', '/ListParam/GetIntiTableColumnList', { token: other, query: { LIST_ROUTE: '/masterdata/part' } });
    expect((body.data as Column[]).find((c) => c.COLUMN_NAME === 'unit')?.LABELS).toContainEqual({ CODE: 'REEL', NAME: '盘' });
  });
});

describeServer('list column metadata names real lists and labelled codes', {}, (server) => {
  it('every row names an existing list route and one of its columns, and every lookup type has labels', async () => {
    const admin = (await server.login('ADMIN', 'admin123', 'org-f01')).Token;
    const { rows } = await sql<{ list_route: string; field_name: string; lookup_type: string | null }>`
      select list_route, field_name, lookup_type from list_column_meta order by list_route, field_name`.execute(server.db);
    const routes = new Set((await sql<{ list_route: string }>`select list_route from list_routes`.execute(server.db)).rows.map((r) => r.list_route));
    const missing = rows.filter((r) => !routes.has(r.list_route)).map((r) => `${r.list_route} ${r.field_name}`);
    expect(missing, 'list routes that do not exist (a wrong route labels nothing)').toEqual([]);
    for (const route of new Set(rows.filter((r) => r.lookup_type).map((r) => r.list_route))) {
      const { body } = await server.call('GET', '/ListParam/GetIntiTableColumnList', { token: admin, query: { LIST_ROUTE: route } });
      const columns = new Map((body.data as Column[]).map((column) => [column.COLUMN_NAME, column]));
      for (const row of rows.filter((r) => r.list_route === route && r.lookup_type)) {
        expect(columns.get(row.field_name)?.LABELS?.length, `${route} ${row.field_name} has ${row.lookup_type} labels`).toBeGreaterThan(0);
      }
    }
  });

  it('shows the bill-type category and the notice pin as labels, not codes', async () => {
    const admin = (await server.login('ADMIN', 'admin123', 'org-f01')).Token;
    const labels = async (route: string, field: string) => {
      const { body } = await server.call('GET', '/ListParam/GetIntiTableColumnList', { token: admin, language: 'en', query: { LIST_ROUTE: route } });
      return (body.data as Column[]).find((c) => c.COLUMN_NAME === field)?.LABELS;
    };
    expect(await labels('/schedule/bill-type', 'category')).toContainEqual({ CODE: 'INBOUND', NAME: 'Inbound' });
    expect(await labels('/home/notice', 'is_top')).toContainEqual({ CODE: 'Y', NAME: 'Yes' });
  });
});
