/**
 * The report-service menu ({REPORT_HOST}/view) was seeded with REPORT_HOST = http://localhost:8080/report-host,
 * a port written into the data: on any other PORT, or any other host, the menu opened nothing. The
 * seed now writes a link relative to the portal (demo-data.ts DEMO_API_PATH_CONFIG); existing databases
 * that still hold the old seeded value get the same. A value an administrator set is left alone.
 */
import { sql, type Kysely } from 'kysely';

const OLD_SEEDED_REPORT_HOST = 'http://localhost:8080/report-host';
const RELATIVE_REPORT_HOST = '/report-host';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`update api_path_config set value = ${RELATIVE_REPORT_HOST} where name = 'REPORT_HOST' and value = ${OLD_SEEDED_REPORT_HOST}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update api_path_config set value = ${OLD_SEEDED_REPORT_HOST} where name = 'REPORT_HOST' and value = ${RELATIVE_REPORT_HOST}`.execute(db);
}
