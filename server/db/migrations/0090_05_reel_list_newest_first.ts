/**
 * The reel grid (/reel/generate) lists the newest reels first, so the reels just generated are on its
 * first page to print. A new database gets this from the page's declaration (src/shared/pages/reel-labels.ts,
 * seeded after the migrations); this gives it to a database seeded before, unless an administrator has
 * set an order of their own.
 */
import { type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('list_routes')
    .set({ default_sort: 'created_at desc' })
    .where('list_route', '=', '/reel/generate')
    .where('default_sort', 'is', null)
    .execute();
}
