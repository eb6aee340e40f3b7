/** The login, organisation, captcha, user and password fetchers against the mock back end. */
import { describe, expect, it } from 'vitest';
import forge from 'node-forge';
import { http } from 'msw';
import { getMockDb, resetMockDb } from '../../../mocks/db';
import { mockServer } from '../../../mocks/node';
import { MOCK_PRIVATE_KEY_PEM } from '../../../mocks/scenarios/rsa-key';
import { api } from '../../../src/api/client';
import { callWrapped } from '../../../src/api/call';
import { ApiError } from '../../../src/api/errors';
import { COOKIE, readCookie } from '../../../src/core/session/cookies';
import { useSessionStore } from '../../../src/core/session/store';
import { getCaptcha } from '../../../src/features/auth/api/captcha';
import { login } from '../../../src/features/auth/api/login';
import { getOrgInfo } from '../../../src/features/auth/api/organizations';
import { encryptPassword } from '../../../src/api/password';
import { changePassword, getUserInfo } from '../../../src/features/auth/api/user';
import { captureToasts } from './helpers';

const F01 = { Id: 'org-f01', OrganizeName: '一厂', OrganizeCode: 'F01' };
const F02 = { Id: 'org-f02', OrganizeName: '二厂', OrganizeCode: 'F02' };

/** The code the last captcha shows (a tester reads it from the image). */
async function solvedCaptcha() {
  const captcha = await getCaptcha();
  return { CaptchaId: captcha.CaptchaId, CaptchaCode: getMockDb().captchas.get(captcha.CaptchaId)! };
}

const rejectionOf = async (pending: Promise<unknown>) => {
  const error = await pending.then(
    () => {
      throw new Error('the login should have been rejected');
    },
    (e: unknown) => e as Error,
  );
  return JSON.parse(error.message) as unknown;
};

describe('password encryption', () => {
  it('encrypts with the server key so that the private key decrypts it (PKCS#1 v1.5)', async () => {
    const cipher = await encryptPassword('admin123');

    const privateKey = forge.pki.privateKeyFromPem(MOCK_PRIVATE_KEY_PEM);
    expect(forge.util.decodeUtf8(privateKey.decrypt(forge.util.decode64(cipher), 'RSAES-PKCS1-V1_5'))).toBe('admin123');
  });

  it('fetches the public key once for many passwords', async () => {
    let keyRequests = 0;
    const countKeyRequests = ({ request }: { request: Request }) => {
      if (request.url.endsWith('/Auth/GetPublicKey')) keyRequests++;
    };
    mockServer.events.on('request:start', countKeyRequests);
    try {
      await encryptPassword('one');
      await encryptPassword('two');
    } finally {
      mockServer.events.removeListener('request:start', countKeyRequests);
    }
    expect(keyRequests).toBeLessThanOrEqual(1);
  });
});

