/**
 * Calls to the e2e server outside the browser, for putting seeded data back when a test that
 * changes it stops halfway (the e2e files share one server and run one after the other).
 */
import { constants, publicEncrypt } from 'node:crypto';
import { DEMO_USERS } from '../../server/db/seed/demo-data';
import type { Page } from 'playwright-core';
import type { DemoLogin } from './shellPage';

interface LoginAnswer {
  Result?: { Token?: string };
  ErrorInfo: { Status: boolean; Message?: string };
}

async function call<T>(url: string, init: { method: string; body?: unknown; headers?: Record<string, string> }): Promise<T> {
  const response = await fetch(url, {
    method: init.method,
    headers: { 'content-type': 'application/json', Device: 'PC', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await response.json()) as T;
}

/** The portal's encryption (jsencrypt: RSA PKCS#1 v1.5, base64) with the server's public key. */
async function encryptor(apiBase: string) {
  const { data } = await call<{ data: { PublicKey: string } }>(`${apiBase}/Auth/GetPublicKey`, { method: 'GET' });
  return (plain: string) => publicEncrypt({ key: data.PublicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(plain)).toString('base64');
}

/**
 * Makes `user.password` the user's password again: if it no longer logs in, logs in with the first
 * of `possiblePasswords` that does and changes the password back.
 */
export async function ensurePassword(portalUrl: string, user: DemoLogin, possiblePasswords: readonly string[]) {
  const apiBase = `${portalUrl}/api`;
  const encrypt = await encryptor(apiBase);
  const organizeId = DEMO_USERS.find((u) => u.USER_NAME === user.userName)!.ORGANIZE_IDS[0];
  const login = (password: string) =>
    call<LoginAnswer>(`${apiBase}/Auth/GetToken`, {
      method: 'POST',
      headers: { OrganizeId: organizeId },
      body: { UserName: user.userName, Password: encrypt(password) },
    });

  if (!(await login(user.password)).ErrorInfo.Status) return;
  for (const current of possiblePasswords) {
    const answer = await login(current);
    if (answer.ErrorInfo.Status || !answer.Result?.Token) continue;
    await call(`${apiBase}/User/ChangePassword`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${answer.Result.Token}`, OrganizeId: organizeId },
      body: {
        Id: user.id,
        User_Name: user.userName,
        OldPassword: encrypt(current),
        NewPassword: encrypt(user.password),
        NewPasswordRe: encrypt(user.password),
      },
    });
    return;
  }
  throw new Error(`${user.userName}: neither the seeded password nor ${possiblePasswords.join(', ')} logs in`);
}

/**
 * A signed-in API session of `user` on the e2e server (outside the browser), for tests that set up
 * data through the calls: `call(path, body)` answers the body's data, or throws with its message.
 */
export async function apiSession(portalUrl: string, user: DemoLogin) {
  const apiBase = `${portalUrl}/api`;
  const encrypt = await encryptor(apiBase);
  const organizeId = DEMO_USERS.find((u) => u.USER_NAME === user.userName)!.ORGANIZE_IDS[0];
  const login = await call<LoginAnswer>(`${apiBase}/Auth/GetToken`, {
    method: 'POST',
    headers: { OrganizeId: organizeId },
    body: { UserName: user.userName, Password: encrypt(user.password) },
  });
  const token = login.Result?.Token;
  if (!token) throw new Error(`${user.userName} does not log in: ${login.ErrorInfo.Message ?? ''}`);
  const headers = { Authorization: `Bearer ${token}`, OrganizeId: organizeId };
  return async function apiCall<T = unknown>(path: string, body?: unknown, method = 'POST'): Promise<T> {
    const answer = await call<{ code: number; msg: string; data: T }>(`${apiBase}${path}`, { method, headers, body });
    if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
    return answer.data;
  };
}

/**
 * Calls of the portal at `portalUrl` as the user signed in on a page (its Admin-Token cookie): set-up
 * and checks beside what the test does on screen. A refusal throws with the call's status and message.
 */
export function pageApi(portalUrl: string) {
  return async function apiAsPage<T = Record<string, unknown>>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const token = (await page.context().cookies(portalUrl)).find((cookie) => cookie.name === 'Admin-Token')!.value;
    const response = await fetch(`${portalUrl}/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${decodeURIComponent(token)}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as { data: T; msg?: string };
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${answer.msg}`);
    return answer.data;
  };
}

/**
 * A smart rack of the test's own in the storage location `sic`: its cells in one row, left to right, each on
 * its locator (or none), with the light address `<addressPrefix>:<column>`.
 */
export async function addRack(
  api: Awaited<ReturnType<typeof apiSession>>,
  rack: { code: string; name: string; sic: string; addressPrefix: string },
  cells: readonly { code: string; locator: string | null }[],
) {
  await api('/Rack/AddOrModifySave', { code: rack.code, name: rack.name, storage_location_code: rack.sic, controller_ip: null, controller_port: null, enabled: true });
  for (const [index, cell] of cells.entries()) {
    await api('/RackCell/AddOrModifySave', {
      code: cell.code,
      rack_code: rack.code,
      row_no: 1,
      column_no: index + 1,
      light_address: `${rack.addressPrefix}:${index + 1}`,
      locator_code: cell.locator,
      enabled: true,
    });
  }
}
