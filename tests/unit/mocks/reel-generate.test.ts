/**
 * Reel/Generate on the mocks (mocks/scenarios/labels.ts): the server's checks (src/shared/labels/generate-rules.ts)
 * on the sample master data, with the server's messages: a count out of 1..500, a part or a vendor that is not one,
 * or one whose 启用 is off, is refused; a part and a vendor in use make the reels.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { resetMockDb } from '../../../mocks/db';
import { queryRows } from '../../../src/grid/api/listParam';
import { generateReels } from '../../../src/features/stock/api';
import { partEntity } from '../../../src/shared/masterdata/entities/part';
import { vendorEntity } from '../../../src/shared/masterdata/entities/vendor';
import type { EntityDeclaration } from '../../../src/shared/masterdata/declaration';
import { resetGridTestState, signIn } from '../grid/gridTestKit';
import { refusalAt } from './refusal';

const codeOf = async (entity: EntityDeclaration, enabled: boolean) =>
  String((await queryRows(entity.listRoute, { conditions: [], Page: 1, Limit: 1000, wantAggregates: false })).rows.find((row) => (row.enabled !== false) === enabled)!.code);

beforeEach(async () => {
  resetMockDb({ captcha: false });
  await resetGridTestState();
  signIn('ADMIN', 'org-f01');
});

describe('Reel/Generate on the mocks', () => {
  it('makes reels of a part and a vendor in use, and refuses what the server refuses with its messages', async () => {
    const [part, vendor, disabledPart, disabledVendor] = await Promise.all([codeOf(partEntity, true), codeOf(vendorEntity, true), codeOf(partEntity, false), codeOf(vendorEntity, false)]);
    const request = { PartCode: part, VendorCode: vendor, Qty: '100', Count: 2 };

    // Each about its field, as the server's: the form marks it.
    expect(await refusalAt(generateReels({ ...request, Count: 501 }))).toEqual({ msg: '生成数量 501 无效：须为 1 到 500 的整数', at: { Field: 'Count' } });
    expect(await refusalAt(generateReels({ ...request, PartCode: 'NO-SUCH-PART' }))).toEqual({ msg: '料号 NO-SUCH-PART 不存在', at: { Field: 'PartCode' } });
    expect(await refusalAt(generateReels({ ...request, PartCode: disabledPart }))).toEqual({ msg: `料号 ${disabledPart} 已停用`, at: { Field: 'PartCode' } });
    expect(await refusalAt(generateReels({ ...request, VendorCode: 'NO-SUCH-VENDOR' }))).toEqual({ msg: '供应商 NO-SUCH-VENDOR 不存在', at: { Field: 'VendorCode' } });
    expect(await refusalAt(generateReels({ ...request, VendorCode: disabledVendor }))).toEqual({ msg: `供应商 ${disabledVendor} 已停用`, at: { Field: 'VendorCode' } });

    const codes = await generateReels(request);
    expect(codes).toHaveLength(2);
    expect(codes[0]).toMatch(/^REEL\d{12}-1$/);
    // The vendor may be left out.
    expect(await generateReels({ ...request, VendorCode: undefined })).toHaveLength(2);
  });
});
