/**
 * Stocktaking (issue 20; server/modules/stocktake): a count plan over a storage location, its scope
 * frozen while counting (the ledger refuses receipts, picks and moves there with the reason), a count
 * with variances (a reel short, one missing, one found elsewhere in scope, one found from outside,
 * loose stock typed), the re-count of the variances by another counter, approval by a user with the
 * button, and the posting through the ledger: afterwards the stock is what was counted, the ledger
 * sums to the balances and the reels, and the scope is open again.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { applyStockMoves, type StockCaller } from '../../server/modules/stock/ledger.ts';
import { masterEntities } from '../../src/shared/masterdata/entities/index.ts';
import { translate } from '../../src/shared/messages/catalogue.ts';
import { adminToken, createSample, F01 } from './support/masterdata.ts';
import { roleWith, tokenWith } from './support/roles.ts';
import { refusalOf, stockDisagreements } from './support/stock.ts';
import { describeServer } from './support/test-server.ts';

const entity = (resource: string) => masterEntities.find((e) => e.resource === resource)!;
const caller: StockCaller = { orgId: F01, userId: 'user-stocktake-test', userName: 'stocktake-test' };
const PART = 'CAP-00008';
const LOOSE_PART = 'RES-00001';
const OUTSIDE = { sic: 'RAW01', loc: 'RAW01-01' };

describeServer('stocktaking', {}, (server) => {
  const call = (token: string, op: string, body: Record<string, unknown>, language?: 'en') => server.call('POST', `/Stocktake/${op}`, { token, body, language });
  const reelCode = () => `ST-T-${randomBytes(4).toString('hex')}`;
  const receive = async (to: { sic: string; loc: string }, qty: string, part = PART) => {
    const code = reelCode();
    await applyStockMoves(server.db, caller, [{ kind: 'receive', reelCode: code, to, qty, reel: { partCode: part, lotCode: 'L1' } }]);
    return code;
  };
  const reel = (code: string) =>
    server.db.selectFrom('stock_reels').select(['status', 'qty', 'sic', 'loc']).where('org_id', '=', F01).where('reel_code', '=', code).executeTakeFirstOrThrow();

  it('counts with variances, re-counts them by another counter, approves and posts them through the ledger; the scope is frozen meanwhile', async () => {
    const admin = await adminToken(server);
    // A storage location of the test's own, with two locators: its stock is the test's only.
    const sic = String((await createSample(server, admin, entity('StorageLocation'))).code);
    const l1 = String((await createSample(server, admin, entity('Locator'), { storage_location_code: sic })).code);
    const l2 = String((await createSample(server, admin, entity('Locator'), { storage_location_code: sic })).code);
    const P1 = { sic, loc: l1 };
    const P2 = { sic, loc: l2 };
    const a = await receive(P1, '100');
    const b = await receive(P1, '200');
    const c = await receive(P2, '50');
    const d = await receive(P2, '30');
    const e = await receive(OUTSIDE, '70');

    const counter = await tokenWith(server, [{ menuCode: 'Stocktake', buttonCode: 'Count' }]);
    const second = await tokenWith(server, [{ menuCode: 'Stocktake', buttonCode: 'Count' }]);
    // Only a user with the button approves.
    const created = await call(admin, 'Create', { Description: 'year end', Sics: [sic], Blind: true, RecountByOther: true });
    expect(created.status).toBe(200);
    const plan = created.body.data;
    expect(plan.Status).toBe('DRAFT');
    expect((await call(counter, 'Create', { Sics: [sic] })).status).toBe(403);

    const started = await call(admin, 'Start', { Id: plan.Id });
    expect(started.status).toBe(200);
    expect(started.body.msg).toBe(translate('zh-chs', 'stocktakeStarted', { plan: plan.Code, count: 4 }));

    // Frozen: no pick, receipt or move into or out of the scope while counting; reserving goes on.
    const frozen = await refusalOf(applyStockMoves(server.db, caller, [{ kind: 'issue', reelCode: a, billCode: 'WO-X' }]));
    expect(frozen.status).toBe(409);
    expect(frozen.zh).toBe(translate('zh-chs', 'stockPlaceFrozen', { sic, loc: l1, part: PART, plan: plan.Code }));
    expect(frozen.en).toContain('cannot be received, picked or moved until the count ends');
    expect((await refusalOf(receive(P2, '5'))).zh).toContain('正在盘点');
    expect((await refusalOf(applyStockMoves(server.db, caller, [{ kind: 'transfer', reelCode: e, to: P1 }]))).status).toBe(409);
    expect((await reel(a)).status).toBe('IN_STOCK');

    // Blind: the counter does not see what is expected; the approver does.
    const view = await call(counter, 'Get', { Id: plan.Id });
    expect(view.body.data.ShowsExpected).toBe(false);
    expect(view.body.data.Lines.every((l: { ExpectedQty: string | null }) => l.ExpectedQty === null)).toBe(true);
    expect((await call(admin, 'Get', { Id: plan.Id })).body.data.ShowsExpected).toBe(true);

    // The count: a as expected (scan), b short (typed), c not counted (missing), d found on the other
    // locator, e found from outside the scope, loose stock typed.
    expect((await call(counter, 'Count', { Id: plan.Id, ReelCode: a })).body.data.CountedQty).toBe('100');
    expect((await call(counter, 'Count', { Id: plan.Id, ReelCode: b, Qty: '180' })).status).toBe(200);
    expect((await call(counter, 'Count', { Id: plan.Id, ReelCode: d, Sic: sic, Loc: l1 })).body.data.CountedLoc).toBe(l1);
    const notExpected = await call(counter, 'Count', { Id: plan.Id, ReelCode: e });
    expect(notExpected.body.msg).toBe(translate('zh-chs', 'stocktakePlaceRequired', { reel: e }));
    expect((await call(counter, 'Count', { Id: plan.Id, ReelCode: e, Sic: sic, Loc: l2 })).body.data.Kind).toBe('FOUND');
    expect((await call(counter, 'Count', { Id: plan.Id, ReelCode: e, Sic: OUTSIDE.sic, Loc: OUTSIDE.loc })).body.msg).toBe(
      translate('zh-chs', 'stocktakeOutOfScope', { part: PART, sic: OUTSIDE.sic, loc: OUTSIDE.loc, plan: plan.Code }),
    );
    expect((await call(counter, 'Count', { Id: plan.Id, PartCode: LOOSE_PART, Sic: sic, Loc: l2, Qty: '12' })).body.data.Kind).toBe('LOOSE');
    expect((await call(counter, 'Count', { Id: plan.Id, ReelCode: a, Qty: '-1' })).status).toBe(400);
    const progress = (await call(admin, 'Get', { Id: plan.Id })).body.data;
    expect([progress.Counted, progress.Total, progress.Variances]).toEqual([5, 6, 5]);

    // Re-count of the variances (b, c, d, e and the loose stock), by another counter than the first.
    expect((await call(counter, 'Recount', { Id: plan.Id })).status).toBe(403);
    const recountToken = await tokenWith(server, [{ menuCode: 'Stocktake', buttonCode: 'Recount' }]);
    const recount = await call(recountToken, 'Recount', { Id: plan.Id });
    expect(recount.status).toBe(200);
    expect(recount.body.msg).toBe(translate('zh-chs', 'stocktakeRecountStarted', { count: 5 }));
    expect((await call(counter, 'Count', { Id: plan.Id, ReelCode: a })).body.msg).toBe(translate('zh-chs', 'stocktakeNotForRecount', { reel: a }));
    const same = await call(counter, 'Count', { Id: plan.Id, ReelCode: b, Qty: '190' });
    expect(same.status).toBe(409);
    expect(same.body.msg).toContain('复盘须由其他盘点人完成');
    expect((await call(second, 'Count', { Id: plan.Id, ReelCode: b, Qty: '190' })).body.data.RecountQty).toBe('190');
    // Not yet re-counted: the approval is refused, nothing is posted.
    const early = await call(admin, 'Approve', { Id: plan.Id });
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe(translate('zh-chs', 'stocktakeRecountOpen', { count: 4 }));
    // In a re-count the progress is of the lines to re-count, the same on the plan and on the terminal's list.
    const recounting = (await call(admin, 'Get', { Id: plan.Id })).body.data;
    expect([recounting.Counted, recounting.Total]).toEqual([1, 5]);
    expect((await call(admin, 'Counting', {})).body.data.find((p: { Id: string }) => p.Id === plan.Id)).toMatchObject({ Status: 'RECOUNT', Counted: 1, Total: 5 });
    expect((await call(second, 'Count', { Id: plan.Id, ReelCode: c, Qty: '0' })).status).toBe(200);
    expect((await call(second, 'Count', { Id: plan.Id, ReelCode: d, Sic: sic, Loc: l1 })).status).toBe(200);
    expect((await call(second, 'Count', { Id: plan.Id, ReelCode: e })).status).toBe(200);
    expect((await call(second, 'Count', { Id: plan.Id, PartCode: LOOSE_PART, Sic: sic, Loc: l2, Qty: '12' })).status).toBe(200);

    // Approval (the button) posts the differences through the ledger.
    expect((await call(counter, 'Approve', { Id: plan.Id })).status).toBe(403);
    const approved = await call(admin, 'Approve', { Id: plan.Id });
    expect(approved.status).toBe(200);
    expect(approved.body.data.Status).toBe('POSTED');
    expect(approved.body.msg).toBe(translate('zh-chs', 'stocktakePosted', { plan: plan.Code, count: 5 }));

    expect(await reel(a)).toMatchObject({ status: 'IN_STOCK', sic, loc: l1 });
    expect(Number((await reel(b)).qty)).toBe(190);
    expect(await reel(c)).toMatchObject({ status: 'SCRAPPED', sic: null });
    expect(await reel(d)).toMatchObject({ status: 'IN_STOCK', sic, loc: l1 });
    expect(await reel(e)).toMatchObject({ status: 'IN_STOCK', sic, loc: l2 });
    const loose = await server.db.selectFrom('stock_reels').select(['qty', 'part_code', 'loc']).where('org_id', '=', F01).where('bill_code', '=', plan.Code).execute();
    expect(loose.map((r) => [r.part_code, r.loc, Number(r.qty)])).toEqual([[LOOSE_PART, l2, 12]]);

    // The ledger equals the counted stock: the balances of the scope are what was counted, and they agree with the reels and postings.
    const { rows: balances } = await sql<{ part_code: string; loc: string; on_hand: string }>`
      select part_code, loc, on_hand from stock_balances where org_id = ${F01} and sic = ${sic} and on_hand <> 0 order by part_code, loc`.execute(server.db);
    expect(balances.map((r) => [r.part_code, r.loc, Number(r.on_hand)])).toEqual([
      [PART, l1, 100 + 190 + 30],
      [PART, l2, 70],
      [LOOSE_PART, l2, 12],
    ]);
    expect(await stockDisagreements(server.db, F01)).toEqual([]);
    // b's loss, c written off, the loose stock as a new reel (ADJUST); d and e moved to where they were counted (TRANSFER).
    const { rows: postings } = await sql<{ kind: string; n: number }>`
      select kind, count(*)::int as n from stock_transactions where org_id = ${F01} and bill_code = ${plan.Code} group by kind order by kind`.execute(server.db);
    expect(postings).toEqual([{ kind: 'ADJUST', n: 3 }, { kind: 'TRANSFER', n: 2 }]);

    // Posted: the scope is open again, the plan is closed.
    await applyStockMoves(server.db, caller, [{ kind: 'issue', reelCode: a, billCode: 'WO-X' }]);
    expect((await reel(a)).status).toBe('ISSUED');
    expect((await call(second, 'Count', { Id: plan.Id, ReelCode: b }, 'en')).body.msg).toBe(
      translate('en', 'stocktakeWrongStatus', { plan: plan.Code, status: { message: 'stocktakeStatusPOSTED' }, action: { message: 'stocktakeActionCount' } }),
    );
  }, 120_000);

  it('refuses an overlapping count and unfreezes a cancelled one', async () => {
    const admin = await adminToken(server);
    const sic = String((await createSample(server, admin, entity('StorageLocation'))).code);
    const loc = String((await createSample(server, admin, entity('Locator'), { storage_location_code: sic })).code);
    const first = (await call(admin, 'Create', { Sics: [sic] })).body.data;
    const second = (await call(admin, 'Create', { Sics: [sic], Parts: [PART] })).body.data;
    expect((await call(admin, 'Create', { Sics: ['NO-SUCH-SIC'] })).body.msg).toBe(
      translate('zh-chs', 'stocktakeScopeUnknown', { what: { message: 'stocktakeWhatSic' }, code: 'NO-SUCH-SIC' }),
    );
    expect((await call(admin, 'Start', { Id: first.Id })).status).toBe(200);
    expect((await call(admin, 'Start', { Id: second.Id })).body.msg).toBe(translate('zh-chs', 'stocktakeScopeOverlaps', { plan: first.Code }));
    expect((await refusalOf(receive({ sic, loc }, '5'))).status).toBe(409);
    expect((await call(admin, 'Recount', { Id: first.Id })).body.msg).toBe(translate('zh-chs', 'stocktakeNoVariance'));
    expect((await call(admin, 'Cancel', { Id: first.Id })).body.data.Status).toBe('CANCELLED');
    const code = await receive({ sic, loc }, '5');
    expect((await reel(code)).status).toBe('IN_STOCK');
  }, 60_000);
  it('counts by ABC class (a cycle count): the plan takes the parts of those classes, within the parts given, and says so', async () => {
    const admin = await adminToken(server);
    const sic = String((await createSample(server, admin, entity('StorageLocation'))).code);
    const classOf = async (abc: string) =>
      (await sql<{ part_code: string }>`select part_code from md_part_extension where org_id = ${F01} and abc_class = ${abc} order by part_code`.execute(server.db)).rows.map((row) => row.part_code);
    const classA = await classOf('A');
    expect(classA.length).toBeGreaterThan(1);

    const cycle = await call(admin, 'Create', { Sics: [sic], AbcClasses: ['A'] });
    expect(cycle.status).toBe(200);
    expect(cycle.body.data).toMatchObject({ AbcClasses: ['A'], Parts: classA });
    // Within the parts given; a part of another class is not counted.
    const classC = await classOf('C');
    const narrowed = await call(admin, 'Create', { Sics: [sic], Parts: [classA[0], classC[0]], AbcClasses: ['A'] });
    expect(narrowed.body.data.Parts).toEqual([classA[0]]);

    // A reel of a class-A part in the scope is frozen once the count starts; one of a class-C part is not.
    await call(admin, 'Cancel', { Id: narrowed.body.data.Id });
    const counted = await receive({ sic, loc: '' }, '10', classA[0]);
    const other = await receive({ sic, loc: '' }, '10', classC[0]);
    expect((await call(admin, 'Start', { Id: cycle.body.data.Id })).status).toBe(200);
    expect((await refusalOf(applyStockMoves(server.db, caller, [{ kind: 'issue', reelCode: counted, billCode: 'WO-ABC' }]))).zh).toContain('正在盘点');
    await applyStockMoves(server.db, caller, [{ kind: 'issue', reelCode: other, billCode: 'WO-ABC' }]);
    expect((await reel(other)).status).toBe('ISSUED');

    const empty = await call(admin, 'Create', { Parts: [classC[0]], AbcClasses: ['A'] }, 'en');
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('No part of the count scope is in the ABC class A');
    await call(admin, 'Cancel', { Id: cycle.body.data.Id });
  }, 60_000);
  it('counts from the scanning terminal (盘点扫描): the plans under way with their progress, a scan counts, approving stays the desktop’s', async () => {
    const admin = await adminToken(server);
    const sic = String((await createSample(server, admin, entity('StorageLocation'))).code);
    const first = await receive({ sic, loc: '' }, '40');
    await receive({ sic, loc: '' }, '60');
    const plan = (await call(admin, 'Create', { Sics: [sic], Description: 'PDA' })).body.data;
    // A counter with the terminal's 盘点扫描 only, not the desktop's 盘点.
    const roleId = await roleWith(server.db, []);
    const pdaMenu = await server.db.selectFrom('menus').select('id').where('menu_code', '=', 'PdaStocktake').executeTakeFirstOrThrow();
    await server.db.insertInto('role_menus').values({ role_id: roleId, menu_id: pdaMenu.id, app_code: 'PDA' }).execute();
    const counter = await server.createUser({ roleId });
    const operator = (await server.login(counter.userName, counter.password, F01)).Token;
    const counting = () => server.call('POST', '/Stocktake/Counting', { token: operator });
    expect((await counting()).body.data.some((p: { Id: string }) => p.Id === plan.Id)).toBe(false);

    await call(admin, 'Start', { Id: plan.Id });
    expect((await counting()).body.data.find((p: { Id: string }) => p.Id === plan.Id)).toEqual({ Id: plan.Id, Code: plan.Code, Description: 'PDA', Status: 'COUNTING', Counted: 0, Total: 2 });
    const counted = await call(operator, 'Count', { Id: plan.Id, ReelCode: first, Qty: '39' });
    expect(counted.status).toBe(200);
    expect(counted.body.data.CountedQty).toBe('39');
    expect((await counting()).body.data.find((p: { Id: string }) => p.Id === plan.Id)).toMatchObject({ Counted: 1, Total: 2 });
    expect((await call(operator, 'Approve', { Id: plan.Id })).status).toBe(403);
    expect((await call(operator, 'Get', { Id: plan.Id })).status).toBe(403);
    await call(admin, 'Cancel', { Id: plan.Id });
    expect((await counting()).body.data.some((p: { Id: string }) => p.Id === plan.Id)).toBe(false);
  }, 60_000);
});
