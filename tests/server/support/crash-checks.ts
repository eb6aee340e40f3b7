/**
 * What must hold in the database after any crash (issue 14, the crash test): read with SQL, as lines
 * a person can read (none: it holds).
 * - The stock ledger agrees with itself (support/stock.ts stockDisagreements): per balance key the
 *   postings sum to the balance and to the reels in stock there; nothing negative.
 * - No reel is half-moved: per reel and place, its postings sum to the reel's quantity where it is
 *   (when in stock) and to nothing anywhere else.
 * - A bill's reel (box) is done (received, picked) exactly when the bill's unreversed ledger
 *   transaction of that kind for the reel exists and is the box's; the action log has the action
 *   exactly then; each line's actual quantity is the sum of its done boxes.
 */
import { sql } from 'kysely';
import type { DB } from '../../../server/db/database.ts';
import { stockDisagreements } from './stock.ts';

/** The box statuses that mean the bill's action took place, with the ledger kind and the logged action behind them. */
const DONE = [
  { box: 'RECEIVED', kind: 'RECEIVE', action: 'ConfirmReceipt' },
  { box: 'PICKED', kind: 'ISSUE', action: 'Pick' },
] as const;

export async function reelsHalfMoved(db: DB, lotCode: string): Promise<string[]> {
  const { rows } = await sql<{ problem: string }>`
    with postings as (
      select reel_code, sic, loc, sum(qty) as qty from stock_postings where lot_code = ${lotCode} group by 1, 2, 3),
    reels as (
      select reel_code, sic, loc, qty from stock_reels where lot_code = ${lotCode} and sic is not null)
    select format('reel %s at %s/%s: ledger %s, reel %s', coalesce(p.reel_code, r.reel_code), coalesce(p.sic, r.sic), coalesce(p.loc, r.loc),
             coalesce(p.qty, 0), coalesce(r.qty, 0)) as problem
      from postings p full join reels r on r.reel_code = p.reel_code and r.sic = p.sic and r.loc = p.loc
     where coalesce(p.qty, 0) <> coalesce(r.qty, 0)`.execute(db);
  return rows.map((r) => r.problem);
}

export async function billsDisagreeing(db: DB, billCodes: readonly string[]): Promise<string[]> {
  if (!billCodes.length) return [];
  const done = sql.join(DONE.map((d) => sql`(${d.box}, ${d.kind}, ${d.action})`));
  const { rows } = await sql<{ problem: string }>`
    with done(box_status, kind, action) as (values ${done}),
    boxes as (
      select h.id as bill_id, h.bill_code, x.reel_code, x.line_no, x.qty, x.status, x.txn_id
        from bill_boxes x join bill_headers h on h.id = x.bill_id where h.bill_code in (${sql.join(billCodes)})),
    unreversed as (
      select t.id, t.bill_code, t.reel_code, t.kind from stock_transactions t
       where t.bill_code in (${sql.join(billCodes)}) and t.kind in (select kind from done)
         and not exists (select 1 from stock_transactions r where r.reverses_id = t.id))
    select format('bill %s reel %s is %s, but its ledger has %s unreversed %s of it (box transaction %s)', b.bill_code, b.reel_code, b.status,
             (select count(*) from unreversed u where u.bill_code = b.bill_code and u.reel_code = b.reel_code and u.kind = d.kind), d.kind, b.txn_id) as problem
      from boxes b cross join done d
     where (select count(*) from unreversed u where u.bill_code = b.bill_code and u.reel_code = b.reel_code and u.kind = d.kind)
           <> case when b.status = d.box_status then 1 else 0 end
        or (b.status = d.box_status and b.txn_id not in (select id from unreversed u where u.bill_code = b.bill_code and u.reel_code = b.reel_code and u.kind = d.kind))
    union all
    select format('bill %s reel %s is %s, but the action log has %s %s for it', b.bill_code, b.reel_code, b.status, count(l.id), d.action)
      from boxes b cross join done d
      left join bill_action_log l on l.bill_id = b.bill_id and l.reel_code = b.reel_code and l.action = d.action
     group by b.bill_code, b.reel_code, b.status, d.box_status, d.action
    having (count(l.id) > 0) <> (b.status = d.box_status)
    union all
    select format('bill %s line %s: actual quantity %s, its done reels %s', h.bill_code, l.line_no, l.actual_qty, coalesce(sum(b.qty), 0))
      from bill_lines l join bill_headers h on h.id = l.bill_id
      left join boxes b on b.bill_id = l.bill_id and b.line_no = l.line_no and b.status in (select box_status from done)
     where h.bill_code in (${sql.join(billCodes)})
     group by h.bill_code, l.line_no, l.actual_qty
    having l.actual_qty <> coalesce(sum(b.qty), 0)`.execute(db);
  return rows.map((r) => r.problem);
}

/** Everything above for the crash test's lot and bills. */
export async function crashInvariantProblems(db: DB, lotCode: string, billCodes: readonly string[]): Promise<string[]> {
  return [...(await stockDisagreements(db)), ...(await reelsHalfMoved(db, lotCode)), ...(await billsDisagreeing(db, billCodes))];
}
