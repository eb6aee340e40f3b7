/**
 * Incoming inspection documents in mock mode (issue 19; the reference server's
 * server/modules/quality/documents.ts): a few documents per organisation — pending, rejected, accepted —
 * each with a variable check item (阻值, limits 9.5–10.5, class B) and an attribute one (外观, class C),
 * their ISO 2859-1 plans from the shared tables, and Iqc/DocumentGet, SaveResults, Judge and
 * LooseAccept over them with the server's rules and messages (the shared judgment, spec §5's
 * description, 放宽接收审批 for loose acceptance). The grids of /quality/document (and the screens
 * reading the same documents) list these rows. Not modelled: reels' stock (the mocks keep no ledger),
 * tools' calibration dates, the switching rules (each document keeps its severity).
 */
import type { components } from '../../src/api/schema';
import { Refusal } from '../../src/shared/messages/refusal';
import { samplePlan, type Severity } from '../../src/shared/quality/iso2859';
import { checkedMeasurements } from '../../src/shared/quality/measurements';
import { defectsOf, judge, judgedItemOf, type DefectClass, type JudgedItem } from '../../src/shared/quality/judgment';
import { buttonsOf, granteeOf, hasMenu, scenarioState } from '../db';
import { createContractHttp } from '../generated/handlers';
import { okWith as ok, signedInAnswer, XLSX_TYPE, type SignedIn } from './answers';
import { SYSTEM_LOOKUPS } from '../../server/db/seed/system-data';
import { qualityReportPage } from '../../src/shared/pages/quality-report';
import { qualityAcceptanceRatePage } from '../../src/shared/pages/quality-acceptance-rate';
import { qualityDefectParetoPage } from '../../src/shared/pages/quality-defect-pareto';
import { DEMO_ORGANIZATIONS, menuIdOf } from './demo-data';
import { saveBill } from './bills';

type Document = components['schemas']['Document'];
type Item = Document['Items'][number];

interface Template {
  code: string;
  name: string;
  kind: 'ATTRIBUTE' | 'VARIABLE';
  defectClass: DefectClass;
  unit: string | null;
  lower: number | null;
  upper: number | null;
  tool: string | null;
  aql: number;
}

const TEMPLATE: readonly Template[] = [
  { code: 'RES', name: '阻值', kind: 'VARIABLE', defectClass: 'B', unit: 'Ω', lower: 9.5, upper: 10.5, tool: 'OHM-01', aql: 0.65 },
  { code: 'VIS', name: '外观', kind: 'ATTRIBUTE', defectClass: 'C', unit: null, lower: null, upper: null, tool: null, aql: 2.5 },
];

/** The demo documents of an organisation: [lot size, severity, status, results]. */
const DEMO_DOCUMENTS: readonly [lotSize: number, severity: Severity, status: Document['Status'], measurements: number[] | null, defects: number | null][] = [
  [1000, 'NORMAL', 'PENDING', null, null],
  [500, 'TIGHTENED', 'PENDING', null, null],
  [3200, 'NORMAL', 'REJECTED', [10, 10.1, 9.2, 9.9, 10.7], 2],
  [800, 'REDUCED', 'REJECTED', [9.8, 10, 10.2], 7],
  [1200, 'NORMAL', 'ACCEPTED', [10, 10.05, 9.95, 10.1], 0],
];

const REEL_QTY = 100;

const asJudged = (item: Item): JudgedItem => judgedItemOf(item, { defects: item.Defects, measurements: item.Measurements });

/** The document's items' defects, judgments and classes recomputed (as the server reads them back). */
function rejudge(doc: Document): ReturnType<typeof judge> {
  const judged = judge(doc.Items.map(asJudged));
  doc.Items.forEach((item, index) => {
    item.Defects = defectsOf(asJudged(item));
    item.Judgment = judged.itemJudgments[index];
  });
  doc.Classes = judged.classes.map((c) => ({ DefectClass: c.defectClass, SampleSize: c.sampleSize, Ac: c.ac, Re: c.re, Defects: c.defects, Accepted: c.accepted }));
  return judged;
}

