/**
 * A warning raised by the portal itself (an MSD reel past its floor life, an auxiliary container about to
 * expire, an ERP posting that did not get through) is read in the reader's language: its English words
 * are kept beside the Chinese ones (title_en, content_en; null for a warning with words in one language
 * only, shown as they are), and the warning grid's view picks them by the language the list engine sets
 * for its read-only transaction (portal.language, server/query/read-only.ts). Column names, types and
 * captions of the view stay as they were.
 */
import { sql, type Kysely } from 'kysely';

const inReaderLanguage = (column: string) =>
  `case when current_setting('portal.language', true) = 'en' then coalesce(nullif(w.${column}_en, ''), w.${column}) else w.${column} end as ${column}`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table home_warnings add column title_en text, add column content_en text`.execute(db);
  await sql`
    create or replace view home_warning_list as
    select ${sql.raw(inReaderLanguage('title'))}, ${sql.raw(inReaderLanguage('content'))},
           w.warning_level, w.call_status, w.call_time, w.created_at, w.id, w.org_id
      from home_warnings w`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace view home_warning_list as
    select w.title, w.content, w.warning_level, w.call_status, w.call_time, w.created_at, w.id, w.org_id from home_warnings w`.execute(db);
  await sql`alter table home_warnings drop column title_en, drop column content_en`.execute(db);
}
