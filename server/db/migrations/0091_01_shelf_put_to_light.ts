/**
 * Put-to-light at receipt (issue 17; server/modules/shelves, Shelf/SuggestCell): a receipt's reel is
 * offered a free rack cell of its line's storage location, and that cell lights for the put-away. The
 * suggestion is a lit reel (shelf_lit_reels) that also holds the locator it reserves:
 *
 * - locator_code: set only on a suggestion; at most one suggestion per locator (a partial unique index),
 *   so two operators asking at once (on two servers, or in two transactions) never get the same place:
 *   the one that loses the race inserts nothing and takes the next free cell.
 * - line_no: the bill line the suggestion is for.
 *
 * Released migrations are never edited.
 */
import { sql, type Kysely } from 'kysely';
import { bilingualCaption } from './frozen/caption-v1.ts';

const CAPTIONS: Record<string, [string, string]> = {
  line_no: ['行号', 'Line no.'],
  locator_code: ['建议库位', 'Suggested locator'],
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table shelf_lit_reels add column line_no integer, add column locator_code text`.execute(db);
  await sql`create unique index shelf_lit_reels_put_away on shelf_lit_reels (org_id, locator_code) where locator_code is not null`.execute(db);
  for (const [column, [zh, en]] of Object.entries(CAPTIONS)) {
    await sql`comment on column ${sql.id('shelf_lit_reels', column)} is ${sql.lit(bilingualCaption(zh, en))}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index shelf_lit_reels_put_away`.execute(db);
  await sql`alter table shelf_lit_reels drop column locator_code, drop column line_no`.execute(db);
}