function demoDocument(orgId: string, orgIndex: number, index: number): Document {
  const [lotSize, severity, status, measurements, defects] = DEMO_DOCUMENTS[index];
  const docCode = `IQC2026110${orgIndex + 1}${String(index + 1).padStart(4, '0')}`;
  const reelCount = Math.ceil(lotSize / REEL_QTY);
  const items: Item[] = TEMPLATE.map((t, seq) => {
    const plan = samplePlan({ lotSize, level: 'II', aql: t.aql, severity });
    return {
      Seq: seq + 1, CheckItemCode: t.code, Name: t.name, Kind: t.kind, DefectClass: t.defectClass, Unit: t.unit,
      LowerLimit: t.lower, UpperLimit: t.upper, ToolCode: t.tool, Aql: t.aql, SampleSize: plan.sampleSize, Ac: plan.ac, Re: plan.re,
      Defects: t.kind === 'ATTRIBUTE' ? defects : null, Measurements: t.kind === 'VARIABLE' ? measurements : null, Judgment: null,
    };
  });
  const largest = Math.max(...items.map((i) => i.SampleSize));
  const samples = Math.min(reelCount, Math.max(1, Math.ceil(largest / REEL_QTY)));
  const judgedAt = status === 'PENDING' ? null : `2026-11-0${index + 1}T${String(8 + index).padStart(2, '0')}:30:00.000Z`;
  const doc: Document = {
    Id: `${orgId}-iqc-${index + 1}`, DocCode: docCode, BillCode: `ASN2026110${index + 1}0001`, PartCode: `P000${index + 1}`, LotCode: `LOT2026${String(index + 1).padStart(4, '0')}`,
    VendorCode: `V000${(index % 3) + 1}`, LotSize: lotSize, ReelCount: reelCount, Level: 'II', Severity: severity, Status: status,
    ComputedResult: null, Result: status === 'PENDING' ? null : status === 'ACCEPTED' ? 'ACCEPT' : 'REJECT',
    Description: status === 'REJECTED' ? '阻值超差' : null, OverrideReason: null,
    JudgedBy: judgedAt ? 'ADMIN' : null, JudgedAt: judgedAt, LooseBy: null, LooseReason: null, LooseAt: null, MadeBillId: null, MadeBillCode: null, Version: 1, Items: items, Classes: [],
    Reels: Array.from({ length: reelCount }, (_, r) => ({
      ReelCode: `${docCode}-R${String(r + 1).padStart(3, '0')}`, Qty: String(REEL_QTY),
      Sample: samplesIndex(r, samples, reelCount),
      Status: status === 'ACCEPTED' ? 'IN_STOCK' : 'INSPECTION', Concession: false,
    })),
  };
  doc.ComputedResult = rejudge(doc).result;
  return doc;
}

/** The reel at position r is one of `count` sample reels spread evenly over `total` (as the server picks them). */
function samplesIndex(r: number, count: number, total: number): boolean {
  return Array.from({ length: count }, (_, i) => Math.floor((i * total) / count)).includes(r);
}

/** Every organisation's documents (per mock db: a reset starts them over). */
const documents = () =>
  scenarioState('quality-documents', () =>
    DEMO_ORGANIZATIONS.flatMap((org, orgIndex) => DEMO_DOCUMENTS.map((_, index) => ({ orgId: org.Id, doc: demoDocument(org.Id, orgIndex, index) }))),
  );

/** The documents as the grids' rows (the reference server's iqc_documents columns). */
export function qualityDocumentRows(): Record<string, unknown>[] {
  return documents().map(({ orgId, doc }) => ({
    id: doc.Id, org_id: orgId, doc_code: doc.DocCode, bill_code: doc.BillCode, part_code: doc.PartCode, lot_code: doc.LotCode, vendor_code: doc.VendorCode,
    lot_size: doc.LotSize, reel_count: doc.ReelCount, level: doc.Level, severity: doc.Severity, status: doc.Status, computed_result: doc.ComputedResult,
    result: doc.Result, description: doc.Description, made_bill_code: doc.MadeBillCode, judged_by: doc.JudgedBy, judged_at: doc.JudgedAt, loose_by: doc.LooseBy, loose_reason: doc.LooseReason, loose_at: doc.LooseAt,
  }));
}

