/**
 * Reel labels in mock mode (issue 17): Reel/Label answers a small real PDF (one page per reel, its
 * code in text; the barcodes are the reference server's: server/modules/labels) or ZPL in the
 * renderer's shape, and Reel/PrintLabel records the print on the reel grid's sample rows
 * (/reel/generate) and on the mock bills' reels — count + 1, date, printer; an unknown reel refuses all, as the server does.
 * Reel/Generate adds its reels to that grid (codes REEL<day><nnnn>-<n>, 1..500 of them, of a part and a vendor
 * in use, checked as the server checks them), Reel/Update
 * edits a grid row's lot (date code and expiry are kept per reel here) and records its history,
 * which Reel/History answers.
 */
import fixtures from '../generated/fixtures.json';
import { createContractHttp } from '../generated/handlers';
import { labelTemplateOf, MAX_LABEL_REELS, refuseMissingReels } from '../../src/shared/labels/templates';
import { checkGenerateReels } from '../../src/shared/labels/generate-rules';
import { Refusal } from '../../src/shared/messages/refusal';
import { reelLabelsPage } from '../../src/shared/pages/reel-labels';
import { okWith, signedInAnswer, type SignedIn } from './answers';
import { masterCodeLookup } from './masterdata';
import { PAGE_MOCK_LISTS } from './pages';

type Row = Record<string, unknown>;

/** The mock bills' reels (Bill/Get's boxes), as reel rows per organisation, so a bill's labels print too. */
const billReels = new Map<string, Row[]>();
const billReelRows = (orgId: string): Row[] => {
  if (!billReels.has(orgId)) {
    billReels.set(
      orgId,
      fixtures.BillGet.data.Boxes.map((box) => ({ reel_code: box.ReelCode, part_code: box.PartCode, lot_code: box.LotCode, qty: box.Qty, print_count: 0, print_date: null, printer: null, org_id: orgId })),
    );
  }
  return billReels.get(orgId)!;
};

/** The reel grid's sample rows, then the bill reels it does not have (a code in both is the grid's row). */
const reelRows = (caller: SignedIn): Row[] => {
  const grid = (PAGE_MOCK_LISTS.find((list) => list.listRoute === reelLabelsPage.link)?.rows ?? []).filter((row) => row.org_id === undefined || row.org_id === caller.orgId);
  const inGrid = new Set(grid.map((row) => row.reel_code));
  return [...grid, ...billReelRows(caller.orgId).filter((row) => !inGrid.has(row.reel_code))];
};

function reelsOf(caller: SignedIn, codes: readonly string[], templateCode: string | undefined): Row[] {
  labelTemplateOf(templateCode);
  const byCode = new Map(reelRows(caller).map((row) => [String(row.reel_code), row]));
  refuseMissingReels(codes, new Set(byCode.keys()));
  return codes.map((code) => byCode.get(code)!);
}

