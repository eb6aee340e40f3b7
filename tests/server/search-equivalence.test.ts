/**
 * The server and the mock mode search alike: one table of ListParam/QueryData requests is sent to the
 * reference server (the search as SQL, on PGlite and on PostgreSQL when DATABASE_URL is set) and to
 * the mock handlers (the same search in memory, through msw's node server), over the same rows and
 * settings, and both must give the same answer — the same rows in the same order, the same count and
 * footer figures, or the same refusal with the same message.
 */
import { sql } from 'kysely';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByName, resetMockDb, startSession } from '../../mocks/db';
import { listParamHandlers, type MockList } from '../../mocks/scenarios/listparam';
import { sessionHandlers } from '../../mocks/scenarios/session';
import { describeServer } from './support/test-server.ts';

const LIST = 'qa/search-equivalence';
const F01 = 'org-f01';
const MOCK_BASE = 'http://search-equivalence.mock/api';

/** Each setting searches one field with one data type; PARAM_NAME = `${field}_${dataType}`. */
const SETTINGS: [field: string, dataType: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8][] = [
  ['name', 1], ['code', 1], ['note', 1], ['qty', 1], ['qty', 3], ['qty', 7], ['made_on', 4], ['made_on', 5],
  ['made_at', 4], ['made_at', 5], ['code', 6], ['name', 6], ['code', 8],
];

const ROWS = [
  { id: '1', name: 'Alpha resistor', code: 'A-1', note: 'first', qty: 10, made_on: '2024-05-01', made_at: '2024-05-01T12:00:00.000Z' },
  { id: '2', name: 'beta capacitor', code: 'B-2', note: null, qty: -5, made_on: '2024-05-02', made_at: '2024-05-02T00:00:00.000Z' },
  { id: '3', name: 'Gamma 100%_pure', code: 'C-3', note: '', qty: 0, made_on: '2024-05-31', made_at: '2024-05-31T23:59:59.000Z' },
  { id: '4', name: 'delta', code: 'D-4', note: 'x', qty: 250.5, made_on: '2024-06-01', made_at: '2024-06-01T08:30:00.000Z' },
  { id: '5', name: 'Alphabet', code: 'A-10', note: 'last', qty: null, made_on: null, made_at: null },
  { id: '6', name: '料盘 电阻', code: 'R-6', note: '来料抽检', qty: 3.25, made_on: '2023-12-31', made_at: '2023-12-31T16:00:00.000Z' },
];

const MOCK_LIST: MockList = {
  listRoute: LIST,
  title: '搜索对照',
  titleEn: 'Search equivalence',
  keyField: 'id',
  menuCode: '',
  orgScoped: false,
  columns: [
    { name: 'id', caption: 'id' },
    { name: 'name', caption: 'name' },
    { name: 'code', caption: 'code' },
    { name: 'note', caption: 'note' },
    { name: 'qty', caption: 'qty', type: 'number' },
    { name: 'made_on', caption: 'made_on', type: 'date' },
    { name: 'made_at', caption: 'made_at', type: 'datetime' },
  ],
  rows: ROWS,
  settings: SETTINGS.map(([field, dataType], index) => ({
    ORD_IDX: index,
    PARAM_NAME: `${field}_${dataType}`,
    PARAM_CAPTION: `${field} (${dataType})`,
    FIELD_NAME: field,
    DATA_TYPE: dataType,
    ACTION_TYPE: 1,
    IS_FAST_SEARCH: 'N',
    // qty_7 answers its whole result on one page.
    IS_PAGING: field === 'qty' && dataType === 7 ? 'Y' : 'N',
    AGGREGATION: field === 'qty' && dataType === 3 ? ['sum', 'avg'] : [],
  })),
};

async function createList(db: import('../../server/db/database.ts').DB) {
  await sql`create table qa_equivalence (id text primary key, name text, code text, note text, qty numeric, made_on date, made_at timestamptz)`.execute(db);
  await db
    .insertInto('qa_equivalence' as never)
    .values(ROWS as never)
    .execute();
  await db
    .insertInto('list_routes')
    .values({ list_route: LIST, title: MOCK_LIST.title, title_en: MOCK_LIST.titleEn, source_kind: 'table', source_table: 'qa_equivalence', key_field: 'id' })
    .execute();
  await db
    .insertInto('list_params')
    .values(MOCK_LIST.settings.map((setting) => ({
      id: `qa-eq-${setting.PARAM_NAME}`,
      list_route: LIST,
      ord_idx: setting.ORD_IDX!,
      param_name: setting.PARAM_NAME,
      param_caption: setting.PARAM_CAPTION,
      field_name: setting.FIELD_NAME,
      data_type: setting.DATA_TYPE!,
      action_type: setting.ACTION_TYPE!,
      is_fast_search: 'N',
      aggregation: (setting.AGGREGATION ?? []).join(','),
      is_paging: setting.IS_PAGING!,
    })))
    .execute();
}

