/**
 * Master-data migrations (issue 6's slot 0020): one per entity, `0020_NN_<entity>`, appended by
 * `npm run gen -- master`. Kysely runs migrations in name order, so 0020_01 .. 0020_99 run after
 * 0019 and before 0021 whatever order they were added in.
 */
import type { Migration } from 'kysely';
import * as m0020_01_lookup from './0020_01_lookup.ts';
import * as m0020_02_company from './0020_02_company.ts';
import * as m0020_03_factory from './0020_03_factory.ts';
import * as m0020_04_business_unit from './0020_04_business_unit.ts';
import * as m0020_05_storage_location from './0020_05_storage_location.ts';
import * as m0020_06_locator from './0020_06_locator.ts';
import * as m0020_07_vendor from './0020_07_vendor.ts';
import * as m0020_08_customer from './0020_08_customer.ts';
import * as m0020_09_part from './0020_09_part.ts';
import * as m0020_10_part_extension from './0020_10_part_extension.ts';
import * as m0020_11_warehouse_manager from './0020_11_warehouse_manager.ts';
import * as m0020_12_part_charger from './0020_12_part_charger.ts';
import * as m0020_13_rack from './0020_13_rack.ts';
import * as m0020_14_rack_cell from './0020_14_rack_cell.ts';
import * as m0020_15_standard_pack from './0020_15_standard_pack.ts';
import * as m0020_16_unit_conversion from './0020_16_unit_conversion.ts';
import * as m0020_17_part_mapping from './0020_17_part_mapping.ts';
import * as m0020_18_vendor_mapping from './0020_18_vendor_mapping.ts';
import * as m0020_19_bill_type from './0020_19_bill_type.ts';
import * as m0020_20_bill_type_extension from './0020_20_bill_type_extension.ts';
import * as m0020_21_service_config from './0020_21_service_config.ts';
// plop:append-migration-import

export const masterDataMigrations: Record<string, Migration> = {
  '0020_01_lookup': m0020_01_lookup,
  '0020_02_company': m0020_02_company,
  '0020_03_factory': m0020_03_factory,
  '0020_04_business_unit': m0020_04_business_unit,
  '0020_05_storage_location': m0020_05_storage_location,
  '0020_06_locator': m0020_06_locator,
  '0020_07_vendor': m0020_07_vendor,
  '0020_08_customer': m0020_08_customer,
  '0020_09_part': m0020_09_part,
  '0020_10_part_extension': m0020_10_part_extension,
  '0020_11_warehouse_manager': m0020_11_warehouse_manager,
  '0020_12_part_charger': m0020_12_part_charger,
  '0020_13_rack': m0020_13_rack,
  '0020_14_rack_cell': m0020_14_rack_cell,
  '0020_15_standard_pack': m0020_15_standard_pack,
  '0020_16_unit_conversion': m0020_16_unit_conversion,
  '0020_17_part_mapping': m0020_17_part_mapping,
  '0020_18_vendor_mapping': m0020_18_vendor_mapping,
  '0020_19_bill_type': m0020_19_bill_type,
  '0020_20_bill_type_extension': m0020_20_bill_type_extension,
  '0020_21_service_config': m0020_21_service_config,
  // plop:append-migration
};
