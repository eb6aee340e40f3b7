/**
 * Checks a response against the contract: the operation (method + path) must exist, must declare
 * the status, and the JSON body must match that status's schema (OpenAPI 3.1 = JSON Schema 2020-12).
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { listContractOperations, type ContractOperation, type OpenApiDocument } from '../../../server/contract.ts';

const CONTRACT_KEY = 'contract';

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

export interface ObservedResponse {
  method: string;
  /** Path relative to the API base, without query. */
  path: string;
  status: number;
  contentType: string | undefined;
  body: string;
}

export function createContractResponseChecker(contract: OpenApiDocument) {
  // strict off: the document carries OpenAPI keywords that are not JSON Schema.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(contract, CONTRACT_KEY);
  const operations = listContractOperations(contract);
  const validators = new Map<string, ValidateFunction>();

  function findOperation(method: string, path: string): ContractOperation | undefined {
    return operations.find(
      (op) => op.method === method && new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
    );
  }

  /** JSON pointer (within the contract) of the schema for this operation and status. */
  function schemaPointer(op: ContractOperation, status: string): string | undefined {
    const declared = op.operation.responses[status] as { $ref?: string; content?: Record<string, unknown> } | undefined;
    if (!declared) return undefined;
    const responsePointer = declared.$ref
      ? declared.$ref.slice(1)
      : ['', 'paths', op.path, op.method.toLowerCase(), 'responses', status].map(escapePointer).join('/');
    return `${responsePointer}/content/${escapePointer('application/json')}/schema`;
  }

  /** The ways the response breaks the contract; empty when it keeps it. */
  return function contractViolations(response: ObservedResponse): string[] {
    const op = findOperation(response.method, response.path);
    if (!op) return [`${response.method} ${response.path} is not an operation of the contract`];
    const status = String(response.status);
    const pointer = schemaPointer(op, status);
    if (!pointer) {
      return [`${op.operationId} answered ${status}, which the contract does not declare (it declares ${Object.keys(op.operation.responses).join(', ')})`];
    }
    // A declared file download (e.g. xlsx) is checked by its content type only.
    const declaredTypes = Object.keys((op.operation.responses[status] as { content?: Record<string, unknown> }).content ?? {});
    const fileType = declaredTypes.find((type) => type !== 'application/json' && response.contentType?.startsWith(type));
    if (fileType) return [];
    if (!response.contentType?.startsWith('application/json')) {
      return [`${op.operationId} ${status} answered ${response.contentType ?? 'no content type'} instead of application/json`];
    }
    let validate = validators.get(pointer);
    if (!validate) {
      validate = ajv.getSchema(`${CONTRACT_KEY}#${pointer}`);
      if (!validate) return [`the contract has no schema at ${pointer}`];
      validators.set(pointer, validate);
    }
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return [`${op.operationId} ${status} body is not JSON: ${response.body.slice(0, 200)}`];
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${op.operationId} ${status} body${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
  };
}
