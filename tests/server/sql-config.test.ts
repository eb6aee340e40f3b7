/**
 * SQL配置 (issue 21): only the SQL configuration button (自定义报表设置's SqlConfig) saves a search field's
 * REFERENCE_SQL or SUB_SQL — SeniorSetting alone edits everything else, and removes SQL — and every change
 * of one is audited with the SQL before and after; the SQL配置 list shows each configured SQL with its last change.
 */
import { beforeAll, expect, it } from 'vitest';
import { DEMO_REELS_LIST_ROUTE, DEMO_REELS_MENU_CODE } from '../../server/db/seed/demo-list-data.ts';
import { tokenWith } from './support/roles.ts';
import { describeServer } from './support/test-server.ts';

const LIST = DEMO_REELS_LIST_ROUTE;
const DROPDOWN = 'select part_code as code, part_name as name from demo_parts';

describeServer('SQL configuration', {}, (server) => {
  let editor: string;
  let sqlAdmin: string;

  beforeAll(async () => {
    const seniorSetting = [{ menuCode: DEMO_REELS_MENU_CODE }, { menuCode: DEMO_REELS_MENU_CODE, buttonCode: 'SeniorSetting' }, { menuCode: DEMO_REELS_MENU_CODE, buttonCode: 'DeleteOne' }];
    editor = await tokenWith(server, seniorSetting);
    sqlAdmin = await tokenWith(server, [...seniorSetting, { menuCode: 'ReportSetting' }, { menuCode: 'ReportSetting', buttonCode: 'SqlConfig' }]);
  });

  const save = (token: string, setting: Record<string, unknown>) =>
    server.call('POST', '/ListParam/SaveData', { token, body: [{ LIST_ROUTE: LIST, FIELD_NAME: 'part_code', DATA_TYPE: 8, ACTION_TYPE: 1, ...setting }] });
  const audit = (paramName: string) =>
    server.db.selectFrom('list_param_sql_audit').selectAll().where('list_route', '=', LIST).where('param_name', '=', paramName).orderBy('id').execute();
  const stored = (paramName: string) =>
    server.db.selectFrom('list_params').select(['id', 'param_caption', 'reference_sql']).where('list_route', '=', LIST).where('param_name', '=', paramName).executeTakeFirst();

  it('refuses a REFERENCE_SQL from a settings editor without the button, before running it, and stores nothing', async () => {
    const { status, body } = await save(editor, { PARAM_NAME: 'sqlByEditor', PARAM_CAPTION: '料号', REFERENCE_SQL: DROPDOWN });
    expect(status).toBe(403);
    expect(body.msg).toBe('只有拥有“SQL配置”按钮权限的用户可以保存 SQL（sqlByEditor 的 REFERENCE_SQL）');
    expect(await stored('sqlByEditor')).toBeUndefined();
    expect(await audit('sqlByEditor')).toEqual([]);
  });

  it('refuses a SUB_SQL the same way, in the caller’s language', async () => {
    const { status, body } = await server.call('POST', '/ListParam/SaveData', {
      token: editor,
      language: 'en',
      body: [{ LIST_ROUTE: LIST, PARAM_NAME: 'subByEditor', PARAM_CAPTION: 'Part', FIELD_NAME: 'part_code', DATA_TYPE: 8, ACTION_TYPE: 1, SUB_SQL: 'select part_code from demo_parts' }],
    });
    expect(status).toBe(403);
    expect(body.msg).toBe('Only users with the SQL configuration button may save SQL (SUB_SQL of subByEditor)');
  });

  it('saves it with the button, audits it, lets the editor change the rest, and the editor may remove it (audited too)', async () => {
    const created = await save(sqlAdmin, { PARAM_NAME: 'partPick', PARAM_CAPTION: '料号', REFERENCE_SQL: DROPDOWN });
    expect(created.status).toBe(200);
    const row = (await stored('partPick'))!;
    expect(row.reference_sql).toBe(DROPDOWN);

    // Another field of the setting, its SQL untouched: no button needed, nothing audited.
    const renamed = await save(editor, { ID: row.id, PARAM_NAME: 'partPick', PARAM_CAPTION: '物料', REFERENCE_SQL: DROPDOWN });
    expect(renamed.status).toBe(200);
    expect((await stored('partPick'))!.param_caption).toBe('物料');

    // A changed SQL needs the button again.
    const changed = await save(editor, { ID: row.id, PARAM_NAME: 'partPick', PARAM_CAPTION: '物料', REFERENCE_SQL: `${DROPDOWN} where part_code like 'P%'` });
    expect(changed.status).toBe(403);
    expect((await stored('partPick'))!.reference_sql).toBe(DROPDOWN);

    const cleared = await save(editor, { ID: row.id, PARAM_NAME: 'partPick', PARAM_CAPTION: '物料', REFERENCE_SQL: '' });
    expect(cleared.status).toBe(200);
    expect((await audit('partPick')).map(({ field, sql_before, sql_after, user_name }) => ({ field, sql_before, sql_after, mine: user_name !== 'ADMIN' }))).toEqual([
      { field: 'REFERENCE_SQL', sql_before: null, sql_after: DROPDOWN, mine: true },
      { field: 'REFERENCE_SQL', sql_before: DROPDOWN, sql_after: null, mine: true },
    ]);
  });

  it('audits a deleted setting’s SQL, and lists every configured SQL with its last change on SQL配置', async () => {
    await save(sqlAdmin, { PARAM_NAME: 'toDelete', PARAM_CAPTION: '删除', REFERENCE_SQL: DROPDOWN });
    const listed = async () =>
      (await server.db.selectFrom('sql_config_list' as 'list_params').selectAll().execute()) as unknown as { kind: string; subject: string; param_name: string | null; sql_text: string; changed_by: string | null }[];
    const mine = (await listed()).find((row) => row.param_name === 'toDelete');
    expect(mine).toMatchObject({ kind: 'REFERENCE_SQL', subject: LIST, sql_text: DROPDOWN });
    expect(mine!.changed_by).toMatch(/\S/);

    const row = (await stored('toDelete'))!;
    const deleted = await server.call('POST', '/ListParam/DeleteOne', { token: editor, body: { LIST_ROUTE: LIST, ID: row.id } });
    expect(deleted.status).toBe(200);
    expect((await audit('toDelete')).map((entry) => [entry.sql_before, entry.sql_after])).toEqual([[null, DROPDOWN], [DROPDOWN, null]]);
    expect((await listed()).some((entry) => entry.param_name === 'toDelete')).toBe(false);
  });
});
