/**
 * Issue 11 defect 3: one search must not stop the server. A search is bounded (refused past the
 * bounds, in the user's language), the embedded database runs off the event loop, and a full pool
 * answers "busy, try again" (503) instead of making everyone wait. PGlite runs in a worker thread
 * here, as the server runs it.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import { DEFAULT_DATABASE_LIMITS } from '../../server/db/database.ts';
import { DEMO_REELS_LIST_ROUTE } from '../../server/db/seed/demo-list-data.ts';
import { SEARCH_BOUNDS } from '../../src/shared/search/conditions.ts';
import { describeServer, type TestServer } from './support/test-server.ts';

const F01 = 'org-f01';
const LIKE = 6;
const MULTI_LINE_TEXT = 6;

/** Distinct patterns that match no reel: every row is compared with each of them. */
const patterns = (count: number, length: number) => Array.from({ length: count }, (_, i) => `zz${i}`.padEnd(length, 'q'));

/**
 * The costliest search the bounds allow: the most "like" values with all the pattern characters, the
 * last one matching some reels so that both the count and the page are computed.
 */
const worstAllowedSearch = () => ({
  LIST_ROUTE: DEMO_REELS_LIST_ROUTE,
  conditions: [
    {
      FIELD_NAME: 'part_name',
      PARAM_NAME: 'partName',
      DATA_TYPE: MULTI_LINE_TEXT,
      ACTION_TYPE: LIKE,
      PARAM_VALUE: [
        ...patterns(SEARCH_BOUNDS.textMatchValues - 1, Math.floor(SEARCH_BOUNDS.textMatchCharacters / SEARCH_BOUNDS.textMatchValues)),
        'STM32F103',
      ],
    },
  ],
  Limit: 10,
});

const queryData = (server: TestServer, token: string, body: object, language: 'zh-chs' | 'en' = 'zh-chs') =>
  server.call('POST', '/ListParam/QueryData', { token, orgId: F01, body, language });

describeServer('a search beyond the bounds', { pgliteInWorker: true }, (server) => {
  let admin: string;
  beforeAll(async () => {
    admin = (await server.login('ADMIN', 'admin123', F01)).Token;
  });

  const condition = (value: unknown, action = LIKE, field = 'part_name', param = 'partName') => ({
    FIELD_NAME: field,
    PARAM_NAME: param,
    DATA_TYPE: MULTI_LINE_TEXT,
    ACTION_TYPE: action,
    PARAM_VALUE: value,
  });

  it('the worst search the bounds allow is answered', async () => {
    const { status, body } = await queryData(server, admin, worstAllowedSearch());
    expect(status).toBe(200);
    expect(body.count).toBeGreaterThan(0);
    expect(body.data.rows).toHaveLength(10);
  });

  it.each([
    [
      'too many conditions',
      { conditions: Array.from({ length: SEARCH_BOUNDS.conditions + 1 }, () => condition('x', 1, 'reel_id', 'reelIds')) },
      '查询条件过多：最多 30 个',
      'Too many search conditions: at most 30',
    ],
    [
      'too many values in one condition (legacy multi-line text, one value a line)',
      { conditions: [condition(patterns(SEARCH_BOUNDS.valuesPerCondition + 1, 8).join('\n'), 1, 'reel_id', 'reelIds')] },
      '查询条件 料盘号（批量，每行一个） 的值过多：最多 1000 个',
      'The condition 料盘号（批量，每行一个） has too many values: at most 1000',
    ],
    [
      'too many like values over all conditions',
      { conditions: [condition(patterns(6, 4)), condition(patterns(5, 4), LIKE, 'remark', 'remark')] },
      '模糊查询的值过多：所有模糊匹配（包含、开头是）的值合计最多 10 个',
      'Too many "like" values: all "contains" and "starts with" conditions together may have at most 10 values',
    ],
    [
      'like values too long in all',
      { conditions: [condition(patterns(2, 101))] },
      '模糊查询的内容过长：所有模糊匹配（包含、开头是）的值合计最多 200 个字符',
      'The search is too long: all "contains" and "starts with" values together may have at most 200 characters',
    ],
  ])('%s is refused with a message in both languages', async (_case, search, zh, en) => {
    const body = { LIST_ROUTE: DEMO_REELS_LIST_ROUTE, Limit: 10, ...search };
    const chinese = await queryData(server, admin, body, 'zh-chs');
    expect(chinese.status).toBe(400);
    expect(chinese.body.msg).toBe(zh);
    const english = await queryData(server, admin, body, 'en');
    expect(english.status).toBe(400);
    expect(english.body.msg).toBe(en);
  });
});

