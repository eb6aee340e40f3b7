import { expect, it } from 'vitest';
import { describeServer } from './support/test-server.ts';

const F01 = 'org-f01';
const F02 = 'org-f02';
const SESSION_MS = 12 * 60 * 60_000;
const LOGIN_EXPIRED = { code: 401, msg: '登录已过期，请重新登录', data: null };

describeServer('sessions', { config: { sessionTtlMs: SESSION_MS } }, (server) => {
  it('GetUserInfoByToken returns the signed-in user in the login organisation', async () => {
    const user = await server.createUser();
    const { Token } = await server.login(user.userName, user.password, F01);
    const { body } = await server.call('POST', '/Auth/GetUserInfoByToken', { token: Token });
    expect(body.data).toEqual({ ID: user.id, USER_NAME: user.userName, NICK_NAME: user.userName, ROLE_ID: 'role-operator', ROLE_IDS: ['role-operator'], ORGANIZE_ID: F01 });
  });

  it('a call without a token or with an unknown token gets 401 "login expired"', async () => {
    const none = await server.call('POST', '/Auth/GetUserInfoByToken');
    const unknown = await server.call('POST', '/Auth/GetUserInfoByToken', { token: 'not-a-token-of-this-server' });
    expect([none.status, unknown.status]).toEqual([401, 401]);
    expect(unknown.body).toEqual(LOGIN_EXPIRED);
  });

  it('the 401 message is in English for Accept-Language en', async () => {
    const { body } = await server.call('POST', '/Auth/GetUserInfoByToken', { token: 'unknown', language: 'en' });
    expect(body.msg).toBe('Login expired, please log in again');
  });

  it('a token stops working when it expires after 12 hours', async () => {
    const user = await server.createUser();
    const { Token } = await server.login(user.userName, user.password, F01);
    server.advanceClock(SESSION_MS - 1000);
    expect((await server.call('POST', '/Auth/GetUserInfoByToken', { token: Token })).status).toBe(200);
    server.advanceClock(1000);
    expect((await server.call('POST', '/Auth/GetUserInfoByToken', { token: Token })).status).toBe(401);
  });

  it('after logout the token gets 401', async () => {
    const user = await server.createUser();
    const { Token } = await server.login(user.userName, user.password, F01);
    const logout = await server.call('POST', '/Auth/Logout', { token: Token });
    expect(logout.body).toEqual({ code: 200, msg: '', data: null });
    const after = await server.call('POST', '/Auth/GetUserInfoByToken', { token: Token });
    expect(after.body).toEqual(LOGIN_EXPIRED);
  });

  it('logging out ends only that session, not the user\'s other logins', async () => {
    const user = await server.createUser();
    const first = await server.login(user.userName, user.password, F01);
    const second = await server.login(user.userName, user.password, F01);
    await server.call('POST', '/Auth/Logout', { token: first.Token });
    expect((await server.call('POST', '/Auth/GetUserInfoByToken', { token: second.Token })).status).toBe(200);
  });

  it('an OrganizeId header of an organisation the user does not belong to gets 403 "access denied"', async () => {
    const user = await server.createUser({ orgIds: [F01] });
    const { Token } = await server.login(user.userName, user.password, F01);
    const { status, body } = await server.call('POST', '/Auth/GetUserInfoByToken', { token: Token, orgId: F02 });
    expect(status).toBe(403);
    expect(body).toEqual({ code: 403, msg: '拒绝访问', data: null });
    const english = await server.call('POST', '/Auth/GetUserInfoByToken', { token: Token, orgId: F02, language: 'en' });
    expect(english.body.msg).toBe('Access denied');
  });

  it('an OrganizeId header of another of the user\'s organisations switches the organisation the request acts in', async () => {
    const { Token } = await server.login('ADMIN', 'admin123', F01);
    const { body } = await server.call('POST', '/Auth/GetUserInfoByToken', { token: Token, orgId: F02 });
    expect(body.data.ORGANIZE_ID).toBe(F02);
  });

  it('SsoValidate exchanges the login ticket for the user and a working token', async () => {
    const user = await server.createUser();
    const { Ticket } = await server.login(user.userName, user.password, F01);
    const { body } = await server.call('GET', '/Auth/SsoValidate', { query: { ticket: Ticket } });
    expect(body.data.Userinfo).toMatchObject({ ID: user.id, USER_NAME: user.userName, ORGANIZE_ID: F01 });
    const childCall = await server.call('POST', '/Auth/GetUserInfoByToken', { token: body.data.Token });
    expect(childCall.body.data.ID).toBe(user.id);
  });

  it('SsoValidate refuses an unknown ticket with 401', async () => {
    const { status, body } = await server.call('GET', '/Auth/SsoValidate', { query: { ticket: 'no-such-ticket' } });
    expect(status).toBe(401);
    expect(body.msg).toBe('票据无效或已过期');
  });

  it('logging out ends the ticket and the child-app tokens made from it', async () => {
    const user = await server.createUser();
    const { Token, Ticket } = await server.login(user.userName, user.password, F01);
    const sso = await server.call('GET', '/Auth/SsoValidate', { query: { ticket: Ticket } });
    await server.call('POST', '/Auth/Logout', { token: Token });
    expect((await server.call('POST', '/Auth/GetUserInfoByToken', { token: sso.body.data.Token })).status).toBe(401);
    expect((await server.call('GET', '/Auth/SsoValidate', { query: { ticket: Ticket } })).status).toBe(401);
  });

  it('tokens are stored only as hashes', async () => {
    const user = await server.createUser();
    const { Token, Ticket } = await server.login(user.userName, user.password, F01);
    const stored = await server.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(Token);
    expect(JSON.stringify(stored)).not.toContain(Ticket);
  });
});