function documentOf(caller: SignedIn, idOrCode: string): Document {
  const found = documents().find(({ orgId, doc }) => orgId === caller.orgId && (doc.Id === idOrCode || doc.DocCode === idOrCode));
  if (!found) throw new Refusal(404, 'qualityDocumentNotFound', { id: idOrCode });
  return found.doc;
}

type SaveBody = components['schemas']['SaveResultsRequest'];
type JudgeBody = components['schemas']['JudgeRequest'];
type LooseBody = components['schemas']['LooseAcceptRequest'];

function saveResults(caller: SignedIn, body: SaveBody): Document {
  const doc = documentOf(caller, body.Id);
  if (doc.Status !== 'PENDING') throw new Refusal(409, 'qualityDocumentJudged', { doc: doc.DocCode });
  const staged = doc.Items.map((item) => ({ ...item }));
  for (const [index, input] of body.Items.entries()) {
    const item = staged.find((i) => i.CheckItemCode === input.CheckItemCode);
    if (!item) throw new Refusal(400, 'qualityItemNotOnDocument', { item: input.CheckItemCode, doc: doc.DocCode });
    if (item.Kind === 'ATTRIBUTE') {
      if (input.Defects === undefined || input.Defects === null) throw new Refusal(400, 'qualityDefectsRequired', { item: item.CheckItemCode });
      if (input.Defects > item.SampleSize) throw new Refusal(400, 'qualityDefectsAboveSample', { item: item.CheckItemCode, sample: item.SampleSize });
      item.Defects = input.Defects;
    } else {
      item.Measurements = checkedMeasurements({ code: item.CheckItemCode, name: item.Name }, input.Measurements, index + 1);
    }
  }
  doc.Items = staged;
  doc.ComputedResult = rejudge(doc).result;
  doc.Version += 1;
  return doc;
}

function judgeDocument(caller: SignedIn, body: JudgeBody): Document {
  const doc = documentOf(caller, body.Id);
  if (doc.Status !== 'PENDING') throw new Refusal(409, 'qualityDocumentJudged', { doc: doc.DocCode });
  const { result: computed } = rejudge(doc);
  if (doc.Items.some((item) => item.Defects === null)) throw new Refusal(409, 'qualityResultsMissing', { doc: doc.DocCode });
  const description = body.Description?.trim() || null;
  const override = body.OverrideReason?.trim() || null;
  if ((body.Result === 'REJECT' || computed === 'REJECT') && !description) throw new Refusal(400, 'qualityRejectNeedsDescription');
  if (computed && body.Result !== computed && !override) throw new Refusal(400, 'qualityOverrideNeedsReason');
  Object.assign(doc, {
    Status: body.Result === 'ACCEPT' ? 'ACCEPTED' : 'REJECTED', Result: body.Result, ComputedResult: computed, Description: description, OverrideReason: override,
    JudgedBy: caller.user.USER_NAME, JudgedAt: new Date().toISOString(), Version: doc.Version + 1,
  });
  if (body.Result === 'ACCEPT') for (const reel of doc.Reels) reel.Status = 'IN_STOCK';
  return doc;
}

