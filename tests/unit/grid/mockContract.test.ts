/**
 * The grid's mock back end (mocks/scenarios/listparam.ts) answers as the contract says, so what
 * the component tests and `npm run dev:mock` show is what the real server can send. Every
 * ListParam answer of a round of grid calls, refusals included, is checked against the contract.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockServer } from '../../../mocks/node';
import type { OpenApiDocument } from '../../../server/contract';
import { createContractResponseChecker } from '../../server/support/contract-responses';
import * as listParam from '../../../src/grid/api/listParam';
import { DEMO_LIST, resetGridTestState, signIn } from './gridTestKit';

// Read by path: under jsdom, server/contract.ts's `new URL(..., import.meta.url)` is not a file URL.
const contract = JSON.parse(readFileSync(path.resolve(__dirname, '../../../openapi/generated/openapi.json'), 'utf8')) as OpenApiDocument;
const contractViolations = createContractResponseChecker(contract);

/** Every ListParam answer's contract violations, collected as the calls go. */
function watchAnswers() {
  const checks: Promise<string[]>[] = [];
  let answers = 0;
  mockServer.events.on('response:mocked', ({ request, response }) => {
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    if (!path.startsWith('/ListParam/')) return;
    answers += 1;
    checks.push(
      response
        .clone()
        .text()
        .then((body) =>
          contractViolations({ method: request.method, path, status: response.status, contentType: response.headers.get('content-type') ?? undefined, body }).map(
            (violation) => `${request.method} ${path} ${response.status}: ${violation}`,
          ),
        ),
    );
  });
  return { violations: async () => (await Promise.all(checks)).flat(), count: () => answers };
}

const ignoreFailure = (call: Promise<unknown>) => call.catch(() => undefined);

beforeEach(resetGridTestState);

describe('ListParam mock answers', () => {
  it('keep the contract for the grid’s calls, refusals included', async () => {
    const answers = watchAnswers();
    signIn('ADMIN');
    const settings = await listParam.loadSearchFields(DEMO_LIST);
    await listParam.saveSearchFields([{ ...settings[0], REMARK: '扫码' }]);
    await listParam.loadDropdownOptions(DEMO_LIST, 'partCode');
    await listParam.loadDropdownPage(DEMO_LIST, { Key: 'V', PARAM_NAME: 'vendor', Page: 1, Limit: 15, OrderByParam: 'NAME', OrderBySort: 1 });
    await listParam.saveConditions(DEMO_LIST, [{ FIELD_NAME: 'qty', PARAM_NAME: 'qtyRange', ACTION_TYPE: 1, DATA_TYPE: 7, PARAM_VALUE: [1000, 3000] }]);
    expect(await listParam.loadSavedConditions(DEMO_LIST, 'ADMIN')).toMatchObject([{ PARAM_VALUE: '1000-3000' }]);
    await listParam.saveColumnConfig([{ LIST_ROUTE: DEMO_LIST, ORD_IDX: 1, FIELD_NAME: 'qty', FIELD_CAPTION: '数量', FIELD_WIDTH: 100, IS_VISIBLE: 'Y' }]);
    await listParam.loadColumnConfig(DEMO_LIST, 'ADMIN');
    await listParam.loadTableColumns(DEMO_LIST);
    await listParam.exportSearchConfig(DEMO_LIST);
    const page = await listParam.queryRows(DEMO_LIST, {
      conditions: [
        { FIELD_NAME: 'qty', PARAM_NAME: 'qtyRange', ACTION_TYPE: 1, DATA_TYPE: 7, PARAM_VALUE: [2000, 5000] },
        { FIELD_NAME: 'received_at', PARAM_NAME: 'receivedAt', ACTION_TYPE: 1, DATA_TYPE: 5, PARAM_VALUE: ['2025/01/01', '2025/01/02 12:00:00'] },
        { FIELD_NAME: 'status', PARAM_NAME: 'status', ACTION_TYPE: 1, DATA_TYPE: 8, PARAM_VALUE: ['IN_STOCK'] },
      ],
      Page: 1,
      Limit: 20,
      sort: [{ field: 'qty', order: 'desc' }],
      wantAggregates: true,
    });
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.aggregates?.qty?.sum).toBeTruthy();
    await listParam.deleteSearchField(DEMO_LIST, settings[1].ID);
    await listParam.deleteColumnConfig(DEMO_LIST, false);

    await ignoreFailure(listParam.loadSearchFields('/grid/unknown'));
    await ignoreFailure(listParam.loadDropdownOptions(DEMO_LIST, 'notAField'));
    await ignoreFailure(listParam.saveColumnConfig([{ LIST_ROUTE: DEMO_LIST, ORD_IDX: 1, FIELD_NAME: 'not_a_column', FIELD_CAPTION: 'x', FIELD_WIDTH: 140, IS_VISIBLE: 'Y' }]));
    await ignoreFailure(listParam.queryRows(DEMO_LIST, { conditions: [{ FIELD_NAME: 'not_a_field', ACTION_TYPE: 1, DATA_TYPE: 1, PARAM_VALUE: 'x' }], Page: 1, Limit: 10, wantAggregates: false }));
    signIn('operator');
    await ignoreFailure(listParam.deleteAllSearchFields(DEMO_LIST));
    await ignoreFailure(listParam.deleteColumnConfig(DEMO_LIST, true, { silent: true }));
    await ignoreFailure(listParam.exportSearchConfig(DEMO_LIST));
    await listParam.deleteAllSearchFields(DEMO_LIST).then(
      () => expect.unreachable('the operator has no SeniorSettingDeleteAll'),
      (error) => expect(error.status).toBe(403),
    );

    expect(answers.count()).toBe(21);
    expect(await answers.violations()).toEqual([]);
  });
});
