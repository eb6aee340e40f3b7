/**
 * Every JSON answer the mock back end gives during a test, checked against the contract
 * (openapi/generated/openapi.json: the operation's declared status and schema). Call it before the
 * calls; the function it returns gives the violations found.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, expect } from 'vitest';
import path from 'node:path';
import { mockServer } from '../../../mocks/node';
import type { OpenApiDocument } from '../../../server/contract';
import { createContractResponseChecker } from '../../server/support/contract-responses';
import { resetGridTestState, signIn } from '../grid/gridTestKit';

// Read by path: under jsdom, server/contract.ts's `new URL(..., import.meta.url)` is not a file URL.
const contract = JSON.parse(readFileSync(path.resolve(__dirname, '../../../openapi/generated/openapi.json'), 'utf8')) as OpenApiDocument;
const contractViolations = createContractResponseChecker(contract);

export function watchAnswers() {
  const checks: Promise<string[]>[] = [];
  mockServer.events.on('response:mocked', ({ request, response }) => {
    const contentType = response.headers.get('content-type') ?? undefined;
    if (!contentType?.startsWith('application/json')) return;
    const callPath = new URL(request.url).pathname.replace(/^\/api/, '');
    checks.push(
      response
        .clone()
        .text()
        .then((body) => contractViolations({ method: request.method, path: callPath, status: response.status, contentType, body }).map((v) => `${request.method} ${callPath} ${response.status}: ${v}`)),
    );
  });
  return async () => (await Promise.all(checks)).flat();
}

/**
 * Each test of the file starts from a fresh mock back end signed in as ADMIN of 一厂, and fails when any JSON answer
 * it got breaks the contract.
 */
export function eachTestAsAdminWithAnswersChecked() {
  let violations: () => Promise<string[]>;
  beforeEach(async () => {
    await resetGridTestState();
    signIn('ADMIN', 'org-f01');
    violations = watchAnswers();
  });
  afterEach(async () => {
    expect(await violations(), 'mock answers that break the contract').toEqual([]);
  });
}
