/**
 * The login decision of Auth/GetToken (issue 11 defect 7: one answer for every failed login).
 *
 * In order: an organisation must be chosen (a form rule, the same for every name); the user name
 * must not be locked (throttle.ts); a captcha when CAPTCHA is on or the name or the client address
 * has stepped up; then the password, checked with the same scrypt work whether or not the user
 * exists (a dummy hash stands in) and whether or not the ciphertext decrypted (login-keys.ts turns
 * an undecryptable one into a password that never matches). A wrong password, an unknown name and a
 * bad ciphertext get the same message, code and errorCount, counted per user name. Only a right
 * password learns more: the organisation, the administrator's lock, availability.
 *
 * Refusals are returned, not thrown: the legacy client expects them as HTTP 200 with ErrorInfo.Status
 * true and Result {errorCount, msg, code}.
 */
import { randomBytes } from 'node:crypto';
import type { ServerContext } from '../../context.ts';
import type { MessageKey } from '../../../src/shared/messages/catalogue.ts';
import { hashPassword, verifyPassword } from '../../security/passwords.ts';
import { findUserByName, toUserInfo } from '../users/accounts.ts';
import { isOrganizationMember } from '../users/organizations.ts';
import { consumeCaptcha } from './captcha.ts';
import { openLoginSession, rolesOfUser } from './sessions.ts';
import {
  addressKey,
  captchaStepUp,
  countAddressFailure,
  forgetFailures,
  reserveAttempt,
  settleWrongPassword,
  throttleState,
  userKey,
} from './throttle.ts';

/** A hash of a random password, checked for unknown user names so they cost the same scrypt work. */
let dummyHash: Promise<string> | undefined;
const unknownUserHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('base64')));

export interface LoginAttempt {
  userName: string;
  password: string;
  orgId: string | undefined;
  /** The client's address (the per-address step-up). */
  clientAddress: string;
  captchaId?: string;
  captchaCode?: string;
}

/** A refusal: the message, its parameters, the consecutive wrong passwords so far, a reason code. */
export interface LoginRefusal {
  refused: true;
  messageKey: MessageKey;
  params?: Record<string, number>;
  errorCount: number;
  /** 400 bad captcha or organisation, 401 wrong credentials, 423 locked. */
  code: 400 | 401 | 423;
}

export interface LoginSuccess {
  refused: false;
  token: string;
  ticket: string;
  userInfo: ReturnType<typeof toUserInfo>;
}

async function throttling(ctx: ServerContext, userName: string, clientAddress: string, now: Date) {
  const [byName, byAddress] = await Promise.all([
    throttleState(ctx.db, userKey(userName), now),
    throttleState(ctx.db, addressKey(clientAddress), now, ctx.config.addressStepUp.windowMs),
  ]);
  return { byName, captchaNeeded: ctx.config.captchaEnabled || captchaStepUp(byName, byAddress, ctx.config) };
}

/** Whether a login of this user name from this address must bring a captcha (Captcha/Get's Enabled). */
export async function loginNeedsCaptcha(ctx: ServerContext, userName: string, clientAddress: string): Promise<boolean> {
  return (await throttling(ctx, userName, clientAddress, ctx.clock())).captchaNeeded;
}

export async function attemptLogin(ctx: ServerContext, attempt: LoginAttempt): Promise<LoginSuccess | LoginRefusal> {
  const { db, config } = ctx;
  const now = ctx.clock();
  const { maxFailures } = config.loginLock;
  const lockedFor = (until: Date) => ({
    refused: true as const,
    messageKey: 'loginLocked' as const,
    params: { count: maxFailures, minutes: Math.ceil((until.getTime() - now.getTime()) / 60_000) },
    errorCount: maxFailures,
    code: 423 as const,
  });

  if (!attempt.orgId) return { refused: true, messageKey: 'organizationRequired', errorCount: 0, code: 400 };
  const { byName, captchaNeeded } = await throttling(ctx, attempt.userName, attempt.clientAddress, now);
  if (byName.lockedUntil) return lockedFor(byName.lockedUntil);
  if (captchaNeeded && !(await consumeCaptcha(ctx, attempt.captchaId, attempt.captchaCode))) {
    return { refused: true, messageKey: 'captchaWrong', errorCount: byName.failures, code: 400 };
  }

  const reservation = await reserveAttempt(db, attempt.userName, now, config);
  if (reservation.locked) return lockedFor(reservation.lockedUntil);
  const user = await findUserByName(db, attempt.userName);
  const passwordRight = (await verifyPassword(attempt.password, user?.password_hash ?? (await unknownUserHash()))) && user !== undefined;
  if (!passwordRight || !user) {
    await countAddressFailure(db, attempt.clientAddress, now, config);
    const until = await settleWrongPassword(db, attempt.userName, reservation.attempt, now, config);
    if (until) return lockedFor(until);
    const remaining = maxFailures - reservation.attempt;
    return { refused: true, messageKey: 'wrongCredentials', params: { remaining }, errorCount: reservation.attempt, code: 401 };
  }

  await forgetFailures(db, attempt.userName);
  if (!(await isOrganizationMember(db, user.id, attempt.orgId))) {
    return { refused: true, messageKey: 'organizationNotAllowed', errorCount: 0, code: 400 };
  }
  if (user.is_locked) return { refused: true, messageKey: 'accountLocked', errorCount: 0, code: 423 };
  if (!user.is_available) return { refused: true, messageKey: 'accountUnavailable', errorCount: 0, code: 423 };

  const { token, ticket } = await openLoginSession(db, {
    userId: user.id,
    orgId: attempt.orgId,
    now,
    expiresAt: new Date(now.getTime() + config.sessionTtlMs),
  });
  return {
    refused: false,
    token,
    ticket,
    userInfo: toUserInfo({ id: user.id, userName: user.user_name, nickName: user.nick_name, roleIds: (await rolesOfUser(db, user.id)).roleIds }, attempt.orgId),
  };
}
