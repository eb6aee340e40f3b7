/**
 * Incoming inspection documents (issue 19; spec §2 检验单, §3, §5).
 *
 * - Made when a receipt puts reels of an IQC part in pending inspection (bills/inbound.ts calls
 *   `documentsForReceipt` in the receipt's transaction): one per part + lot + receipt bill, the reels
 *   of later scans of the same lot joining it. It lists the lot size, the plan of each check item of
 *   the part's inspection template (ISO 2859-1 at the severity the switching rules give for the
 *   vendor's part), and the sample reels to pull.
 * - The inspector records per check item the defects counted (attribute) or up to 50 measurements
 *   (variable); the judgment is computed per defect class (its defects against the class's Ac/Re) and
 *   against the limits; a tool past its calibration date cannot be used.
 * - Judge: the result may differ from the computed one only with a reason; the description is
 *   required when a reject is included (§5). Accept releases the document's reels through the
 *   ledger; reject leaves them blocked in pending inspection.
 * - Loose acceptance (concession) of a rejected lot: by an approver holding 放宽接收审批, who and why
 *   recorded, the reels released with the concession flag.
 * - Return or scrap of a rejected lot: one return-to-vendor (RT) or scrap (BB) bill made from the
 *   document (makeBill), a line of the lot's blocked reels; the bill's pick takes them out of stock
 *   through the ledger (such a bill picks the lot's reels only, an RT bill issuing them while they are
 *   pending inspection: documentOfBill).
 */
import { sql } from 'kysely';
import { AQL_VALUES, aqlColumn, codeLetterOf, isInspectionLevel, masterPlan, samplePlan, type Severity } from '../../../src/shared/quality/iso2859.ts';
import { nextSwitchState, resume, START, type LotResult } from '../../../src/shared/quality/switching.ts';
import { MAX_MEASUREMENTS, defectsOf, judge, type ClassJudgment, type DefectClass } from '../../../src/shared/quality/judgment.ts';
import type { DB } from '../../db/database.ts';
import { inTransaction } from '../../db/database.ts';
import { Problem } from '../../http/problem.ts';
import { applyStockMoves, type StockCaller } from '../stock/ledger.ts';
import { reelsByCode } from '../stock/reel-probe.ts';
import { quantityText } from '../stock/quantity.ts';
import { saveBill } from '../bills/save.ts';
import { nextDayCode } from '../../db/day-codes.ts';
import { checkedMeasurements } from '../../../src/shared/quality/measurements.ts';

export { MAX_MEASUREMENTS, defectsOf, judge, type ClassJudgment };
const AQL_COLUMN_OF_CLASS: Record<DefectClass, string> = { A: 'aql_a', B: 'aql_b', C: 'aql_c', D: 'aql_d', E: 'aql_e', F: 'aql_f' };

/** A received box of an IQC part (what the receipt knows of it). */
export interface ReceivedReel {
  reelCode: string;
  partCode: string;
  qty: string;
}

interface DocumentRow {
  id: string;
  doc_code: string;
  bill_code: string;
  part_code: string;
  lot_code: string;
  vendor_code: string | null;
  lot_size: string;
  reel_count: number;
  level: string | null;
  severity: Severity;
  status: 'PENDING' | 'ACCEPTED' | 'REJECTED' | 'CONCESSION';
  computed_result: 'ACCEPT' | 'REJECT' | null;
  result: 'ACCEPT' | 'REJECT' | null;
  description: string | null;
  override_reason: string | null;
  judged_by: string | null;
  judged_at: Date | null;
  loose_by: string | null;
  loose_reason: string | null;
  loose_at: Date | null;
  made_bill_id: string | null;
  made_bill_code: string | null;
  version: number;
}

interface ItemRow {
  seq: number;
  check_item_code: string;
  name: string;
  kind: 'ATTRIBUTE' | 'VARIABLE';
  defect_class: DefectClass;
  unit: string | null;
  lower_limit: string | null;
  upper_limit: string | null;
  tool_code: string | null;
  aql: string;
  sample_size: number;
  ac: number;
  re: number;
  defects: number | null;
  measurements: number[] | null;
  judgment: 'OK' | 'NG' | null;
}

