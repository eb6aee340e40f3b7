/**
 * Generated files are committed; this fails when `npm run codegen` would change any of them
 * (the contract moved on and nobody regenerated, or someone edited an output by hand).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assertUniqueOperationIds, generateArtifacts, renderAccessCodes } from '../../codegen/generate.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const artifacts = await generateArtifacts(root);

describe('committed generated files', () => {
  it.each(Object.keys(artifacts))('%s is what npm run codegen generates from openapi/', async (relativePath) => {
    const committed = await readFile(path.join(root, relativePath), 'utf8').catch(() => null);
    expect(committed, `${relativePath} is stale: run "npm run codegen" and commit the result`).toBe(artifacts[relativePath]);
  });
});

describe('operationIds', () => {
  const operation = (operationId?: string) => ({ ...(operationId ? { operationId } : {}), responses: { '200': { description: 'ok' } } });

  it('codegen refuses a contract where two operations share an operationId, naming both', () => {
    const contract = { paths: { '/Part/LoadData': { post: operation('PartLoadData') }, '/Part/LoadData2': { post: operation('PartLoadData') } } };
    expect(() => assertUniqueOperationIds(contract)).toThrow(/PartLoadData: POST \/Part\/LoadData and POST \/Part\/LoadData2/);
  });

  it('codegen refuses an operation without an operationId', () => {
    expect(() => assertUniqueOperationIds({ paths: { '/Part/Delete': { get: operation() } } })).toThrow(/GET \/Part\/Delete has no operationId/);
  });

  it('the contract as committed has one operation per operationId', () => {
    expect(() => assertUniqueOperationIds(JSON.parse(artifacts['openapi/generated/openapi.json']))).not.toThrow();
  });
});

describe('access codes', () => {
  const operation = (operationId: string, permission: string) => ({ operationId, 'x-permission': permission, responses: {} });

  it('are the menus and buttons the x-permission values name, with the list buttons and the client-only ones', () => {
    const codes = renderAccessCodes({
      'x-client-only-buttons': ['SeniorColumn'],
      paths: {
        '/A': { get: operation('A', 'AdminUser#Lock | AdminRole'), post: operation('B', 'AdminUser#Save') },
        '/L': { post: operation('L', 'list(body.LIST_ROUTE)#DeleteOne'), get: operation('P', 'authenticated') },
      },
    });
    expect(codes).toContain(`export interface MenuButtons {\n  AdminRole: never;\n  AdminUser: 'Lock' | 'Save';\n}`);
    expect(codes).toContain(`export type ListButton = 'DeleteOne' | 'SeniorColumn';`);
  });
});
