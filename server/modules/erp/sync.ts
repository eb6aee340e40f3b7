/**
 * Sync-create from the ERP (spec §4 bill action; the built-in task 'erp-sync' and Bill/SyncFromErp):
 * the ERP's purchase orders (GET /purchase-orders, with their lines of spec §3) become ASN or IN bills
 * (the document's Kind), its work orders (GET /work-orders) WO issue bills, each through Bill/Save's
 * own rules (server/modules/bills/save.ts), in the organisation whose ERP it is.
 *
 * Once per document: the bill keeps its source ('PO:<PoNo>', 'MO:<MoNo>/<MoLine>') in
 * bill_headers.erp_source, unique per organisation. A document already imported is skipped; two
 * syncs at once (two processes) both try, the database lets one bill in and refuses the other
 * (23505), which counts as already there. A document the rules refuse (an unknown part, a missing
 * storage location) is reported, in words, and the others are imported all the same.
 */
import type { DB } from '../../db/database.ts';
import type { MessageRef } from '../../../src/shared/messages/catalogue.ts';
import type { SaveInput } from '../../../src/shared/bills/save-rules.ts';
import { ERP_SYNC_BILL_TYPES as SYNC_BILL_TYPES, type ErpSyncBillType as SyncBillType } from '../../../src/shared/bills/erp-sync.ts';
import { Refusal } from '../../../src/shared/messages/refusal.ts';
import type { BillCaller } from '../bills/engine.ts';
import { saveBill } from '../bills/save.ts';
import { callErp, DEFAULT_ERP_SERVICE, erpEndpoints, type ErpEndpoint } from './client.ts';
import { errorText, messageRefOf } from '../../i18n.ts';

export interface SyncOptions {
  service?: string;
  /** Only documents that become these types (default all). */
  billTypes?: readonly SyncBillType[];
  /** The storage location of a purchase-order line that names none. */
  defaultToSic?: string;
  signal?: AbortSignal;
}

export interface SyncReport {
  created: { source: string; billCode: string }[];
  existing: number;
  /** The documents not imported, and why, each to be put in its reader's language. */
  problems: MessageRef[];
}

export { isErpSyncBillType as isSyncBillType } from '../../../src/shared/bills/erp-sync.ts';

/** What the job runs as, when it is not a user's call. */
export const SYNC_USER = { userId: 'erp-sync', userName: 'ERP' };

interface SyncDocument {
  source: string;
  input: SaveInput;
}

const text = (value: unknown, max = 100): string | undefined => (typeof value === 'string' && value.trim() && value.length <= max ? value.trim() : undefined);
const optionalText = (value: unknown, max = 200): string | null => (typeof value === 'string' && value.length <= max ? value : null);
const qty = (value: unknown): string | undefined => (typeof value === 'number' && Number.isFinite(value) ? String(value) : text(value, 40));

/** The ERP's purchase orders as bills (a message: not a document the bridge understands, and why). */
function purchaseOrderOf(doc: Record<string, unknown>, defaultToSic?: string): SyncDocument | MessageRef {
  const poNo = text(doc.PoNo);
  if (!poNo) return { message: 'erpPoWithoutNo' };
  const kind = doc.Kind ?? 'ASN';
  if (kind !== 'ASN' && kind !== 'IN') return { message: 'erpPoKindInvalid', params: { po: poNo } };
  const lines = Array.isArray(doc.Lines) ? (doc.Lines as Record<string, unknown>[]) : [];
  if (!lines.length || lines.length > 1000) return { message: 'erpDocumentLineCount', params: { document: `PO ${poNo}` } };
  return {
    source: `PO:${poNo}`,
    input: {
      BillType: kind,
      VendorCode: optionalText(doc.VendorCode),
      CompanyCode: optionalText(doc.CompanyCode),
      Description: optionalText(doc.Description) ?? `PO ${poNo}`,
      EvidenceNo: poNo,
      Lines: lines.map((line) => ({
        ...(Number.isInteger(line.LineNo) ? { LineNo: line.LineNo as number } : {}),
        PartCode: text(line.PartCode) ?? '',
        Qty: qty(line.Qty) ?? '',
        ToSic: optionalText(line.ToSic) ?? defaultToSic ?? null,
        ToLoc: optionalText(line.ToLoc),
      })),
    },
  };
}

