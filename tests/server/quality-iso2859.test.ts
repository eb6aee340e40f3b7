/**
 * Incoming quality inspection (issue 19): ISO 2859-1:1999 single sampling (= GB/T 2828.1-2012;
 * tables 2-A and 2-B are the ANSI/ASQ Z1.4 tables too), the switching rules, and Iqc/SamplePlan.
 * The expected values are the printed tables' (e.g. 281–500 items at level II is letter H; H at AQL
 * 0.65 is a ↓ to J: 80 items, Ac 1, Re 2 — the worked example most QC references give).
 */
import { describe, expect, it } from 'vitest';
import {
  AQL_VALUES,
  CODE_LETTERS,
  INSPECTION_LEVELS,
  SEVERITIES,
  codeLetterOf,
  masterCell,
  masterPlan,
  samplePlan,
  type InspectionLevel,
} from '../../src/shared/quality/iso2859.ts';
import { nextSwitchState, resume, runSwitching, START, type LotResult } from '../../src/shared/quality/switching.ts';
import { PORTAL_APP_CODE } from '../../server/db/seed/system-data.ts';
import { adminToken } from './support/masterdata.ts';
import { describeServer } from './support/test-server.ts';

const plan = (lotSize: number, level: InspectionLevel, aql: number, severity?: 'NORMAL' | 'TIGHTENED' | 'REDUCED') => {
  const p = samplePlan({ lotSize, level, aql, severity });
  return [p.codeLetter, p.planLetter, p.sampleSize, p.ac, p.re, p.fullInspection];
};

describe('Table 1: sample size code letters', () => {
  it('level II gives every letter A … Q at the edges of its lot-size band, III gives R above 500 000', () => {
    const bands: Array<[number, number, string]> = [
      [2, 8, 'A'], [9, 15, 'B'], [16, 25, 'C'], [26, 50, 'D'], [51, 90, 'E'], [91, 150, 'F'], [151, 280, 'G'], [281, 500, 'H'],
      [501, 1200, 'J'], [1201, 3200, 'K'], [3201, 10000, 'L'], [10001, 35000, 'M'], [35001, 150000, 'N'], [150001, 500000, 'P'],
      [500001, 10_000_000, 'Q'],
    ];
    for (const [from, to, letter] of bands) {
      expect([from, codeLetterOf(from, 'II')]).toEqual([from, letter]);
      expect([to, codeLetterOf(to, 'II')]).toEqual([to, letter]);
    }
    expect(codeLetterOf(500001, 'III')).toBe('R');
    expect(codeLetterOf(500000, 'III')).toBe('Q');
  });

  it('the special levels and levels I and III, band by band', () => {
    const lots = [2, 9, 16, 26, 51, 91, 151, 281, 501, 1201, 3201, 10001, 35001, 150001, 500001];
    const column = (level: InspectionLevel) => lots.map((lot) => codeLetterOf(lot, level)).join('');
    expect(column('S-1')).toBe('AAAABBBBCCCCDDD');
    expect(column('S-2')).toBe('AAABBBCCCDDDEEE');
    expect(column('S-3')).toBe('AABBCCDDEEFFGGH');
    expect(column('S-4')).toBe('AABCCDEEFGGHJJK');
    expect(column('I')).toBe('AABCCDEFGHJKLMN');
    expect(column('III')).toBe('BCDEFGHJKLMNPQR');
  });
});