/** A minimal PDF 1.4 of 60×40 mm pages, each with its reel code in Helvetica. */
export function mockLabelPdf(codes: readonly string[]): string {
  const width = 170.08;
  const height = 113.39;
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const kids: string[] = [];
  for (const code of codes) {
    const text = code.replace(/[\\()]/g, (ch) => `\\${ch}`).replace(/[^\x20-\x7e]/g, '?');
    const stream = `BT /F1 9 Tf 8 95 Td (${text}) Tj ET`;
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    const contentId = objects.length;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`);
    kids.push(`${objects.length} 0 R`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${kids.length} >>`;
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return body;
}

/** Generated prefixes so far (the server numbers them per day in bill_counters). */
let generatedPrefixes = 0;
/** Per organisation and reel: its date code, expiry and history (the grid's rows have only the lot). */
const reelExtras = new Map<string, { DateCode: string | null; ExpireDate: string | null; history: Record<string, unknown>[] }>();
const extrasOf = (orgId: string, code: string) => {
  const key = `${orgId}\u0000${code}`;
  if (!reelExtras.has(key)) reelExtras.set(key, { DateCode: null, ExpireDate: null, history: [] });
  return reelExtras.get(key)!;
};
const gridRows = () => PAGE_MOCK_LISTS.find((list) => list.listRoute === reelLabelsPage.link)?.rows as Row[] | undefined;

const mockLabelZpl = (rows: readonly Row[]) =>
  rows.map((row) => `^XA\n^CI28\n^FO16,16^BY2^BCN,72,N,N,N,A^FH_^FD${String(row.reel_code)}^FS\n^FO16,93^A0N,21,21^FH_^FD${String(row.reel_code)}^FS\n^XZ`).join('\n') + '\n';

export function labelHandlers(baseUrl: string) {
  const http = createContractHttp(baseUrl);
  return [
    http.post(
      '/Reel/Label',
      signedInAnswer(async (caller, request) => {
        const body = (await request.json()) as { ReelCodes: string[]; TemplateCode?: string; Format: 'pdf' | 'zpl' };
        if (!Array.isArray(body.ReelCodes) || body.ReelCodes.length === 0 || body.ReelCodes.length > MAX_LABEL_REELS) throw new Refusal(400, 'badRequest');
        const rows = reelsOf(caller, body.ReelCodes, body.TemplateCode);
        return body.Format === 'zpl'
          ? new Response(mockLabelZpl(rows), { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
          : new Response(mockLabelPdf(body.ReelCodes), { status: 200, headers: { 'Content-Type': 'application/pdf' } });
      }),
    ),
    http.post(
      '/Reel/PrintLabel',
      signedInAnswer(async (caller, request) => {
        const body = (await request.json()) as { ReelCodes: string[]; Printer: string; TemplateCode?: string };
        if (!Array.isArray(body.ReelCodes) || body.ReelCodes.length === 0 || body.ReelCodes.length > MAX_LABEL_REELS || !body.Printer?.trim()) throw new Refusal(400, 'badRequest');
        const rows = reelsOf(caller, body.ReelCodes, body.TemplateCode);
        const now = new Date().toISOString();
        const printed = new Map<string, Row>();
        for (const row of rows) {
          row.print_count = Number(row.print_count ?? 0) + 1;
          row.print_date = now;
          row.printer = body.Printer.trim();
          printed.set(String(row.reel_code), row);
        }
        return okWith(
          request,
          [...printed.values()].map((row) => ({ ReelCode: String(row.reel_code), PrintCount: Number(row.print_count), PrintDate: now, Printer: String(row.printer) })),
        );
      }),
    ),
    http.post(
      '/Reel/Generate',
      signedInAnswer(async (caller, request) => {
        const body = (await request.json()) as { PartCode: string; Qty: string; Count: number; VendorCode?: string | null; LotCode?: string | null; DateCode?: string | null; ExpireDate?: string | null };
        if (!body.PartCode?.trim()) throw new Refusal(400, 'badRequest');
        await checkGenerateReels({ PartCode: body.PartCode.trim(), Count: body.Count, VendorCode: body.VendorCode?.trim() || null }, masterCodeLookup(caller.orgId));
        const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
        const prefix = `REEL${day}${String(++generatedPrefixes).padStart(4, '0')}`;
        const codes = Array.from({ length: body.Count }, (_, index) => `${prefix}-${index + 1}`);
        const rows = gridRows();
        for (const code of codes) {
          rows?.unshift({ reel_code: code, part_code: body.PartCode.trim(), lot_code: body.LotCode ?? '', qty: Number(body.Qty), print_count: 0, print_date: null, printer: null, org_id: caller.orgId });
          Object.assign(extrasOf(caller.orgId, code), { DateCode: body.DateCode ?? null, ExpireDate: body.ExpireDate ?? null });
        }
        return okWith(request, codes);
      }),
    ),
    http.post(
      '/Reel/Update',
      signedInAnswer(async (caller, request) => {
        const body = (await request.json()) as { ReelCode: string; LotCode?: string | null; DateCode?: string | null; ExpireDate?: string | null };
        const [row] = reelsOf(caller, [body.ReelCode], undefined);
        const extras = extrasOf(caller.orgId, body.ReelCode);
        const current: Record<string, string | null> = { LotCode: String(row.lot_code ?? ''), DateCode: extras.DateCode, ExpireDate: extras.ExpireDate };
        const wanted: Record<string, string | null | undefined> = {
          LotCode: body.LotCode === undefined ? undefined : (body.LotCode ?? '').trim(),
          DateCode: body.DateCode === undefined ? undefined : body.DateCode?.trim() || null,
          ExpireDate: body.ExpireDate === undefined ? undefined : body.ExpireDate || null,
        };
        const changed = Object.keys(wanted).filter((field) => wanted[field] !== undefined && wanted[field] !== current[field]);
        if (!changed.length) throw new Refusal(400, 'reelEditNothing');
        const now = new Date().toISOString();
        const entries = changed.map((field) => ({ Field: field, OldValue: current[field], NewValue: wanted[field] ?? null, TransactionId: null, UserName: caller.user.USER_NAME, ChangedAt: now }));
        if (changed.includes('LotCode')) row.lot_code = wanted.LotCode;
        if (changed.includes('DateCode')) extras.DateCode = wanted.DateCode ?? null;
        if (changed.includes('ExpireDate')) extras.ExpireDate = wanted.ExpireDate ?? null;
        extras.history.unshift(...entries);
        return okWith(request, entries);
      }),
    ),
    http.post(
      '/Reel/History',
      signedInAnswer(async (caller, request) => {
        const body = (await request.json()) as { ReelCode: string };
        reelsOf(caller, [body.ReelCode], undefined);
        return okWith(request, extrasOf(caller.orgId, body.ReelCode).history);
      }),
    ),
  ];
}
