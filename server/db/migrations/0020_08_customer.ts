/** Master data Customer (md_customer), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_customer',
  listRoute: '/masterdata/customer',
  menuCode: 'MasterCustomer',
  title: '客户',
  titleEn: 'Customer',
  orgScoped: true,
  columns: [
    { name: 'code', type: 'text', label: '客户代码', required: true, unique: true },
    { name: 'name', type: 'text', label: '客户名称', required: true },
    { name: 'short_name', type: 'text', label: '简称' },
    { name: 'contact', type: 'text', label: '联系人' },
    { name: 'phone', type: 'text', label: '电话' },
    { name: 'address', type: 'text', label: '地址' },
    { name: 'enabled', type: 'bool', label: '启用' },
  ],
};

export const up = (db: Kysely<any>) => createMasterTable(db, table);
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