describe('Tables 2-A, 2-B, 2-C: single sampling plans', () => {
  it('normal inspection, AQL 1.0 down every code letter (arrows followed to their plan)', () => {
    const column = CODE_LETTERS.map((letter) => {
      const p = masterPlan('NORMAL', letter, 1.0);
      return `${letter}:${p.planLetter} ${p.sampleSize} ${p.ac}/${p.re}`;
    });
    expect(column).toEqual([
      'A:E 13 0/1', 'B:E 13 0/1', 'C:E 13 0/1', 'D:E 13 0/1', 'E:E 13 0/1', 'F:E 13 0/1', 'G:H 50 1/2', 'H:H 50 1/2',
      'J:J 80 2/3', 'K:K 125 3/4', 'L:L 200 5/6', 'M:M 315 7/8', 'N:N 500 10/11', 'P:P 800 14/15', 'Q:Q 1250 21/22', 'R:Q 1250 21/22',
    ]);
  });

  it('a ↓ uses the plan below with ITS sample size, a ↑ the plan above with its own', () => {
    // 300 items, level II: H (50). AQL 0.65 is a ↓ to J: 80 items, 1/2; 0.15 a ↓ to J's 0/1.
    expect(masterCell('NORMAL', 'H', 0.65)).toBe('↓');
    expect(plan(300, 'II', 0.65)).toEqual(['H', 'J', 80, 1, 2, false]);
    expect(plan(300, 'II', 0.15)).toEqual(['H', 'J', 80, 0, 1, false]);
    expect(plan(300, 'II', 0.25)).toEqual(['H', 'H', 50, 0, 1, false]);
    // AQL 0.40 is a ↑ to G: 32 items, 0/1 (a smaller sample than H's 50).
    expect(masterCell('NORMAL', 'H', 0.4)).toBe('↑');
    expect(plan(300, 'II', 0.4)).toEqual(['H', 'G', 32, 0, 1, false]);
    // Above AQL 10 the ↑ runs up to the last plan of the column: J at AQL 25 → H, 50 items, 21/22.
    expect(plan(1000, 'II', 25)).toEqual(['J', 'H', 50, 21, 22, false]);
    expect(plan(1000, 'II', 1000)).toEqual(['J', 'B', 3, 44, 45, false]);
  });

  it('the worked examples: 2000 items at level II, AQL 1.0 → K, 125, 3/4; 1000 at AQL 2.5 → J, 80, 5/6', () => {
    expect(plan(2000, 'II', 1.0)).toEqual(['K', 'K', 125, 3, 4, false]);
    expect(plan(1000, 'II', 2.5)).toEqual(['J', 'J', 80, 5, 6, false]);
    expect(plan(50, 'II', 6.5)).toEqual(['D', 'D', 8, 1, 2, false]);
  });

  it('100 % inspection when the sample size reaches the lot size', () => {
    // 10 items: B, but AQL 0.10 is a ↓ to K's 125 items: all 10 are inspected, Ac 0.
    expect(plan(10, 'II', 0.1)).toEqual(['B', 'K', 10, 0, 1, true]);
    // Exactly equal: 13 items at level III is C (5)? No: 9–15 at III is C; 13 at AQL 1.0 → ↓ E 13 = the lot.
    expect(plan(13, 'III', 1.0)).toEqual(['C', 'E', 13, 0, 1, true]);
    expect(plan(14, 'III', 1.0)).toEqual(['C', 'E', 13, 0, 1, false]);
  });

  it('tightened inspection: smaller Ac at the same letter, and letter S (3150) only at AQL 0.025', () => {
    expect(plan(2000, 'II', 1.0, 'TIGHTENED')).toEqual(['K', 'K', 125, 2, 3, false]);
    expect(plan(2000, 'II', 2.5, 'TIGHTENED')).toEqual(['K', 'K', 125, 5, 6, false]);
    expect(plan(1000, 'II', 0.65, 'TIGHTENED')).toEqual(['J', 'K', 125, 1, 2, false]);
    expect(plan(1000, 'II', 0.65)).toEqual(['J', 'J', 80, 1, 2, false]);
    expect(plan(1000, 'II', 1.5, 'TIGHTENED')).toEqual(['J', 'J', 80, 2, 3, false]);
    // 0/1 moves one column right: normal J at 0.15 is 0/1, tightened J at 0.15 is a ↓ to K's 0/1.
    expect(plan(1000, 'II', 0.15, 'TIGHTENED')).toEqual(['J', 'K', 125, 0, 1, false]);
    expect(plan(600000, 'II', 0.025, 'TIGHTENED')).toEqual(['Q', 'S', 3150, 1, 2, false]);
    expect(plan(600000, 'III', 0.015, 'TIGHTENED')).toEqual(['R', 'Q', 1250, 0, 1, false]);
    expect(masterCell('TIGHTENED', 'S', 0.01)).toBeNull();
  });

  it('reduced inspection: the smaller sample sizes, Re = Ac + 1 (no gap since the 1999 edition)', () => {
    expect(plan(2000, 'II', 1.0, 'REDUCED')).toEqual(['K', 'K', 50, 2, 3, false]);
    expect(plan(2000, 'II', 4.0, 'REDUCED')).toEqual(['K', 'K', 50, 6, 7, false]);
    expect(plan(2000, 'II', 6.5, 'REDUCED')).toEqual(['K', 'K', 50, 8, 9, false]);
    expect(plan(2000, 'II', 10, 'REDUCED')).toEqual(['K', 'K', 50, 10, 11, false]);
    expect(plan(2000, 'II', 15, 'REDUCED')).toEqual(['K', 'J', 32, 10, 11, false]);
    expect(plan(300, 'II', 0.65, 'REDUCED')).toEqual(['H', 'K', 50, 1, 2, false]);
    expect(plan(300, 'II', 0.4, 'REDUCED')).toEqual(['H', 'G', 13, 0, 1, false]);
  });

  it('every cell of the three tables leads to a plan, Re = Ac + 1, and a larger AQL never accepts a smaller share of the sample', () => {
    for (const severity of SEVERITIES) {
      for (const letter of CODE_LETTERS) {
        let previous = -1;
        for (const aql of AQL_VALUES) {
          const p = masterPlan(severity, letter, aql);
          expect(p.re).toBe(p.ac + 1);
          const perItem = p.ac / p.sampleSize;
          expect(perItem, `${severity} ${letter} ${aql}`).toBeGreaterThanOrEqual(previous);
          previous = perItem;
        }
      }
    }
    for (const level of INSPECTION_LEVELS) expect(samplePlan({ lotSize: 2, level, aql: 0.01 }).fullInspection).toBe(true);
  });
});