/** The severity the switching rules give the vendor's part after its judged lots (original inspection). */
async function severityOf(trx: DB, orgId: string, vendorCode: string | null, partCode: string): Promise<Severity> {
  const { rows } = await sql<{ result: string; ac: number | null; tighter_ok: boolean | null }>`
    select d.result, (select min(i.ac) from iqc_document_items i where i.document_id = d.id) as ac, d.tighter_ok
      from iqc_documents d
     where d.org_id = ${orgId} and d.part_code = ${partCode} and d.vendor_code is not distinct from ${vendorCode} and d.result is not null
     order by d.judged_at, d.doc_code`.execute(trx);
  const lots: LotResult[] = rows.map((r) => ({ accepted: r.result === 'ACCEPT', ac: r.ac ?? 0, acceptedOneStepTighter: Boolean(r.tighter_ok) }));
  // A discontinued stream resumes at tightened inspection once lots arrive again (ISO 2859-1 9.4).
  let state = START;
  for (const lot of lots) state = nextSwitchState(resume(state), lot);
  return resume(state).severity;
}

/** The next document code of the day (IQC<yyyymmdd><nnnn>): the day counter's, so two receipts at once never take one number. */
const nextDocCode = (trx: DB, orgId: string): Promise<string> => nextDayCode(trx, orgId, 'IQC', new Date());

/** The reels to pull for the largest sample: spread evenly over the lot's reels. */
function sampleReels(reels: readonly { reel_code: string; qty: string }[], lotSize: number, sampleSize: number): Set<string> {
  if (!reels.length) return new Set();
  const perReel = lotSize / reels.length;
  const count = Math.min(reels.length, Math.max(1, Math.ceil(sampleSize / perReel)));
  return new Set(Array.from({ length: count }, (_, i) => reels[Math.floor((i * reels.length) / count)].reel_code));
}

/**
 * The document's plan from the part's template: for each check item its scheme's level and the AQL
 * of the item's defect class, at the document's severity; the lot's sample reels marked.
 */
async function planDocument(trx: DB, orgId: string, doc: { id: string; part_code: string; severity: Severity }): Promise<void> {
  const reels = (
    await sql<{ reel_code: string; qty: string }>`select reel_code, qty::text from iqc_document_reels where document_id = ${doc.id} order by reel_code`.execute(trx)
  ).rows;
  const lotSize = reels.reduce((sum, r) => sum + Number(r.qty), 0);
  const lot = Math.max(2, Math.round(lotSize));
  const { rows: items } = await sql<{
    seq: number | null; check_item_code: string; name: string; kind: string; defect_class: DefectClass; unit: string | null;
    lower_limit: string | null; upper_limit: string | null; tool_code: string | null; iso_level: string | null;
    aql_a: string | null; aql_b: string | null; aql_c: string | null; aql_d: string | null; aql_e: string | null; aql_f: string | null;
  }>`
    select t.seq, c.code as check_item_code, c.name, c.kind, c.defect_class, c.unit, c.lower_limit::text, c.upper_limit::text, c.tool_code,
           l.iso_level, s.aql_a, s.aql_b, s.aql_c, s.aql_d, s.aql_e, s.aql_f
      from md_quality_template t
      join md_quality_check_item c on c.org_id = t.org_id and c.code = t.check_item_code and c.enabled
      join md_quality_sample_scheme s on s.org_id = t.org_id and s.code = t.scheme_code
      left join md_quality_level l on l.org_id = s.org_id and l.code = s.level_code
     where t.org_id = ${orgId} and t.part_code = ${doc.part_code} and t.enabled
     order by t.seq nulls last, c.code`.execute(trx);
  const aqlValues = new Map(
    (await sql<{ code: string; value: string }>`select code, value::text from md_quality_aql where org_id = ${orgId}`.execute(trx)).rows.map((r) => [r.code, Number(r.value)]),
  );
  await sql`delete from iqc_document_items where document_id = ${doc.id} and defects is null and measurements is null`.execute(trx);
  let largest = 0;
  let level: string | null = null;
  for (const [index, item] of items.entries()) {
    const aqlCode = item[AQL_COLUMN_OF_CLASS[item.defect_class] as keyof typeof item] as string | null;
    const aql = aqlCode === null ? undefined : aqlValues.get(aqlCode);
    if (aql === undefined || aqlColumn(aql) < 0 || !item.iso_level || !isInspectionLevel(item.iso_level) || !['ATTRIBUTE', 'VARIABLE'].includes(item.kind)) continue;
    const plan = samplePlan({ lotSize: lot, level: item.iso_level, aql, severity: doc.severity });
    largest = Math.max(largest, plan.sampleSize);
    level ??= item.iso_level;
    await sql`
      insert into iqc_document_items (document_id, seq, check_item_code, name, kind, defect_class, unit, lower_limit, upper_limit, tool_code, aql, sample_size, ac, re)
      values (${doc.id}, ${item.seq ?? index + 1}, ${item.check_item_code}, ${item.name}, ${item.kind}, ${item.defect_class}, ${item.unit},
              ${item.lower_limit}, ${item.upper_limit}, ${item.tool_code}, ${aql}, ${plan.sampleSize}, ${plan.ac}, ${plan.re})
      on conflict (document_id, check_item_code) do update set sample_size = excluded.sample_size, ac = excluded.ac, re = excluded.re, aql = excluded.aql`.execute(trx);
  }
  const samples = sampleReels(reels, lotSize, largest);
  // Only the reels whose mark changes are written: every receipt of the lot plans it again, and
  // rewriting all its reels each time made receiving a lot of n reels n² row writes.
  const isSample = sql`(reel_code in (${sql.join([...samples, ''])}))`;
  await sql`update iqc_document_reels set sample = ${isSample} where document_id = ${doc.id} and sample <> ${isSample}`.execute(trx);
  await sql`update iqc_documents set lot_size = ${String(lotSize)}, reel_count = ${reels.length}, level = ${level} where id = ${doc.id}`.execute(trx);
}

