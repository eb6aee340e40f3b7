/**
 * ListParam/QueryData over a small list of five items, so every answer can be checked row by row:
 * each ACTION_TYPE with each DATA_TYPE it applies to, the value encodings, sorting, paging, and
 * the refusals that keep anything but configured names and bound values away from SQL.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeServer } from './support/test-server.ts';

const LIST = 'qa/items';
const F01 = 'org-f01';

/** Each setting searches one field with one data type; PARAM_NAME = `${field}_${dataType}`. */
const SETTINGS: [field: string, dataType: number][] = [
  ['name', 1], ['code', 1], ['code', 2], ['note', 1], ['qty', 3], ['qty', 7], ['made_on', 4], ['made_on', 5],
  ['made_at', 4], ['made_at', 5], ['code', 6], ['name', 6], ['code', 8], ['id', 8],
];

async function createItemsList(server: { db: import('../../server/db/database.ts').DB }) {
  const { db } = server;
  await sql`create table qa_items (id text primary key, name text, code text, note text, qty numeric, made_on date,
    made_at timestamptz, secret text)`.execute(db);
  await sql`insert into qa_items values
    ('1', 'Alpha resistor',   'A-1',  'first', 10,    '2024-05-01', '2024-05-01 12:00:00+00', 's1'),
    ('2', 'beta capacitor',   'B-2',  null,    -5,    '2024-05-02', '2024-05-02 12:00:00+00', 's2'),
    ('3', 'Gamma 100%_pure',  'C-3',  '',      0,     '2024-05-31', '2024-05-31 12:00:00+00', 's3'),
    ('4', 'delta',            'D-4',  'x',     250.5, '2024-06-01', '2024-06-01 12:00:00+00', 's4'),
    ('5', 'Alphabet',         'A-10', 'last',  null,  null,         null,                     's5')`.execute(db);
  await db
    .insertInto('list_routes')
    .values({ list_route: LIST, title: '测试物品', title_en: 'Test items', source_kind: 'table', source_table: 'qa_items', key_field: 'id' })
    .execute();
  await db
    .insertInto('list_params')
    .values(SETTINGS.map(([field, dataType], index) => ({
      id: `qa-${field}-${dataType}`,
      list_route: LIST,
      ord_idx: index,
      param_name: `${field}_${dataType}`,
      param_caption: `${field} (${dataType})`,
      field_name: field,
      data_type: dataType,
      action_type: 1,
      is_fast_search: 'N',
      aggregation: field === 'qty' && dataType === 3 ? 'sum,avg' : '',
      is_paging: 'N',
    })))
    .execute();
}

