/**
 * Every non-2xx answer is a Problem (contract components Problem): `{code: <HTTP status>, msg, data: null}`
 * with msg in the caller's language. Handlers and hooks throw `Problem`; contract validation
 * errors, unparsable bodies, unknown addresses and crashes are turned into one here as well.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messageForRequest, type MessageKey } from '../i18n.ts';

export class Problem extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(messageKey);
  }
}

export const problemBody = (code: number, msg: string) => ({ code, msg, data: null });

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

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
    default:
      return { key: 'invalidField', params: { field: base, detail: error.message ?? error.keyword } };
  }
}

const STATUS_MESSAGES: Partial<Record<number, MessageKey>> = {
  401: 'loginExpired',
  403: 'accessDenied',
  404: 'notFound',
  501: 'notImplemented',
};

function messageFor(error: FastifyError | Problem): { status: number; key: MessageKey; params?: Record<string, string | number> } {
  if (error instanceof Problem) return { status: error.statusCode, key: error.messageKey, params: error.params };
  if (error.validation?.length) {
    const { key, params } = describeValidationError(error.validation[0] as AjvError, error.validationContext);
    return { status: 400, key, params };
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return { status: 400, key: 'invalidJson' };
  }
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  return { status, key: STATUS_MESSAGES[status] ?? (status < 500 ? 'badRequest' : 'internalError') };
}

export function registerProblemReplies(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Problem, request: FastifyRequest, reply: FastifyReply) => {
    const { status, key, params } = messageFor(error);
    if (status >= 500) request.log.error(error);
    return reply.code(status).send(problemBody(status, messageForRequest(request, key, params)));
  });
}

/** The answer for an address no route serves. */
export function notFoundReply(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(problemBody(404, messageForRequest(request, 'notFound')));
}
