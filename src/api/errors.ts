/**
 * The error catalogue (spec §8): which text a failed call shows, and what follows — an error
 * toast (5 s), a `danger` log entry, and for 401 the logout. Texts come from the `api` i18n
 * namespace in the current language; zh-chs holds the spec's exact wording.
 */
import i18n from '../core/i18n';
import { logDanger } from '../core/log/store';
import { readToken } from '../core/session/cookies';
import { logout } from './logout';
import { notifyAcrossReload, showErrorToast } from '../core/notifier';
import { ERROR_TOAST_SECONDS } from '../core/noticeDurations';
import { whenUserApiInvalid } from './base';

// Spec §8: a multi-API cookie that is not an http(s) address is said, logged, and not used (base.ts).
whenUserApiInvalid((chosen) => {
  const message = i18n.t('api:envConfigUrlInvalid');
  logDanger(`${message}: ${chosen}`, { requestUrl: chosen });
  showErrorToast(message);
});

export type ApiErrorKind =
  /** HTTP status 4xx/5xx. */
  | 'http'
  /** Wrapper shape with code ≠ 200. */
  | 'wrapped'
  /** Legacy shape with ErrorInfo.Status true. */
  | 'legacy'
  /** No answer within the request timeout. */
  | 'timeout'
  /** No answer at all. */
  | 'network'
  /** A 2xx answer that is not JSON. */
  | 'unreadable';

/** A failed call, after its toast and log entry. `message` is the text the user saw. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly requestUrl: string;
  /** HTTP status, for kind `http`. */
  readonly status?: number;
  /** The server's own reason from an error body's `msg`, shown below the catalogue text. */
  readonly detail?: string;
  /** The parsed response body, if any (the login form reads Result.errorCount from it). */
  readonly body?: unknown;

  constructor(
    kind: ApiErrorKind,
    message: string,
    init: { requestUrl: string; status?: number; detail?: string; body?: unknown; cause?: unknown },
  ) {
    super(message, { cause: init.cause });
    this.kind = kind;
    this.requestUrl = init.requestUrl;
    this.status = init.status;
    this.detail = init.detail;
    this.body = init.body;
  }
}

/** Statuses the spec names; any other gets the generic connection-error text. */
const CATALOGUED_STATUSES = new Set([400, 401, 403, 404, 408, 500, 501, 502, 503, 504, 505]);

const text = (key: string, values?: Record<string, unknown>): string => i18n.t(`api:${key}`, values ?? {});

const nonEmptyString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value : undefined;

const field = (body: unknown, name: string): unknown =>
  body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;

export function httpFailure(status: number, requestUrl: string, body: unknown): ApiError {
  const message = CATALOGUED_STATUSES.has(status)
    ? text(`http.${status}`, { url: requestUrl })
    : text('http.other', { status });
  const detail = nonEmptyString(field(body, 'msg'));
  // A 404 that names another reason than the address (e.g. 记录不存在或已被删除 for a record deleted
  // meanwhile) reached its address: that reason is the message, not '请求地址出错'.
  if (status === 404 && detail && !message.startsWith(detail)) return new ApiError('http', detail, { requestUrl, status, body });
  // A 4xx the catalogue does not name (409 a record that exists already or a lost race, 429 too many
  // attempts) came from the server with its reason: that reason is the message, not a connection error.
  if (!CATALOGUED_STATUSES.has(status) && status >= 400 && status < 500 && detail) return new ApiError('http', detail, { requestUrl, status, body });
  // A reason the catalogue text already says is not repeated below it.
  const repeated = detail !== undefined && message.startsWith(detail);
  return new ApiError('http', message, { requestUrl, status, detail: repeated ? undefined : detail, body });
}

export function wrappedFailure(body: unknown, requestUrl: string): ApiError {
  return new ApiError('wrapped', nonEmptyString(field(body, 'msg')) ?? text('operationFailed'), { requestUrl, body });
}

export function legacyFailure(body: unknown, requestUrl: string): ApiError {
  const message = nonEmptyString(field(field(body, 'ErrorInfo'), 'Message'));
  return new ApiError('legacy', message ?? text('operationFailed'), { requestUrl, body });
}

/**
 * The server's own reason for a failed call, if it gave one: the legacy ErrorInfo.Message or the
 * wrapper/problem body's `msg` (for a caller that shows the failure itself instead of the catalogue text).
 */
export function serverReason(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return nonEmptyString(field(field(error.body, 'ErrorInfo'), 'Message')) ?? nonEmptyString(field(error.body, 'msg'));
}

export function transportFailure(requestUrl: string, cause: unknown, timedOut: boolean): ApiError {
  return timedOut
    ? new ApiError('timeout', text('http.408'), { requestUrl, cause })
    : new ApiError('network', text('network'), { requestUrl, cause });
}

export function unreadableResponse(requestUrl: string, cause: unknown): ApiError {
  return new ApiError('unreadable', text('unreadableResponse'), { requestUrl, cause });
}

export interface ReportOptions {
  /**
   * The caller shows the error itself, so no toast (it is still logged): `true` for every
   * failure, or a test for the failures the caller handles (the login form's rejections).
   */
  silent?: boolean | ((error: ApiError) => boolean);
}

/**
 * Log the failure as a `danger` entry and show it. A 401 ends the session: toast, then logout —
 * once, even when several calls fail together (the first one removes the token).
 */
export function reportApiError(error: ApiError, { silent = false }: ReportOptions = {}): ApiError {
  logDanger(error.detail ? `${error.message}: ${error.detail}` : error.message, { requestUrl: error.requestUrl });
  const sessionExpired = error.status === 401;
  if (sessionExpired && !readToken()) return error;
  const callerShowsIt = typeof silent === 'function' ? silent(error) : silent;
  if (callerShowsIt) {
    // shown by the caller
  } else if (sessionExpired) {
    // Logout reloads the page at once: the login page must say why the user is there again.
    notifyAcrossReload('error', { message: error.message, description: error.detail, duration: ERROR_TOAST_SECONDS });
  } else {
    showErrorToast(error.message, error.detail);
  }
  if (sessionExpired) void logout({ revokeToken: false });
  return error;
}
