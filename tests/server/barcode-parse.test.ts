/**
 * Barcode parsing rules (issue 17): the shared parser (src/shared/barcodes) on the label forms reels
 * arrive with — GS1 (symbology prefix or none, FNC1 as GS, fixed-length AIs back to back, the
 * printed "(AI)" form, day-00 dates), ECIA EIGP 114 envelopes (DIs that are prefixes of others),
 * delimited, fixed and regex rules, the order rules are tried in — and BarcodeRule/Parse over HTTP.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildEcia } from '../../src/shared/barcodes/ecia.ts';
import { buildGs1, gs1CheckDigit, gs1Date, gs1Year, parseGs1 } from '../../src/shared/barcodes/gs1.ts';
import { BARCODE_RULE_KINDS, parseBarcode, ruleSettingsProblem, SETTINGS_EXAMPLES, showSeparators, typedSeparators, type BarcodeRuleRow, type ParsedReel, type ParseResult } from '../../src/shared/barcodes/rules.ts';
import { translate } from '../../src/shared/messages/catalogue.ts';
import { Refusal } from '../../src/shared/messages/refusal.ts';
import { vendorEntity } from '../../src/shared/masterdata/entities/vendor.ts';
import { PORTAL_APP_CODE } from '../../server/db/seed/system-data.ts';
import { adminToken, createSample } from './support/masterdata.ts';
import { describeServer } from './support/test-server.ts';

const GS = '\x1d';
const RS = '\x1e';
const EOT = '\x04';

const EMPTY: ParsedReel = { PartCode: null, MfrPart: null, CustomerPart: null, Gtin: null, Qty: null, LotCode: null, DateCode: null, ExpireDate: null, Serial: null, Country: null };
const reel = (fields: Partial<ParsedReel> & { PartCode: string; Qty: number }, Rule: string): ParseResult => ({ ...EMPTY, ...fields, Rule });

/** The refusal a call makes, in both languages. */
function refusalOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { status: error.statusCode, zh: translate('zh-chs', error.messageKey, error.params), en: translate('en', error.messageKey, error.params) };
  }
  throw new Error('not refused');
}

