/**
 * The bundled OpenAPI contract (openapi/generated/openapi.json, written by `npm run codegen`) and
 * what the server reads from it once at start-up: each operation and who may call it.
 */
import { readFileSync } from 'node:fs';

export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation | unknown>>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
};

export type OpenApiOperation = {
  operationId: string;
  'x-permission'?: string;
  responses: Record<string, unknown>;
  [key: string]: unknown;
};

/**
 * `x-permission` of an operation: `public` (no token), `authenticated` (any signed-in user), one
 * named user (`@ADMIN`: the server environment rows only the user ADMIN may use, spec §6), or
 * grants: the caller's role must have one of them. A grant is a menu code (`AdminUser`) or a button
 * of a menu (`AdminUser#Lock`: the role must have that menu and that button of it); alternatives are
 * separated by `|` (`AdminRole | AdminUser`), e.g. for a list another screen picks from.
 */
export type Permission =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'user'; userName: string }
  | { kind: 'grant'; anyOf: Grant[] };

export interface Grant {
  menuCode: string;
  /** A button code of that menu; absent when the menu alone suffices. */
  buttonCode?: string;
}

const GRANT = /^([A-Za-z][\w-]*)(?:#([A-Za-z][\w-]*))?$/;

export interface ContractOperation {
  operationId: string;
  method: string;
  /** Path relative to the API base, as the contract writes it (e.g. /Auth/GetToken). */
  path: string;
  permission: Permission;
  operation: OpenApiOperation;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

export function loadContract(): OpenApiDocument {
  return JSON.parse(readFileSync(new URL('../openapi/generated/openapi.json', import.meta.url), 'utf8'));
}

export function parsePermission(value: string | undefined, operationId: string): Permission {
  // An operation without a declaration must never end up open by default.
  if (!value) throw new Error(`contract operation ${operationId} declares no x-permission`);
  if (value === 'public' || value === 'authenticated') return { kind: value };
  const named = /^@(\S+)$/.exec(value);
  if (named) return { kind: 'user', userName: named[1] };
  const anyOf = value.split('|').map((part) => {
    const match = GRANT.exec(part.trim());
    if (!match) throw new Error(`contract operation ${operationId} declares an unreadable x-permission '${value}'`);
    return match[2] ? { menuCode: match[1], buttonCode: match[2] } : { menuCode: match[1] };
  });
  return { kind: 'grant', anyOf };
}

/** The x-permission text of a permission (tests and messages). */
export function formatPermission(permission: Permission): string {
  if (permission.kind === 'user') return `@${permission.userName}`;
  if (permission.kind !== 'grant') return permission.kind;
  return permission.anyOf.map((g) => (g.buttonCode ? `${g.menuCode}#${g.buttonCode}` : g.menuCode)).join(' | ');
}

export function listContractOperations(contract: OpenApiDocument): ContractOperation[] {
  return Object.entries(contract.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => method in item).map((method) => {
      const operation = item[method] as OpenApiOperation;
      return {
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        permission: parsePermission(operation['x-permission'], operation.operationId),
        operation,
      };
    }),
  );
}
