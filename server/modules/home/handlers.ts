/**
 * The home page's calls: notices and warnings and the data-show figures of the organisation the
 * caller acts in; common functions, to-do items and memos of the caller alone; the version master
 * and detail (everyone reads, the AdminVersion menu writes).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { authOf } from '../../access.ts';
import { requestLanguage } from '../../i18n.ts';
import type { ServerContext } from '../../context.ts';
import type { DB } from '../../db/database.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { Problem } from '../../http/problem.ts';
import { legacyOk, ok } from '../../http/responses.ts';
import { sanitizeNoticeHtml } from './rich-text.ts';
import { OPEN_WARNING_STATUSES } from '../../../src/shared/home/warnings.ts';

const DATA_SHOW_DAYS = 7;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const noticeColumns = ['id as ID', 'title as TITLE', 'content as CONTENT', 'is_top as IS_TOP', 'publisher as PUBLISHER', 'publish_time'] as const;
const toNotice = <Row extends { publish_time: Date | string }>({ publish_time, ...notice }: Row) => ({
  ...notice,
  PUBLISH_TIME: iso(publish_time)!,
});

const versionColumns = [
  'id as ID',
  'version_no as VERSION_NO',
  'title as TITLE',
  sql<string>`to_char(release_date, 'YYYY-MM-DD')`.as('RELEASE_DATE'),
  'remark as REMARK',
] as const;

const commonFunctionsOf = (db: DB, userId: string) =>
  db
    .selectFrom('user_common_functions as f')
    .innerJoin('menus as m', 'm.id', 'f.menu_id')
    .select([
      'f.id as ID',
      'f.user_id as USER_ID',
      'f.menu_id as MENU_ID',
      'f.menu_path as MENU_PATH',
      'm.menu_name as MENU_TITLE',
      'm.menu_en as MENU_EN_TITLE',
      'm.icon_url as MENU_ICON',
      'f.sort_num as SORT_NUM',
    ])
    .where('f.user_id', '=', userId)
    // A menu switched off since it was picked is not offered any more.
    .where('m.enabled', '=', 'Y')
    .orderBy('f.sort_num')
    .execute();

export function homeHandlers(ctx: ServerContext) {
  return exactHandlers({
    SysNoticeLoadData: async (request) => {
      const { orgId } = authOf(request);
      const rows = await ctx.db
        .selectFrom('home_notices')
        .select([...noticeColumns])
        .where('org_id', '=', orgId)
        .orderBy(sql`is_top = 'Y'`, 'desc')
        .orderBy('publish_time', 'desc')
        .orderBy('id')
        .execute();
      return legacyOk(rows.map(toNotice));
    },

    SysNoticeAddOrModifySave: async (request) => {
      const { orgId, user } = authOf(request);
      const { ID, TITLE, CONTENT, IS_TOP } = request.body;
      const values = { title: TITLE, content: sanitizeNoticeHtml(CONTENT), is_top: IS_TOP ?? 'N' };
      const saved = ID
        ? await ctx.db
            .updateTable('home_notices')
            .set(values)
            .where('id', '=', ID)
            .where('org_id', '=', orgId)
            .returning([...noticeColumns])
            .executeTakeFirst()
        : await ctx.db
            .insertInto('home_notices')
            .values({ id: randomUUID(), org_id: orgId, publisher: user.nickName || user.userName, publish_time: ctx.clock(), ...values })
            .returning([...noticeColumns])
            .executeTakeFirstOrThrow();
      if (!saved) throw new Problem(400, 'invalidField', { field: 'ID', detail: ID ?? '' });
      return legacyOk(toNotice(saved), 1);
    },

    SysWarningLoadData: async (request) => {
      const { orgId } = authOf(request);
      // A warning the portal raised has its words in both languages (migration 0190_02); others, in the one they were written in.
      const english = requestLanguage(request) === 'en';
      const wordsOf = (column: 'title' | 'content') => (english ? sql<string>`coalesce(nullif(${sql.ref(`${column}_en`)}, ''), ${sql.ref(column)})` : sql<string>`${sql.ref(column)}`);
      const rows = await ctx.db
        .selectFrom('home_warnings')
        .select([
          'id as ID',
          wordsOf('title').as('TITLE'),
          wordsOf('content').as('CONTENT'),
          'warning_level as WARNING_LEVEL',
          'call_status as CALL_STATUS',
          'call_time',
          'created_at',
          'source',
        ])
        .where('org_id', '=', orgId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      // A warning with a source stands for a call that can be tried again (SysWarning/Retry, server/modules/erp).
      return legacyOk(rows.map(({ call_time, created_at, source, ...w }) => ({ ...w, CALL_TIME: iso(call_time), CREATE_TIME: iso(created_at)!, RETRYABLE: source !== null })));
    },

    SysWarningOpenCount: async (request) => {
      const { orgId } = authOf(request);
      const { open } = await ctx.db
        .selectFrom('home_warnings')
        .select((eb) => eb.fn.countAll<string>().as('open'))
        .where('org_id', '=', orgId)
        .where('call_status', 'in', OPEN_WARNING_STATUSES)
        .executeTakeFirstOrThrow();
      return ok({ Open: Number(open) });
    },

    MesCommonFunctionsLoadData: async (request) => legacyOk(await commonFunctionsOf(ctx.db, authOf(request).user.id)),

    MesCommonFunctionsSaveData: async (request) => {
      const { user } = authOf(request);
      const records = request.body.Records;
      const menuIds = [...new Set(records.map((r) => r.MENU_ID))];
      if (menuIds.length) {
        const found = new Set((await ctx.db.selectFrom('menus').select('id').where('id', 'in', menuIds).execute()).map((m) => m.id));
        const missing = menuIds.find((id) => !found.has(id));
        if (missing) throw new Problem(400, 'invalidField', { field: 'Records.MENU_ID', detail: missing });
      }
      await ctx.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('user_common_functions').where('user_id', '=', user.id).execute();
        const seen = new Set<string>();
        const rows = records.filter((r) => !seen.has(r.MENU_ID) && seen.add(r.MENU_ID));
        if (rows.length) {
          await trx
            .insertInto('user_common_functions')
            .values(rows.map((r, index) => ({ id: randomUUID(), user_id: user.id, menu_id: r.MENU_ID, menu_path: r.MENU_PATH, sort_num: index })))
            .execute();
        }
      });
      return legacyOk(await commonFunctionsOf(ctx.db, user.id));
    },

    SysTodoLoadData: async (request) => {
      const { orgId, user } = authOf(request);
      const rows = await ctx.db
        .selectFrom('user_todos')
        .select(['id as ID', 'title as TITLE', 'content as CONTENT', 'priority as PRIORITY', 'status as STATUS', 'due_time', 'menu_path as MENU_PATH'])
        .where('user_id', '=', user.id)
        .where('org_id', '=', orgId)
        .orderBy(sql`status = 'open'`, 'desc')
        .orderBy(sql`due_time asc nulls last`)
        .orderBy('id')
        .execute();
      return legacyOk(rows.map(({ due_time, ...todo }) => ({ ...todo, DUE_TIME: iso(due_time) })));
    },

    VersionLoadData: async () =>
      legacyOk(await ctx.db.selectFrom('version_masters').select([...versionColumns]).orderBy('release_date', 'desc').orderBy('created_at', 'desc').execute()),

    VersionLoadDetail: async (request) =>
      legacyOk(
        await ctx.db
          .selectFrom('version_details')
          .select(['id as ID', 'master_id as MASTER_ID', 'sort_num as SORT_NUM', 'change_type as CHANGE_TYPE', 'content as CONTENT'])
          .where('master_id', '=', request.query.masterId)
          .orderBy('sort_num')
          .execute(),
      ),

    VersionAddOrModifySave: async (request) => {
      const { ID, VERSION_NO, TITLE, RELEASE_DATE, REMARK, Details } = request.body;
      const clash = await ctx.db
        .selectFrom('version_masters')
        .select('id')
        .where('version_no', '=', VERSION_NO)
        .$if(Boolean(ID), (q) => q.where('id', '<>', ID!))
        .executeTakeFirst();
      if (clash) throw new Problem(409, 'versionExists', { version: VERSION_NO }, { Field: 'VERSION_NO' });
      const id = await ctx.db.transaction().execute(async (trx) => {
        const values = { version_no: VERSION_NO, title: TITLE, release_date: RELEASE_DATE, remark: REMARK ?? '' };
        let masterId = ID;
        if (masterId) {
          const updated = await trx.updateTable('version_masters').set(values).where('id', '=', masterId).executeTakeFirst();
          if (!Number(updated.numUpdatedRows)) throw new Problem(400, 'invalidField', { field: 'ID', detail: masterId });
          await trx.deleteFrom('version_details').where('master_id', '=', masterId).execute();
        } else {
          masterId = randomUUID();
          await trx.insertInto('version_masters').values({ id: masterId, ...values }).execute();
        }
        if (Details.length) {
          await trx
            .insertInto('version_details')
            .values(Details.map((d, index) => ({ id: randomUUID(), master_id: masterId, sort_num: index + 1, change_type: d.CHANGE_TYPE, content: d.CONTENT })))
            .execute();
        }
        return masterId;
      });
      return legacyOk(await ctx.db.selectFrom('version_masters').select([...versionColumns]).where('id', '=', id).executeTakeFirstOrThrow(), 1);
    },

    VersionDelete: async (request) => {
      const deleted = await ctx.db.deleteFrom('version_masters').where('id', '=', request.query.id).executeTakeFirst();
      return legacyOk(Number(deleted.numDeletedRows), 0);
    },

    SysMemoLoadData: async (request) => {
      const rows = await ctx.db
        .selectFrom('user_memos')
        .select(['id as ID', 'content as CONTENT', 'created_at'])
        .where('user_id', '=', authOf(request).user.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return legacyOk(rows.map(({ created_at, ...memo }) => ({ ...memo, CREATE_TIME: iso(created_at)! })));
    },

    SysMemoAdd: async (request) => {
      const content = request.body.CONTENT.trim();
      if (!content) throw new Problem(400, 'missingField', { field: 'CONTENT' });
      const memo = await ctx.db
        .insertInto('user_memos')
        .values({ id: randomUUID(), user_id: authOf(request).user.id, content, created_at: ctx.clock() })
        .returning(['id as ID', 'content as CONTENT', 'created_at'])
        .executeTakeFirstOrThrow();
      return legacyOk({ ID: memo.ID, CONTENT: memo.CONTENT, CREATE_TIME: iso(memo.created_at)! }, 1);
    },

    SysMemoDelete: async (request) => {
      // Only the caller's own memo: another user's id deletes nothing.
      const deleted = await ctx.db
        .deleteFrom('user_memos')
        .where('id', '=', request.query.id)
        .where('user_id', '=', authOf(request).user.id)
        .executeTakeFirst();
      return legacyOk(Number(deleted.numDeletedRows), 0);
    },

    HomeDataShow: async (request) => {
      const { orgId } = authOf(request);
      const rows = await ctx.db
        .selectFrom('home_daily_throughput')
        .select([
          sql<string>`to_char(stat_date, 'YYYY-MM-DD')`.as('STAT_DATE'),
          'inbound_qty as INBOUND_QTY',
          'outbound_qty as OUTBOUND_QTY',
          'inspected_qty as INSPECTED_QTY',
        ])
        .where('org_id', '=', orgId)
        .orderBy('stat_date', 'desc')
        .limit(DATA_SHOW_DAYS)
        .execute();
      return legacyOk(rows.reverse());
    },
  } satisfies Partial<OperationHandlers>);
}