describe('GS1', () => {
  const expected = reel(
    { PartCode: 'RC0402FR-0710KL', MfrPart: 'RC0402FR-0710KL', Gtin: '09501101530003', Qty: 2500, LotCode: 'LOT-7A', ExpireDate: '2025-06-30' },
    'GS1',
  );

  it('a GS1 DataMatrix scan with its ]d2 prefix, FNC1 as GS, and day 00 as the last day of the month', () => {
    const scan = `]d201095011015300031725060010LOT-7A${GS}302500${GS}240RC0402FR-0710KL`;
    expect(parseBarcode(scan, [])).toEqual(expected);
  });

  it('the same data without a symbology prefix (a leading FNC1, or none) and with ]C1 / ]Q3', () => {
    const body = `010950110153000317250600${'10LOT-7A'}${GS}302500${GS}240RC0402FR-0710KL`;
    for (const scan of [body, `${GS}${body}`, `]C1${body}`, `]Q3${body}`, `${body}\r\n`]) expect(parseBarcode(scan, [])).toEqual(expected);
  });

  it('fixed-length AIs back to back (01, 17, 11 with no separator), a GS after a fixed field tolerated', () => {
    const scan = `]C10109501101530003172402001124011510A1${GS}3712${GS}21SN0001${GS}422156${GS}241CUST-9`;
    expect(parseBarcode(scan, [])).toEqual(
      reel(
        { PartCode: '09501101530003', CustomerPart: 'CUST-9', Gtin: '09501101530003', Qty: 12, LotCode: 'A1', DateCode: '2024-01-15', ExpireDate: '2024-02-29', Serial: 'SN0001', Country: '156' },
        'GS1',
      ),
    );
    expect(parseGs1(`0109501101530003${GS}17250228`)).toEqual({ '01': '09501101530003', '17': '2025-02-28' });
  });

  it('the human-readable form printed under the bars', () => {
    expect(parseBarcode('(01)09501101530003(17)250600(10)LOT-7A(30)2500(240)RC0402FR-0710KL', [])).toEqual(expected);
    expect(parseBarcode('(00)095011015300000010(02)09501101530003(37)40(15)251100(250)SEC-1(400)PO-77', [])).toEqual(
      reel({ PartCode: '09501101530003', Gtin: '09501101530003', Qty: 40, ExpireDate: '2025-11-30', Serial: 'SEC-1' }, 'GS1'),
    );
  });

  it('day 00: the last day of that month, leap years included', () => {
    expect(['240200', '250200', '250400', '251200', '250615'].map((value) => gs1Date(value))).toEqual(['2024-02-29', '2025-02-28', '2025-04-30', '2025-12-31', '2025-06-15']);
    expect(['251300', '250230', '25063'].map((value) => gs1Date(value))).toEqual([null, null, null]);
  });

  it('a GS1 scan with no quantity is no reel: nothing reads it', () => {
    expect(refusalOf(() => parseBarcode(`0109501101530003${'10LOT'}`, []))).toEqual({
      status: 400,
      zh: '没有条码解析规则能识别此条码（供应商：-），请检查条码或维护条码解析规则',
      en: 'No barcode parsing rule reads this barcode (vendor: -); check the barcode or the barcode parsing rules',
    });
  });

  it('any GS1 string built from valid AI values parses back to them (property)', () => {
    const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
    const text = (max: number) => fc.string({ unit: fc.constantFrom(...'ABCXYZ0123456789-./_abc'), minLength: 1, maxLength: max });
    const withCheckDigit = (n: number) => digits(n).map((body) => `${body}${gs1CheckDigit(body)}`);
    const date = fc.tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 28 }))
      .map(([y, m, d]) => [y, m, d].map((n) => String(n).padStart(2, '0')).join(''));
    const element = fc.oneof(
      fc.tuple(fc.constant('00'), withCheckDigit(17)),
      fc.tuple(fc.constantFrom('01', '02'), withCheckDigit(13)),
      fc.tuple(fc.constantFrom('10', '21'), text(20)),
      fc.tuple(fc.constantFrom('11', '13', '15', '17'), date),
      fc.tuple(fc.constantFrom('30', '37'), digits(1).chain((first) => digits(7).map((rest) => (first + rest).slice(0, 1 + (Number(first) % 8))))),
      fc.tuple(fc.constantFrom('240', '241', '250', '400'), text(30)),
      fc.tuple(fc.constant('422'), digits(3)),
    );
    const elements = fc.uniqueArray(element, { minLength: 1, maxLength: 8, selector: ([ai]) => ai });
    fc.assert(
      fc.property(elements, fc.constantFrom('', ']C1', ']d2', ']Q3', GS), (pairs, prefix) => {
        const parsed = parseGs1(buildGs1(pairs, prefix));
        const wanted = Object.fromEntries(pairs.map(([ai, value]) => [ai, ['11', '13', '15', '17'].includes(ai) ? gs1Date(value) : value]));
        expect(parsed).toEqual(wanted);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a GTIN or SSCC whose check digit is wrong (a misread), in both languages', () => {
    expect(refusalOf(() => parseBarcode(`]C10109501101530004${'10'}LOT-7A`, []))).toEqual({
      status: 400,
      zh: 'GS1 条码无效：应用标识符 (01) 的校验位不对，“09501101530004”（扫描有误或标签印错）',
      en: 'Invalid GS1 barcode: the check digit of the application identifier (01) is wrong in "09501101530004" (a misread or a misprinted label)',
    });
    expect(refusalOf(() => parseBarcode('(00)106141411234567890', [])).en).toContain('the check digit of the application identifier (00)');
    expect(parseGs1('(00)106141411234567897')).toEqual({ '00': '106141411234567897' });
  });

  it("reads a two-digit year by GS1's sliding century window around today", () => {
    const today = new Date('2026-11-25T00:00:00Z');
    expect(gs1Year(26, today)).toBe(2026);
    expect(gs1Year(76, today)).toBe(2076); // 50 ahead: this century
    expect(gs1Year(77, today)).toBe(1977); // 51 ahead: the last one
    expect(gs1Year(0, today)).toBe(2000);
    const late = new Date('2090-06-01T00:00:00Z');
    expect(gs1Year(40, late)).toBe(2140); // 50 behind: the next century
    expect(gs1Year(41, late)).toBe(2041);
    expect(gs1Date('770600', { today })).toBe('1977-06-30');
    expect(gs1Date('280200', { today })).toBe('2028-02-29');
  });

  it('a bare scan that only starts with digits is no GS1: "no rule reads it", not a GS1 error', () => {
    const noRule = 'No barcode parsing rule reads this barcode (vendor: -); check the barcode or the barcode parsing rules';
    for (const scan of ['0603-10K*100', '1234567', '(PN)ABC', '0109501101530003']) expect(refusalOf(() => parseBarcode(scan, [])).en, scan).toBe(noRule);
    // An ECIA label without a quantity is not blamed on GS1 either.
    expect(refusalOf(() => parseBarcode(buildEcia([['P', 'X']]), [])).en).toBe(noRule);
    // FNC1 between digit fields is GS1 even without a prefix.
    expect(refusalOf(() => parseBarcode(`0109501101530003${GS}9912`, [])).en).toBe(noRule);
    expect(refusalOf(() => parseBarcode(`01095011015300${GS}302`, [])).en).toBe('Invalid GS1 barcode: the application identifier (01) needs 14 characters, got "095011015300"');
  });

  it('malformed GS1 is refused with the reason, in zh-chs and en', () => {
    expect(refusalOf(() => parseBarcode(`]C1010950110153000323ABC${GS}302500`, []))).toEqual({
      status: 400,
      zh: 'GS1 条码无效：未知的应用标识符 23',
      en: 'Invalid GS1 barcode: unknown application identifier 23',
    });
    expect(refusalOf(() => parseBarcode(']d201095011015300', []))).toEqual({
      status: 400,
      zh: 'GS1 条码无效：应用标识符 (01) 应为 14 位，实际为“095011015300”',
      en: 'Invalid GS1 barcode: the application identifier (01) needs 14 characters, got "095011015300"',
    });
    expect(refusalOf(() => parseBarcode(`]d20109501101530003${'17'}251332${'30'}10`, []))).toEqual({
      status: 400,
      zh: '条码中的日期“251332”无效',
      en: 'The date "251332" in the barcode is invalid',
    });
    expect(refusalOf(() => parseBarcode('(01)09501101530003(99', []))).toMatchObject({ en: 'Invalid GS1 barcode: unknown application identifier (99' });
    expect(refusalOf(() => parseBarcode(`]C10109501101530003${'10'}LOT-ABCDEFGHIJKLMNOPQRSTU302500`, []))).toEqual({
      status: 400,
      zh: 'GS1 条码无效：应用标识符 (10) 的数据应为 1 到 20 个字符，实际为“LOT-ABCDEFGHIJKLMNOPQRSTU302500”（是否缺少分隔符 GS？）',
      en: 'Invalid GS1 barcode: the application identifier (10) takes 1 to 20 characters, got "LOT-ABCDEFGHIJKLMNOPQRSTU302500" (is a GS separator missing?)',
    });
  });
});