type Value = string | number | null | (string | number | null)[];
const when = (field: string, dataType: number, actionType: number, value?: Value) => ({
  PARAM_NAME: `${field}_${dataType}`,
  FIELD_NAME: field,
  DATA_TYPE: dataType,
  ACTION_TYPE: actionType,
  PARAM_VALUE: value,
});

/** [what the case shows, the QueryData body beyond LIST_ROUTE]. */
const CASES: [string, Record<string, unknown>][] = [
  ['text equals', { conditions: [when('name', 1, 1, 'delta')] }],
  ['text contains, ignoring case', { conditions: [when('name', 1, 6, 'ALPHA')] }],
  ['text starts with', { conditions: [when('name', 1, 10, 'alpha')] }],
  ['% and _ in a value are literal', { conditions: [when('name', 1, 6, '100%_')] }],
  ['_ alone matches no arbitrary character', { conditions: [when('name', 1, 6, 'a_p')] }],
  ['Chinese text contains', { conditions: [when('note', 1, 6, '抽检')] }],
  ['not equal keeps rows without a value', { conditions: [when('note', 1, 7, 'first')] }],
  ['is null takes empty text as no value', { conditions: [when('note', 1, 8)] }],
  ['is not null', { conditions: [when('note', 1, 9)] }],
  ['text greater compares by code point', { conditions: [when('name', 1, 2, 'Gamma')] }],
  ['number equals', { conditions: [when('qty', 3, 1, '10')] }],
  ['number greater', { conditions: [when('qty', 3, 2, 0)] }],
  ['number greater or equal', { conditions: [when('qty', 3, 3, '0')] }],
  ['number less', { conditions: [when('qty', 3, 4, '0')] }],
  ['number less or equal with a fraction', { conditions: [when('qty', 3, 5, '3.25')] }],
  ['number not equal', { conditions: [when('qty', 3, 7, '10')] }],
  ['a number that is not one', { conditions: [when('qty', 3, 1, 'abc')] }],
  ['a text value the numeric column cannot read', { conditions: [when('qty', 1, 1, 'abc')] }],
  ['contains on a numeric column matches its text', { conditions: [when('qty', 1, 6, '5')] }],
  ['number range, both ends inclusive', { conditions: [when('qty', 7, 1, [0, 250.5])] }],
  ['number range open below', { conditions: [when('qty', 7, 1, [null, 0])] }],
  ['number range, legacy text with negatives', { conditions: [when('qty', 7, 1, '-5-3.25')] }],
  ['number range switched to greater keeps its second value', { conditions: [when('qty', 7, 2, [0, 3.25])] }],
  ['number range switched to less keeps its first value', { conditions: [when('qty', 7, 4, [3.25, 100])] }],
  ['number range not equal keeps rows without a value', { conditions: [when('qty', 7, 7, [0, 10])] }],
  ['a date column equals a day', { conditions: [when('made_on', 4, 1, '2024-05-01')] }],
  ['a timestamp column equals a whole day', { conditions: [when('made_at', 4, 1, '2024/05/31')] }],
  ['a timestamp greater than a day is after that whole day', { conditions: [when('made_at', 4, 2, '2024-05-02')] }],
  ['a timestamp less or equal to a day includes that whole day', { conditions: [when('made_at', 4, 5, '2024-05-02')] }],
  ['a timestamp equals an instant', { conditions: [when('made_at', 4, 1, '2024-05-01 12:00:00')] }],
  ['a timestamp compared with an instant in another zone', { conditions: [when('made_at', 4, 3, '2024-06-01 16:30:00+08')] }],
  ['a date not equal', { conditions: [when('made_on', 4, 7, '2024-05-02')] }],
  ['a date range includes its last day', { conditions: [when('made_at', 5, 1, ['2024-05-01', '2024-05-31'])] }],
  ['a date range on a date column, legacy text', { conditions: [when('made_on', 5, 1, '2024/05/02-2024/06/01')] }],
  ['a date range open above', { conditions: [when('made_on', 5, 1, ['2024-05-31', null])] }],
  ['a date that does not exist', { conditions: [when('made_on', 4, 1, '2024-02-30')] }],
  ['multi-line text is one of its lines', { conditions: [when('code', 6, 1, 'A-1\nB-2\n\nzz')] }],
  ['multi-line text contains: any line matches', { conditions: [when('code', 6, 6, 'a-1\n-3')] }],
  ['multi-line text starts with: any line', { conditions: [when('name', 6, 10, 'BETA\ndel')] }],
  ['multi-select not equal keeps rows without a value', { conditions: [when('code', 8, 7, ['A-1', 'D-4'])] }],
  ['multi-select cannot be compared greater', { conditions: [when('code', 8, 2, ['A-1'])] }],
  ['several values for a one-value type', { conditions: [when('code', 1, 1, ['A-1', 'B-2'])] }],
  ['a condition without a value is skipped', { conditions: [when('name', 1, 6, ''), when('code', 8, 1, [])] }],
  ['several conditions must all hold', { conditions: [when('name', 1, 6, 'a'), when('qty', 3, 3, '0')] }],
  ['a field without a setting', { conditions: [{ FIELD_NAME: 'id', DATA_TYPE: 1, ACTION_TYPE: 1, PARAM_VALUE: '1' }] }],
  ['a PARAM_NAME whose setting searches another field', { conditions: [{ ...when('name', 1, 1, 'x'), FIELD_NAME: 'code' }] }],
  ['too many conditions', { conditions: Array.from({ length: 31 }, () => when('name', 1, 1, 'x')) }],
  ['too many "like" values', { conditions: [when('name', 6, 6, Array.from({ length: 11 }, (_, i) => `v${i}`).join('\n'))] }],
  ['"like" values too long', { conditions: [when('name', 6, 6, ['a'.repeat(150), 'b'.repeat(51)].join('\n'))] }],
  ['sorted by a number descending: no value first', { sort: [{ field: 'qty', order: 'desc' }] }],
  ['sorted by text: code-point order', { sort: [{ field: 'name', order: 'asc' }] }],
  ['sorted by a date, then the key', { sort: [{ field: 'made_on' }] }],
  ['sorted by a field that is not a column', { sort: [{ field: 'secret', order: 'asc' }] }],
  ['the second page of two', { Page: 2, Limit: 2, sort: [{ field: 'code', order: 'asc' }] }],
  ['a page past the end', { Page: 9, Limit: 2 }],
  ['an unpaged setting answers every row on one page', { Limit: 1, conditions: [when('qty', 7, 1, [-100, 1000])] }],
  ['footer sum and average over the filtered rows', { wantAggregates: true, conditions: [when('qty', 3, 3, '0')] }],
  ['an average that does not end, to 16 decimals', { wantAggregates: true, conditions: [when('qty', 7, 1, [0, 10])] }],
  ['an average below one, to 20 decimals', { wantAggregates: true, conditions: [when('qty', 7, 1, [-5, 3.25])] }],
  ['footer figures over no rows', { wantAggregates: true, conditions: [when('qty', 3, 1, '12345')] }],
];

