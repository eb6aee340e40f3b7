/**
 * Typed helpers that turn an `api.<METHOD>(...)` call into its result, for both response shapes
 * (spec §7), and apply the error catalogue (spec §8) on the way:
 *
 *   const user = await callWrapped(api.POST('/Auth/GetUserInfoByToken'));          // data
 *   const { rows, total } = await callLegacy(api.GET('/SysApp/GetAll'));            // Result as array
 *
 * Any failure shows its toast, is logged, and then rejects with an ApiError the caller may catch.
 * `{ silent: true }` skips the toast when the caller shows the error itself.
 */
import {
  ApiError,
  httpFailure,
  legacyFailure,
  reportApiError,
  transportFailure,
  unreadableResponse,
  wrappedFailure,
  type ReportOptions,
} from './errors';
import { requestUrlOf, TransportError } from './client';

export type CallOptions = ReportOptions;

/** What every `api.<METHOD>(...)` returns (openapi-fetch's FetchResponse). */
export type ApiCall<Body> = Promise<{ data?: Body; error?: unknown; response: Response }>;

/** The wrapper shape: code 200 means success, `msg` says why not. */
export interface WrappedBody {
  code: number;
  msg: string;
  count?: number;
  /** The count is the server's estimate (more rows match than it counts exactly): "about N". */
  countIsEstimate?: true;
  data?: unknown;
}

/** The older shape: ErrorInfo.Status true means failure. */
export interface LegacyBody {
  TotalCount: number;
  ErrorInfo: { Status: boolean; Message: string };
  Result?: unknown;
}

export interface ListResult<Row> {
  rows: Row[];
  total: number;
  /** `total` is an estimate (shown as "about N"). */
  totalIsEstimate?: true;
}

/** `data` as a list, or `data.data` when the list is nested. */
export type WrappedRows<Data> = Data extends readonly (infer Row)[]
  ? Row[]
  : Data extends { data?: readonly (infer Row)[] | null }
    ? Row[]
    : unknown[];

/** Result read as an array: a list as is, a single object as a list of one. */
export type LegacyRows<Result> = Result extends readonly (infer Row)[] ? Row[] : Exclude<Result, null | undefined>[];

/** The body of a call after the HTTP-level checks; for responses of neither shape (files, text). */
export async function callPlain<Body>(call: ApiCall<Body>, options?: CallOptions): Promise<Body> {
  return (await receive(call, options)).body as Body;
}

/** Wrapper shape → `data`. Rejects (after the toast) when code ≠ 200. */
export async function callWrapped<Body extends WrappedBody>(
  call: ApiCall<Body>,
  options?: CallOptions,
): Promise<Body['data']> {
  return (await receiveWrapped(call, options)).data;
}

/** Wrapper shape whose data is a list (`data` or `data.data`) → rows and total (`count`). */
export async function callWrappedList<Body extends WrappedBody>(
  call: ApiCall<Body>,
  options?: CallOptions,
): Promise<ListResult<WrappedRows<Body['data']>[number]>> {
  const body = await receiveWrapped(call, options);
  const nested = body.data as { data?: unknown; count?: unknown } | null | undefined;
  const rows = Array.isArray(nested) ? nested : Array.isArray(nested?.data) ? nested.data : [];
  const count = body.count ?? (typeof nested?.count === 'number' ? nested.count : undefined);
  return { rows, total: count ?? rows.length, ...(body.countIsEstimate === true ? { totalIsEstimate: true as const } : {}) };
}

/** Legacy shape → Result read as an array, and TotalCount. Rejects when ErrorInfo.Status is true. */
export async function callLegacy<Body extends LegacyBody>(
  call: ApiCall<Body>,
  options?: CallOptions,
): Promise<ListResult<LegacyRows<Body['Result']>[number]>> {
  const body = await receiveLegacy(call, options);
  const result = body.Result;
  const rows = Array.isArray(result) ? result : result == null ? [] : [result];
  return { rows, total: body.TotalCount ?? rows.length };
}

/** Legacy shape → Result as the server sent it (an object, e.g. the login result). */
export async function callLegacyResult<Body extends LegacyBody>(
  call: ApiCall<Body>,
  options?: CallOptions,
): Promise<Body['Result']> {
  return (await receiveLegacy(call, options)).Result;
}

async function receiveWrapped<Body extends WrappedBody>(call: ApiCall<Body>, options?: CallOptions): Promise<Body> {
  const { body, requestUrl } = await receive(call, options);
  if (body?.code !== 200) throw reportApiError(wrappedFailure(body, requestUrl), options);
  return body;
}

async function receiveLegacy<Body extends LegacyBody>(call: ApiCall<Body>, options?: CallOptions): Promise<Body> {
  const { body, requestUrl } = await receive(call, options);
  if (!body || typeof body !== 'object' || body.ErrorInfo?.Status === true) {
    throw reportApiError(legacyFailure(body, requestUrl), options);
  }
  return body;
}

async function receive<Body>(
  call: ApiCall<Body>,
  options?: CallOptions,
): Promise<{ body: Body | undefined; requestUrl: string }> {
  let result: Awaited<ApiCall<Body>>;
  try {
    result = await call;
  } catch (error) {
    throw failureOf(error, options);
  }
  const requestUrl = requestUrlOf(result.response);
  if (!result.response.ok) throw reportApiError(httpFailure(result.response.status, requestUrl, result.error), options);
  return { body: result.data, requestUrl };
}

function failureOf(error: unknown, options?: CallOptions): unknown {
  if (error instanceof ApiError) return error;
  if (error instanceof TransportError) {
    // A caller that cancels (react-query on unmount) gets its own AbortError back, nothing shown.
    if (error.cancelledByCaller) return error.cause;
    return reportApiError(transportFailure(error.request.url, error, error.timedOut), options);
  }
  // openapi-fetch parses a 2xx body as JSON after the fetch; an HTML page from a proxy fails here.
  return reportApiError(unreadableResponse('', error), options);
}
