/**
 * Every list-parameter call is granted by the list's own menu (issue 11 defect 5), declared once in
 * the contract (`x-permission: list(...)`, server/access.ts): a user without the list's menu gets
 * 403 '拒绝访问' on every one of them (dropdowns, settings, column configuration, saved searches,
 * source columns, data, export, import), a user with the menu but without a grid button gets 403
 * for the calls behind that button, and the menu alone opens the rest. Notices: the menu reads
 * them, rewriting one needs the HomeNotice Save button.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { formatPermission, listContractOperations, parsePermission, type Grant } from '../../server/contract.ts';
import { DEMO_REELS_LIST_ROUTE, DEMO_REELS_MENU_CODE } from '../../server/db/seed/demo-list-data.ts';
import { roleWith } from './support/roles.ts';
import { contract, describeServer, type TestServer } from './support/test-server.ts';

const LIST = DEMO_REELS_LIST_ROUTE;

interface ListCall {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  payload?: string;
  /** The grid button the call needs besides the list's menu. */
  button?: string;
}

function importForm(): Pick<ListCall, 'payload' | 'headers'> {
  const boundary = 'list-permission-boundary';
  const payload = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="LIST_ROUTE"',
    '',
    LIST,
    `--${boundary}`,
    'Content-Disposition: form-data; name="file"; filename="config.json"',
    'Content-Type: application/json',
    '',
    JSON.stringify({ LIST_ROUTE: LIST, PARAMS: [] }),
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** One request per list-parameter operation, naming the demo list. */
const callsFor = (userName: string): Record<string, ListCall> => ({
  ListParamLoadData: { method: 'POST', path: '/ListParam/LoadData', body: { LIST_ROUTE: LIST } },
  ListParamSaveData: {
    method: 'POST',
    path: '/ListParam/SaveData',
    body: [{ LIST_ROUTE: LIST, PARAM_NAME: 'permProbe', PARAM_CAPTION: 'probe', FIELD_NAME: 'lot_code' }],
    button: 'SeniorSetting',
  },
  ListParamDeleteOne: { method: 'POST', path: '/ListParam/DeleteOne', body: { LIST_ROUTE: LIST, ID: 'no-such-setting' }, button: 'DeleteOne' },
  ListParamDeleteAllParams: { method: 'POST', path: '/ListParam/DeleteAllParams', body: { LIST_ROUTE: LIST }, button: 'SeniorSettingDeleteAll' },
  ListParamGetSelectPageList: { method: 'POST', path: '/ListParam/GetSelectPageList', body: { LIST_ROUTE: LIST, PARAM_NAME: 'partCode', Page: 1, Limit: 5 } },
  ListParamGetSelectList: { method: 'POST', path: '/ListParam/GetSelectList', body: { LIST_ROUTE: LIST, PARAM_NAME: 'partCode' } },
  ListParamLoadListAdvancedQuery: { method: 'POST', path: '/ListParam/LoadListAdvancedQuery', body: { LIST_ROUTE: LIST, USER_NAME: userName } },
  ListParamLoadListFields: { method: 'POST', path: '/ListParam/LoadListFields', body: { LIST_ROUTE: LIST, USER_NAME: userName } },
  ListParamSaveListFields: {
    method: 'POST',
    path: '/ListParam/SaveListFields',
    body: [{ LIST_ROUTE: LIST, ORD_IDX: 0, FIELD_NAME: 'reel_id', FIELD_CAPTION: 'reel' }],
  },
  ListParamDeleteFields: { method: 'POST', path: '/ListParam/DeleteFields', body: { LIST_ROUTE: LIST, USER_NAME: userName } },
  ListParamQueryData: { method: 'POST', path: '/ListParam/QueryData', body: { LIST_ROUTE: LIST, Page: 1, Limit: 5 } },
  ListParamSaveListAdvancedQuery: { method: 'POST', path: '/ListParam/SaveListAdvancedQuery', query: { listRoute: LIST }, body: [], button: 'SeniorSearch' },
  ListParamGetIntiTableColumnList: { method: 'GET', path: '/ListParam/GetIntiTableColumnList', query: { LIST_ROUTE: LIST } },
  ListParamExport: { method: 'GET', path: '/ListParam/Export', query: { listRoute: LIST }, button: 'ConfigurationExport' },
  ListParamImport: { method: 'POST', path: '/ListParam/Import', ...importForm(), button: 'ConfigurationImport' },
});

const listOperations = listContractOperations(contract).filter((op) => op.permission.kind === 'list');

describe('list x-permission declarations', () => {
  it('read where the list is found, and the button', () => {
    expect(parsePermission('list(body.LIST_ROUTE)', 'a')).toEqual({ kind: 'list', from: 'body', each: false, field: 'LIST_ROUTE' });
    expect(parsePermission('list(body[].LIST_ROUTE)#SeniorSetting', 'a')).toEqual({
      kind: 'list', from: 'body', each: true, field: 'LIST_ROUTE', buttonCode: 'SeniorSetting',
    });
    expect(parsePermission('list(body.LIST_ROUTE)#SeniorColumnDeleteAll if body.ALL', 'a')).toEqual({
      kind: 'list', from: 'body', each: false, field: 'LIST_ROUTE', buttonCode: 'SeniorColumnDeleteAll', buttonIf: 'ALL',
    });
    expect(formatPermission(parsePermission('list(query.listRoute)#ConfigurationExport', 'a'))).toBe('list(query.listRoute)#ConfigurationExport');
    expect(() => parsePermission('list(query[].listRoute)', 'a')).toThrow(/unreadable/);
    expect(() => parsePermission('list(header.x)', 'a')).toThrow(/unreadable/);
  });

  it('cover every list-parameter call, each tested below', () => {
    const listParamOperations = listContractOperations(contract).filter((op) => op.path.startsWith('/ListParam/')).map((op) => op.operationId);
    // Besides the list-parameter calls, the report loading page's layout and export are granted by the
    // report's list (reports.test.ts: the report's menu opens them, another menu does not), and so is the
    // quality grids' export (quality-dashboard.test.ts: another quality grid's menu does not export it).
    expect(listOperations.map((op) => op.operationId).sort()).toEqual([...listParamOperations, 'IqcListExport', 'ReportExportData', 'ReportLayout'].sort());
    expect(Object.keys(callsFor('x')).sort()).toEqual(listParamOperations.sort());
  });
});

async function userWith(server: TestServer, grants: readonly Grant[]) {
  const user = await server.createUser({ roleId: await roleWith(server.db, grants) });
  return { userName: user.userName, token: (await server.login(user.userName, user.password, 'org-f01')).Token };
}

describeServer('list-parameter calls are granted by the list', {}, (server) => {
  let stranger: { userName: string; token: string };
  let viewer: { userName: string; token: string };

  beforeAll(async () => {
    // The master-data part list's menu: a menu, but not this list's.
    stranger = await userWith(server, [{ menuCode: 'MasterData' }, { menuCode: 'MasterPart' }]);
    viewer = await userWith(server, [{ menuCode: 'Reel' }, { menuCode: DEMO_REELS_MENU_CODE }]);
  });

  const send = (token: string, call: ListCall) =>
    server.call(call.method, call.path, { token, body: call.body, query: call.query, headers: call.headers, payload: call.payload });

  // Every list-parameter call by name (not only those the contract declares 'list'), with its declaration.
  const listParamCalls = Object.keys(callsFor('')).map((operationId) => {
    const operation = listContractOperations(contract).find((op) => op.operationId === operationId);
    return [operationId, operation ? formatPermission(operation.permission) : 'missing'] as const;
  });

  it.each(listParamCalls)(
    '%s (%s): 403 without the list\'s menu',
    async (operationId) => {
      const { status, body } = await send(stranger.token, callsFor(stranger.userName)[operationId]);
      expect(status).toBe(403);
      expect(body.msg).toBe('拒绝访问');
    },
  );

  it.each(listParamCalls)(
    '%s (%s): with the list\'s menu, refused only for want of its button',
    async (operationId) => {
      const call = callsFor(viewer.userName)[operationId];
      const { status, body } = await send(viewer.token, call);
      if (call.button) {
        expect(status).toBe(403);
        expect(body.msg).toBe(`没有该列表的 ${call.button} 按钮权限`);
      } else {
        expect(status, body.msg).toBe(200);
      }
    },
  );

  it("deleting every user's column configuration needs SeniorColumnDeleteAll; the caller's own does not", async () => {
    const all = await send(viewer.token, { method: 'POST', path: '/ListParam/DeleteFields', body: { LIST_ROUTE: LIST, USER_NAME: viewer.userName, ALL: true } });
    expect(all.status).toBe(403);
    expect(all.body.msg).toBe('没有该列表的 SeniorColumnDeleteAll 按钮权限');
    const own = await send(viewer.token, { method: 'POST', path: '/ListParam/DeleteFields', body: { LIST_ROUTE: LIST, USER_NAME: viewer.userName, ALL: false } });
    expect(own.status).toBe(200);
  });

  it('a grid button opens its call', async () => {
    const exporter = await userWith(server, [{ menuCode: 'Reel' }, { menuCode: DEMO_REELS_MENU_CODE, buttonCode: 'ConfigurationExport' }]);
    const { status, body } = await send(exporter.token, callsFor(exporter.userName).ListParamExport);
    expect(status, body.msg).toBe(200);
  });

  describe('notices', () => {
    const publish = (token: string) =>
      server.call('POST', '/SysNotice/AddOrModifySave', { token, body: { TITLE: 'Stocktake', CONTENT: '<p>Friday</p>' } });

    it('the notice menu alone reads notices but cannot publish or rewrite one', async () => {
      const reader = await userWith(server, [{ menuCode: 'HomeArea' }, { menuCode: 'HomeNotice' }]);
      expect((await server.call('GET', '/SysNotice/LoadData', { token: reader.token })).status).toBe(200);
      const { status, body } = await publish(reader.token);
      expect(status).toBe(403);
      expect(body.msg).toBe('拒绝访问');
    });

    it('the Save button of the notice menu publishes and rewrites notices', async () => {
      const editor = await userWith(server, [{ menuCode: 'HomeArea' }, { menuCode: 'HomeNotice', buttonCode: 'Save' }]);
      const added = await publish(editor.token);
      expect(added.status, added.body.msg).toBe(200);
      const rewritten = await server.call('POST', '/SysNotice/AddOrModifySave', {
        token: editor.token,
        body: { ID: added.body.Result.ID, TITLE: 'Stocktake moved', CONTENT: '<p>Monday</p>' },
      });
      expect(rewritten.status).toBe(200);
      expect(rewritten.body.Result.TITLE).toBe('Stocktake moved');
    });
  });
});
