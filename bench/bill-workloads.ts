/**
 * The product's posting calls for bench/bill-posting.ts, each client on bills of its own part, bills
 * of BILL_REELS reels as a real receipt or work order has (a bill's every action recounts its lines):
 * - Bill/ConfirmReceipt: ASN bills saved and their reels created (Bill/Save, Bill/CreateReels) before
 *   the window; in it, each reel scanned once.
 * - Bill/Pick: reels put in stock through the ledger and WO bills saved for them before the window;
 *   in it, each reel scanned once (a whole reel: it is issued).
 */
import { sql } from 'kysely';
import type { HttpJob } from './http-load.ts';
import type { PostingContext, Workload } from './bill-posting.ts';
import { reelsFor } from './bill-posting.ts';

const BILL_REELS = 50;

export async function billWorkloads(ctx: PostingContext): Promise<Workload[]> {
  const has = (name: string) => ctx.app.hasRoute({ method: 'POST', url: `/api/Bill/${name}` });
  if (!has('ConfirmReceipt')) return [];
  const { rows } = await sql<{ code: string; mpq: string }>`select code, min_pack_qty::text as mpq from md_part where org_id = ${ctx.org} and code in (${sql.join(ctx.parts)})`.execute(ctx.db);
  const packOf = new Map(rows.map((r) => [r.code, Number(r.mpq)]));
  const call = async (name: string, body: object) => (await ctx.call('POST', `/Bill/${name}`, { token: ctx.token, org: ctx.org, body })).data;
  /** `total` split into bills of at most BILL_REELS. */
  const billSizes = (total: number) => Array.from({ length: Math.ceil(total / BILL_REELS) }, (_, i) => Math.min(BILL_REELS, total - i * BILL_REELS));

  const workloads: Workload[] = [
    {
      label: 'Bill/ConfirmReceipt over HTTP',
      kind: 'receipt',
      prepare: async (perClient) => ({
        http: await Promise.all(
          ctx.parts.slice(0, ctx.clients).map(async (part) => {
            const jobs: HttpJob[] = [];
            const pack = packOf.get(part)!;
            for (const reels of billSizes(perClient)) {
              const bill = await call('Save', {
                BillType: 'ASN',
                VendorCode: 'V0001',
                Description: 'bench',
                Lines: [{ PartCode: part, Qty: String(reels * pack), ToSic: ctx.place.sic, ToLoc: ctx.place.loc }],
              });
              const created = await call('CreateReels', { Id: bill.Id });
              for (const reel of created.Reels as { ReelCode: string }[]) jobs.push({ url: '/api/Bill/ConfirmReceipt', body: { Id: bill.Id, ReelCode: reel.ReelCode } });
            }
            return jobs;
          }),
        ),
      }),
    },
  ];
  if (has('Pick')) {
    workloads.push({
      label: 'Bill/Pick over HTTP',
      kind: 'pick',
      prepare: async (perClient, round) => {
        const stock = await reelsFor(ctx, perClient, round, true);
        return {
          http: await Promise.all(
            stock.map(async (reels) => {
              const jobs: HttpJob[] = [];
              for (let i = 0; i < reels.length; i += BILL_REELS) {
                const batch = reels.slice(i, i + BILL_REELS);
                const bill = await call('Save', { BillType: 'WO', Mo: 'MO-BENCH', MoLine: '1', Lines: [{ PartCode: batch[0].part, Qty: String(batch.length * Number(batch[0].qty)) }] });
                for (const reel of batch) jobs.push({ url: '/api/Bill/Pick', body: { Id: bill.Id, ReelCode: reel.code } });
              }
              return jobs;
            }),
          ),
        };
      },
    });
  }
  return workloads;
}
