/**
 * Request validation from the contract's schemas (OpenAPI 3.1 = JSON Schema 2020-12).
 *
 * Fastify's default Ajv set-up would quietly strip properties the contract forbids and coerce
 * "123" into 123 in bodies. The contract must reject both, so bodies are checked strictly; only
 * query strings, path parameters and headers (always text on the wire) are coerced to their types.
 */
import type { FastifySchemaCompiler } from 'fastify';
import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

function contractAjv(options: Options): Ajv2020 {
  // strict off: the contract carries OpenAPI keywords (examples, description) Ajv does not know.
  const ajv = new Ajv2020({ strict: false, useDefaults: true, removeAdditional: false, allErrors: false, ...options });
  addFormats(ajv);
  return ajv;
}

export function contractValidatorCompiler(): FastifySchemaCompiler<object> {
  const strict = contractAjv({ coerceTypes: false });
  const coercing = contractAjv({ coerceTypes: 'array' });
  return ({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema);
}
