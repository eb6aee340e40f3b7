/** Spec §7: both response shapes come out of the helpers as one typed result. */
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../../mocks/node';
import { api } from '../../../src/api/client';
import { callLegacy, callLegacyResult, callWrapped, callWrappedList } from '../../../src/api/call';
import { getMockDb } from '../../../mocks/db';
import { signIn } from './helpers';

const API = 'http://localhost:3000/api';

describe('wrapper shape (code, msg, data, count)', () => {
  it('gives the data of a successful call', async () => {
    signIn('operator');

    const user = await callWrapped(api.POST('/Auth/GetUserInfoByToken'));

    expect(user).toMatchObject({ USER_NAME: 'operator', NICK_NAME: '操作员', ROLE_ID: 'role-operator' });
  });

  it('gives a list in data as rows, with count as the total', async () => {
    mockServer.use(
      http.get(`${API}/User/GetOrgInfo`, () =>
        HttpResponse.json({ code: 200, msg: '', count: 7, data: [{ Id: 'a', OrganizeName: 'A', OrganizeCode: 'A' }] }),
      ),
    );

    const list = await callWrappedList(api.GET('/User/GetOrgInfo', { params: { query: { userName: 'ADMIN' } } }));

    expect(list).toEqual({ rows: [{ Id: 'a', OrganizeName: 'A', OrganizeCode: 'A' }], total: 7 });
  });

  it('gives a list nested in data.data as rows', async () => {
    mockServer.use(
      http.get(`${API}/User/GetOrgInfo`, () =>
        HttpResponse.json({ code: 200, msg: '', data: { data: [{ Id: 'b' }, { Id: 'c' }], count: 40 } }),
      ),
    );

    const list = await callWrappedList(api.GET('/User/GetOrgInfo', { params: { query: { userName: 'ADMIN' } } }));

    expect(list).toEqual({ rows: [{ Id: 'b' }, { Id: 'c' }], total: 40 });
  });
});

describe('legacy shape (Result, TotalCount, ErrorInfo)', () => {
  it('gives Result as rows and TotalCount as the total', async () => {
    signIn();
    getMockDb().childApps = [{ Code: 'WMS', Name: '仓储子应用', Url: 'http://child.test/', SORT_NUM: 10, RequiresLogin: true }];

    const list = await callLegacy(api.GET('/SysApp/GetAll'));

    expect(list).toEqual({ rows: [{ Code: 'WMS', Name: '仓储子应用', Url: 'http://child.test/' }], total: 1 });
  });

  it('reads a single Result object as a list of one', async () => {
    mockServer.use(
      http.get(`${API}/SysApp/GetAll`, () =>
        HttpResponse.json({ TotalCount: 1, ErrorInfo: { Status: false, Message: '' }, Result: { Code: 'ONE' } }),
      ),
    );

    expect(await callLegacy(api.GET('/SysApp/GetAll'))).toEqual({ rows: [{ Code: 'ONE' }], total: 1 });
  });

  it('reads a missing Result as no rows', async () => {
    mockServer.use(
      http.get(`${API}/SysApp/GetAll`, () => HttpResponse.json({ TotalCount: 0, ErrorInfo: { Status: false, Message: '' } })),
    );

    expect(await callLegacy(api.GET('/SysApp/GetAll'))).toEqual({ rows: [], total: 0 });
  });

  it('gives an object Result as it is when asked for the result', async () => {
    mockServer.use(
      http.get(`${API}/SysApp/GetAll`, () =>
        HttpResponse.json({ TotalCount: 1, ErrorInfo: { Status: false, Message: '' }, Result: { Code: 'ONE' } }),
      ),
    );

    expect(await callLegacyResult(api.GET('/SysApp/GetAll'))).toEqual({ Code: 'ONE' });
  });
});