// isolated module graph: the embedded-database case shows the login page answered while the worst allowed search
// still runs; in a worker warmed by earlier files that search ended within the test's 100 ms head start.
describeServer('a slow search and a login at the same time', { pgliteInWorker: true }, (server) => {
  it('another user logs in while the worst allowed search runs', async () => {
    const searcher = (await server.login('ADMIN', 'admin123', F01)).Token;
    const user = await server.createUser();
    const finished: string[] = [];

    if (server.databaseName === 'PostgreSQL') {
      // PostgreSQL gives the search a connection of its own: the login must not wait for it. To make
      // "still running" certain rather than a race, the search is held on a lock until the login is done.
      const holder = new pg.Client({ connectionString: server.databaseUrl });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('lock table demo_reels in access exclusive mode');
        const search = queryData(server, searcher, worstAllowedSearch()).then((r) => (finished.push('search'), r));
        await waitForLockWaiter(holder);
        const login = await server.attemptLogin(user.userName, user.password, F01).then((r) => (finished.push('login'), r));
        expect(login.body.ErrorInfo.Status).toBe(false);
        expect(finished).toEqual(['login']);
        await holder.query('rollback');
        expect((await search).status).toBe(200);
      } finally {
        await holder.end();
      }
    } else {
      // PGlite has one session: the login's queries run after the search, whose cost the bounds keep
      // short. What must not wait is the server itself: the login page's call is answered while the
      // search is still running in the database's thread (it ran on the event loop before).
      const search = queryData(server, searcher, worstAllowedSearch()).then((r) => (finished.push('search'), r));
      // A moment for the search to reach its statements (with PGlite on the event loop, this timer
      // could only fire once they were done).
      await new Promise((resolve) => setTimeout(resolve, 100));
      const loginPage = await server.call('GET', '/Auth/GetPublicKey').then((r) => (finished.push('login page'), r));
      expect(loginPage.status).toBe(200);
      const login = await server.attemptLogin(user.userName, user.password, F01).then((r) => (finished.push('login'), r));
      expect(login.body.ErrorInfo.Status).toBe(false);
      expect((await search).status).toBe(200);
      // The login page was answered while the search still ran; whether the login's own queries went
      // before or after the search's in PGlite's one session depends on when the search reached it.
      expect(finished.indexOf('login page')).toBeLessThan(finished.indexOf('search'));
      expect(finished).toContain('login');
    }
  });
});

/** Resolves once some other session waits for a lock the holder's transaction has. */
async function waitForLockWaiter(holder: pg.Client) {
  for (;;) {
    const { rows } = await holder.query(`select count(*)::int as n from pg_locks where not granted and database = (select oid from pg_database where datname = current_database())`);
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeServer(
  'a full database queue',
  { pgliteInWorker: true, databaseLimits: { ...DEFAULT_DATABASE_LIMITS, poolSize: 1, maxWaiting: 2, connectionWaitMs: 60_000 } },
  (server) => {
    it('answers "busy, try again" (503) at once instead of making the request wait', async () => {
      const token = (await server.login('ADMIN', 'admin123', F01)).Token;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      // The only connection, held by a transaction that waits for the test.
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const holder = server.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        holding();
        await gate;
      });
      await held;
      // Requests arriving together share their cache-generation read, so how many fit in the queue of
      // two is not a fixed number of requests: they are sent one by one until one is refused. One
      // that is not answered within a second is waiting (a refusal comes at once).
      const queued: ReturnType<typeof queryData>[] = [];
      let chinese: Awaited<ReturnType<typeof queryData>> | undefined;
      try {
        while (!chinese && queued.length <= 2) {
          const call = queryData(server, token, { LIST_ROUTE: DEMO_REELS_LIST_ROUTE, Limit: 10 }, 'zh-chs');
          const answered = await Promise.race([call, new Promise<undefined>((resolve) => setTimeout(resolve, 1000))]);
          if (answered) chinese = answered;
          else queued.push(call);
        }
        expect(queued.length).toBeGreaterThan(0);
        expect(chinese?.status).toBe(503);
        expect(chinese?.body.msg).toBe('服务器繁忙，请稍后再试');
        const english = await queryData(server, token, { LIST_ROUTE: DEMO_REELS_LIST_ROUTE, Limit: 10 }, 'en');
        expect(english.status).toBe(503);
        expect(english.body.msg).toBe('The server is busy; please try again in a moment');
      } finally {
        release();
        await holder;
      }
      // The ones that fitted in the queue are served once the connection is free.
      expect((await Promise.all(queued)).map((r) => r.status)).toEqual([200, 200]);
    });
  },
);
