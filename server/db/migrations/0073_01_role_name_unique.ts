/**
 * Role names are unique (a role is picked by its name in the user form). The save checked it first,
 * but two saves at once both passed the check; the key makes the database refuse the second, and
 * server/http/unique-violations.ts answers that with the save's own message.
 * Names that are already duplicated keep the first (oldest id order) and number the others, so the
 * key can be created on any existing database.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update roles set name = numbered.name || ' (' || numbered.n || ')'
    from (select id, name, row_number() over (partition by name order by id) as n from roles) numbered
    where roles.id = numbered.id and numbered.n > 1`.execute(db);
  await db.schema.createIndex('roles_name_unique').on('roles').column('name').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('roles_name_unique').execute();
}
