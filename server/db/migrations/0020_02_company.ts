/** Master data Company (md_company), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_company',
  listRoute: '/masterdata/company',
  menuCode: 'MasterCompany',
  title: '公司',
  titleEn: 'Company',
  orgScoped: true,
  columns: [
    { name: 'code', type: 'text', label: '公司代码', required: true, unique: true },
    { name: 'name', type: 'text', label: '公司名称', required: true },
    { name: 'short_name', type: 'text', label: '简称' },
    { name: 'tax_no', type: 'text', label: '税号' },
    { name: 'address', type: 'text', label: '地址' },
    { name: 'phone', type: 'text', label: '电话' },
    { name: 'enabled', type: 'bool', label: '启用' },
  ],
};

export const up = (db: Kysely<any>) => createMasterTable(db, table);
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