describe('login', () => {
  it('with the right password starts the session in the chosen organisation', async () => {
    const result = await login({ UserName: 'ADMIN', Password: 'admin123', ...(await solvedCaptcha()) }, F02);

    expect(readCookie(COOKIE.token)).toBe(result.Token);
    expect(useSessionStore.getState()).toMatchObject({
      userInfo: { USER_NAME: 'ADMIN', ORGANIZE_ID: 'org-f02' },
      ticket: result.Ticket,
      organization: F02,
    });
  });

  it('accepts a password that is already encrypted (a remembered login)', async () => {
    resetMockDb({ captcha: false });
    const EncryptedPassword = await encryptPassword('operator123');

    await login({ UserName: 'operator', EncryptedPassword }, F01);

    expect(useSessionStore.getState().userInfo?.USER_NAME).toBe('operator');
  });

  it('with a wrong password rejects with {errorCount, msg, code} as a JSON string and shows no toast', async () => {
    resetMockDb({ captcha: false });
    const toasts = captureToasts();

    const first = await rejectionOf(login({ UserName: 'operator', Password: 'wrong' }, F01));
    const second = await rejectionOf(login({ UserName: 'operator', Password: 'wrong' }, F01));

    expect(first).toEqual({ errorCount: 1, msg: '用户名或密码错误，再错4次账户将被锁定', code: 401 });
    expect(second).toMatchObject({ errorCount: 2 });
    expect(toasts).toEqual([]);
    expect(readCookie(COOKIE.token)).toBeUndefined();
  });

  it('with a wrong verification code is rejected with errorCount 0', async () => {
    const { CaptchaId } = await solvedCaptcha();

    const rejection = await rejectionOf(login({ UserName: 'ADMIN', Password: 'admin123', CaptchaId, CaptchaCode: 'nope' }, F01));

    expect(rejection).toEqual({ errorCount: 0, msg: '验证码错误或已过期', code: 400 });
  });

  it('to an organisation the user does not belong to is rejected', async () => {
    resetMockDb({ captcha: false });

    const rejection = await rejectionOf(login({ UserName: 'operator', Password: 'operator123' }, F02));

    expect(rejection).toMatchObject({ msg: '该用户不属于所选组织' });
  });

  it('failing for another reason shows the error toast and rejects with the ApiError', async () => {
    resetMockDb({ captcha: false });
    const toasts = captureToasts();
    mockServer.use(http.post('http://localhost:3000/api/Auth/GetToken', () => new Response(null, { status: 502 })));

    await expect(login({ UserName: 'ADMIN', Password: 'admin123' }, F01)).rejects.toBeInstanceOf(ApiError);
    expect(toasts.map((t) => t.title)).toEqual(['网关错误']);
  });
});

describe('login form data', () => {
  it("lists the organisations of the user name typed, ignoring case", async () => {
    expect(await getOrgInfo('admin')).toEqual([F01, F02]);
  });

  it('lists no organisation for an unknown user', async () => {
    expect(await getOrgInfo('nobody')).toEqual([]);
  });

  it('gives a captcha image to read the code from', async () => {
    const captcha = await getCaptcha();

    expect(captcha.Enabled).toBe(true);
    expect(captcha.Image).toContain(`>${getMockDb().captchas.get(captcha.CaptchaId)}</text>`);
  });
});

describe('the signed-in user', () => {
  async function signInAs(UserName: string, Password: string, organization = F01) {
    resetMockDb({ captcha: false });
    return login({ UserName, Password }, organization);
  }

  it('is read back from the token', async () => {
    await signInAs('operator', 'operator123');

    expect(await getUserInfo()).toMatchObject({ USER_NAME: 'operator', ROLE_ID: 'role-operator' });
  });

  it('changes the password: the old session ends and the new password logs in', async () => {
    const { Userinfo, Token } = await signInAs('operator', 'operator123');

    await changePassword({ Id: Userinfo.ID, User_Name: 'operator', OldPassword: 'operator123', NewPassword: 'n3w-pass', NewPasswordRe: 'n3w-pass' });

    expect(getMockDb().sessions.has(Token)).toBe(false);
    await expect(login({ UserName: 'operator', Password: 'n3w-pass' }, F01)).resolves.toMatchObject({ Userinfo: { ID: Userinfo.ID } });
  });

  it('a wrong old password shows the server reason and changes nothing', async () => {
    const { Userinfo } = await signInAs('operator', 'operator123');
    const toasts = captureToasts();

    await expect(
      changePassword({ Id: Userinfo.ID, User_Name: 'operator', OldPassword: 'guess', NewPassword: 'n3w-pass', NewPasswordRe: 'n3w-pass' }),
    ).rejects.toBeInstanceOf(ApiError);

    expect(toasts).toEqual([{ title: '旧密码错误', duration: 5 }]);
    expect(await callWrapped(api.POST('/Auth/GetUserInfoByToken'))).toMatchObject({ USER_NAME: 'operator' });
  });
});