describeServer('list data searched by condition', {}, (server) => {
  let token: string;
  beforeAll(async () => {
    await createItemsList(server);
    token = (await server.login('ADMIN', 'admin123', F01)).Token;
  });

  const queryData = (body: Record<string, unknown>) => server.call('POST', '/ListParam/QueryData', { token, body: { LIST_ROUTE: LIST, ...body } });

  /** The ids of the rows found by one condition on FIELD_NAME with DATA_TYPE (its setting) and ACTION_TYPE. */
  async function idsFound(field: string, dataType: number, actionType: number, value?: unknown): Promise<string[]> {
    const condition = { PARAM_NAME: `${field}_${dataType}`, FIELD_NAME: field, DATA_TYPE: dataType, ACTION_TYPE: actionType, PARAM_VALUE: value };
    const { status, body } = await queryData({ conditions: [condition], sort: [{ field: 'id' }] });
    if (status !== 200) throw new Error(`search refused: ${body.msg}`);
    return body.data.rows.map((row: { id: string }) => row.id);
  }

  async function refusal(condition: Record<string, unknown>, extra: Record<string, unknown> = {}) {
    const { status, body } = await queryData({ conditions: [condition], ...extra });
    expect(status).toBe(400);
    return body.msg as string;
  }

  describe('text (DATA_TYPE 1)', () => {
    it.each([
      [1, 'delta', ['4']],
      [6, 'ALPHA', ['1', '5']],
      [6, 'capac', ['2']],
      [10, 'alpha', ['1', '5']],
      [10, 'capac', []],
      [7, 'delta', ['1', '2', '3', '5']],
    ])('ACTION_TYPE %i with %j finds %j', async (action, value, ids) => {
      expect(await idsFound('name', 1, action, value)).toEqual(ids);
    });

    it.each([
      [2, 'B-2', ['3', '4']],
      [3, 'B-2', ['2', '3', '4']],
      [4, 'B-2', ['1', '5']],
      [5, 'B-2', ['1', '2', '5']],
    ])('ACTION_TYPE %i compares text with %j: %j', async (action, value, ids) => {
      expect(await idsFound('code', 1, action, value)).toEqual(ids);
    });

    it('like takes %, _ and \\ in the value literally', async () => {
      expect(await idsFound('name', 1, 6, '100%_')).toEqual(['3']);
      expect(await idsFound('name', 1, 6, '%')).toEqual(['3']);
      expect(await idsFound('name', 1, 6, '_')).toEqual(['3']);
      expect(await idsFound('name', 1, 10, '%a')).toEqual([]);
    });

    it('is null finds rows without a value (null or empty text); is not null the others', async () => {
      expect(await idsFound('note', 1, 8)).toEqual(['2', '3']);
      expect(await idsFound('note', 1, 9)).toEqual(['1', '4', '5']);
    });

    it('text that looks like a JSON array is searched as that text', async () => {
      expect(await idsFound('name', 1, 6, '["delta"]')).toEqual([]);
    });

    it('a condition without a value is skipped', async () => {
      expect(await idsFound('name', 1, 1, '')).toEqual(['1', '2', '3', '4', '5']);
      expect(await idsFound('name', 1, 6, null)).toEqual(['1', '2', '3', '4', '5']);
    });
  });

  it('a dropdown (DATA_TYPE 2) value is compared as its code', async () => {
    expect(await idsFound('code', 2, 1, 'C-3')).toEqual(['3']);
    expect(await idsFound('code', 2, 7, 'C-3')).toEqual(['1', '2', '4', '5']);
  });

  describe('number (DATA_TYPE 3)', () => {
    it.each([
      [1, '250.5', ['4']],
      [1, -5, ['2']],
      [2, '0', ['1', '4']],
      [3, '0', ['1', '3', '4']],
      [4, '0', ['2']],
      [5, '0', ['2', '3']],
      [7, '10', ['2', '3', '4', '5']],
      [6, '50', ['4']],
      [10, '-', ['2']],
    ])('ACTION_TYPE %i with %j finds %j', async (action, value, ids) => {
      expect(await idsFound('qty', 3, action, value)).toEqual(ids);
    });

    it('a value that is not a number is refused naming the condition', async () => {
      expect(await refusal({ PARAM_NAME: 'qty_3', FIELD_NAME: 'qty', DATA_TYPE: 3, ACTION_TYPE: 2, PARAM_VALUE: 'ten' })).toBe(
        '查询条件 qty (3) 的值 “ten” 不是有效的数字',
      );
    });
  });

  describe('date (DATA_TYPE 4)', () => {
    it.each([
      [1, '2024-05-02', ['2']],
      [1, '2024/05/31', ['3']],
      [2, '2024-05-02', ['3', '4']],
      [3, '2024-05-02', ['2', '3', '4']],
      [4, '2024-05-02', ['1']],
      [5, '2024-05-02', ['1', '2']],
      [7, '2024-05-02', ['1', '3', '4', '5']],
      [8, undefined, ['5']],
      [9, undefined, ['1', '2', '3', '4']],
    ])('on a date column ACTION_TYPE %i with %j finds %j', async (action, value, ids) => {
      expect(await idsFound('made_on', 4, action, value)).toEqual(ids);
    });

    it.each([
      [1, '2024-05-02', ['2']],
      [2, '2024-05-02', ['3', '4']],
      [5, '2024-05-02', ['1', '2']],
      [3, '2024-05-31 12:00:00+00', ['3', '4']],
      [2, '2024-05-31T12:00:00Z', ['4']],
    ])('on a timestamp column a date is its whole day, a time that instant: ACTION_TYPE %i with %j finds %j', async (action, value, ids) => {
      expect(await idsFound('made_at', 4, action, value)).toEqual(ids);
    });

    it('a date that does not exist is refused', async () => {
      expect(await refusal({ PARAM_NAME: 'made_on_4', FIELD_NAME: 'made_on', DATA_TYPE: 4, ACTION_TYPE: 1, PARAM_VALUE: '2024-02-30' })).toBe(
        '查询条件 made_on (4) 的值 “2024-02-30” 不是有效的日期',
      );
    });
  });

  describe('date range (DATA_TYPE 5)', () => {
    it.each([
      [1, ['2024-05-02', '2024-05-31'], ['2', '3']],
      [1, [null, '2024-05-02'], ['1', '2']],
      [1, ['2024-05-31', ''], ['3', '4']],
      [1, '2024-05-02-2024-05-31', ['2', '3']],
      [1, '2024/05/02-2024/05/31', ['2', '3']],
      [1, '["2024-05-02","2024-05-31"]', ['2', '3']],
      [7, ['2024-05-02', '2024-05-31'], ['1', '4', '5']],
      [2, ['2024-05-01', '2024-05-31'], ['4']],
      [4, ['2024-05-02', '2024-05-31'], ['1']],
      [1, [null, null], ['1', '2', '3', '4', '5']],
    ])('ACTION_TYPE %i with %j finds %j', async (action, value, ids) => {
      expect(await idsFound('made_on', 5, action, value)).toEqual(ids);
    });

    it('on a timestamp column the "to" day is included whole', async () => {
      expect(await idsFound('made_at', 5, 1, ['2024-05-02', '2024-05-31'])).toEqual(['2', '3']);
    });
  });

  describe('number range (DATA_TYPE 7)', () => {
    it.each([
      [1, [-5, 10], ['1', '2', '3']],
      [1, ['0', null], ['1', '3', '4']],
      [1, '[0, 300]', ['1', '3', '4']],
      [1, '-5--1', ['2']],
      [1, '10-', ['1', '4']],
      [1, '-20', ['1', '2', '3']],
      [1, '-10-0', ['2', '3']],
      [7, [0, 10], ['2', '4', '5']],
      [3, [0, 10], ['1', '4']],
      [5, [0, 10], ['2', '3']],
    ])('ACTION_TYPE %i with %j finds %j', async (action, value, ids) => {
      expect(await idsFound('qty', 7, action, value)).toEqual(ids);
    });

    it('a range of more than two values is refused', async () => {
      expect(await refusal({ PARAM_NAME: 'qty_7', FIELD_NAME: 'qty', DATA_TYPE: 7, ACTION_TYPE: 1, PARAM_VALUE: [1, 2, 3] })).toBe(
        '查询条件 qty (7) 的值无效：a range has at most two values [from, to]',
      );
    });
  });

  describe('multi-line text (DATA_TYPE 6): one value per line', () => {
    it.each([
      ['code', 1, 'A-1\nD-4', ['1', '4']],
      ['code', 1, 'A-1\r\n\r\n  D-4  \n', ['1', '4']],
      ['code', 7, 'A-1\nD-4', ['2', '3', '5']],
      ['name', 6, 'lph\nELT', ['1', '4', '5']],
      ['name', 10, 'al\nbe', ['1', '2', '5']],
      ['code', 1, ['B-2', 'C-3'], ['2', '3']],
    ])('on %s ACTION_TYPE %i with %j finds %j', async (field, action, value, ids) => {
      expect(await idsFound(field, 6, action, value)).toEqual(ids);
    });

    it('greater and less comparisons are refused for several values', async () => {
      expect(await refusal({ PARAM_NAME: 'code_6', FIELD_NAME: 'code', DATA_TYPE: 6, ACTION_TYPE: 2, PARAM_VALUE: 'A-1' })).toBe(
        '查询条件 code (6)：多值字段不支持大于、小于类比较',
      );
    });
  });

  describe('multi-select (DATA_TYPE 8)', () => {
    it.each([
      ['code', 1, ['A-1', 'B-2'], ['1', '2']],
      ['code', 1, '["A-10","D-4"]', ['4', '5']],
      ['code', 6, ['A-1'], ['1']],
      ['code', 7, ['A-1', 'B-2'], ['3', '4', '5']],
      ['id', 1, '1-4', ['1', '4']],
      ['id', 10, '2-3-5', ['2', '3', '5']],
    ])('on %s ACTION_TYPE %i with %j finds %j', async (field, action, value, ids) => {
      expect(await idsFound(field, 8, action, value)).toEqual(ids);
    });
  });

  it('several conditions must all hold', async () => {
    const { body } = await queryData({
      conditions: [
        { PARAM_NAME: 'name_1', FIELD_NAME: 'name', DATA_TYPE: 1, ACTION_TYPE: 10, PARAM_VALUE: 'alpha' },
        { PARAM_NAME: 'qty_3', FIELD_NAME: 'qty', DATA_TYPE: 3, ACTION_TYPE: 9 },
      ],
    });
    expect(body.data.rows.map((row: { id: string }) => row.id)).toEqual(['1']);
    expect(body.count).toBe(1);
  });

  it('sorts by the requested columns and pages the result, counting every match', async () => {
    const { body } = await queryData({ sort: [{ field: 'qty', order: 'asc' }], Page: 2, Limit: 2 });
    expect(body.count).toBe(5);
    expect(body.data.rows.map((row: { id: string }) => row.id)).toEqual(['1', '4']);
    expect(body.data.KEY_FIELD).toBe('id');
    const descending = await queryData({ sort: [{ field: 'made_on', order: 'desc' }], Limit: 10 });
    expect(descending.body.data.rows.map((row: { id: string }) => row.id)).toEqual(['5', '4', '3', '2', '1']);
  });

  it('rows come with their values typed: numbers as numbers, dates as YYYY-MM-DD', async () => {
    const { body } = await queryData({ conditions: [{ PARAM_NAME: 'id_8', FIELD_NAME: 'id', DATA_TYPE: 8, ACTION_TYPE: 1, PARAM_VALUE: ['4'] }] });
    expect(body.data.rows[0]).toMatchObject({ id: '4', qty: 250.5, made_on: '2024-06-01', note: 'x' });
  });

  it('aggregates are the sum and average of the whole filtered result, not of the page', async () => {
    const { body } = await queryData({ Limit: 1, wantAggregates: true, sort: [{ field: 'id' }] });
    expect(body.data.rows).toHaveLength(1);
    expect(body.data.aggregates).toEqual({ qty: { sum: '255.5', avg: '63.875' } });
  });

  describe('names and values that are not configured never reach SQL', () => {
    it('a FIELD_NAME without a setting is refused, even when it is a column of the source', async () => {
      expect(await refusal({ FIELD_NAME: 'secret', DATA_TYPE: 1, ACTION_TYPE: 1, PARAM_VALUE: 's1' })).toBe(
        '字段 secret 不是该列表配置的查询字段',
      );
    });

    it('a PARAM_NAME whose setting searches another field is refused', async () => {
      expect(await refusal({ PARAM_NAME: 'name_1', FIELD_NAME: 'secret', DATA_TYPE: 1, ACTION_TYPE: 1, PARAM_VALUE: 's1' })).toBe(
        '字段 secret 不是该列表配置的查询字段',
      );
    });

    it('a sort field that is not a column of the list is refused', async () => {
      const { status, body } = await queryData({ sort: [{ field: 'price' }] });
      expect(status).toBe(400);
      expect(body.msg).toBe('不能按 price 排序：它不是该列表的列');
    });

    it.each([
      ['name"; drop table qa_items; --'],
      ['name) or (1=1'],
      ['src.name'],
    ])('the field name %j is refused and changes nothing', async (field) => {
      expect(await refusal({ FIELD_NAME: field, DATA_TYPE: 1, ACTION_TYPE: 1, PARAM_VALUE: 'x' })).toBe(`字段 ${field} 不是该列表配置的查询字段`);
      const sorted = await queryData({ sort: [{ field }] });
      expect(sorted.status).toBe(400);
      expect((await sql<{ n: string }>`select count(*) as n from qa_items`.execute(server.db)).rows[0].n).toBe('5');
    });

    it.each([
      ["' or '1'='1"],
      ["delta' --"],
      ["x'); delete from qa_items; --"],
      ["x' union select password_hash from users --"],
    ])('the value %j is only ever a value', async (value) => {
      for (const action of [1, 6, 10]) expect(await idsFound('name', 1, action, value)).toEqual([]);
      expect(await idsFound('code', 6, 1, `${value}\nA-1`)).toEqual(['1']);
      expect(await idsFound('code', 8, 1, [value])).toEqual([]);
      expect((await sql<{ n: string }>`select count(*) as n from qa_items`.execute(server.db)).rows[0].n).toBe('5');
      expect(server.bodies.some((b) => b.includes('scrypt$'))).toBe(false);
    });

    it('a value the column cannot read is refused without running anything', async () => {
      const { status, body } = await queryData({
        conditions: [{ PARAM_NAME: 'made_on_4', FIELD_NAME: 'made_on', DATA_TYPE: 4, ACTION_TYPE: 6, PARAM_VALUE: '05' }],
      });
      expect(status).toBe(200);
      expect(body.data.rows.map((row: { id: string }) => row.id)).toEqual(['1', '2', '3']);
      expect(await refusal({ PARAM_NAME: 'qty_3', FIELD_NAME: 'qty', DATA_TYPE: 1, ACTION_TYPE: 1, PARAM_VALUE: 'many' })).toBe(
        '查询值与字段的类型不符',
      );
    });

    it('an unknown LIST_ROUTE is refused', async () => {
      const { status, body } = await server.call('POST', '/ListParam/QueryData', { token, body: { LIST_ROUTE: 'qa/nothing' } });
      expect(status).toBe(400);
      expect(body.msg).toBe('未知的列表 qa/nothing');
    });
  });
});

describe('LIKE patterns from user text (server/query/like.ts, the one escaping every search uses)', () => {
  it('escapes %, _ and the escape character and wraps a contains pattern', async () => {
    const { containsPattern, escapeLike } = await import('../../src/shared/search/like.ts');
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    expect(containsPattern('R_1')).toBe('%R\\_1%');
  });
});