/** What a user sees of an answer: the refusal, or the rows (by key), count and footer figures. */
interface QueryAnswer {
  msg: string;
  count?: number;
  data: { rows: { id: string }[]; aggregates?: unknown } | null;
}

function answerOf({ status, body }: { status: number; body: QueryAnswer }) {
  if (status !== 200) return { status, msg: body.msg };
  return { status, ids: body.data!.rows.map((row) => row.id), count: body.count, aggregates: body.data!.aggregates };
}

describeServer('the same search on the server and in mock mode', {}, (server) => {
  const mock = setupServer(...sessionHandlers(MOCK_BASE), ...listParamHandlers(MOCK_BASE, [MOCK_LIST]));
  let token: string;
  let mockToken: string;

  beforeAll(async () => {
    await createList(server.db);
    token = (await server.login('ADMIN', 'admin123', F01)).Token;
    mock.listen({ onUnhandledRequest: 'bypass' });
    resetMockDb({ captcha: false });
    mockToken = startSession(findUserByName('ADMIN')!, F01).token;
  });
  afterAll(() => mock.close());

  async function mockAnswer(body: Record<string, unknown>, language: string) {
    const response = await fetch(`${MOCK_BASE}/ListParam/QueryData`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${mockToken}`, 'Accept-Language': language },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }

  describe.each(CASES)('%s', (_title, request) => {
    it('gives the same answer', async () => {
      const body = { LIST_ROUTE: LIST, ...request };
      const fromServer = answerOf(await server.call('POST', '/ListParam/QueryData', { token, body }));
      const fromMock = answerOf(await mockAnswer(body, 'zh-chs'));
      expect(fromMock).toEqual(fromServer);
    });
  });

  it('refuses in the caller\'s language on both', async () => {
    const body = { LIST_ROUTE: LIST, conditions: [when('qty', 3, 1, 'abc')] };
    const fromServer = await server.call('POST', '/ListParam/QueryData', { token, body, language: 'en' });
    const fromMock = await mockAnswer(body, 'en');
    expect(fromServer.body.msg).toBe('The value "abc" of the condition qty (3) is not a valid number');
    expect(fromMock.body.msg).toBe(fromServer.body.msg);
  });
});
