/**
 * The login decision of Auth/GetToken, in order: captcha (when on), the organisation chosen on the
 * form, the account's admin lock and availability, the temporary lock after too many wrong
 * passwords, then the password itself. Refusals are returned, not thrown: the legacy client expects
 * them as HTTP 200 with ErrorInfo.Status true and Result {errorCount, msg, code}.
 */
import type { ServerContext } from '../../context.ts';
import type { MessageKey } from '../../i18n.ts';
import { verifyPassword } from '../../security/passwords.ts';
import { findUserByName, toUserInfo } from '../users/accounts.ts';
import { isOrganizationMember } from '../users/organizations.ts';
import { consumeCaptcha } from './captcha.ts';
import { openLoginSession, rolesOfUser } from './sessions.ts';

export interface LoginAttempt {
  userName: string;
  password: string;
  orgId: string | undefined;
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

export async function attemptLogin(ctx: ServerContext, attempt: LoginAttempt): Promise<LoginSuccess | LoginRefusal> {
  const { db, config } = ctx;
  const now = ctx.clock();
  const { maxFailures, durationMs } = config.loginLock;

  if (config.captchaEnabled && !(await consumeCaptcha(ctx, attempt.captchaId, attempt.captchaCode))) {
    return { refused: true, messageKey: 'captchaWrong', errorCount: 0, code: 400 };
  }
  const user = await findUserByName(db, attempt.userName);
  if (!user) return { refused: true, messageKey: 'unknownUser', errorCount: 0, code: 401 };
  const failures = user.failed_login_count;
  if (!attempt.orgId) return { refused: true, messageKey: 'organizationRequired', errorCount: failures, code: 400 };
  if (!(await isOrganizationMember(db, user.id, attempt.orgId))) {
    return { refused: true, messageKey: 'organizationNotAllowed', errorCount: failures, code: 400 };
  }
  if (user.is_locked) return { refused: true, messageKey: 'accountLocked', errorCount: failures, code: 423 };
  if (!user.is_available) return { refused: true, messageKey: 'accountUnavailable', errorCount: failures, code: 423 };

  const lockedFor = (until: Date) => ({
    refused: true as const,
    messageKey: 'loginLocked' as const,
    params: { count: maxFailures, minutes: Math.ceil((until.getTime() - now.getTime()) / 60_000) },
    errorCount: maxFailures,
    code: 423 as const,
  });
  if (user.login_locked_until && user.login_locked_until > now) return lockedFor(user.login_locked_until);

  if (!(await verifyPassword(attempt.password, user.password_hash))) {
    // Counted in the database so concurrent wrong attempts all count.
    const { failed_login_count: count } = await db
      .updateTable('users')
      .set((eb) => ({ failed_login_count: eb('failed_login_count', '+', 1) }))
      .where('id', '=', user.id)
      .returning('failed_login_count')
      .executeTakeFirstOrThrow();
    if (count < maxFailures) {
      return { refused: true, messageKey: 'wrongCredentials', params: { remaining: maxFailures - count }, errorCount: count, code: 401 };
    }
    // The lock starts: the count starts again from zero when it ends.
    const until = new Date(now.getTime() + durationMs);
    await db.updateTable('users').set({ failed_login_count: 0, login_locked_until: until }).where('id', '=', user.id).execute();
    return lockedFor(until);
  }

  await db.updateTable('users').set({ failed_login_count: 0, login_locked_until: null }).where('id', '=', user.id).execute();
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
