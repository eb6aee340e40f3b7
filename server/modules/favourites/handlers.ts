/**
 * SysFavorites/* and SysMenuClick/*: a user's favourite screens and menu click statistics. Both are
 * personal: the caller only ever reads and changes their own rows, whatever user id a request names
 * (a different one is refused rather than silently swapped, so a client bug shows).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { authOf } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import type { DB } from '../../db/database.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { Problem } from '../../http/problem.ts';
import { legacyOk } from '../../http/responses.ts';
import { pageWithCount } from '../../query/paging.ts';
import { MENU_CLICK_INCREMENT, isCountedMenuVisit } from '../../../src/shared/home/menu-clicks.ts';

/** Result codes of SysFavorites/SaveData (the portal's favourite toggle expects them). */
const NOTHING_CHANGED = 0;
const ADDED = 1;
const REMOVED = 2;

function refuseOtherUser(callerId: string, named: string | undefined) {
  if (named !== undefined && named !== '' && named !== callerId) throw new Problem(403, 'accessDenied');
}

/** Every named menu must exist: a favourite or a count of a screen nobody has is a client bug. */
async function requireMenus(db: DB, field: string, menuIds: readonly string[]) {
  const unique = [...new Set(menuIds)];
  if (!unique.length) return;
  const found = new Set((await db.selectFrom('menus').select('id').where('id', 'in', unique).execute()).map((m) => m.id));
  const missing = unique.find((id) => !found.has(id));
  if (missing) throw new Problem(400, 'invalidField', { field, detail: missing });
}

const favouritesOf = (db: DB, userId: string, page = 1, limit = 100000) =>
  pageWithCount(
    db.selectFrom('user_favourites').where('user_id', '=', userId),
    (mine) =>
      mine
        .select(['id as ID', 'menu_id as MENUM_ID', 'menu_path as MENUM_PATH', 'user_id as USER_ID', 'enable as ENABLE', 'sort_num as SORT_NUM'])
        .orderBy('sort_num')
        .orderBy('created_at')
        .orderBy('id'),
    { page, limit },
  );

const clicksOf = (db: DB, userId: string) =>
  db
    .selectFrom('menu_click_stats')
    .select([
      'id as ID',
      'user_id as User_ID',
      'menu_id as MENU_ID',
      'menu_path as MENU_PATH',
      'menu_title as MENU_TITLE',
      'menu_en_title as MENU_EN_TITLE',
      'menu_icon as MENU_ICON',
      'num_of_click as NUM_OF_CLICK',
    ])
    .where('user_id', '=', userId)
    .orderBy('num_of_click', 'desc')
    .orderBy('last_click_at', 'desc')
    .execute();

export function favouritesHandlers(ctx: ServerContext) {
  return exactHandlers({
    SysFavoritesLoadData: async (request) => {
      const { user } = authOf(request);
      refuseOtherUser(user.id, request.query.USER_ID);
      const { rows, count } = await favouritesOf(ctx.db, user.id, request.query.Page, request.query.Limit);
      return legacyOk(rows, count);
    },

    SysFavoritesSaveData: async (request) => {
      const { user } = authOf(request);
      const inserts = request.body.InsertRecords ?? [];
      const removals = request.body.RemoveRecords ?? [];
      for (const record of inserts) refuseOtherUser(user.id, record.USER_ID);
      await requireMenus(ctx.db, 'InsertRecords.MENUM_ID', inserts.map((r) => r.MENUM_ID));

      const result = await ctx.db.transaction().execute(async (trx) => {
        const added = inserts.length
          ? await trx
              .insertInto('user_favourites')
              .values(inserts.map((r) => ({
                id: randomUUID(),
                user_id: user.id,
                menu_id: r.MENUM_ID,
                menu_path: r.MENUM_PATH,
                enable: r.ENABLE ?? 'Y',
                sort_num: r.SORT_NUM ?? 0,
              })))
              // Already a favourite: nothing to do (a double click adds once).
              .onConflict((oc) => oc.columns(['user_id', 'menu_path']).doNothing())
              .executeTakeFirst()
          : undefined;
        const ids = removals.map((r) => r.ID);
        if (ids.length) {
          const owners = await trx.selectFrom('user_favourites').select('user_id').where('id', 'in', ids).execute();
          if (owners.some((o) => o.user_id !== user.id)) throw new Problem(403, 'accessDenied');
        }
        const removed = ids.length
          ? await trx.deleteFrom('user_favourites').where('user_id', '=', user.id).where('id', 'in', ids).executeTakeFirst()
          : undefined;
        if (inserts.length && Number(added?.numInsertedOrUpdatedRows ?? 0) > 0) return ADDED;
        if (Number(removed?.numDeletedRows ?? 0) > 0) return REMOVED;
        return NOTHING_CHANGED;
      });
      return legacyOk(result, 0);
    },

    SysMenuClickLoadData: async (request) => {
      const { user } = authOf(request);
      refuseOtherUser(user.id, request.query.User_ID);
      return legacyOk(await clicksOf(ctx.db, user.id));
    },

    SysMenuClickSaveData: async (request) => {
      const { user } = authOf(request);
      for (const visit of request.body.OperationRecords) refuseOtherUser(user.id, visit.User_ID);
      const visits = request.body.OperationRecords.filter(isCountedMenuVisit);
      await requireMenus(ctx.db, 'OperationRecords.MENU_ID', visits.map((v) => v.MENU_ID));
      for (const visit of visits) {
        // The contract admits NUM_OF_CLICK 1 only; the count rises by 1 whatever a record says.
        const clicks = MENU_CLICK_INCREMENT;
        // One statement per visit: concurrent visits from two tabs both count.
        await ctx.db
          .insertInto('menu_click_stats')
          .values({
            id: randomUUID(),
            user_id: user.id,
            menu_id: visit.MENU_ID,
            menu_path: visit.MENU_PATH,
            menu_title: visit.MENU_TITLE ?? '',
            menu_en_title: visit.MENU_EN_TITLE ?? '',
            menu_icon: visit.MENU_ICON ?? '',
            num_of_click: clicks,
            last_click_at: ctx.clock(),
          })
          .onConflict((oc) =>
            oc.columns(['user_id', 'menu_path']).doUpdateSet({
              menu_id: (eb) => eb.ref('excluded.menu_id'),
              menu_title: (eb) => eb.ref('excluded.menu_title'),
              menu_en_title: (eb) => eb.ref('excluded.menu_en_title'),
              menu_icon: (eb) => eb.ref('excluded.menu_icon'),
              num_of_click: sql`menu_click_stats.num_of_click + ${clicks}`,
              last_click_at: (eb) => eb.ref('excluded.last_click_at'),
            }),
          )
          .execute();
      }
      return legacyOk(await clicksOf(ctx.db, user.id));
    },
  } satisfies Partial<OperationHandlers>);
}
