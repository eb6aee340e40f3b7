/**
 * Codes numbered per calendar day: `<KIND><yyyymmdd><nnnn>` from the day's row of bill_counters (kind: a
 * bill type, or REEL for reels generated without a bill). The row is locked by its upsert, so two
 * transactions never take the same number; a rolled-back one leaves its number unused. The code's
 * pattern is src/shared/day-codes.ts's (the mocks number their bills with it).
 */
import { sql } from 'kysely';
import type { DB } from './database.ts';
import { dayCode, localDay } from '../../src/shared/day-codes.ts';

export async function nextDayCode(trx: DB, orgId: string, kind: string, now: Date): Promise<string> {
  const day = localDay(now);
  const { rows } = await sql<{ last_no: number }>`
    insert into bill_counters (org_id, bill_type, day, last_no) values (${orgId}, ${kind}, ${day}, 1)
    on conflict (org_id, bill_type, day) do update set last_no = bill_counters.last_no + 1
    returning last_no`.execute(trx);
  return dayCode(kind, day, rows[0].last_no);
}