describe('ECIA EIGP 114 / MH10.8.2', () => {
  // A distributor's reel label: P our part, 1P the maker's, 30P the distributor's, Q vs 13Q, 9D vs 10D.
  const digikey = `[)>${RS}06${GS}PRC0402FR-0710KL${GS}1PRC0402FR-0710KL-MFR${GS}30P311-10.0KLRCT-ND${GS}K${GS}1K78934123${GS}10K91276355${GS}9D2348${GS}1TLOT4471${GS}4LTW${GS}Q5000${GS}13Q2${GS}11ZPICK${RS}${EOT}`;

  it('an envelope with RS/GS/EOT: the longest DI wins (P vs 1P vs 30P, Q vs 13Q)', () => {
    expect(parseBarcode(digikey, [])).toEqual(
      reel(
        { PartCode: 'RC0402FR-0710KL', MfrPart: 'RC0402FR-0710KL-MFR', CustomerPart: 'RC0402FR-0710KL', Qty: 5000, LotCode: 'LOT4471', DateCode: '2348', Country: 'TW' },
        'ECIA',
      ),
    );
  });

  it('13Q before Q, 1P before P, 10D over 9D, 14D an expiry date, no trailer', () => {
    const scan = `[)>${RS}06${GS}13Q3${GS}1PLM358DR${GS}10D2401${GS}9D2352${GS}14D20270131${GS}SSN-9${GS}Q2500${GS}1T2401A`;
    expect(parseBarcode(scan, [])).toEqual(
      reel({ PartCode: 'LM358DR', MfrPart: 'LM358DR', Qty: 2500, LotCode: '2401A', DateCode: '2401', ExpireDate: '2027-01-31', Serial: 'SN-9' }, 'ECIA'),
    );
    expect(parseBarcode(buildEcia([['30P', 'DIST-1'], ['Q', '10']]), [])).toMatchObject({ PartCode: 'DIST-1', MfrPart: null, Qty: 10 });
  });

  it('a wedge scanner’s envelope without its RS, with a stray > (Mouser labels)', () => {
    const scan = `>[)>06${GS}K4500123${GS}14K010${GS}1PGRM155R71C104KA88D${GS}Q10000${GS}11K66188553${GS}4LJP${GS}1VMurata`;
    expect(parseBarcode(scan, [])).toEqual(
      reel({ PartCode: 'GRM155R71C104KA88D', MfrPart: 'GRM155R71C104KA88D', Qty: 10000, Country: 'JP' }, 'ECIA'),
    );
  });

  it('a field without a data identifier is refused', () => {
    expect(refusalOf(() => parseBarcode(`[)>${RS}06${GS}PABC${GS}-5000${RS}${EOT}`, []))).toEqual({
      status: 400,
      zh: 'ECIA 条码无效：字段“-5000”没有数据标识符',
      en: 'Invalid ECIA barcode: the field "-5000" has no data identifier',
    });
  });

  it('the test bench shows the invisible separators and takes them typed', () => {
    expect(showSeparators(buildEcia([['P', 'X'], ['Q', '1']]))).toBe('[)>␞06␝PX␝Q1␞␄');
    expect(typedSeparators('[)>␞06␝PX<GS>Q1␞␄')).toBe(buildEcia([['P', 'X'], ['Q', '1']]));
  });
});

