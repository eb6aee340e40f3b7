import { expect, it } from 'vitest';
import { describeServer, type TestServer } from './support/test-server.ts';

const F01 = 'org-f01';

async function signedInUser(server: TestServer) {
  const user = await server.createUser({ password: 'old-pass' });
  const { Token } = await server.login(user.userName, 'old-pass', F01);
  return { ...user, token: Token };
}

describeServer('password change', {}, (server) => {
  it('a password change ends every session of the user and the new password works', async () => {
    const user = await signedInUser(server);
    const otherLogin = await server.login(user.userName, 'old-pass', F01);

    const { body } = await server.changePassword(user, { old: 'old-pass', new: 'new-pass', again: 'new-pass' });
    expect(body).toEqual({ code: 200, msg: '修改成功，请重新登录', data: null });

    for (const token of [user.token, otherLogin.Token]) {
      expect((await server.call('POST', '/Auth/GetUserInfoByToken', { token })).status).toBe(401);
    }
    expect((await server.attemptLogin(user.userName, 'old-pass', F01)).body.ErrorInfo.Status).toBe(true);
    expect((await server.attemptLogin(user.userName, 'new-pass', F01)).body.ErrorInfo.Status).toBe(false);
  });

  it('a wrong old password is refused with code 400 and the token keeps working', async () => {
    const user = await signedInUser(server);
    const { status, body } = await server.changePassword(user, { old: 'not-it', new: 'new-pass', again: 'new-pass' });
    expect(status).toBe(200);
    expect(body).toEqual({ code: 400, msg: '旧密码错误', data: null });
    expect((await server.call('POST', '/Auth/GetUserInfoByToken', { token: user.token })).status).toBe(200);
  });

  it.each([
    { rule: 'old password required', old: '', new: 'new-pass', again: 'new-pass', msg: 'Please enter the old password' },
    { rule: 'new password required', old: 'old-pass', new: '', again: '', msg: 'Please enter the password' },
    { rule: 'new password too short', old: 'old-pass', new: 'abc', again: 'abc', msg: 'The password must be longer than 3 and smaller than 33' },
    { rule: 'new password too long', old: 'old-pass', new: 'x'.repeat(33), again: 'x'.repeat(33), msg: 'The password must be longer than 3 and smaller than 33' },
    { rule: 'confirmation required', old: 'old-pass', new: 'new-pass', again: '', msg: 'Please enter new password again' },
    { rule: 'confirmation differs', old: 'old-pass', new: 'new-pass', again: 'new-pasS', msg: 'The passwords entered twice are inconsistent!' },
  ])('the server repeats the client rule $rule with the spec message', async (input) => {
    const user = await signedInUser(server);
    const { body } = await server.changePassword(user, input, 'en');
    expect(body).toEqual({ code: 400, msg: input.msg, data: null });
    expect((await server.attemptLogin(user.userName, 'old-pass', F01)).body.ErrorInfo.Status).toBe(false);
  });

  it('4 and 32 characters are accepted as new passwords', async () => {
    for (const newPassword of ['abcd', 'y'.repeat(32)]) {
      const user = await signedInUser(server);
      const { body } = await server.changePassword(user, { old: 'old-pass', new: newPassword, again: newPassword });
      expect(body.code).toBe(200);
    }
  });

  it('a user cannot change another user\'s password', async () => {
    const caller = await signedInUser(server);
    const victim = await server.createUser();
    const { status, body } = await server.changePassword(
      { id: victim.id, userName: victim.userName, token: caller.token },
      { old: victim.password, new: 'taken-over', again: 'taken-over' },
    );
    expect(status).toBe(403);
    expect(body.msg).toBe('拒绝访问');
    expect((await server.attemptLogin(victim.userName, victim.password, F01)).body.ErrorInfo.Status).toBe(false);
  });

  it('no response body ever contains a password hash or its salt', async () => {
    // Touch every operation that returns user data, then scan every body this suite received.
    const user = await signedInUser(server);
    const { Ticket } = await server.login(user.userName, 'old-pass', F01);
    await server.call('POST', '/Auth/GetUserInfoByToken', { token: user.token });
    await server.call('GET', '/Auth/SsoValidate', { query: { ticket: Ticket } });
    await server.call('GET', '/User/GetOrgInfo', { query: { userName: user.userName } });
    await server.call('GET', '/Role/LoadMenusByRoleId', { token: user.token, query: { roleId: 'role-operator' } });

    const hashes = await server.db.selectFrom('users').select('password_hash').execute();
    const secrets = hashes.flatMap(({ password_hash }) => {
      const [, , , , salt, hash] = password_hash.split('$');
      return [salt, hash];
    });
    expect(server.bodies.length).toBeGreaterThan(20);
    expect(secrets.length).toBeGreaterThan(10);
    for (const body of server.bodies) {
      expect(body).not.toMatch(/password_hash|scrypt\$/i);
      for (const secret of secrets) expect(body).not.toContain(secret);
    }
  });
});