/** The part's pending documents planned again from its template now (the demo seed: a template added after the receipt). */
export async function planPendingDocuments(trx: DB, orgId: string, partCode: string): Promise<void> {
  const { rows } = await sql<{ id: string; part_code: string; severity: Severity }>`
    select id, part_code, severity from iqc_documents where org_id = ${orgId} and part_code = ${partCode} and status = 'PENDING' order by doc_code for update`.execute(trx);
  for (const doc of rows) await planDocument(trx, orgId, doc);
}

/**
 * Called in the receipt's transaction with the reels of IQC parts it has just put in pending
 * inspection: each joins the document of its part, lot and bill (made if it is the first). A reel of a
 * lot judged already is released (accepted, concession) or stays blocked (rejected) as the lot is.
 */
export async function documentsForReceipt(trx: DB, caller: StockCaller, bill: { bill_code: string; vendor_code: string | null }, received: readonly ReceivedReel[]): Promise<void> {
  if (!received.length) return;
  const { rows: reels } = await sql<{ reel_code: string; part_code: string; lot_code: string; qty: string }>`
    select reel_code, part_code, lot_code, qty::text from ${reelsByCode(caller.orgId, received.map((r) => r.reelCode))} r
     where status = 'INSPECTION'`.execute(trx);
  const groups = new Map<string, typeof reels>();
  for (const reel of reels) {
    const key = `${reel.part_code}\u0000${reel.lot_code}`;
    groups.set(key, [...(groups.get(key) ?? []), reel]);
  }
  for (const group of groups.values()) {
    const { part_code: partCode, lot_code: lotCode } = group[0];
    let doc = (
      await sql<DocumentRow>`select * from iqc_documents where org_id = ${caller.orgId} and bill_code = ${bill.bill_code} and part_code = ${partCode} and lot_code = ${lotCode} for update`.execute(trx)
    ).rows[0];
    if (!doc) {
      const severity = await severityOf(trx, caller.orgId, bill.vendor_code, partCode);
      doc = (
        await sql<DocumentRow>`
          insert into iqc_documents (org_id, doc_code, bill_code, part_code, lot_code, vendor_code, lot_size, reel_count, severity)
          values (${caller.orgId}, ${await nextDocCode(trx, caller.orgId)}, ${bill.bill_code}, ${partCode}, ${lotCode}, ${bill.vendor_code}, 1, 0, ${severity})
          returning *`.execute(trx)
      ).rows[0];
    }
    await sql`insert into iqc_document_reels (document_id, reel_code, qty)
      values ${sql.join(group.map((r) => sql`(${doc.id}, ${r.reel_code}, ${r.qty})`))} on conflict do nothing`.execute(trx);
    if (doc.status === 'PENDING') await planDocument(trx, caller.orgId, doc);
    else if (doc.status === 'ACCEPTED' || doc.status === 'CONCESSION') await releaseReels(trx, caller, doc, doc.status === 'CONCESSION');
  }
}

