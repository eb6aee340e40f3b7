/**
 * What each user keeps per list: their saved advanced search and their column configuration
 * (spec §3). A user reads and writes only their own: rows are keyed by the caller's user id, and a
 * USER_NAME in a request must be the caller's.
 */
import type { components } from '../../../src/api/schema';
import type { RequestAuth } from '../../access.ts';
import type { DB } from '../../db/database.ts';
import { loadListSettings, searchSettingOf } from '../../query/list-query.ts';
import { settingOfCondition } from '../../../src/shared/search/list-search.ts';
import {
  checkColumnConfig,
  columnConfigDefaults,
  orderSavedConditions,
  requireOwnUserName as requireOwnUserNameRule,
} from '../../../src/shared/search/list-settings.ts';
import { sourceColumns, type ListRoute, type SqlCaller } from '../../query/list-source.ts';
import { runReadOnly } from '../../query/read-only.ts';
import { conditionItems } from '../../../src/shared/search/list-search.ts';
import { storedSearchValue } from '../../../src/shared/search/search-values.ts';

type SearchCondition = components['schemas']['SearchCondition'];
type SavedCondition = components['schemas']['SavedCondition'];
type ColumnConfig = components['schemas']['ColumnConfig'];
type ColumnConfigInput = components['schemas']['ColumnConfigInput'];

/** A USER_NAME sent with a request names the caller (src/shared/search/list-settings.ts). */
export function requireOwnUserName(auth: RequestAuth, userName: string | undefined): void {
  requireOwnUserNameRule(auth.user.userName, userName);
}

export async function loadSavedConditions(db: DB, auth: RequestAuth, route: ListRoute): Promise<SavedCondition[]> {
  const rows = await db
    .selectFrom('list_saved_conditions')
    .selectAll()
    .where('list_route', '=', route.list_route)
    .where('user_id', '=', auth.user.id)
    .orderBy('ord_id')
    .execute();
  return rows.map((row) => ({
    ORD_ID: row.ord_id,
    USER_NAME: auth.user.userName,
    LIST_ROUTE: row.list_route,
    PARAM_NAME: row.param_name,
    FIELD_NAME: row.field_name,
    ACTION_TYPE: row.action_type as SavedCondition['ACTION_TYPE'],
    DATA_TYPE: row.data_type as SavedCondition['DATA_TYPE'],
    PARAM_VALUE: row.param_value,
    IS_PAGING: row.is_paging,
    SEARCH_MODE: 'advanced_search',
  }));
}

/** Replaces the caller's saved search of the list; every condition must be one QueryData would accept. */
export async function saveSavedConditions(
  db: DB,
  timeoutMs: number,
  auth: RequestAuth,
  caller: SqlCaller,
  route: ListRoute,
  conditions: readonly SearchCondition[],
): Promise<SavedCondition[]> {
  const settings = await loadListSettings(db, route.list_route);
  const columns = new Set((await runReadOnly(db, timeoutMs, (trx) => sourceColumns(trx, route, caller))).map((c) => c.name));
  // Kept in the order the caller gave (ORD_ID when sent), numbered from 0.
  const rows = orderSavedConditions(route.list_route, conditions).map((condition, ordId) => {
    requireOwnUserName(auth, condition.USER_NAME);
    const found = settingOfCondition(settings.map(searchSettingOf), columns, condition);
    conditionItems(found, condition);
    const setting = found.row;
    return {
      list_route: route.list_route,
      user_id: auth.user.id,
      ord_id: ordId,
      param_name: setting.param_name,
      field_name: condition.FIELD_NAME,
      action_type: condition.ACTION_TYPE,
      data_type: condition.DATA_TYPE,
      param_value: storedSearchValue(condition.DATA_TYPE, condition.PARAM_VALUE),
      is_paging: condition.IS_PAGING ?? setting.is_paging,
      search_mode: 'advanced_search',
    };
  });

  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('list_saved_conditions').where('list_route', '=', route.list_route).where('user_id', '=', auth.user.id).execute();
    if (rows.length) await trx.insertInto('list_saved_conditions').values(rows).execute();
  });
  return loadSavedConditions(db, auth, route);
}

export async function loadColumnConfig(db: DB, auth: RequestAuth, route: ListRoute): Promise<ColumnConfig[]> {
  const rows = await db
    .selectFrom('list_user_columns')
    .selectAll()
    .where('list_route', '=', route.list_route)
    .where('user_id', '=', auth.user.id)
    .orderBy('ord_idx')
    .orderBy('field_name')
    .execute();
  return rows.map((row) => ({
    LIST_ROUTE: row.list_route,
    USER_NAME: auth.user.userName,
    ORD_IDX: row.ord_idx,
    FIELD_NAME: row.field_name,
    FIELD_CAPTION: row.field_caption,
    FIELD_WIDTH: row.field_width,
    IS_VISIBLE: row.is_visible,
  }));
}

/** Replaces the caller's column configuration of the list; every FIELD_NAME must be a column of its source, once. */
export async function saveColumnConfig(
  db: DB,
  timeoutMs: number,
  auth: RequestAuth,
  caller: SqlCaller,
  route: ListRoute,
  inputs: readonly ColumnConfigInput[],
): Promise<ColumnConfig[]> {
  const columns = new Set((await runReadOnly(db, timeoutMs, (trx) => sourceColumns(trx, route, caller))).map((c) => c.name));
  for (const input of inputs) requireOwnUserName(auth, input.USER_NAME);
  checkColumnConfig(columns, inputs);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('list_user_columns').where('list_route', '=', route.list_route).where('user_id', '=', auth.user.id).execute();
    await trx
      .insertInto('list_user_columns')
      .values(inputs.map((input) => ({
        list_route: route.list_route,
        user_id: auth.user.id,
        field_name: input.FIELD_NAME,
        ord_idx: input.ORD_IDX,
        field_caption: input.FIELD_CAPTION,
        field_width: columnConfigDefaults(input).FIELD_WIDTH,
        is_visible: columnConfigDefaults(input).IS_VISIBLE,
      })))
      .execute();
  });
  return loadColumnConfig(db, auth, route);
}

/** Deletes the caller's column configuration of the list, or every user's (the caller must hold SeniorColumnDeleteAll). */
export async function deleteColumnConfig(db: DB, route: ListRoute, scope: { userId: string } | 'all-users'): Promise<number> {
  let query = db.deleteFrom('list_user_columns').where('list_route', '=', route.list_route);
  if (scope !== 'all-users') query = query.where('user_id', '=', scope.userId);
  return Number((await query.executeTakeFirst()).numDeletedRows);
}
