/**
 * Reel/Label and Reel/PrintLabel (openapi/paths/labels.yaml; issue 17): a label document for reels
 * of the caller's organisation, and the record of their printing (spec §3 Reel: print count, print
 * date, printer). Sending the document to a printer is the browser's job, through the local printer
 * service (spec §7, print-agent/); PrintLabel then records it, all reels or none.
 */
import { sql } from 'kysely';
import { authOf } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import { inTransaction, type DB } from '../../db/database.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { ok } from '../../http/responses.ts';
import { labelTemplateOf, refuseMissingReels } from '../../../src/shared/labels/templates.ts';
import { quantityText } from '../stock/quantity.ts';
import { reelsByCode } from '../stock/reel-probe.ts';
import { stockCaller } from '../stock/handlers.ts';
import { generateReels, reelHistory, updateReel, type ReelHistoryEntry } from '../stock/reels.ts';
import type { LabelReel } from './render.ts';

/** The label renderers with pdf-lib and fontkit, loaded with the first label: ~0.2 s of every server start otherwise. */
const labelRenderers = async () => ({ ...(await import('./render.ts')), ...(await import('./labelFont.ts')) });

/** The reels with their part names, in the order asked (a code asked twice gives two labels). */
export async function labelReels(db: DB, orgId: string, codes: readonly string[]): Promise<LabelReel[]> {
  const distinct = [...new Set(codes)];
  // md_part is declared by server/crud, not in the typed schema.
  const { rows } = await sql<{
    reel_code: string; part_code: string; part_name: string | null; qty: string; lot_code: string;
    date_code: string | null; vendor_code: string | null; expire_date: string | null;
  }>`
    select r.reel_code, r.part_code, p.name as part_name, r.qty::text as qty, r.lot_code, r.date_code, r.vendor_code,
           r.expire_date::text as expire_date
      from ${reelsByCode(orgId, distinct)} r
      left join lateral (select p.name from md_part p where p.org_id = r.org_id and p.code = r.part_code limit 1) p on true`.execute(db);
  const byCode = new Map(rows.map((row) => [row.reel_code, row]));
  refuseMissingReels(codes, new Set(byCode.keys()));
  return codes.map((code) => {
    const row = byCode.get(code)!;
    return {
      reelCode: row.reel_code,
      partCode: row.part_code,
      partName: row.part_name,
      qty: quantityText(row.qty),
      lotCode: row.lot_code,
      dateCode: row.date_code,
      vendorCode: row.vendor_code,
      expireDate: row.expire_date,
    };
  });
}

/**
 * Print count + (times asked), print date now, the printer: every reel or, when one is unknown, none
 * (one statement; an unknown reel rolls it back).
 */
export async function recordPrinting(db: DB, orgId: string, codes: readonly string[], printer: string) {
  const times = new Map<string, number>();
  for (const code of codes) times.set(code, (times.get(code) ?? 0) + 1);
  return inTransaction(db, async (trx) => {
    const { rows } = await sql<{ reel_code: string; print_count: number; print_date: Date; printer: string }>`
      update stock_reels r
         set print_count = r.print_count + t.n, print_date = now(), printer = ${printer}, updated_at = now()
        from unnest(${[...times.keys()]}::text[], ${[...times.values()]}::int[]) as t(code, n)
       where r.org_id = ${orgId} and r.reel_code = t.code
      returning r.reel_code, r.print_count, r.print_date, r.printer`.execute(trx);
    const byCode = new Map(rows.map((row) => [row.reel_code, row]));
    refuseMissingReels(codes, new Set(byCode.keys()));
    return [...times.keys()].map((code) => {
      const row = byCode.get(code)!;
      return { ReelCode: row.reel_code, PrintCount: row.print_count, PrintDate: new Date(row.print_date).toISOString(), Printer: row.printer };
    });
  });
}

const historyOut = (entries: readonly ReelHistoryEntry[]) =>
  entries.map((e) => ({
    Field: e.field,
    OldValue: e.oldValue,
    NewValue: e.newValue,
    TransactionId: e.transactionId,
    UserName: e.userName,
    ChangedAt: new Date(e.changedAt).toISOString(),
  }));

export function labelHandlers(ctx: ServerContext) {
  return exactHandlers({
    ReelLabel: async (request, reply) => {
      const { orgId } = authOf(request);
      const { ReelCodes, TemplateCode, Format } = request.body;
      const template = labelTemplateOf(TemplateCode);
      const reels = await labelReels(ctx.db, orgId, ReelCodes);
      const name = ReelCodes.length === 1 ? ReelCodes[0]! : `labels-${ReelCodes.length}`;
      const safeName = name.replace(/[^\w.-]/g, '_');
      reply.header('cache-control', 'no-store');
      const { renderLabelsPdf, renderLabelsZpl, warnIfNoLabelFont } = await labelRenderers();
      if (Format === 'zpl') {
        const zpl = renderLabelsZpl(template, reels);
        reply.header('content-type', 'text/plain; charset=utf-8');
        reply.header('content-disposition', `attachment; filename="${safeName}.zpl"`);
        return reply.send(zpl);
      }
      warnIfNoLabelFont(request.log);
      const pdf = await renderLabelsPdf(template, reels);
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `inline; filename="${safeName}.pdf"`);
      return reply.send(Buffer.from(pdf));
    },

    ReelPrintLabel: async (request) => {
      const { orgId } = authOf(request);
      const { ReelCodes, Printer, TemplateCode } = request.body;
      labelTemplateOf(TemplateCode);
      return ok(await recordPrinting(ctx.db, orgId, ReelCodes, Printer.trim()));
    },

    ReelGenerate: async (request) => {
      const { orgId } = authOf(request);
      const body = request.body;
      return ok(await generateReels(ctx.db, orgId, { ...body, PartCode: body.PartCode.trim(), VendorCode: body.VendorCode?.trim() || null }));
    },

    ReelUpdate: async (request) => {
      return ok(historyOut(await updateReel(ctx.db, stockCaller(request), request.body)));
    },

    ReelHistory: async (request) => {
      const { orgId } = authOf(request);
      return ok(historyOut(await reelHistory(ctx.db, orgId, request.body.ReelCode)));
    },
  } satisfies Partial<OperationHandlers>);
}