/** The document's reels still pending inspection released to available stock through the ledger. */
async function releaseReels(trx: DB, caller: StockCaller, doc: DocumentRow, concession: boolean): Promise<void> {
  const { rows } = await sql<{ reel_code: string }>`
    select r.reel_code from iqc_document_reels r
      join lateral (select s.status from stock_reels s where s.org_id = ${caller.orgId} and s.reel_code = r.reel_code limit 1) s on true
     where r.document_id = ${doc.id} and s.status = 'INSPECTION' order by r.reel_code`.execute(trx);
  if (!rows.length) return;
  await applyStockMoves(trx, caller, rows.map((r) => ({ kind: 'release' as const, reelCode: r.reel_code, reason: doc.doc_code })));
  if (concession) {
    await sql`update stock_reels s set iqc_concession = true from ${reelsByCode(caller.orgId, rows.map((r) => r.reel_code))} r where s.ctid = r.at`.execute(trx);
  }
}

/** The document locked, by its id (or, `byCode`, also its code: the 检验单号 the grids show). */
async function lockDocument(trx: DB, orgId: string, id: string, byCode = false): Promise<DocumentRow> {
  const doc = (
    await sql<DocumentRow>`select * from iqc_documents where org_id = ${orgId} and (id = ${id} or (${byCode} and doc_code = ${id})) for update`.execute(trx)
  ).rows[0];
  if (!doc) throw new Problem(404, 'qualityDocumentNotFound', { id });
  return doc;
}

const itemsOf = async (trx: DB, id: string) =>
  (
    await sql<ItemRow>`select seq, check_item_code, name, kind, defect_class, unit, lower_limit::text, upper_limit::text, tool_code, aql::text, sample_size, ac, re,
                              defects, measurements, judgment
                         from iqc_document_items where document_id = ${id} order by seq, check_item_code`.execute(trx)
  ).rows;

/** Whether the lot would have passed every class's plan with the AQL one step tighter (the switching score, ISO 2859-1 9.3.3.2). */
function passesOneStepTighter(doc: DocumentRow, items: readonly ItemRow[], classes: readonly ClassJudgment[]): boolean {
  const lot = Math.max(2, Math.round(Number(doc.lot_size)));
  if (!doc.level || !isInspectionLevel(doc.level)) return false;
  const letter = codeLetterOf(lot, doc.level);
  return classes.every((c) => {
    const aql = Math.min(...items.filter((i) => i.defect_class === c.defectClass).map((i) => Number(i.aql)));
    const column = aqlColumn(aql);
    if (column <= 0) return false;
    return c.defects <= masterPlan('NORMAL', letter, AQL_VALUES[column - 1]).ac;
  });
}

export interface ItemResultInput {
  CheckItemCode: string;
  Defects?: number | null;
  /** Numbers; text is read by checkedMeasurements (a plain decimal, else refused). */
  Measurements?: (number | string)[] | null;
}

