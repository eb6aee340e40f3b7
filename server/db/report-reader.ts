/**
 * The database role configured SQL runs as (server/query/configured-sql.ts, read-only.ts): NOLOGIN,
 * SELECT on the report tables the migrations grant it (migrations/frozen/report-read-v1.ts) and nothing else, so what an administrator's
 * SELECT can read is decided by the database, not by string checks. Users, sessions, login keys,
 * passwords, settings, menus and roles are never granted.
 *
 * Every organisation-scoped report table gets row-level security for this role: it sees only the
 * rows of the organisation the request acts in, which the server sets (transaction-local
 * `portal.org_id`) before it switches to the role; configured SQL cannot change it (set_config and
 * SET are refused by the parser). The application's own login owns the tables, so RLS does not
 * apply to it.
 *
 * Roles belong to the whole PostgreSQL server, not to one database: creating it tolerates its
 * existing already (another database of the same server, or a concurrent migration). PGlite
 * honours roles, grants, SET ROLE and row-level security exactly like PostgreSQL (checked; its
 * single user is a superuser, who may SET ROLE to any role).
 */
export const REPORT_READER_ROLE = 'portal_report_reader';
/** The transaction-local setting the row-level security policies read. */
export const REPORT_ORG_SETTING = 'portal.org_id';
