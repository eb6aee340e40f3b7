/**
 * One-use single sign-on tickets per child-app frame load (Auth/NewTicket): a ticket is exchanged once
 * (Auth/SsoValidate), so each frame load asks for its own. Tickets expire after a minute, end with the
 * login's session (logout, password change, administrator lock), and two exchanges at once cannot both
 * win. The login's own Ticket still works once.
 */
import { expect, it } from 'vitest';
import { FRAME_TICKET_TTL_MS, MAX_LIVE_TICKETS_PER_SESSION } from '../../server/modules/auth/sessions.ts';
import { describeServer, type TestServer } from './support/test-server.ts';

const F01 = 'org-f01';
const INVALID_TICKET = { code: 401, msg: '票据无效或已过期', data: null };

async function signedIn(server: TestServer, password = 'pass-1234') {
  const user = await server.createUser({ password });
  const { Token, Ticket } = await server.login(user.userName, password, F01);
  return { user, token: Token as string, loginTicket: Ticket as string };
}

async function newTicket(server: TestServer, token: string): Promise<string> {
  const { status, body } = await server.call('POST', '/Auth/NewTicket', { token });
  expect(status).toBe(200);
  return body.data.Ticket;
}

const exchange = (server: TestServer, ticket: string) => server.call('GET', '/Auth/SsoValidate', { query: { ticket } });

describeServer('child-app frame tickets', {}, (server) => {
  it('a new ticket is exchanged once for a working token of the same user; the second exchange gets 401', async () => {
    const { user, token } = await signedIn(server);
    const ticket = await newTicket(server, token);
    const first = await exchange(server, ticket);
    expect(first.status).toBe(200);
    expect(first.body.data.Userinfo).toMatchObject({ ID: user.id, USER_NAME: user.userName, ORGANIZE_ID: F01 });
    expect((await server.call('POST', '/Auth/GetUserInfoByToken', { token: first.body.data.Token })).body.data.ID).toBe(user.id);

    const again = await exchange(server, ticket);
    expect(again.status).toBe(401);
    expect(again.body).toEqual(INVALID_TICKET);
  });

  it('each frame load gets its own ticket: several in one login all work, and the login ticket still works once', async () => {
    const { token, loginTicket } = await signedIn(server);
    const tickets = [await newTicket(server, token), await newTicket(server, token), await newTicket(server, token)];
    expect(new Set(tickets).size).toBe(3);
    expect(tickets).not.toContain(loginTicket);
    for (const ticket of tickets) expect((await exchange(server, ticket)).status).toBe(200);
    expect((await exchange(server, loginTicket)).status).toBe(200);
    expect((await exchange(server, loginTicket)).status).toBe(401);
  });

  it('a ticket expires after a minute', async () => {
    const { token } = await signedIn(server);
    const late = await newTicket(server, token);
    const inTime = await newTicket(server, token);
    server.advanceClock(FRAME_TICKET_TTL_MS - 1000);
    expect((await exchange(server, inTime)).status).toBe(200);
    server.advanceClock(1000);
    expect(await exchange(server, late).then((r) => r.body)).toEqual(INVALID_TICKET);
  });

  it('a ticket dies with its session: logout', async () => {
    const { token } = await signedIn(server);
    const ticket = await newTicket(server, token);
    await server.call('POST', '/Auth/Logout', { token });
    expect((await exchange(server, ticket)).status).toBe(401);
    expect((await server.call('POST', '/Auth/NewTicket', { token })).status).toBe(401);
  });

  it('a ticket dies with its session: password change', async () => {
    const { user, token } = await signedIn(server, 'old-pass');
    const ticket = await newTicket(server, token);
    const changed = await server.changePassword({ id: user.id, userName: user.userName, token }, { old: 'old-pass', new: 'new-pass' });
    expect(changed.body.code).toBe(200);
    expect((await exchange(server, ticket)).status).toBe(401);
  });

  it("a ticket dies with its session: an administrator locks the user (another user's action)", async () => {
    const admin = (await server.login('ADMIN', 'admin123', F01)).Token;
    const { user, token } = await signedIn(server);
    const ticket = await newTicket(server, token);
    expect((await server.call('POST', '/User/ChangeLockStatus', { token: admin, body: { ID: user.id, IS_LOCKED: true } })).status).toBe(200);
    expect((await exchange(server, ticket)).status).toBe(401);
    // Unlocked again: the session was ended by the lock, so the ticket stays dead.
    await server.call('POST', '/User/ChangeLockStatus', { token: admin, body: { ID: user.id, IS_LOCKED: false } });
    expect((await exchange(server, ticket)).status).toBe(401);
  });

  it('ending one login leaves the tickets of another login of the same user working', async () => {
    const { user, token } = await signedIn(server);
    const other = await server.login(user.userName, 'pass-1234', F01);
    const ticket = await newTicket(server, other.Token);
    await server.call('POST', '/Auth/Logout', { token });
    expect((await exchange(server, ticket)).status).toBe(200);
  });

  it('of parallel exchanges of one ticket exactly one succeeds', async () => {
    const { token } = await signedIn(server);
    const ticket = await newTicket(server, token);
    const racing = await Promise.all(Array.from({ length: 5 }, () => exchange(server, ticket)));
    expect(racing.map((r) => r.status).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  it("a child app's token mints tickets of the login it came from, so logout ends what they sign in too", async () => {
    const { token } = await signedIn(server);
    const child = (await exchange(server, await newTicket(server, token))).body.data.Token;
    const grandchild = (await exchange(server, await newTicket(server, child))).body.data.Token;
    expect((await server.call('POST', '/Auth/GetUserInfoByToken', { token: grandchild })).status).toBe(200);
    await server.call('POST', '/Auth/Logout', { token });
    expect((await server.call('POST', '/Auth/GetUserInfoByToken', { token: grandchild })).status).toBe(401);
  });

  it('NewTicket needs a signed-in caller', async () => {
    const { status, body } = await server.call('POST', '/Auth/NewTicket');
    expect(status).toBe(401);
    expect(body).toEqual({ code: 401, msg: '登录已过期，请重新登录', data: null });
  });

  it('a login holds a bounded number of unused tickets: minting more drops the oldest, never the login ticket', async () => {
    const { user, token, loginTicket } = await signedIn(server);
    const oldest = await newTicket(server, token);
    server.advanceClock(1);
    for (let i = 0; i < MAX_LIVE_TICKETS_PER_SESSION; i++) await newTicket(server, token);
    const stored = await server.db
      .selectFrom('sso_tickets')
      .innerJoin('sessions', 'sessions.id', 'sso_tickets.session_id')
      .select('ticket_hash')
      .where('sessions.user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(MAX_LIVE_TICKETS_PER_SESSION);
    expect((await exchange(server, oldest)).status).toBe(401);
    expect((await exchange(server, loginTicket)).status).toBe(200);
  });

  it('tickets are stored only as hashes', async () => {
    const { user, token, loginTicket } = await signedIn(server);
    const ticket = await newTicket(server, token);
    const stored = await server.db
      .selectFrom('sso_tickets')
      .innerJoin('sessions', 'sessions.id', 'sso_tickets.session_id')
      .select(['ticket_hash', 'sso_tickets.expires_at'])
      .where('sessions.user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(2);
    expect(JSON.stringify(stored)).not.toContain(ticket);
    expect(JSON.stringify(stored)).not.toContain(loginTicket);
  });
});
