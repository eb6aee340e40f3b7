/** Starting a session after a successful Auth/GetToken (spec §4 "Login success"). */
import type { components } from '../../api/schema';
import { COOKIE, writeCookie } from './cookies';
import { useSessionStore, type Organization } from './store';

export type LoginResult = components['schemas']['LoginResult'];
export type SuccessfulLogin = Required<Pick<LoginResult, 'Token' | 'Userinfo'>> & Pick<LoginResult, 'Ticket'>;

/** Sets the token cookie, a fresh session uuid cookie, the ticket, the user info and the organisation. */
export function applyLogin(result: SuccessfulLogin, organization: Organization): void {
  writeCookie(COOKIE.token, result.Token);
  writeCookie(COOKIE.uuid, newUuid());
  useSessionStore.setState({ userInfo: result.Userinfo, ticket: result.Ticket ?? null, organization });
}

/** crypto.randomUUID exists only in secure contexts; plant intranets often serve plain http. */
function newUuid(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
