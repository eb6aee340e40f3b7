/**
 * Type-level test, run by `npm run typecheck` (tsc reads tests/; vitest does not run *.test-d.ts):
 * a handler's result must be exactly its operation's 200 body. Each `@ts-expect-error` below
 * fails the typecheck the day the check stops refusing what it marks, e.g. if `exactHandlers`
 * went back to plain assignability, under which a field dropped from the contract but still
 * computed compiles.
 */
import { exactHandlers, exactResult, type OperationHandlers } from '../../server/http/operations.ts';
import { ok } from '../../server/http/responses.ts';
import type { components } from '../../src/api/schema';

/** Rows as a database query returns them: not a fresh literal, so TypeScript's own excess-property check never sees them. */
declare const environmentRows: { EnvName: string; VarName: string; UrlPrefix: string; Enabled: 'Y' | 'N'; CreatedBy: string }[];
declare const buttonMap: Record<string, string[]>;

// The contract's own shape passes, request types included.
exactHandlers({
  RoleGetAllButtonByRoleId: async (request) => ok({ [request.query.appCode ?? 'PC']: buttonMap.x ?? [] }),
  SysEnvConfigGetEnvVars: async () => ok(environmentRows.map(({ EnvName, VarName, UrlPrefix, Enabled }) => ({ EnvName, VarName, UrlPrefix, Enabled }))),
} satisfies Partial<OperationHandlers>);

exactHandlers({
  // @ts-expect-error -- CreatedBy is not in EnvironmentVariable: a row with a field the contract does not declare is refused.
  SysEnvConfigGetEnvVars: async () => ok(environmentRows),
} satisfies Partial<OperationHandlers>);

exactHandlers({
  // @ts-expect-error -- a misspelt field is refused even beside the right ones, at any depth (here inside data[]).
  SysEnvConfigGetEnvVars: async () => ok([{ EnvName: 'PROD', VarName: 'API_BASE', UrlPrefix: '/api', Enabled: 'Y' as const, Enable: 'Y' }]),
} satisfies Partial<OperationHandlers>);

exactHandlers({
  // @ts-expect-error -- a result missing a required field is refused (plain assignability, kept).
  SysEnvConfigGetEnvVars: async () => ok([{ EnvName: 'PROD', VarName: 'API_BASE', Enabled: 'Y' as const }]),
} satisfies Partial<OperationHandlers>);

// The schema-typed form the master-data CRUD uses.
const deleteResult = exactResult<components['schemas']['MasterDeleteResponse']>();
deleteResult(ok(1));
// @ts-expect-error -- an envelope field the schema does not declare is refused.
deleteResult({ ...ok(1), deletedAt: '2025-01-01' });