describe('switching rules (ISO 2859-1 clause 9)', () => {
  const A: LotResult = { accepted: true, ac: 1 };
  const R: LotResult = { accepted: false, ac: 1 };

  it('normal → tightened when 2 of 5 or fewer consecutive lots are not accepted, not for 2 of 6', () => {
    expect(runSwitching([A, R, A, A, R, A]).severities).toEqual(['NORMAL', 'NORMAL', 'NORMAL', 'NORMAL', 'NORMAL', 'TIGHTENED']);
    expect(runSwitching([R, R, A]).severities).toEqual(['NORMAL', 'NORMAL', 'TIGHTENED']);
    const sixApart = runSwitching([R, A, A, A, A, R, A]);
    expect(sixApart.severities.every((s) => s === 'NORMAL')).toBe(true);
  });

  it('tightened → normal after 5 consecutive accepted lots; a rejection starts the count again', () => {
    const lots = [R, R, A, A, A, R, A, A, A, A, A, A];
    expect(runSwitching(lots).severities).toEqual([
      'NORMAL', 'NORMAL', 'TIGHTENED', 'TIGHTENED', 'TIGHTENED', 'TIGHTENED', 'TIGHTENED', 'TIGHTENED', 'TIGHTENED', 'TIGHTENED', 'TIGHTENED', 'NORMAL',
    ]);
  });

  it('5 lots not accepted under tightened inspection discontinue it; it resumes at tightened', () => {
    const { state } = runSwitching([R, R, R, A, R, A, R, R, R]);
    expect(state).toMatchObject({ severity: 'TIGHTENED', discontinued: true });
    expect(() => nextSwitchState(state, A)).toThrow(/discontinued/);
    expect(resume(state)).toMatchObject({ severity: 'TIGHTENED', discontinued: false, tightenedAccepted: 0 });
  });

  it('normal → reduced when the switching score reaches 30 (+2 per accepted lot at Ac 0 or 1) and the authority approves', () => {
    const fifteen = Array.from({ length: 15 }, () => A);
    const run = runSwitching([...fifteen, A]);
    expect(run.severities.slice(0, 15).every((s) => s === 'NORMAL')).toBe(true);
    expect(run.severities[15]).toBe('REDUCED');
    expect(runSwitching([...fifteen, A], { reducedApproved: false }).severities[15]).toBe('NORMAL');
    // A rejection sets the score back to 0: 14 more accepted lots are not enough.
    const reset = runSwitching([...Array.from({ length: 10 }, () => A), R, ...Array.from({ length: 14 }, () => A)]);
    expect(reset.state).toMatchObject({ severity: 'NORMAL', score: 28 });
    expect(nextSwitchState(reset.state, A).severity).toBe('REDUCED');
  });

  it('with Ac ≥ 2 the score gains 3 only when the lot passes one AQL step tighter, else it is reset', () => {
    const tight: LotResult = { accepted: true, ac: 3, acceptedOneStepTighter: true };
    const loose: LotResult = { accepted: true, ac: 3, acceptedOneStepTighter: false };
    expect(runSwitching([...Array.from({ length: 10 }, () => tight), A]).severities[10]).toBe('REDUCED');
    expect(runSwitching([...Array.from({ length: 9 }, () => tight), loose, A]).state.score).toBe(2);
  });

  it('reduced → normal when a lot is not accepted or production is irregular', () => {
    const reduced = { ...START, severity: 'REDUCED' as const };
    expect(nextSwitchState(reduced, A).severity).toBe('REDUCED');
    expect(nextSwitchState(reduced, R).severity).toBe('NORMAL');
    expect(nextSwitchState(reduced, { ...A, irregular: true }).severity).toBe('NORMAL');
  });
});