/** The inspector's results: defects counted or measurements per check item; the judgments recomputed. */
export async function saveResults(db: DB, caller: StockCaller, id: string, results: readonly ItemResultInput[], today: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const doc = await lockDocument(trx, caller.orgId, id);
    if (doc.status !== 'PENDING') throw new Problem(409, 'qualityDocumentJudged', { doc: doc.doc_code });
    const items = await itemsOf(trx, id);
    // Every input is checked before anything is written: a refused save leaves the document as it was.
    for (const [index, input] of results.entries()) {
      const item = items.find((i) => i.check_item_code === input.CheckItemCode);
      if (!item) throw new Problem(400, 'qualityItemNotOnDocument', { item: input.CheckItemCode, doc: doc.doc_code });
      if (item.tool_code) {
        const tool = (await sql<{ due: string | null }>`select calibration_due::text as due from md_quality_tool where org_id = ${caller.orgId} and code = ${item.tool_code}`.execute(trx)).rows[0];
        if (!tool?.due || tool.due < today) throw new Problem(409, 'qualityToolOverdue', { tool: item.tool_code, due: tool?.due ?? '-' });
      }
      if (item.kind === 'ATTRIBUTE') {
        if (input.Defects === undefined || input.Defects === null) throw new Problem(400, 'qualityDefectsRequired', { item: item.check_item_code });
        if (input.Defects > item.sample_size) throw new Problem(400, 'qualityDefectsAboveSample', { item: item.check_item_code, sample: item.sample_size });
        item.defects = input.Defects;
      } else {
        item.measurements = checkedMeasurements({ code: item.check_item_code, name: item.name }, input.Measurements, index + 1);
      }
    }
    const { itemJudgments, result } = judge(items);
    for (const [index, item] of items.entries()) {
      await sql`update iqc_document_items set defects = ${item.defects}, measurements = ${item.measurements ? JSON.stringify(item.measurements) : null}::jsonb, judgment = ${itemJudgments[index]}
        where document_id = ${id} and check_item_code = ${item.check_item_code}`.execute(trx);
    }
    await sql`update iqc_documents set computed_result = ${result}, version = version + 1 where id = ${id}`.execute(trx);
  });
}

/**
 * The inspector's result. A result other than the computed one needs a reason; the description is
 * required when a reject is included (a class not accepted, or the result itself). Accept releases the
 * reels through the ledger; reject keeps them blocked. Judging a judged document again is refused.
 */
export async function judgeDocument(
  db: DB,
  caller: StockCaller,
  input: { Id: string; Result: 'ACCEPT' | 'REJECT'; Description?: string | null; OverrideReason?: string | null },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const doc = await lockDocument(trx, caller.orgId, input.Id);
    if (doc.status !== 'PENDING') throw new Problem(409, 'qualityDocumentJudged', { doc: doc.doc_code });
    const items = await itemsOf(trx, input.Id);
    const { classes, result: computed } = judge(items);
    if (items.length && items.some((i) => defectsOf(i) === null)) throw new Problem(409, 'qualityResultsMissing', { doc: doc.doc_code });
    const description = input.Description?.trim() || null;
    const override = input.OverrideReason?.trim() || null;
    const rejectIncluded = input.Result === 'REJECT' || computed === 'REJECT';
    if (rejectIncluded && !description) throw new Problem(400, 'qualityRejectNeedsDescription');
    if (computed && input.Result !== computed && !override) throw new Problem(400, 'qualityOverrideNeedsReason');
    const tighterOk = input.Result === 'ACCEPT' && passesOneStepTighter(doc, items, classes);
    await sql`update iqc_documents set status = ${input.Result === 'ACCEPT' ? 'ACCEPTED' : 'REJECTED'}, result = ${input.Result}, computed_result = ${computed},
        description = ${description}, override_reason = ${override}, tighter_ok = ${tighterOk}, judged_by = ${caller.userName}, judged_at = now(), version = version + 1
      where id = ${input.Id}`.execute(trx);
    if (input.Result === 'ACCEPT') await releaseReels(trx, caller, doc, false);
  });
}

/**
 * Loose acceptance (concession) of a rejected lot: who and why recorded, the reels released with the
 * concession flag. Refused once a return or scrap bill was made from the document.
 */
export async function looseAccept(db: DB, caller: StockCaller, input: { Id: string; Reason: string }): Promise<void> {
  await inTransaction(db, async (trx) => {
    const doc = await lockDocument(trx, caller.orgId, input.Id);
    if (doc.status !== 'REJECTED') throw new Problem(409, 'qualityLooseNotRejected', { doc: doc.doc_code });
    // The lot leaves by its return or scrap bill: it is not released as well.
    if (doc.made_bill_code) throw new Problem(409, 'qualityLooseBillMade', { doc: doc.doc_code, bill: doc.made_bill_code });
    const reason = input.Reason.trim();
    if (!reason) throw new Problem(400, 'qualityLooseNeedsReason');
    await sql`update iqc_documents set status = 'CONCESSION', loose_by = ${caller.userName}, loose_reason = ${reason}, loose_at = now(), version = version + 1
      where id = ${input.Id}`.execute(trx);
    await releaseReels(trx, caller, doc, true);
  });
}

