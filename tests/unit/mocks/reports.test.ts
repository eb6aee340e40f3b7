/**
 * The report setting's writes on the mocks ask for the button the server asks for (the contract's
 * x-permission): only the SQL-configuration button (SqlConfig) saves or previews SQL, Save the rest.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getMockDb } from '../../../mocks/db';
import { menuIdOf } from '../../../mocks/scenarios/demo-data';
import { previewReportSql, saveReportBasics, saveReportHelp, saveReportSql } from '../../../src/features/reports/api';
import { resetGridTestState, signIn } from '../grid/gridTestKit';
import { refusal } from './refusal';
import { watchAnswers } from './watchAnswers';

let violations: () => Promise<string[]>;

beforeEach(async () => {
  await resetGridTestState();
  violations = watchAnswers();
});
afterEach(async () => {
  expect(await violations(), 'mock answers that break the contract').toEqual([]);
});

/** Gives the operator's role 自定义报表设置 with these of its buttons. */
function grantOperator(buttons: readonly string[]) {
  const db = getMockDb();
  const menuId = menuIdOf('ReportSetting');
  const role = db.roles.find((r) => r.ID === 'role-operator')!;
  role.menuIds.PC = [...role.menuIds.PC, menuId];
  role.buttonIds = [...role.buttonIds, ...db.menuButtons.filter((b) => b.Parent_Id === menuId && buttons.includes(b.Menu_Code)).map((b) => b.Id)];
}

const SQL = { Code: 'DEMO_STOCK', Sql: 'select 1 as x', Params: [] };

describe('report setting on the mocks', () => {
  it('Save alone edits basics and help, but neither saves nor previews SQL; SqlConfig does', async () => {
    grantOperator(['Save']);
    signIn('operator', 'org-f01');
    expect((await saveReportBasics({ Code: 'DEMO_STOCK', Name: '库存报表', NameEn: 'Stock report', IsNew: false })).Code).toBeTruthy();
    expect(await saveReportHelp({ Code: 'DEMO_STOCK', HelpHtml: '<p>x</p>' })).toBeTruthy();
    expect(await refusal(saveReportSql(SQL))).toBe('拒绝访问');
    expect(await refusal(previewReportSql({ Sql: SQL.Sql, Params: [] }))).toBe('拒绝访问');

    grantOperator(['SqlConfig']);
    signIn('operator', 'org-f01');
    expect((await saveReportSql(SQL)).Code).toBeTruthy();
    expect((await previewReportSql({ Sql: SQL.Sql, Params: [] })).Columns).toBeTruthy();
  });

  it('a help document with more than one image is refused with the server’s message; one image is saved', async () => {
    signIn('ADMIN', 'org-f01');
    expect(await saveReportHelp({ Code: 'DEMO_STOCK', HelpHtml: '<p>一<img src="https://example.com/1.png"></p>' })).toBeTruthy();
    const two = '<p>二<img src="https://example.com/1.png"><img src="https://example.com/2.png"></p>';
    expect(await refusal(saveReportHelp({ Code: 'DEMO_STOCK', HelpHtml: two }))).toBe('帮助文档最多只能包含 1 张图片');
  });

  it('without 自定义报表设置 nothing is saved', async () => {
    signIn('operator', 'org-f01');
    expect(await refusal(saveReportBasics({ Code: 'DEMO_STOCK', Name: 'x', NameEn: 'x', IsNew: false }))).toBe('拒绝访问');
    expect(await refusal(saveReportHelp({ Code: 'DEMO_STOCK', HelpHtml: '<p>x</p>' }))).toBe('拒绝访问');
  });
});
