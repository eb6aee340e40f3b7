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
  | { kind: 'grant'; anyOf: Grant[] }
  | ListPermission
  | BillPermission;

/**
 * The list-parameter calls serve every list (LIST_ROUTE), so their grant is the list's own menu,
 * found from the request: `list(body.LIST_ROUTE)` (the menu of the list the body names),
 * `list(body[].LIST_ROUTE)` (of every list an array body names), `list(query.listRoute)`;
 * `#Button` asks for that grid button of the list's menu, and `#Button if body.FLAG` only when the
 * body's FLAG is true (the menu otherwise).
 */
export interface ListPermission {
  kind: 'list';
  from: 'body' | 'query';
  /** The body is an array whose items each name a list. */
  each: boolean;
  field: string;
  buttonCode?: string;
  /** A body field: the button is needed only when it is true. */
  buttonIf?: string;
}

const LIST_PERMISSION = /^list\((body|query)(\[\])?\.([A-Za-z_]\w*)\)(?:#([A-Za-z][\w-]*)(?:\s+if\s+body\.([A-Za-z_]\w*))?)?$/;

/**
 * The bill calls serve every bill type, so their grant is the type's menu `Bill<TYPE>`, found from
 * the request: `bill(body.Id)` / `bill(query.id)` (the type of the bill with that id; an unknown
 * bill is a 404), `billType(body.BillType)` (the type the body names: a new bill); `#Button` asks
 * for that button of the menu (the action's code, src/shared/bills/actions.ts). One check, before
 * the handler; the bill module checks nothing of the caller's rights again.
 */
export interface BillPermission {
  kind: 'bill';
  /** What the field holds: a bill's id, or a bill type code. */
  by: 'id' | 'type';
  from: 'body' | 'query';
  field: string;
  buttonCode?: string;
}

const BILL_PERMISSION = /^(bill|billType)\((body|query)\.([A-Za-z_]\w*)\)(?:#([A-Za-z][\w-]*))?$/;

/** The menu code of a bill type's screens and actions. */
export const billMenuCode = (billType: string) => `Bill${billType}`;

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
  const list = LIST_PERMISSION.exec(value.trim());
  if (list) {
    const [, from, each, field, buttonCode, buttonIf] = list;
    if (each && from !== 'body') throw new Error(`contract operation ${operationId} declares an unreadable x-permission '${value}'`);
    return { kind: 'list', from: from as 'body' | 'query', each: Boolean(each), field, ...(buttonCode ? { buttonCode } : {}), ...(buttonIf ? { buttonIf } : {}) };
  }
  const bill = BILL_PERMISSION.exec(value.trim());
  if (bill) {
    const [, by, from, field, buttonCode] = bill;
    return { kind: 'bill', by: by === 'bill' ? 'id' : 'type', from: from as 'body' | 'query', field, ...(buttonCode ? { buttonCode } : {}) };
  }
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
  if (permission.kind === 'list') {
    const button = permission.buttonCode ? `#${permission.buttonCode}${permission.buttonIf ? ` if body.${permission.buttonIf}` : ''}` : '';
    return `list(${permission.from}${permission.each ? '[]' : ''}.${permission.field})${button}`;
  }
  if (permission.kind === 'bill') {
    return `${permission.by === 'id' ? 'bill' : 'billType'}(${permission.from}.${permission.field})${permission.buttonCode ? `#${permission.buttonCode}` : ''}`;
  }
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