/** The bill types a rejected document's lot can leave by: returned to its vendor, or scrapped. */
export type RejectBillType = 'RT' | 'BB';

/**
 * Iqc/MakeBill: the return-to-vendor (RT) or scrap (BB) bill of a rejected document, made through the
 * bill engine's save (its numbering, header and line rules): one line of the part and lot for what its
 * reels still pending inspection hold, the document's code as the evidence number, the inspector's
 * description as the reason. One bill per document: the document's row is locked first, so of two
 * makes at once the second waits and finds the first's bill (409).
 */
export async function makeBill(db: DB, caller: StockCaller, input: { DocumentId: string; BillType: RejectBillType }, now: Date): Promise<{ Id: string; BillCode: string }> {
  return inTransaction(db, async (trx) => {
    const doc = await lockDocument(trx, caller.orgId, input.DocumentId, true);
    if (doc.made_bill_code) throw new Problem(409, 'qualityBillMadeAlready', { doc: doc.doc_code, bill: doc.made_bill_code });
    if (doc.status !== 'REJECTED') throw new Problem(409, 'qualityMakeBillNotRejected', { doc: doc.doc_code });
    const { rows } = await sql<{ qty: string }>`
      select sum(s.qty)::text as qty from iqc_document_reels r join stock_reels s on s.org_id = ${caller.orgId} and s.reel_code = r.reel_code
       where r.document_id = ${doc.id} and s.status = 'INSPECTION'`.execute(trx);
    const qty = rows[0]?.qty;
    if (!qty || Number(qty) <= 0) throw new Problem(409, 'qualityNoBlockedReels', { doc: doc.doc_code });
    const reason = doc.description ?? doc.doc_code;
    const bill = await saveBill(
      trx,
      caller,
      {
        BillType: input.BillType,
        Description: `${doc.doc_code}: ${reason}`.slice(0, 200),
        EvidenceNo: doc.doc_code,
        ...(input.BillType === 'RT' ? { VendorCode: doc.vendor_code } : { MoveReason: reason.slice(0, 200) }),
        Lines: [{ PartCode: doc.part_code, Qty: qty, LotCode: doc.lot_code || null }],
      },
      now,
    );
    await sql`update iqc_documents set made_bill_id = ${bill.Id}, made_bill_code = ${bill.BillCode}, version = version + 1 where id = ${doc.id}`.execute(trx);
    return { Id: bill.Id, BillCode: bill.BillCode };
  });
}

/** The inspection document a return or scrap bill was made from (makeBill), with its lot's reels; null: none. */
export async function documentOfBill(trx: DB, orgId: string, billId: string): Promise<{ docCode: string; status: DocumentRow['status']; reels: Set<string> } | null> {
  const { rows } = await sql<{ doc_code: string; status: DocumentRow['status']; reels: string[] }>`
    select d.doc_code, d.status, array(select r.reel_code from iqc_document_reels r where r.document_id = d.id) as reels
      from iqc_documents d where d.org_id = ${orgId} and d.made_bill_id = ${billId}`.execute(trx);
  return rows[0] ? { docCode: rows[0].doc_code, status: rows[0].status, reels: new Set(rows[0].reels) } : null;
}

