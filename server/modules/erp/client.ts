/**
 * The ERP as the bridge calls it: each organisation's service configuration (服务配置, md_service_config)
 * with the code ERP (or the one a job's params name) gives the base URL, the time limit and the
 * credentials (Basic auth: auth_user + auth_secret; the secret is read here only, never answered).
 * The protocol is the fake ERP's (fake-erp/fake-erp.ts, README "ERP bridge").
 */
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { MessageRef } from '../../../src/shared/messages/catalogue.ts';
import { WordedError } from '../../i18n.ts';

export const DEFAULT_ERP_SERVICE = 'ERP';
/** The time limit of one ERP call when the service configuration sets none. */
const DEFAULT_TIMEOUT_MS = 30_000;
/** The longest answer body kept for an error message. */
const ERROR_TEXT_LENGTH = 300;
/**
 * The largest answer body read (ERP_MAX_ANSWER_BYTES): a misbehaving or hostile endpoint must not fill the
 * server's memory. A page of documents is far smaller.
 */
const MAX_ANSWER_BYTES = Number(process.env.ERP_MAX_ANSWER_BYTES) || 16 * 1024 * 1024;

export interface ErpEndpoint {
  orgId: string;
  baseUrl: string;
  timeoutMs: number;
  authorization?: string;
}

/** The enabled ERP endpoints of the organisations (all when orgIds is not given), by organisation. */
export async function erpEndpoints(db: DB, service: string, orgIds?: readonly string[]): Promise<Map<string, ErpEndpoint>> {
  // Master tables are not in the typed schema (server/crud reads them by declaration).
  const { rows } = await sql<{ org_id: string; service_url: string; timeout_seconds: number | null; auth_user: string | null; auth_secret: string | null }>`
    select org_id, service_url, timeout_seconds, auth_user, auth_secret from md_service_config
    where code = ${service} and enabled ${orgIds ? sql`and org_id = any(${[...orgIds]}::text[])` : sql``}`.execute(db);
  const endpoints = new Map<string, ErpEndpoint>();
  for (const row of rows) {
    endpoints.set(row.org_id, {
      orgId: row.org_id,
      baseUrl: row.service_url.replace(/\/+$/, ''),
      timeoutMs: row.timeout_seconds ? row.timeout_seconds * 1000 : DEFAULT_TIMEOUT_MS,
      ...(row.auth_user || row.auth_secret
        ? { authorization: `Basic ${Buffer.from(`${row.auth_user ?? ''}:${row.auth_secret ?? ''}`).toString('base64')}` }
        : {}),
    });
  }
  return endpoints;
}

/** A call to the ERP that failed, and why (a job run stores the words for its reader's language; a user's call answers them). */
export class ErpCallError extends WordedError {}

/** The call went out and failed: `detail` says how. */
const callFailed = (detail: MessageRef) => new ErpCallError({ message: 'erpCallFailed', params: { detail } });

/**
 * One call to the ERP: JSON in and out, within the endpoint's time limit (or `signal`). A refused
 * address, a non-2xx answer, a time-out or a body that is not JSON throws ErpCallError, in words.
 */
export async function callErp(endpoint: ErpEndpoint, method: 'GET' | 'POST', path: string, options: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<unknown> {
  let url: URL;
  try {
    url = new URL(`${endpoint.baseUrl}${path}`);
  } catch {
    throw new ErpCallError({ message: 'erpServiceUrlInvalid', params: { url: endpoint.baseUrl } });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ErpCallError({ message: 'erpServiceUrlInvalid', params: { url: endpoint.baseUrl } });
  const call = `${method} ${url.pathname}`;
  const timeout = AbortSignal.timeout(endpoint.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        accept: 'application/json',
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(endpoint.authorization ? { authorization: endpoint.authorization } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
      redirect: 'error',
    });
  } catch (error) {
    throw callFailed(
      timeout.aborted
        ? { message: 'erpCallTimedOut', params: { call, ms: endpoint.timeoutMs } }
        : // The network's own words (Node's, in English): nothing the catalogue could say better.
          { message: 'erpCallUnanswered', params: { call, error: error instanceof Error ? `${error.message}${causeOf(error)}` : String(error) } },
    );
  }
  const text = await readAtMost(response, MAX_ANSWER_BYTES);
  if (text === undefined) {
    throw callFailed({ message: 'erpAnswerTooLarge', params: { call, bytes: MAX_ANSWER_BYTES } });
  }
  if (!response.ok) {
    throw callFailed({ message: 'erpAnswerStatus', params: { call, status: response.status, text: text.slice(0, ERROR_TEXT_LENGTH) } });
  }
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    throw callFailed({ message: 'erpAnswerNotJson', params: { call } });
  }
}

/** The body as text, or undefined when it is longer than `limit` bytes (read no further). A broken body reads as ''. */
async function readAtMost(response: Response, limit: number): Promise<string | undefined> {
  if (!response.body) return '';
  const declared = Number(response.headers.get('content-length'));
  if (declared > limit) {
    await response.body.cancel().catch(() => undefined);
    return undefined;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        return undefined;
      }
      chunks.push(value);
    }
  } catch {
    return '';
  }
  return Buffer.concat(chunks).toString('utf8');
}

const causeOf = (error: Error) => (error.cause instanceof Error ? ` (${error.cause.message})` : '');
