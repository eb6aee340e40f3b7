/**
 * Password-guess throttling (issue 11 defect 7), used by the login and by ChangePassword's old password.
 *
 * Per user name (lower-cased, whether or not such a user exists, so the answers never tell known and
 * unknown names apart): every attempt is counted BEFORE its password is checked, in one statement, so
 * concurrent attempts cannot check more than maxFailures passwords per lock window. The attempt that
 * reaches maxFailures and is wrong locks the name for durationMs, doubling with each further lock up to
 * maxDurationMs; a right password forgets everything. A name that has been locked needs a captcha for
 * its next logins (the step-up), so whoever cannot read captchas cannot keep an account — ADMIN's
 * included — locked: once the window ends, its owner gets in with the password and a captcha.
 *
 * Per client address: wrong passwords (only those) are counted; past addressStepUp.maxFailures, each
 * within windowMs of the last, every login from the address needs a captcha. Addresses are never
 * locked: a whole plant behind one NAT address must not be shut out by one guesser.
 */
import { sql } from 'kysely';
import type { ServerConfig } from '../../config.ts';
import type { DB } from '../../db/database.ts';

const DAY_MS = 24 * 60 * 60_000;

export const userKey = (userName: string) => `user:${userName.trim().toLowerCase()}`;
export const addressKey = (address: string) => `address:${address}`;

export interface ThrottleState {
  failures: number;
  locks: number;
  lockedUntil: Date | null;
}

const QUIET: ThrottleState = { failures: 0, locks: 0, lockedUntil: null };

/** The recorded state of a key as of `now` (forgotten when quiet for `forgetAfterMs`). */
export async function throttleState(db: DB, key: string, now: Date, forgetAfterMs = DAY_MS): Promise<ThrottleState> {
  const row = await db.selectFrom('login_throttle').select(['failures', 'locks', 'locked_until', 'last_failure_at']).where('key', '=', key).executeTakeFirst();
  if (!row) return QUIET;
  const lockedUntil = row.locked_until && row.locked_until > now ? row.locked_until : null;
  if (!lockedUntil && row.last_failure_at.getTime() < now.getTime() - forgetAfterMs) return QUIET;
  return { failures: row.failures, locks: row.locks, lockedUntil };
}

/** Whether logins of this user name, or from this address, must come with a captcha. */
export function captchaStepUp(user: ThrottleState, address: ThrottleState, config: Pick<ServerConfig, 'addressStepUp'>): boolean {
  return user.locks > 0 || user.lockedUntil !== null || address.failures >= config.addressStepUp.maxFailures;
}

export type Reservation =
  /** The password may be checked; this is the attempt's number in the current run of failures. */
  | { locked: false; attempt: number }
  | { locked: true; lockedUntil: Date };

/**
 * Counts an attempt for the user name before its password is checked. Refused (locked) while the
 * name is locked, and for attempts beyond maxFailures that concurrent ones already used up.
 */
export async function reserveAttempt(db: DB, userName: string, now: Date, config: Pick<ServerConfig, 'loginLock'>): Promise<Reservation> {
  const forgetBefore = new Date(now.getTime() - DAY_MS);
  const row = await db
    .insertInto('login_throttle')
    .values({ key: userKey(userName), failures: 1, locks: 0, locked_until: null, last_failure_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`case when coalesce(login_throttle.locked_until > ${now}, false) then login_throttle.failures
                            when login_throttle.last_failure_at < ${forgetBefore} then 1
                            else login_throttle.failures + 1 end`,
        locks: sql`case when not coalesce(login_throttle.locked_until > ${now}, false) and login_throttle.last_failure_at < ${forgetBefore} then 0
                         else login_throttle.locks end`,
        last_failure_at: sql`case when coalesce(login_throttle.locked_until > ${now}, false) then login_throttle.last_failure_at else ${now} end`,
      }),
    )
    .returning(['failures', 'locked_until'])
    .executeTakeFirstOrThrow();
  if (row.locked_until && row.locked_until > now) return { locked: true, lockedUntil: row.locked_until };
  // Concurrent attempts beyond the budget wait for the lock the last allowed one may set.
  if (row.failures > config.loginLock.maxFailures) return { locked: true, lockedUntil: new Date(now.getTime() + config.loginLock.durationMs) };
  return { locked: false, attempt: row.failures };
}

/**
 * The reserved attempt's password was wrong. Returns the lock's end when this attempt used up the
 * budget (the count starts again from zero), else null.
 */
export async function settleWrongPassword(
  db: DB,
  userName: string,
  attempt: number,
  now: Date,
  config: Pick<ServerConfig, 'loginLock'>,
): Promise<Date | null> {
  const { maxFailures, durationMs, maxDurationMs } = config.loginLock;
  if (attempt < maxFailures) return null;
  const key = userKey(userName);
  const { locks } = await db.selectFrom('login_throttle').select('locks').where('key', '=', key).executeTakeFirstOrThrow();
  const until = new Date(now.getTime() + Math.min(durationMs * 2 ** Math.min(locks, 20), maxDurationMs));
  await db.updateTable('login_throttle').set({ failures: 0, locks: locks + 1, locked_until: until }).where('key', '=', key).execute();
  return until;
}

/** The password was right: the user name's count, locks and doubling are forgotten. */
export async function forgetFailures(db: DB, userName: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', userKey(userName)).execute();
}

/** A wrong password from a client address (the step-up counter; addresses are never locked). */
export async function countAddressFailure(db: DB, address: string, now: Date, config: Pick<ServerConfig, 'addressStepUp'>): Promise<void> {
  const forgetBefore = new Date(now.getTime() - config.addressStepUp.windowMs);
  await db
    .insertInto('login_throttle')
    .values({ key: addressKey(address), failures: 1, locks: 0, locked_until: null, last_failure_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`case when login_throttle.last_failure_at < ${forgetBefore} then 1 else login_throttle.failures + 1 end`,
        last_failure_at: now,
      }),
    )
    .execute();
  // Rows quiet for a day (and not locked) are no longer needed; made by failures, cleared by them.
  await db
    .deleteFrom('login_throttle')
    .where('last_failure_at', '<', new Date(now.getTime() - DAY_MS))
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .execute();
}