/** A document as Iqc/DocumentGet answers it, by its id or its code (the 检验单号 the grids show). */
export async function getDocument(db: DB, orgId: string, idOrCode: string) {
  const doc = (await sql<DocumentRow>`select * from iqc_documents where org_id = ${orgId} and (id = ${idOrCode} or doc_code = ${idOrCode})`.execute(db)).rows[0];
  if (!doc) throw new Problem(404, 'qualityDocumentNotFound', { id: idOrCode });
  const id = doc.id;
  const items = await itemsOf(db, id);
  const { classes } = judge(items);
  const reels = (
    await sql<{ reel_code: string; qty: string; sample: boolean; status: string; iqc_concession: boolean }>`
      select r.reel_code, r.qty::text, r.sample, s.status, s.iqc_concession from iqc_document_reels r
        left join stock_reels s on s.org_id = ${orgId} and s.reel_code = r.reel_code
       where r.document_id = ${id} order by r.reel_code`.execute(db)
  ).rows;
  const num = (v: string | null) => (v === null ? null : Number(v));
  return {
    Id: doc.id,
    DocCode: doc.doc_code,
    BillCode: doc.bill_code,
    PartCode: doc.part_code,
    LotCode: doc.lot_code,
    VendorCode: doc.vendor_code,
    LotSize: Number(doc.lot_size),
    ReelCount: doc.reel_count,
    Level: doc.level,
    Severity: doc.severity,
    Status: doc.status,
    ComputedResult: doc.computed_result,
    Result: doc.result,
    Description: doc.description,
    OverrideReason: doc.override_reason,
    JudgedBy: doc.judged_by,
    JudgedAt: doc.judged_at ? new Date(doc.judged_at).toISOString() : null,
    LooseBy: doc.loose_by,
    LooseReason: doc.loose_reason,
    LooseAt: doc.loose_at ? new Date(doc.loose_at).toISOString() : null,
    MadeBillId: doc.made_bill_id,
    MadeBillCode: doc.made_bill_code,
    Version: doc.version,
    Items: items.map((i) => ({
      Seq: i.seq,
      CheckItemCode: i.check_item_code,
      Name: i.name,
      Kind: i.kind,
      DefectClass: i.defect_class,
      Unit: i.unit,
      LowerLimit: num(i.lower_limit),
      UpperLimit: num(i.upper_limit),
      ToolCode: i.tool_code,
      Aql: Number(i.aql),
      SampleSize: i.sample_size,
      Ac: i.ac,
      Re: i.re,
      Defects: defectsOf(i),
      Measurements: i.measurements,
      Judgment: i.judgment,
    })),
    Classes: classes.map((c) => ({ DefectClass: c.defectClass, SampleSize: c.sampleSize, Ac: c.ac, Re: c.re, Defects: c.defects, Accepted: c.accepted })),
    // The contract's quantity (decimal text without trailing zeros), as every stock call answers it, not numeric's '2000.000000'.
    Reels: reels.map((r) => ({ ReelCode: r.reel_code, Qty: quantityText(r.qty), Sample: r.sample, Status: r.status, Concession: Boolean(r.iqc_concession) })),
  };
}

/** How many lots the SPC chart of a check item reads back. */
export const SPC_LOTS = 25;

/**
 * SPC of a variable check item across lots: its measurements on the documents of the document's vendor
 * and part (the latest SPC_LOTS lots with measurements, oldest first, the document's own included).
 */
export async function spcHistory(db: DB, orgId: string, idOrCode: string, checkItemCode: string) {
  const doc = (await sql<DocumentRow & { created_at: Date }>`select * from iqc_documents where org_id = ${orgId} and (id = ${idOrCode} or doc_code = ${idOrCode})`.execute(db)).rows[0];
  if (!doc) throw new Problem(404, 'qualityDocumentNotFound', { id: idOrCode });
  const { rows } = await sql<{ doc_code: string; lot_code: string; created_at: Date; measurements: number[] }>`
    select * from (
      select d.doc_code, d.lot_code, d.created_at, i.measurements
        from iqc_documents d join iqc_document_items i on i.document_id = d.id
       where d.org_id = ${orgId} and d.part_code = ${doc.part_code} and d.vendor_code is not distinct from ${doc.vendor_code}
         and i.check_item_code = ${checkItemCode} and i.kind = 'VARIABLE' and jsonb_array_length(i.measurements) > 0
       order by d.created_at desc, d.doc_code desc
       limit ${SPC_LOTS}
    ) as latest order by created_at, doc_code`.execute(db);
  return rows.map((r) => ({ DocCode: r.doc_code, LotCode: r.lot_code, At: new Date(r.created_at).toISOString(), Measurements: r.measurements }));
}