function looseAccept(caller: SignedIn, body: LooseBody): Document {
  // As the server's x-permission: only a holder of 放宽接收审批 may loosely accept.
  if (!hasMenu(granteeOf(caller.user), 'QualityLooseApproval')) throw new Refusal(403, 'accessDenied');
  const doc = documentOf(caller, body.Id);
  if (doc.Status !== 'REJECTED') throw new Refusal(409, 'qualityLooseNotRejected', { doc: doc.DocCode });
  if (doc.MadeBillCode) throw new Refusal(409, 'qualityLooseBillMade', { doc: doc.DocCode, bill: doc.MadeBillCode });
  const reason = body.Reason.trim();
  if (!reason) throw new Refusal(400, 'qualityLooseNeedsReason');
  Object.assign(doc, { Status: 'CONCESSION', LooseBy: caller.user.USER_NAME, LooseReason: reason, LooseAt: new Date().toISOString(), Version: doc.Version + 1 });
  for (const reel of doc.Reels) Object.assign(reel, { Status: 'IN_STOCK', Concession: true });
  return doc;
}

type MakeBillBody = components['schemas']['MakeBillRequest'];

/** Iqc/MakeBill: the RT or BB bill of a rejected document (the mocks' Bill/Save), once per document, as the server. */
async function makeBill(caller: SignedIn, body: MakeBillBody) {
  if (!(buttonsOf(granteeOf(caller.user))[menuIdOf('QualityDocument')] ?? []).includes('MakeBill')) throw new Refusal(403, 'accessDenied');
  const doc = documentOf(caller, body.DocumentId);
  if (doc.MadeBillCode) throw new Refusal(409, 'qualityBillMadeAlready', { doc: doc.DocCode, bill: doc.MadeBillCode });
  if (doc.Status !== 'REJECTED') throw new Refusal(409, 'qualityMakeBillNotRejected', { doc: doc.DocCode });
  const blocked = doc.Reels.filter((reel) => reel.Status === 'INSPECTION');
  if (!blocked.length) throw new Refusal(409, 'qualityNoBlockedReels', { doc: doc.DocCode });
  const reason = doc.Description ?? doc.DocCode;
  const qty = blocked.reduce((sum, reel) => sum + Number(reel.Qty), 0);
  const bill = await saveBill(caller, {
    BillType: body.BillType,
    Description: `${doc.DocCode}: ${reason}`.slice(0, 200),
    EvidenceNo: doc.DocCode,
    ...(body.BillType === 'RT' ? { VendorCode: doc.VendorCode } : { MoveReason: reason.slice(0, 200) }),
    Lines: [{ PartCode: doc.PartCode, Qty: String(qty), LotCode: doc.LotCode || null }],
  });
  Object.assign(doc, { MadeBillId: bill.Id, MadeBillCode: bill.BillCode, Version: doc.Version + 1 });
  return { Id: bill.Id, BillCode: bill.BillCode };
}

