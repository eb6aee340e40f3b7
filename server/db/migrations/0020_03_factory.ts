/** Master data Factory (md_factory), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_factory',
  listRoute: '/masterdata/factory',
  menuCode: 'MasterFactory',
  title: '工厂',
  titleEn: 'Factory',
  orgScoped: true,
  columns: [
    { name: 'code', type: 'text', label: '工厂代码', required: true, unique: true },
    { name: 'name', type: 'text', label: '工厂名称', required: true },
    { name: 'company_code', type: 'ref', label: '公司', required: true, refTable: 'md_company', refColumn: 'code' },
    { name: 'erp_plant', type: 'text', label: 'ERP工厂' },
    { name: 'address', type: 'text', label: '地址' },
    { name: 'enabled', type: 'bool', label: '启用' },
  ],
};

export const up = (db: Kysely<any>) => createMasterTable(db, table);
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
