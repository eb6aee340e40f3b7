/**
 * Inspection documents numbered by the day counter (bill_counters, kind IQC) as bills, reels and
 * stocktakes are: before, a document's number was the day's count of documents plus one, so two
 * receipts making a document at once took the same number and one of them failed on the code's
 * unique key. The counter of each day that has documents starts after that day's highest number.
 * Released migrations are never edited.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    insert into bill_counters (org_id, bill_type, day, last_no)
    select org_id, 'IQC', to_date(substr(doc_code, 4, 8), 'YYYYMMDD'), max(substr(doc_code, 12)::int)
      from iqc_documents
     where doc_code ~ '^IQC[0-9]{12}$'
     group by org_id, substr(doc_code, 4, 8)
    on conflict (org_id, bill_type, day) do update set last_no = greatest(bill_counters.last_no, excluded.last_no)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from bill_counters where bill_type = 'IQC'`.execute(db);
}