describe('delimited, fixed and regex rules', () => {
  const rule = (code: string, kind: string, settings: unknown, extra: Partial<BarcodeRuleRow> = {}): BarcodeRuleRow => ({
    code, name: `${kind} rule`, kind, settings: JSON.stringify(settings), enabled: true, priority: 10, vendor_code: null, ...extra,
  });

  it('delimiter and positions', () => {
    const rules = [rule('D1', 'DELIMITED', { delimiter: '|', fields: { PartCode: 1, Qty: 2, LotCode: 3, DateCode: 4, ExpireDate: 5 } })];
    expect(parseBarcode('RC0402-10K|5000|L2311|2311|20261231', rules)).toEqual(
      reel({ PartCode: 'RC0402-10K', Qty: 5000, LotCode: 'L2311', DateCode: '2311', ExpireDate: '2026-12-31' }, 'D1 DELIMITED rule'),
    );
  });

  it('fixed positions (1-based start and length, blanks trimmed, the whole length checked)', () => {
    const rules = [
      rule('F1', 'FIXED', { length: 27, fields: { PartCode: { start: 1, length: 13 }, Qty: { start: 14, length: 6 }, LotCode: { start: 20, length: 6 }, Country: { start: 26, length: 2 } } }),
    ];
    expect(parseBarcode('C0402X7R104K 003000L2311ACN', rules)).toEqual(reel({ PartCode: 'C0402X7R104K', Qty: 3000, LotCode: 'L2311A', Country: 'CN' }, 'F1 FIXED rule'));
    expect(refusalOf(() => parseBarcode('C0402X7R104K 003000L2311ACNX', rules)).status).toBe(400);
  });

  it('a regular expression with named groups (others mapped by fields)', () => {
    const rules = [
      rule('R1', 'REGEX', { pattern: '^PN:(?<PartCode>[^;]+);QTY:(?<Qty>\\d+);LOT:(?<lot>\\w+)(?:;EXP:(?<ExpireDate>\\d{8}))?$', fields: { LotCode: 'lot' } }),
    ];
    expect(refusalOf(() => parseBarcode('PN:ABC-1;QTY:0100;LOT:L9;EXP:20260300', rules)).en).toBe('The date "20260300" in the barcode is invalid');
    expect(parseBarcode('PN:ABC-1;QTY:0100;LOT:L9;EXP:20260331', rules)).toEqual(
      reel({ PartCode: 'ABC-1', Qty: 100, LotCode: 'L9', ExpireDate: '2026-03-31' }, 'R1 REGEX rule'),
    );
    // A match without a positive quantity is no match.
    expect(refusalOf(() => parseBarcode('PN:ABC-1;QTY:0;LOT:L9', rules)).status).toBe(400);
  });

  it('the vendor’s rules first, then the global ones, each by priority; a disabled rule is ignored', () => {
    const pattern = { pattern: '^(?<PartCode>[A-Z0-9-]+)\\*(?<Qty>\\d+)$' };
    const rules = [
      rule('G-LATE', 'REGEX', pattern, { priority: 20 }),
      rule('G-EARLY', 'REGEX', pattern, { priority: 5 }),
      rule('V-RULE', 'REGEX', pattern, { priority: 50, vendor_code: 'V0001' }),
      rule('V-OFF', 'REGEX', pattern, { priority: 1, vendor_code: 'V0001', enabled: false }),
      rule('V-OTHER', 'REGEX', pattern, { priority: 1, vendor_code: 'V0002' }),
    ];
    expect(parseBarcode('X-1*5', rules, 'V0001').Rule).toBe('V-RULE REGEX rule');
    expect(parseBarcode('X-1*5', rules).Rule).toBe('G-EARLY REGEX rule');
    expect(parseBarcode('X-1*5', rules, 'V0003').Rule).toBe('G-EARLY REGEX rule');
    expect(parseBarcode('X-1*5', rules.filter((r) => r.code !== 'G-EARLY'), 'V0009').Rule).toBe('G-LATE REGEX rule');
  });

  it('the settings examples the screen shows are valid and read their labels', () => {
    for (const kind of BARCODE_RULE_KINDS) expect(ruleSettingsProblem({ code: kind, name: kind, kind, settings: SETTINGS_EXAMPLES[kind] }), kind).toBeNull();
    const example = (kind: keyof typeof SETTINGS_EXAMPLES) => [{ code: `EX-${kind}`, name: 'example', kind, settings: SETTINGS_EXAMPLES[kind], priority: 1 }];
    expect(parseBarcode('PN:ABC-1;QTY:20;LOT:L1', example('REGEX'))).toMatchObject({ PartCode: 'ABC-1', Qty: 20, LotCode: 'L1', Rule: 'EX-REGEX example' });
    expect(parseBarcode('A-1|20|L1|2401', example('DELIMITED'))).toMatchObject({ PartCode: 'A-1', Qty: 20, LotCode: 'L1', DateCode: '2401' });
    expect(parseBarcode(`0109501101530003${'241'}CUST-1${GS}3020`, example('GS1'))).toMatchObject({ PartCode: 'CUST-1', Qty: 20, Rule: 'EX-GS1 example' });
    expect(parseBarcode(buildEcia([['P', 'OURS'], ['1P', 'MAKER'], ['Q', '3']]), example('ECIA'))).toMatchObject({ PartCode: 'MAKER', CustomerPart: 'OURS', Qty: 3 });
    expect(ruleSettingsProblem({ code: 'X', name: 'X', kind: 'CUSTOM', settings: 'anything' })).toBeNull();
    expect(ruleSettingsProblem({ code: 'X', name: 'X', kind: 'DELIMITED', settings: '{"delimiter":",","fields":{"Qty":0}}' })).toBe('fields.Qty');
  });

  it('a rule with broken settings is named when nothing else reads the scan', () => {
    expect(refusalOf(() => parseBarcode('A*1', [rule('BAD', 'REGEX', { pattern: '(' })]))).toEqual({
      status: 400,
      zh: '条码解析规则 BAD 的设置无效：pattern',
      en: 'The settings of the barcode parsing rule BAD are invalid: pattern',
    });
  });
});

