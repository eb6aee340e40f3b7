/**
 * The inspection calls on the mocks (mocks/scenarios/quality.ts) answer as the reference server's: a reel's
 * quantity the contract's way, and a measurement that is not a number refused with the server's message and
 * place (src/shared/quality/measurements.ts), nothing of the save written.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { resetMockDb } from '../../../mocks/db';
import { loadDocument, saveResults } from '../../../src/features/quality/api';
import { resetGridTestState, signIn } from '../grid/gridTestKit';
import { refusalAt } from './refusal';

beforeEach(async () => {
  resetMockDb({ captcha: false });
  await resetGridTestState();
  signIn('ADMIN', 'org-f01');
});

const PENDING = 'org-f01-iqc-1';

describe('Iqc calls on the mocks', () => {
  it('answer reel quantities as the contract’s decimal text', async () => {
    const doc = await loadDocument(PENDING);
    expect(doc.Reels.length).toBeGreaterThan(0);
    for (const reel of doc.Reels) expect(reel.Qty).toMatch(/^-?[0-9]+(\.[0-9]+)?$/);
  });

  it('refuse a measurement that is not a number, naming the item and the cell, and write nothing', async () => {
    const before = await loadDocument(PENDING);
    const request = { Id: PENDING, Items: [{ CheckItemCode: 'VIS', Defects: 1 }, { CheckItemCode: 'RES', Measurements: [10, '1o.2'] }] };
    expect(await refusalAt(saveResults(request))).toEqual({ msg: '检验项目 阻值 第 2 个测量值「1o.2」不是数字', at: { LineNo: 2, Field: 'Measurements', Cell: 2 } });
    const after = await loadDocument(PENDING);
    expect(after.Items.map((i) => [i.Defects, i.Measurements])).toEqual(before.Items.map((i) => [i.Defects, i.Measurements]));
    expect(after.Version).toBe(before.Version);
    // A plain decimal as text is its number.
    const saved = await saveResults({ Id: PENDING, Items: [{ CheckItemCode: 'RES', Measurements: ['10.2'] }] });
    expect(saved.Items.find((i) => i.CheckItemCode === 'RES')!.Measurements).toEqual([10.2]);
  });
});
