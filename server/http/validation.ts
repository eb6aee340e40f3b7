/**
 * Request validation from the contract's schemas (OpenAPI 3.1 = JSON Schema 2020-12).
 *
 * Fastify's default Ajv set-up would quietly strip properties the contract forbids and coerce
 * "123" into 123 in bodies. The contract must reject both, so bodies are checked strictly; only
 * query strings, path parameters and headers (always text on the wire) are coerced to their types.
 */
import type { FastifySchemaCompiler, onRequestAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import { Ajv2020, type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Problem } from './problem.ts';

function contractAjv(options: Options): Ajv2020 {
  // strict off: the contract carries OpenAPI keywords (examples, description) Ajv does not know.
  const ajv = new Ajv2020({ strict: false, useDefaults: true, removeAdditional: false, allErrors: false, ...options });
  addFormats(ajv);
  return ajv;
}

/**
 * Each route's validator is compiled when the route is first called, not when the server starts:
 * compiling all of them took about a second of every start (and the crash test starts the server
 * 40 times). Fastify reads a failed validation's `errors` from the function it was given.
 */
export function contractValidatorCompiler(): FastifySchemaCompiler<object> {
  const strict = contractAjv({ coerceTypes: false });
  const coercing = contractAjv({ coerceTypes: 'array' });
  return ({ schema, httpPart }) => {
    let compiled: ValidateFunction | undefined;
    const validate = (data: unknown) => {
      compiled ??= (httpPart === 'body' ? strict : coercing).compile(schema);
      const valid = compiled(data);
      validate.errors = compiled.errors;
      return valid;
    };
    validate.errors = null as ValidateFunction['errors'];
    return validate;
  };
}

/**
 * PostgreSQL cannot store U+0000 in text ("invalid byte sequence"), and no field of the product has
 * a use for it, so any text holding one (a value or a property name, at any depth) is refused as a
 * bad request before anything reads it. Returns the dotted path of the first such text.
 * Iterative, so a body nested thousands of levels deep cannot exhaust the stack.
 */
export function findNulCharacter(value: unknown, path: string): string | undefined {
  const pending: Array<[unknown, string]> = [[value, path]];
  while (pending.length) {
    const [item, itemPath] = pending.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return itemPath;
    } else if (item && typeof item === 'object' && !Buffer.isBuffer(item)) {
      const entries = Object.entries(item);
      // Reversed onto the stack, so the first field is looked at first.
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index];
        if (key.includes('\u0000')) return `${itemPath}.${key}`;
        pending.push([child, `${itemPath}.${key}`]);
      }
    }
  }
  return undefined;
}

function refuseNul(parts: Record<string, unknown>): void {
  for (const [part, value] of Object.entries(parts)) {
    const field = findNulCharacter(value, part);
    if (field) throw new Problem(400, 'nulCharacter', { field });
  }
}

/**
 * One check for every API request: what arrives before the body (headers, query string, path
 * parameters) is checked first thing, ahead of the access check that reads headers; the body once
 * it is parsed (multipart forms included), ahead of the contract validation.
 */
export const refuseNulBeforeBody: onRequestAsyncHookHandler = async (request) =>
  refuseNul({ headers: request.headers, querystring: request.query, params: request.params });

export const refuseNulInBody: preValidationAsyncHookHandler = async (request) => refuseNul({ body: request.body });
