/**
 * The one HTTP client of the portal (spec §7): openapi-fetch typed by the contract, with the
 * API base and the 300000 ms timeout applied per request and the spec's headers as middleware.
 * Call it through the helpers in ./call.ts, which unwrap both response shapes and apply the
 * error catalogue: `await callWrapped(api.POST('/Auth/GetUserInfoByToken'))`.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';
import { resolveAbsoluteApiBase } from './base';
import { readToken } from '../core/session/cookies';
import { currentOrganizationId } from '../core/session/store';
import { currentLanguage } from '../core/i18n';

export type ApiClient = Client<paths>;
/** A contract schema by name, e.g. `ApiSchema<'MenuItem'>`. */
export type ApiSchema<Name extends keyof components['schemas']> = components['schemas'][Name];

export const REQUEST_TIMEOUT_MS = 300_000;

const nameOf = (value: unknown): unknown => (value && typeof value === 'object' ? (value as { name?: unknown }).name : undefined);

/** A request that got no response at all (network down, timeout, cancelled), with its URL. */
export class TransportError extends Error {
  override name = 'TransportError';
  constructor(
    readonly request: Request,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
  // By name: an abort reason is a DOMException, which is not an Error in every runtime.
  get timedOut(): boolean {
    return nameOf(this.cause) === 'TimeoutError';
  }
  get cancelledByCaller(): boolean {
    return nameOf(this.cause) === 'AbortError';
  }
}

// openapi-fetch hands callers the response without its request; the error messages need the URL.
const requestByResponse = new WeakMap<Response, Request>();
export const requestUrlOf = (response: Response): string => requestByResponse.get(response)?.url ?? response.url;

/** Spec §7 headers on every request. */
const portalMiddleware: Middleware = {
  onRequest({ request }) {
    const token = readToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    request.headers.set('Device', 'PC');
    // The login call names the organisation chosen on the form itself; keep that one.
    const organizeId = currentOrganizationId();
    if (organizeId && !request.headers.has('OrganizeId')) request.headers.set('OrganizeId', organizeId);
    request.headers.set('Accept-Language', currentLanguage());
    return request;
  },
  onResponse({ request, response }) {
    requestByResponse.set(response, request);
  },
  onError({ request, error }) {
    return new TransportError(request, error);
  },
};

function abortAfterTimeout(callerSignal: AbortSignal | null | undefined) {
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new DOMException(`No answer within ${REQUEST_TIMEOUT_MS} ms`, 'TimeoutError')),
    REQUEST_TIMEOUT_MS,
  );
  return {
    signal: callerSignal ? AbortSignal.any([callerSignal, timeout.signal]) : timeout.signal,
    stop: () => clearTimeout(timer),
  };
}

type RequestInitLike = { baseUrl?: string; signal?: AbortSignal | null };
type Send = (url: string, init?: RequestInitLike) => Promise<unknown>;
type SendWithMethod = (method: string, url: string, init?: RequestInitLike) => Promise<unknown>;
const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

function sendWithDefaults(init: RequestInitLike | undefined, send: (init: RequestInitLike) => Promise<unknown>) {
  const timeout = abortAfterTimeout(init?.signal);
  const pending = send({ baseUrl: resolveAbsoluteApiBase(), ...init, signal: timeout.signal });
  pending.then(timeout.stop, timeout.stop);
  return pending;
}

/**
 * openapi-fetch reads `baseUrl` once at creation; the base here can change at run time (the
 * multi-API cookie), and each request gets its own timeout, so both are passed per call.
 */
function withPerRequestDefaults(client: ApiClient): ApiClient {
  const overrides: Record<string, unknown> = {};
  for (const method of METHODS) {
    const send = client[method] as Send;
    overrides[method] = (url: string, init?: RequestInitLike) => sendWithDefaults(init, (i) => send(url, i));
  }
  const request = client.request as SendWithMethod;
  overrides.request = (method: string, url: string, init?: RequestInitLike) =>
    sendWithDefaults(init, (i) => request(method, url, i));
  return Object.assign({}, client, overrides);
}

function createApiClient(): ApiClient {
  // `fetch` is looked up per call: msw (tests, mock mode) patches globalThis.fetch after start-up.
  const client = createClient<paths>({ baseUrl: resolveAbsoluteApiBase(), fetch: (request) => globalThis.fetch(request) });
  client.use(portalMiddleware);
  return withPerRequestDefaults(client);
}

export const api: ApiClient = createApiClient();
