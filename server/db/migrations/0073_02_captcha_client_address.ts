/**
 * Captchas remember the client address that asked for them, so Captcha/Get can limit how many
 * unused captchas one address holds (server/modules/auth/captcha.ts): each costs an SVG drawing
 * and a row, and the endpoint is public.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('captchas').addColumn('client_address', 'text').execute();
  await db.schema.createIndex('captchas_client_address').on('captchas').columns(['client_address', 'expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('captchas_client_address').execute();
  await db.schema.alterTable('captchas').dropColumn('client_address').execute();
}
