/**
 * The shared code-state lookup (src/shared/masterdata/code-state.ts) in an organisation's master tables: what
 * Bill/Save and Reel/Generate ask of a typed code. One statement per code; a bill or a reel names a handful.
 */
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { masterCodeState, type MasterCodeEntity, type MasterCodeLookup } from '../../../src/shared/masterdata/code-state.ts';

/** Each entity's table (master-data tables are declared by server/crud, not in the typed schema). */
const MASTER_CODE_TABLES: Record<MasterCodeEntity, string> = {
  Company: 'md_company',
  Vendor: 'md_vendor',
  Customer: 'md_customer',
  Part: 'md_part',
  StorageLocation: 'md_storage_location',
  BusinessUnit: 'md_business_unit',
};

export function masterCodeLookup(db: DB, orgId: string): MasterCodeLookup {
  return {
    stateOf: async (entity, code) => {
      const { rows } = await sql<{ enabled: boolean | null }>`select enabled from ${sql.table(MASTER_CODE_TABLES[entity])} where org_id = ${orgId} and code = ${code}`.execute(db);
      return masterCodeState(rows[0]);
    },
    locatorStateOf: async (sic, loc) => {
      const { rows } = await sql<{ enabled: boolean | null }>`
        select enabled from md_locator where org_id = ${orgId} and code = ${loc} and storage_location_code = ${sic}`.execute(db);
      return masterCodeState(rows[0]);
    },
  };
}
