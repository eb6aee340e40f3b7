/**
 * Every non-2xx answer is a Problem (contract components Problem): `{code: <HTTP status>, msg, data}`
 * with msg in the caller's language, data null or the place of the request a refusal is about. Handlers
 * and hooks throw `Problem`; contract validation errors, unparsable bodies, unique-key violations,
 * unknown addresses and crashes are turned into one here as well.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DatabaseBusyError } from '../db/database.ts';
import { messageForRequest } from '../i18n.ts';
import type { MessageKey, MessageParams } from '../../src/shared/messages/catalogue.ts';
import { Refusal, refusalBody, type RefusalPlace } from '../../src/shared/messages/refusal.ts';
import { uniqueViolationMessage } from './unique-violations.ts';

/** The server's name for a refusal; the rules shared with the mocks (src/shared) throw their Refusal, answered alike. */
export class Problem extends Refusal {}

/** A Problem's answer body: `data` the place of the request it is about, or null. */
export const problemBody = refusalBody;

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Contract keywords with a limit, and how each is phrased. */
const BOUNDS: Partial<Record<string, MessageKey>> = {
  minimum: 'fieldBelowMinimum',
  exclusiveMinimum: 'fieldNotAbove',
  maximum: 'fieldAboveMaximum',
  exclusiveMaximum: 'fieldNotBelow',
  maxLength: 'fieldTooLong',
  minLength: 'fieldTooShort',
  maxItems: 'fieldTooManyItems',
  minItems: 'fieldTooFewItems',
};

/** The first contract violation, phrased for the person who sent the request. */
function describeValidationError(error: AjvError, part: string | undefined): { key: MessageKey; params: Record<string, string> } {
  const base = [part ?? 'body', ...error.instancePath.split('/').filter(Boolean)].join('.');
  switch (error.keyword) {
    case 'required':
      return { key: 'missingField', params: { field: `${base}.${String(error.params.missingProperty)}` } };
    case 'additionalProperties':
      return { key: 'fieldNotAllowed', params: { field: `${base}.${String(error.params.additionalProperty)}` } };
    case 'type':
      if (part === 'body' && !error.instancePath) return { key: 'bodyNotObject', params: {} };
      return { key: 'wrongType', params: { field: base, type: String(error.params.type) } };
    default: {
      // The other keywords in the user's language; ajv's own text (English) only for the rare rest.
      const phrased = BOUNDS[error.keyword];
      if (phrased) return { key: phrased, params: { field: base, limit: String(error.params.limit) } };
      if (error.keyword === 'format') return { key: 'fieldWrongFormat', params: { field: base, format: String(error.params.format) } };
      if (error.keyword === 'enum') return { key: 'fieldNotOneOf', params: { field: base, values: (error.params.allowedValues as unknown[]).map(String).join(', ') } };
      if (error.keyword === 'pattern') return { key: 'fieldPatternMismatch', params: { field: base } };
      return { key: 'invalidField', params: { field: base, detail: error.message ?? error.keyword } };
    }
  }
}

/**
 * The request body's field a contract violation is in, by its wire name (a field nested in it: the top one,
 * as a line's quantity is in `Lines`), for the form to mark; none for the query, the headers or the body as a whole.
 */
function placeOfValidationError(error: AjvError, part: string | undefined): RefusalPlace | undefined {
  if (part !== 'body') return undefined;
  const [top] = error.instancePath.split('/').filter(Boolean);
  const named = top ?? (error.keyword === 'required' ? error.params.missingProperty : error.keyword === 'additionalProperties' ? error.params.additionalProperty : undefined);
  // JSON Pointer escapes a '/' in a name as ~1 and a '~' as ~0.
  return typeof named === 'string' && named ? { Field: named.replace(/~1/g, '/').replace(/~0/g, '~') } : undefined;
}

const STATUS_MESSAGES: Partial<Record<number, MessageKey>> = {
  401: 'loginExpired',
  403: 'accessDenied',
  404: 'notFound',
  501: 'notImplemented',
};

function messageFor(error: FastifyError | Refusal): { status: number; key: MessageKey; params?: MessageParams; at?: RefusalPlace } {
  if (error instanceof Refusal) return { status: error.statusCode, key: error.messageKey, params: error.params, at: error.at };
  // No connection free for long enough, or a statement cancelled by the database's time limit outside a
  // list search (which answers its own 400): the database is overloaded, and trying again later is the advice.
  if (error instanceof DatabaseBusyError || (error as { code?: unknown }).code === '57014') return { status: 503, key: 'databaseBusy' };
  if (error.validation?.length) {
    const first = error.validation[0] as AjvError;
    const { key, params } = describeValidationError(first, error.validationContext);
    return { status: 400, key, params, at: placeOfValidationError(first, error.validationContext) };
  }
  const unique = uniqueViolationMessage(error);
  if (unique) return { status: 409, ...unique };
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return { status: 400, key: 'invalidJson' };
  }
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  return { status, key: STATUS_MESSAGES[status] ?? (status < 500 ? 'badRequest' : 'internalError') };
}

export function registerProblemReplies(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Refusal, request: FastifyRequest, reply: FastifyReply) => {
    const { status, key, params, at } = messageFor(error);
    if (status >= 500) request.log.error(error);
    return reply.code(status).send(problemBody(status, messageForRequest(request, key, params), at));
  });
}

/** The answer for an address no route serves. */
export function notFoundReply(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(problemBody(404, messageForRequest(request, 'notFound')));
}