function workOrderOf(doc: Record<string, unknown>): SyncDocument | MessageRef {
  const moNo = text(doc.MoNo);
  const moLine = text(doc.MoLine) ?? (Number.isInteger(doc.MoLine) ? String(doc.MoLine) : undefined);
  if (!moNo || !moLine) return { message: 'erpWoWithoutNo' };
  const lines = Array.isArray(doc.Lines) ? (doc.Lines as Record<string, unknown>[]) : [];
  if (!lines.length || lines.length > 1000) return { message: 'erpDocumentLineCount', params: { document: `MO ${moNo}/${moLine}` } };
  return {
    source: `MO:${moNo}/${moLine}`,
    input: {
      BillType: 'WO',
      Mo: moNo,
      MoLine: moLine,
      Description: optionalText(doc.Description) ?? `MO ${moNo}/${moLine}`,
      Lines: lines.map((line) => ({
        ...(Number.isInteger(line.LineNo) ? { LineNo: line.LineNo as number } : {}),
        PartCode: text(line.PartCode) ?? '',
        Qty: qty(line.Qty) ?? '',
        FromSic: optionalText(line.FromSic),
        FromLoc: optionalText(line.FromLoc),
      })),
    },
  };
}

const documentsOf = (answer: unknown): Record<string, unknown>[] => {
  const documents = (answer as { documents?: unknown } | null)?.documents;
  return Array.isArray(documents) ? documents.filter((d): d is Record<string, unknown> => typeof d === 'object' && d !== null) : [];
};

const isSourceClash = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505' && String((error as { constraint?: string; message?: string }).constraint ?? (error as Error).message).includes('bill_headers_erp_source');

/** Imports one organisation's ERP documents. */
export async function syncOrganisation(db: DB, endpoint: ErpEndpoint, caller: BillCaller, now: () => Date, options: SyncOptions = {}): Promise<SyncReport> {
  const wanted = new Set<string>(options.billTypes ?? SYNC_BILL_TYPES);
  const report: SyncReport = { created: [], existing: 0, problems: [] };
  const documents: (SyncDocument | MessageRef)[] = [];
  if (wanted.has('ASN') || wanted.has('IN')) {
    const answer = await callErp(endpoint, 'GET', '/purchase-orders', { signal: options.signal });
    documents.push(...documentsOf(answer).map((doc) => purchaseOrderOf(doc, options.defaultToSic)));
  }
  if (wanted.has('WO')) {
    const answer = await callErp(endpoint, 'GET', '/work-orders', { signal: options.signal });
    documents.push(...documentsOf(answer).map(workOrderOf));
  }
  const sources = documents.filter((d): d is SyncDocument => 'source' in d && wanted.has(d.input.BillType)).map((d) => d.source);
  const made = new Set(
    sources.length
      ? (await db.selectFrom('bill_headers').select('erp_source').where('org_id', '=', caller.orgId).where('erp_source', 'in', sources).execute()).map((r) => r.erp_source)
      : [],
  );
  for (const document of documents) {
    if (options.signal?.aborted) break;
    if (!('source' in document)) {
      report.problems.push(document);
      continue;
    }
    if (!wanted.has(document.input.BillType)) continue;
    if (made.has(document.source)) {
      report.existing++;
      continue;
    }
    try {
      const saved = await saveBill(db, caller, document.input, now(), { erpSource: document.source });
      made.add(document.source);
      report.created.push({ source: document.source, billCode: saved.BillCode });
    } catch (error) {
      if (isSourceClash(error)) {
        report.existing++;
        made.add(document.source);
      } else if (error instanceof Refusal) {
        report.problems.push({ message: 'namedProblem', params: { name: document.source, problem: messageRefOf(error)! } });
      } else {
        throw error;
      }
    }
  }
  return report;
}

/** The job: every organisation with an enabled ERP. */
export async function syncAll(db: DB, now: () => Date, options: SyncOptions = {}): Promise<SyncReport> {
  const total: SyncReport = { created: [], existing: 0, problems: [] };
  for (const endpoint of (await erpEndpoints(db, options.service ?? DEFAULT_ERP_SERVICE)).values()) {
    try {
      const report = await syncOrganisation(db, endpoint, { orgId: endpoint.orgId, ...SYNC_USER }, now, options);
      total.created.push(...report.created);
      total.existing += report.existing;
      total.problems.push(...report.problems.map((problem): MessageRef => ({ message: 'namedProblem', params: { name: endpoint.orgId, problem } })));
    } catch (error) {
      total.problems.push({ message: 'namedProblem', params: { name: endpoint.orgId, problem: messageRefOf(error) ?? errorText(error) } });
    }
  }
  return total;
}