describeServer('BarcodeRule/Parse', {}, (server) => {
  it('reads a scan by the organisation’s rules over HTTP: the vendor’s rule beats a global one, a disabled one is ignored', async () => {
    const token = await adminToken(server);
    const vendor = await createSample(server, token, vendorEntity);
    const save = (code: string, fields: Record<string, unknown>) =>
      server.call('POST', '/BarcodeRule/AddOrModifySave', {
        token,
        body: { code, name: `${code} rule`, vendor_code: null, priority: 10, kind: 'REGEX', enabled: true, ...fields },
      });
    const marker = `M${Date.now().toString(36)}`;
    const settings = JSON.stringify({ pattern: `^${marker}:(?<PartCode>[^*]+)\\*(?<Qty>\\d+)$` });
    expect((await save(`${marker}-G`, { settings, priority: 5 })).status).toBe(200);
    expect((await save(`${marker}-V`, { settings, priority: 50, vendor_code: vendor.code })).status).toBe(200);
    expect((await save(`${marker}-OFF`, { settings, priority: 1, vendor_code: vendor.code, enabled: false })).status).toBe(200);

    const parse = (body: unknown, language?: 'en') => server.call('POST', '/BarcodeRule/Parse', { token, body, language });
    const byVendor = await parse({ Barcode: `${marker}:P-1*250`, VendorCode: vendor.code });
    expect(byVendor.status).toBe(200);
    expect(byVendor.body.data).toEqual(reel({ PartCode: 'P-1', Qty: 250 }, `${marker}-V ${marker}-V rule`));
    expect((await parse({ Barcode: `${marker}:P-1*250` })).body.data.Rule).toBe(`${marker}-G ${marker}-G rule`);

    // The built-in readers work with no rule of theirs stored.
    const gs1 = await parse({ Barcode: `]d2010950110153000317250600${'10'}LOT-7A${GS}302500` });
    expect(gs1.body.data).toMatchObject({ Gtin: '09501101530003', PartCode: '09501101530003', Qty: 2500, ExpireDate: '2025-06-30', Rule: 'GS1' });
  });

  it('refuses a scan nothing reads, a malformed one, and one too long, with the message in both languages', async () => {
    const token = await adminToken(server);
    const parse = (body: unknown, language?: 'en') => server.call('POST', '/BarcodeRule/Parse', { token, body, language });
    const none = await parse({ Barcode: 'HELLO WORLD', VendorCode: 'NOPE' });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('没有条码解析规则能识别此条码（供应商：NOPE），请检查条码或维护条码解析规则');
    expect((await parse({ Barcode: 'HELLO WORLD' }, 'en')).body.msg).toBe(
      'No barcode parsing rule reads this barcode (vendor: -); check the barcode or the barcode parsing rules',
    );
    const broken = await parse({ Barcode: ']C101095011015300' }, 'en');
    expect([broken.status, broken.body.msg]).toEqual([400, 'Invalid GS1 barcode: the application identifier (01) needs 14 characters, got "095011015300"']);
    const long = await parse({ Barcode: 'A'.repeat(4097) }, 'en');
    expect([long.status, long.body.msg]).toEqual([400, 'Bad request: the field body.Barcode must not be longer than 4096 characters']);
  });

  it('is granted with the rule screen or a scanning menu, refused without', async () => {
    const tokenWith = async (menuCode: string) => {
      const roleId = `role-barcode-${menuCode}-${Date.now().toString(36)}`;
      await server.db.insertInto('roles').values({ id: roleId, name: roleId, role_type: 'NORMAL' }).execute();
      const menu = await server.db.selectFrom('menus').select('id').where('menu_code', '=', menuCode).executeTakeFirstOrThrow();
      await server.db.insertInto('role_menus').values({ role_id: roleId, menu_id: menu.id, app_code: PORTAL_APP_CODE }).execute();
      const user = await server.createUser({ roleId });
      return (await server.login(user.userName, user.password, 'org-f01')).Token;
    };
    const body = { Barcode: `[)>${RS}06${GS}PX-1${GS}Q5${RS}${EOT}` };
    for (const menuCode of ['ReelParseRule', 'PdaReceiveScan', 'PdaReelQuery']) {
      const answer = await server.call('POST', '/BarcodeRule/Parse', { token: await tokenWith(menuCode), body });
      expect([menuCode, answer.status, answer.body.data?.PartCode]).toEqual([menuCode, 200, 'X-1']);
    }
    expect((await server.call('POST', '/BarcodeRule/Parse', { token: await tokenWith('WarehouseStock'), body })).status).toBe(403);
  });
});