/** The dashboard's lot acceptance rate per vendor and month (the server's view iqc_acceptance_rates, migration 0160_02). */
function acceptanceRateRows(): Record<string, unknown>[] {
  const groups = new Map<string, { orgId: string; doc: Document }[]>();
  for (const entry of documents().filter(({ doc }) => doc.Status !== 'PENDING' && doc.JudgedAt)) {
    const key = `${entry.orgId}|${entry.doc.VendorCode ?? ''}|${entry.doc.JudgedAt!.slice(0, 7)}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups.values()].map((lots) => {
    const { orgId, doc } = lots[0];
    const accepted = lots.filter((l) => l.doc.Result === 'ACCEPT').length;
    return {
      org_id: orgId, rate_key: `${doc.VendorCode ?? ''}|${doc.JudgedAt!.slice(0, 7)}`, vendor_code: doc.VendorCode, vendor_name: null, month: doc.JudgedAt!.slice(0, 7),
      lots: lots.length, accepted, rejected: lots.filter((l) => l.doc.Result === 'REJECT').length, concession: lots.filter((l) => l.doc.Status === 'CONCESSION').length,
      acceptance_rate: Math.round((10000 * accepted) / lots.length) / 100,
    };
  });
}

/** The dashboard's defect Pareto by class and item (the server's view iqc_defect_pareto, migration 0160_02). */
function defectParetoRows(): Record<string, unknown>[] {
  const found = new Map<string, { orgId: string; item: Item; defects: number; lots: number }>();
  for (const { orgId, doc } of documents().filter(({ doc }) => doc.Status !== 'PENDING')) {
    for (const item of doc.Items) {
      const defects = defectsOf(asJudged(item));
      if (defects === null) continue;
      const key = `${orgId}|${item.DefectClass}|${item.CheckItemCode}`;
      const seen = found.get(key) ?? { orgId, item, defects: 0, lots: 0 };
      found.set(key, { ...seen, defects: seen.defects + defects, lots: seen.lots + 1 });
    }
  }
  const rows: Record<string, unknown>[] = [];
  for (const orgId of new Set([...found.values()].map((f) => f.orgId))) {
    const ofOrg = [...found.values()].filter((f) => f.orgId === orgId)
      .sort((a, b) => b.defects - a.defects || a.item.DefectClass.localeCompare(b.item.DefectClass) || a.item.CheckItemCode.localeCompare(b.item.CheckItemCode));
    const total = ofOrg.reduce((sum, f) => sum + f.defects, 0);
    let running = 0;
    ofOrg.forEach((f, index) => {
      running += f.defects;
      const pct = (n: number) => (total ? Math.round((10000 * n) / total) / 100 : 0);
      rows.push({
        org_id: orgId, pareto_key: `${f.item.DefectClass}|${f.item.CheckItemCode}`, rank: index + 1, defect_class: f.item.DefectClass, check_item_code: f.item.CheckItemCode,
        name: f.item.Name, defects: f.defects, lots: f.lots, share: pct(f.defects), cumulative_share: pct(running),
      });
    });
  }
  return rows;
}

/** The quality screens' lists (PAGE_MOCK_LISTS) read these documents instead of generated sample rows. */
const QUALITY_LIST_ROWS: Record<string, () => Record<string, unknown>[]> = {
  '/quality/document': () => qualityDocumentRows(),
  // The views iqc_documents_rejected and iqc_documents_judged (migration 0130_01).
  '/quality/loose-approval': () => qualityDocumentRows().filter((row) => row.status === 'REJECTED'),
  '/quality/report': () => qualityDocumentRows().filter((row) => row.status !== 'PENDING'),
  // The dashboard's views (migration 0160_02).
  '/quality/acceptance-rate': acceptanceRateRows,
  '/quality/defect-pareto': defectParetoRows,
};
export const withQualityRows = <L extends { listRoute: string }>(list: L): L => {
  const rows = QUALITY_LIST_ROWS[list.listRoute];
  return rows ? { ...list, liveRows: rows } : list;
};

/**
 * Iqc/SpcHistory: the demo documents are one lot per part, so each variable item gets 12 earlier lots of
 * its vendor (5 measurements each around the nominal, deterministic; the 9th lot's mean shifted out of
 * control), then the document's own lot when it has measurements.
 */
export const SPC_DEMO_LOTS = 12;
function spcHistory(caller: SignedIn, body: { Id: string; CheckItemCode: string }) {
  const doc = documentOf(caller, body.Id);
  const item = doc.Items.find((i) => i.CheckItemCode === body.CheckItemCode);
  if (!item || item.Kind !== 'VARIABLE') return [];
  const nominal = item.LowerLimit !== null && item.UpperLimit !== null ? (item.LowerLimit + item.UpperLimit) / 2 : (item.LowerLimit ?? item.UpperLimit ?? 0);
  const received = Date.parse('2026-10-01T08:00:00.000Z');
  const earlier = Array.from({ length: SPC_DEMO_LOTS }, (_, lot) => ({
    DocCode: `${doc.DocCode.slice(0, -4)}H${String(lot + 1).padStart(3, '0')}`,
    LotCode: `${doc.LotCode}-H${lot + 1}`,
    At: new Date(received + lot * 86_400_000).toISOString(),
    Measurements: Array.from({ length: 5 }, (_, k) => Math.round((nominal + (lot === 8 ? 0.4 : 0) + (((lot * 7 + k * 3) % 9) - 4) * 0.02) * 1000) / 1000),
  }));
  const own = item.Measurements?.length ? [{ DocCode: doc.DocCode, LotCode: doc.LotCode, At: new Date(received + SPC_DEMO_LOTS * 86_400_000).toISOString(), Measurements: item.Measurements }] : [];
  return [...earlier, ...own];
}

type ListExportBody = components['schemas']['IqcListExportRequest'];
const LOOKUP_OF_COLUMN: Record<string, string> = { status: 'QC_DOC_STATUS', severity: 'QC_SEVERITY', result: 'QC_RESULT', computed_result: 'QC_RESULT' };
const EXPORTED_PAGES = [qualityReportPage, qualityAcceptanceRatePage, qualityDefectParetoPage];

/** Iqc/ListExport: a quality grid's rows matching the search's "equals"/"like" conditions as a real xlsx (exceljs, loaded on use). */
async function exportList(caller: SignedIn, listRoute: string, body: ListExportBody) {
  const page = EXPORTED_PAGES.find((p) => p.link === listRoute)!;
  if (!hasMenu(granteeOf(caller.user), page.menuCode)) throw new Refusal(403, 'accessDenied');
  const { default: ExcelJS } = await import('exceljs');
  const columns = page.list!.columns;
  const matches = (row: Record<string, unknown>) =>
    (body.conditions ?? []).every((c) => {
      const value = c.PARAM_VALUE;
      if (value === null || value === undefined || value === '' || typeof value !== 'string') return true;
      const cell = String(row[c.FIELD_NAME] ?? '');
      return c.ACTION_TYPE === 1 ? cell === value : cell.toLowerCase().includes(value.toLowerCase());
    });
  const rows = QUALITY_LIST_ROWS[listRoute]().filter((row) => row.org_id === caller.orgId && matches(row));
  const labelOf = (column: string, value: unknown) => {
    const lookup = SYSTEM_LOOKUPS.find(([type, code]) => type === LOOKUP_OF_COLUMN[column] && code === value);
    return lookup ? (caller.language === 'en' ? lookup[3] : lookup[2]) : value;
  };
  const title = page.title[caller.language];
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet(title).addRows([columns.map((c) => c.label[caller.language]), ...rows.map((row) => columns.map((c) => labelOf(c.name, row[c.name] ?? null)))]);
  return new Response(await workbook.xlsx.writeBuffer(), {
    status: 200,
    headers: { 'Content-Type': XLSX_TYPE, 'Content-Disposition': `attachment; filename="${listRoute.split('/').at(-1)}.xlsx"; filename*=UTF-8''${encodeURIComponent(`${title}.xlsx`)}` },
  });
}

export function qualityHandlers(baseUrl: string) {
  const http = createContractHttp(baseUrl);
  return [
    http.post('/Iqc/DocumentGet', signedInAnswer(async (caller, request) => ok(request, documentOf(caller, ((await request.json()) as { Id: string }).Id)))),
    http.post('/Iqc/SaveResults', signedInAnswer(async (caller, request) => ok(request, saveResults(caller, (await request.json()) as SaveBody)))),
    http.post('/Iqc/Judge', signedInAnswer(async (caller, request) => ok(request, judgeDocument(caller, (await request.json()) as JudgeBody)))),
    http.post('/Iqc/SpcHistory', signedInAnswer(async (caller, request) => ok(request, spcHistory(caller, (await request.json()) as { Id: string; CheckItemCode: string })))),
    http.post('/Iqc/ListExport', signedInAnswer(async (caller, request) => {
      const body = (await request.json()) as ListExportBody;
      return exportList(caller, body.LIST_ROUTE, body);
    })),
    http.post('/Iqc/MakeBill', signedInAnswer(async (caller, request) => ok(request, await makeBill(caller, (await request.json()) as MakeBillBody)))),
    http.post('/Iqc/LooseAccept', signedInAnswer(async (caller, request) => ok(request, looseAccept(caller, (await request.json()) as LooseBody)))),
  ];
}
