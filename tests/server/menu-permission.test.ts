/**
 * The server enforces every operation's declared permission (x-permission in openapi/), walked over
 * EVERY operation of the bundled contract: public ones answer without a token; every other one
 * answers 401 without a token, 403 '拒绝访问' to a role without its grant (menu, or menu button) or to
 * another user than the one it names (`@ADMIN`), and is let through (neither 401 nor 403) for a role
 * with exactly that grant, or that user. A button grant also
 * needs its menu, and a menu alone does not open a button-gated call.
 */
import { describe, expect, it } from 'vitest';
import { formatPermission, listContractOperations, parsePermission, type Grant } from '../../server/contract.ts';
import { sessionWith } from './support/roles.ts';
import { contract, describeServer } from './support/test-server.ts';

const operations = listContractOperations(contract);

describe('x-permission declarations', () => {
  it('read menus, menu buttons and alternatives, and refuse what they cannot read', () => {
    expect(parsePermission('AdminUser', 'a')).toEqual({ kind: 'grant', anyOf: [{ menuCode: 'AdminUser' }] });
    expect(parsePermission('AdminRole | AdminUser#Lock', 'a')).toEqual({
      kind: 'grant',
      anyOf: [{ menuCode: 'AdminRole' }, { menuCode: 'AdminUser', buttonCode: 'Lock' }],
    });
    expect(parsePermission('@ADMIN', 'a')).toEqual({ kind: 'user', userName: 'ADMIN' });
    expect(() => parsePermission(undefined, 'a')).toThrow(/declares no x-permission/);
    expect(() => parsePermission('AdminUser#', 'a')).toThrow(/unreadable/);
  });

  it('name only menus and buttons the seeded menu trees have (portal, PDA and tablet)', async () => {
    const { DEMO_MENUS, DEMO_MENU_BUTTONS, DEMO_TERMINAL_MENUS } = await import('../../server/db/seed/demo-data.ts');
    // A grant may name a terminal menu: a role's PDA lookups open the same reads as the portal's screens.
    const menus = [...DEMO_MENUS, ...DEMO_TERMINAL_MENUS];
    const unknown = operations.flatMap((op) =>
      op.permission.kind !== 'grant'
        ? []
        : op.permission.anyOf
            .filter((g) => !menus.some((m) => m.Menu_Code === g.menuCode) ||
              (g.buttonCode && !DEMO_MENU_BUTTONS.some((b) => b.ParentMenuCode === g.menuCode && b.Menu_Code === g.buttonCode)))
            .map((g) => `${op.operationId}: ${g.menuCode}#${g.buttonCode ?? ''}`),
    );
    expect(unknown).toEqual([]);
  });
});

describeServer('the permission walk over every operation', {}, (server) => {
  const tokens = new Map<string, Promise<string>>();
  /** One role (and user, and session: support/roles.ts sessionWith) per distinct grant set, made on first use. */
  const tokenFor = (grants: readonly Grant[]) => {
    const key = JSON.stringify(grants);
    if (!tokens.has(key)) tokens.set(key, sessionWith(server, grants));
    return tokens.get(key)!;
  };

  it.each(operations.map((op) => [op.operationId, formatPermission(op.permission), op] as const))(
    '%s (%s)',
    async (_id, _permission, op) => {
      const anonymous = await server.call(op.method, op.path);
      if (op.permission.kind === 'public') {
        expect(op.operation.security).toEqual([]);
        expect([401, 403]).not.toContain(anonymous.status);
        return;
      }
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.msg).toBe('登录已过期，请重新登录');

      // The grant of a list-parameter call is the menu of the list the request names, so the walk
      // (which sends no body) cannot reach it: list-permission.test.ts calls every one with a list.
      if (op.permission.kind === 'list') return;
      // A bill call's grant is the menu of the bill type the request names: bills-permission.test.ts.
      if (op.permission.kind === 'bill') return;
      if (op.permission.kind === 'authenticated') {
        // A session of its own: some of these end the caller's session (Auth/Logout).
        const token = await sessionWith(server, []);
        if (op.operationId === 'LiveEvents') {
          // A stream never ends: read its status from the headers, then hang up (as a closed tab does).
          const response = await server.app.inject({ method: 'GET', url: `/api${op.path}`, headers: { authorization: `Bearer ${token}` }, payloadAsStream: true });
          response.stream().destroy();
          expect(response.statusCode).toBe(200);
          return;
        }
        const signedIn = await server.call(op.method, op.path, { token });
        expect([401, 403]).not.toContain(signedIn.status);
        return;
      }
      const nothingGranted = await server.call(op.method, op.path, { token: await tokenFor([]) });
      if (op.permission.kind === 'user') {
        expect(nothingGranted.status).toBe(403);
        expect(nothingGranted.body.msg).toBe('拒绝访问');
        const named = await server.call(op.method, op.path, { token: (await server.login('ADMIN', 'admin123', 'org-f01')).Token });
        expect([401, 403]).not.toContain(named.status);
        return;
      }
      expect(nothingGranted.status).toBe(403);
      expect(nothingGranted.body.msg).toBe('拒绝访问');

      // Each alternative on its own opens the call.
      for (const grant of op.permission.anyOf) {
        const granted = await server.call(op.method, op.path, { token: await tokenFor([grant]) });
        expect([401, 403], `${op.operationId} with ${formatPermission({ kind: 'grant', anyOf: [grant] })}`).not.toContain(granted.status);
        if (grant.buttonCode) {
          // The menu without the button is not enough.
          const menuOnly = await server.call(op.method, op.path, { token: await tokenFor([{ menuCode: grant.menuCode }]) });
          expect(menuOnly.status).toBe(403);
          expect(menuOnly.body.msg).toBe('拒绝访问');
        }
      }
    },
  );

  it('a disabled menu grants nothing', async () => {
    const token = await tokenFor([{ menuCode: 'AdminUser' }]);
    await server.db.updateTable('menus').set({ enabled: 'N' }).where('menu_code', '=', 'AdminUser').execute();
    try {
      const refused = await server.call('GET', '/User/LoadData', { token });
      expect(refused.status).toBe(403);
    } finally {
      await server.db.updateTable('menus').set({ enabled: 'Y' }).where('menu_code', '=', 'AdminUser').execute();
    }
    expect((await server.call('GET', '/User/LoadData', { token })).status).toBe(200);
  });
});
