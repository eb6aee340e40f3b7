/**
 * The generated list screens' time columns show seconds, as every other grid does: their seed gave each
 * date-and-time search setting the format YYYY-MM-DD HH:mm, which cut the seconds off the column. The seed
 * now leaves the format empty (the grid's default, with seconds); here the seeded format is taken off the
 * settings of databases seeded before. Only a setting that still carries exactly the seeded format is
 * cleared: a format an administrator chose stays. The settings are named here (not read from the seed),
 * so this migration stays the same however the seed changes.
 */
import { sql, type Kysely } from 'kysely';

const SEEDED_FORMAT = 'YYYY-MM-DD HH:mm';

/** Each generated screen's list route and its date-and-time settings as the seed wrote them. */
const SEEDED_TIME_SETTINGS: readonly (readonly [listRoute: string, paramName: string])[] = [
  ['/warehouse/reel-aging', 'received_at'],
  ['/reel/generate', 'print_date'],
  ['/quality/document', 'judged_at'],
  ['/stocktake', 'created_at'],
  ['/msd/run-card', 'event_at'],
  ['/warehouse/solder-paste', 'received_at'],
  ['/warehouse/solder-paste', 'expires_at'],
  ['/warehouse/solder-paste', 'opened_at'],
  ['/warehouse/red-glue', 'received_at'],
  ['/warehouse/red-glue', 'expires_at'],
  ['/warehouse/red-glue', 'opened_at'],
  ['/report/sql-config', 'changed_at'],
  ['/quality/loose-approval', 'judged_at'],
  ['/quality/report', 'judged_at'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`update list_params set show_format = null
    where show_format = ${SEEDED_FORMAT}
      and (list_route, param_name) in (${sql.join(SEEDED_TIME_SETTINGS.map(([route, param]) => sql`(${route}, ${param})`))})`.execute(db);
}
