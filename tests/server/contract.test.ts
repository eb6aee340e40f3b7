import { describe, expect, it } from 'vitest';
import { listContractOperations } from '../../server/contract.ts';
import type { ServerContext } from '../../server/context.ts';
import { operationHandlers } from '../../server/modules/index.ts';
import { createContractResponseChecker } from './support/contract-responses.ts';
import { contract, describeServer } from './support/test-server.ts';

const operations = listContractOperations(contract);

describe('the contract and the server', () => {
  it('every operation of the contract has a server handler', () => {
    // The handler factories only close over the context; nothing is called here.
    const handlers = operationHandlers({} as ServerContext);
    expect(operations.map((op) => op.operationId).filter((id) => !(id in handlers))).toEqual([]);
  });

  it('every operation that needs a token declares the 401 and 403 answers of the access check', () => {
    const undeclared = operations
      .filter((op) => op.permission.kind !== 'public')
      .flatMap((op) => ['401', '403'].filter((status) => !(status in op.operation.responses)).map((status) => `${op.operationId} ${status}`));
    expect(undeclared).toEqual([]);
  });

  it('the response check rejects bodies, statuses and addresses the contract does not allow', () => {
    const violations = createContractResponseChecker(contract);
    const response = { method: 'GET', path: '/SysApp/GetAll', status: 200, contentType: 'application/json; charset=utf-8' };
    const valid = { Result: [{ Code: 'DEMO', Name: 'Demo', Url: '/child-demo/' }], TotalCount: 1, ErrorInfo: { Status: false, Message: '' } };
    expect(violations({ ...response, body: JSON.stringify(valid) })).toEqual([]);
    expect(violations({ ...response, body: JSON.stringify({ ...valid, Result: [{ Code: 1 }] }) })).not.toEqual([]);
    expect(violations({ ...response, status: 418, body: '{}' })).not.toEqual([]);
    expect(violations({ ...response, path: '/SysApp/Nothing', body: '{}' })).not.toEqual([]);
  });
});

/** What the server logged at warning level or above, as it started and answered. */
const warnings: string[] = [];
const logger = { level: 'warn', stream: { write: (line: string) => warnings.push(JSON.parse(line).msg) } };

// Its server builds every route's answer serializers as it starts (a server builds each on its first answer):
// an answer schema of the contract that fast-json-stringify cannot build fails here.
describeServer('access to every operation', { serializersAtStart: true, logger }, (server) => {
  it('starts without a warning (the glue once warned of a parser for every file type an answer may have)', () => {
    expect(warnings).toEqual([]);
  });

  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s is public by declaration or answers 401 without a token',
    async (_id, op) => {
      if (op.permission.kind === 'public') {
        expect(op.operation.security).toEqual([]);
        return;
      }
      const { status, body } = await server.call(op.method, op.path);
      expect(status).toBe(401);
      expect(body.msg).toBe('登录已过期，请重新登录');
    },
  );
});
