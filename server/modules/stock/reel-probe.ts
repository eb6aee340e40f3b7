/**
 * The organisation's reels of a list of codes, read by their key: one probe per code.
 *
 * The stock tables have no planner statistics where autovacuum is off (the embedded database, CI's
 * PostgreSQL). There, as `reel_code in (...)`, `= any(...)` or a join on the code, the planner took the
 * organisation for a sliver of stock_reels and read its every reel, testing each against the list:
 * 200 labels among 4,000 reels read 4,010 rows, growing with the plant. `limit 1` (the key is unique)
 * keeps each look-up a subquery of its own. The ledger's lock probes the same way, in its locking order.
 */
import { sql, type RawBuilder } from 'kysely';

/**
 * A `from` item (alias it) with the stock_reels columns of each code found, once per distinct code,
 * plus `at`, the row's ctid, for an update to find it by: `update stock_reels s ... from <probe> r where s.ctid = r.at`.
 */
export function reelsByCode(orgId: string, codes: readonly string[]): RawBuilder<unknown> {
  return sql`(select found.* from unnest(${[...new Set(codes)]}::text[]) as wanted (code)
    join lateral (select s.*, s.ctid as at from stock_reels s where s.org_id = ${orgId} and s.reel_code = wanted.code limit 1) found on true)`;
}
