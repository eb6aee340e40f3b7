/**
 * FROZEN (version 1): how migrations give configured SQL's database role (server/db/report-reader.ts)
 * read access to a table — migration 0070_report_reader and the master-data migrations `npm run gen
 * -- master` writes call it, so it is part of their history and is never edited; a different way is
 * a new file that new migrations import. The role and setting names are written out, not imported:
 * the role is a database object these migrations made under that name.
 */
import { sql, type Kysely } from 'kysely';

const REPORT_READER_ROLE = 'portal_report_reader';
const REPORT_ORG_SETTING = 'portal.org_id';

type AnyDb = Kysely<any>;

/** Creates the role when the server has none yet, and lets the application's login switch to it. */
export async function ensureReportReader(db: AnyDb): Promise<void> {
  await sql`
    do $$ begin
      if not exists (select from pg_roles where rolname = ${sql.lit(REPORT_READER_ROLE)}) then
        create role ${sql.id(REPORT_READER_ROLE)} nologin;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`.execute(db);
  // A login that is not a superuser needs membership to SET ROLE; a superuser has it implicitly.
  await sql`
    do $$ begin
      if not (select rolsuper from pg_roles where rolname = current_user) and not pg_has_role(current_user, ${sql.lit(REPORT_READER_ROLE)}, 'member') then
        execute format('grant %I to %I', ${sql.lit(REPORT_READER_ROLE)}, current_user);
      end if;
    end $$`.execute(db);
  await sql`grant usage on schema public to ${sql.id(REPORT_READER_ROLE)}`.execute(db);
}

/** Makes a table readable by configured SQL: SELECT, and for an org_id table only the caller's organisation's rows. */
export async function grantReportRead(db: AnyDb, table: string): Promise<void> {
  await ensureReportReader(db);
  await sql`grant select on ${sql.table(table)} to ${sql.id(REPORT_READER_ROLE)}`.execute(db);
  const { rows } = await sql<{ scoped: boolean }>`
    select exists (
      select from pg_attribute where attrelid = to_regclass(${table}) and attname = 'org_id' and not attisdropped
    ) as scoped`.execute(db);
  if (!rows[0]?.scoped) return;
  await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
  await sql`drop policy if exists report_reader_org on ${sql.table(table)}`.execute(db);
  await sql`
    create policy report_reader_org on ${sql.table(table)} for select to ${sql.id(REPORT_READER_ROLE)}
    using (org_id = current_setting(${sql.lit(REPORT_ORG_SETTING)}, true))`.execute(db);
}

/** Takes a table back from configured SQL (a migration's down). */
export async function revokeReportRead(db: AnyDb, table: string): Promise<void> {
  await sql`drop policy if exists report_reader_org on ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(table)} disable row level security`.execute(db);
  await sql`revoke select on ${sql.table(table)} from ${sql.id(REPORT_READER_ROLE)}`.execute(db);
}