describeServer('Iqc/SamplePlan', {}, (server) => {
  it('answers the plan; refuses an AQL that is not a column of the tables, in both languages', async () => {
    const token = await adminToken(server);
    const call = (body: unknown, language?: 'en') => server.call('POST', '/Iqc/SamplePlan', { token, body, language });
    const answer = await call({ LotSize: 300, Level: 'II', Aql: 0.65 });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ CodeLetter: 'H', PlanLetter: 'J', SampleSize: 80, Ac: 1, Re: 2, FullInspection: false, Severity: 'NORMAL' });
    expect((await call({ LotSize: 2000, Level: 'II', Aql: 1, Severity: 'TIGHTENED' })).body.data).toMatchObject({ CodeLetter: 'K', SampleSize: 125, Ac: 2, Re: 3 });
    expect((await call({ LotSize: 10, Level: 'II', Aql: 0.1 })).body.data).toMatchObject({ SampleSize: 10, FullInspection: true });
    const bad = await call({ LotSize: 300, Level: 'II', Aql: 0.3 });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^AQL 0.3 不是 ISO 2859-1 的标准值/);
    expect((await call({ LotSize: 300, Level: 'II', Aql: 0.3 }, 'en')).body.msg).toMatch(/^AQL 0.3 is not a value of ISO 2859-1 \(0.01, 0.015/);
    expect((await call({ LotSize: 300, Level: 'IV', Aql: 1 })).status).toBe(400);
  });

  it('is granted with a quality menu, refused without', async () => {
    const tokenWith = async (menuCode: string) => {
      const roleId = `role-iqc-${menuCode}-${Date.now().toString(36)}`;
      await server.db.insertInto('roles').values({ id: roleId, name: roleId, role_type: 'NORMAL' }).execute();
      const menu = await server.db.selectFrom('menus').select('id').where('menu_code', '=', menuCode).executeTakeFirstOrThrow();
      await server.db.insertInto('role_menus').values({ role_id: roleId, menu_id: menu.id, app_code: PORTAL_APP_CODE }).execute();
      const user = await server.createUser({ roleId });
      return (await server.login(user.userName, user.password, 'org-f01')).Token;
    };
    const body = { LotSize: 2000, Level: 'II', Aql: 1 };
    expect((await server.call('POST', '/Iqc/SamplePlan', { token: await tokenWith('QualityDocument'), body })).status).toBe(200);
    expect((await server.call('POST', '/Iqc/SamplePlan', { token: await tokenWith('WarehouseStock'), body })).status).toBe(403);
  });
});
