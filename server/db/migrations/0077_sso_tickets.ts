/**
 * Single sign-on tickets in a table of their own: a login session can now hold many one-use tickets
 * (the login's own, and one per child-app frame load from Auth/NewTicket), each with its own expiry.
 * The login tickets still unused move over; sessions.ticket_hash goes.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sso_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    // The login session the ticket signs in to: it ends with it.
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_tickets_session_id').on('sso_tickets').column('session_id').execute();
  // Expired tickets are purged by age.
  await db.schema.createIndex('sso_tickets_expires_at').on('sso_tickets').column('expires_at').execute();
  await db
    .insertInto('sso_tickets')
    .columns(['ticket_hash', 'session_id', 'expires_at'])
    .expression(
      db.selectFrom('sessions').select(['ticket_hash', 'id', 'expires_at']).where('ticket_hash', 'is not', null).where('revoked_at', 'is', null),
    )
    .execute();
  await db.schema.alterTable('sessions').dropColumn('ticket_hash').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('ticket_hash', 'text', (c) => c.unique()).execute();
  await db.schema.dropTable('sso_tickets').execute();
}
