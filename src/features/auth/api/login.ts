/** Logging in (spec §7 Auth/GetToken, §8 "Login"). */
import { api, type ApiSchema } from '../../../api/client';
import { callLegacyResult } from '../../../api/call';
import { ApiError, legacyFailure, reportApiError } from '../../../api/errors';
import { applyLogin, type SuccessfulLogin } from '../../../core/session/login';
import type { Organization } from '../../../core/session/store';
import { encryptPassword } from '../../../api/password';

/** The password either as typed, or already encrypted (a remembered login keeps only the cipher). */
export type LoginCredentials = {
  UserName: string;
  CaptchaId?: string;
  CaptchaCode?: string;
} & ({ Password: string } | { EncryptedPassword: string });

type LoginResult = ApiSchema<'LoginResult'>;

/** Spec §8: a login with errorCount set is rejected with `{errorCount, msg, code}` as a JSON string. */
function rejectionOf(result: LoginResult | undefined): Error | undefined {
  if (result?.errorCount == null) return undefined;
  return new Error(JSON.stringify({ errorCount: result.errorCount, msg: result.msg ?? '', code: result.code }));
}

const resultOf = (error: ApiError): LoginResult | undefined => (error.body as { Result?: LoginResult } | undefined)?.Result;

/**
 * Log in to `organization`. On success the session is started (token cookie, ticket, user info,
 * organisation). A rejected login (wrong password, locked) rejects with an Error whose message is
 * the rejection JSON and shows nothing — the form shows it; any other failure shows its toast.
 */
export async function login(credentials: LoginCredentials, organization: Organization): Promise<SuccessfulLogin> {
  const { UserName, CaptchaId, CaptchaCode } = credentials;
  const Password =
    'EncryptedPassword' in credentials ? credentials.EncryptedPassword : await encryptPassword(credentials.Password);
  let result: LoginResult;
  try {
    result = await callLegacyResult(
      api.POST('/Auth/GetToken', {
        body: { UserName, Password, CaptchaId, CaptchaCode },
        params: { header: { OrganizeId: organization.Id } },
      }),
      { silent: (error) => rejectionOf(resultOf(error)) !== undefined },
    );
  } catch (error) {
    throw (error instanceof ApiError && rejectionOf(resultOf(error))) || error;
  }
  const rejection = rejectionOf(result);
  if (rejection) throw rejection;
  const { Token, Userinfo, Ticket } = result;
  if (!Token || !Userinfo) throw reportApiError(legacyFailure(undefined, ''));
  const session = { Token, Userinfo, Ticket };
  applyLogin(session, organization);
  return session;
}
