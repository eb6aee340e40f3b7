/**
 * Requests the contract refuses get 400 naming what is wrong, in the caller's language; a refusal of one field
 * of the body says which (the answer's data, the field's wire name, for a form to mark it).
 */
import { expect, it } from 'vitest';
import { adminToken } from './support/masterdata.ts';
import { describeServer } from './support/test-server.ts';

const F01 = 'org-f01';

describeServer('requests the contract forbids', {}, (server) => {
  it('a body missing a required field gets 400 naming the field', async () => {
    const { status, body } = await server.call('POST', '/Auth/GetToken', { orgId: F01, body: { UserName: 'ADMIN' } });
    expect(status).toBe(400);
    expect(body).toEqual({ code: 400, msg: '请求错误：缺少必填字段 body.Password', data: { Field: 'Password' } });
  });

  it('a field of the wrong type gets 400 naming the field and the type', async () => {
    const { status, body } = await server.call('POST', '/Auth/GetToken', {
      orgId: F01,
      body: { UserName: 12345, Password: await server.encrypt('admin123') },
    });
    expect(status).toBe(400);
    expect(body.msg).toBe('请求错误：字段 body.UserName 的类型应为 string');
    expect(body.data).toEqual({ Field: 'UserName' });
  });

  it('a field the contract does not allow gets 400 naming it, and the login does not happen', async () => {
    const user = await server.createUser();
    const { status, body } = await server.call('POST', '/Auth/GetToken', {
      orgId: F01,
      body: { UserName: user.userName, Password: await server.encrypt(user.password), IsAdmin: true },
    });
    expect(status).toBe(400);
    expect(body.msg).toBe('请求错误：不允许的字段 body.IsAdmin');
    expect(body.data).toEqual({ Field: 'IsAdmin' });
    const sessions = await server.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(sessions).toEqual([]);
  });

  it('a missing or empty required query parameter gets 400', async () => {
    const missing = await server.call('GET', '/User/GetOrgInfo');
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('请求错误：缺少必填字段 querystring.userName');
    // A query parameter is no field of a form's body: no place.
    expect(missing.body.data).toBeNull();
    const empty = await server.call('GET', '/User/GetOrgInfo', { query: { userName: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('请求错误：字段 querystring.userName 至少需要 1 个字符');
  });

  it('a value out of its range, of the wrong form or not among those allowed gets 400 saying so in the caller\'s language', async () => {
    const { status, body } = await server.call('GET', '/Captcha/Get', { query: { width: 5000 } });
    expect(status).toBe(400);
    expect(body.msg).toMatch(/^请求错误：字段 querystring\.width 不能大于 \d+$/);
    const english = await server.call('GET', '/Captcha/Get', { language: 'en', query: { width: 5000 } });
    expect(english.body.msg).toMatch(/^Bad request: the field querystring\.width must be at most \d+$/);
  });

  it('a value not in its format gets 400 naming the format, in the caller\'s language', async () => {
    const token = await adminToken(server);
    const zh = await server.call('POST', '/Stock/Balance', { token, body: { AsOf: 'yesterday' } });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('请求错误：字段 body.AsOf 的格式应为 date-time');
    expect(zh.body.data).toEqual({ Field: 'AsOf' });
    const en = await server.call('POST', '/Stock/Balance', { token, language: 'en', body: { AsOf: 'yesterday' } });
    expect(en.body.msg).toBe('Bad request: the field body.AsOf must be in the format date-time');
  });

  it('a body that is not JSON, or no body at all, gets 400', async () => {
    const broken = await server.call('POST', '/Auth/GetToken', { orgId: F01, payload: '{"UserName": ' });
    expect(broken.status).toBe(400);
    expect(broken.body.msg).toBe('请求错误：请求体不是有效的 JSON');
    const none = await server.call('POST', '/Auth/GetToken', { orgId: F01 });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('请求错误：请求体缺失或不是 JSON 对象');
    expect(none.body.data).toBeNull();
  });

  it('a body sent as another content type is checked all the same', async () => {
    const { status, body } = await server.call('POST', '/Auth/GetToken', {
      orgId: F01,
      payload: 'UserName=ADMIN',
      headers: { 'content-type': 'text/plain' },
    });
    expect(status).toBe(400);
    expect(body.msg).toBe('请求错误：请求体缺失或不是 JSON 对象');
  });

  it('a field nested in the body is placed on the body\'s field it is in', async () => {
    const token = await adminToken(server);
    const { status, body } = await server.call('POST', '/Bill/Save', { token, body: { BillType: 'ASN', VendorCode: 'V0001', Lines: [{ PartCode: 'P0001', Qty: 5 }] } });
    expect(status).toBe(400);
    expect(body.msg).toBe('请求错误：字段 body.Lines.0.Qty 的类型应为 string');
    expect(body.data).toEqual({ Field: 'Lines' });
  });

  it('the message is in English for Accept-Language en', async () => {
    const { body } = await server.call('POST', '/Auth/GetToken', { orgId: F01, language: 'en', body: { UserName: 'ADMIN' } });
    expect(body.msg).toBe('Bad request: the required field body.Password is missing');
  });

  it('an authenticated operation checks the token before the request', async () => {
    const { status } = await server.call('POST', '/User/ChangePassword', { body: { Id: 'x' } });
    expect(status).toBe(401);
  });

  it('an unknown API address gets 404 in the Problem shape', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/No/SuchCall' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, msg: '请求地址出错', data: null });
  });
});
