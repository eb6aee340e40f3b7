/** Master data Business unit (md_business_unit), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_business_unit',
  listRoute: '/masterdata/business-unit',
  menuCode: 'MasterBusinessUnit',
  title: '业务单元',
  titleEn: 'Business unit',
  orgScoped: true,
  columns: [
    { name: 'code', type: 'text', label: '业务单元代码', required: true, unique: true },
    { name: 'name', type: 'text', label: '业务单元名称', required: true },
    { name: 'factory_code', type: 'ref', label: '工厂', required: true, refTable: 'md_factory', refColumn: 'code' },
    { name: 'erp_code', type: 'text', label: 'ERP代码' },
    { name: 'enabled', type: 'bool', label: '启用' },
  ],
};

export const up = (db: Kysely<any>) => createMasterTable(db, table);
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
