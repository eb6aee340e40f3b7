/**
 * A list's own order for when the user has not sorted (list_routes.default_sort: "field [asc|desc], ...").
 * Master-data rows came in id order (random uuids), so a fresh Part list looked shuffled; people look
 * records up by code. Numbered 0004 so that on a new database it runs before the master-data
 * migrations (0020_NN), whose shared helper now fills the column; on an existing database it runs
 * late (unordered migrations are allowed) and fills the master lists made before it from this snapshot.
 */
import { type Kysely } from 'kysely';

const MASTER_DEFAULT_SORTS: Record<string, string> = {
  '/masterdata/lookup': 'lookup_type, code',
  '/masterdata/company': 'code',
  '/masterdata/factory': 'code',
  '/masterdata/business-unit': 'code',
  '/masterdata/storage-location': 'code',
  '/masterdata/locator': 'code',
  '/masterdata/vendor': 'code',
  '/masterdata/customer': 'code',
  '/masterdata/part': 'code',
  '/masterdata/part-extension': 'part_code',
  '/masterdata/warehouse-manager': 'code',
  '/masterdata/part-charger': 'part_code',
  '/masterdata/rack': 'code',
  '/masterdata/rack-cell': 'code',
  '/masterdata/standard-pack': 'part_code, vendor_code',
  '/masterdata/unit-conversion': 'part_code, from_unit, to_unit',
  '/masterdata/part-mapping': 'old_part_code',
  '/masterdata/vendor-mapping': 'old_vendor_code',
  '/schedule/bill-type': 'code',
  '/schedule/bill-type-extension': 'bill_type_code, field_name',
  '/schedule/service-config': 'code',
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('list_routes').addColumn('default_sort', 'text').execute();
  for (const [listRoute, sort] of Object.entries(MASTER_DEFAULT_SORTS)) {
    await db.updateTable('list_routes').set({ default_sort: sort }).where('list_route', '=', listRoute).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('list_routes').dropColumn('default_sort').execute();
}
