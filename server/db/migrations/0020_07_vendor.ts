/** Master data Vendor (md_vendor), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_vendor',
  listRoute: '/masterdata/vendor',
  menuCode: 'MasterVendor',
  title: '供应商',
  titleEn: 'Vendor',
  orgScoped: true,
  columns: [
    { name: 'code', type: 'text', label: '供应商代码', required: true, unique: true },
    { name: 'name', type: 'text', label: '供应商名称', required: true },
    { name: 'short_name', type: 'text', label: '简称' },
    { name: 'contact', type: 'text', label: '联系人' },
    { name: 'phone', type: 'text', label: '电话' },
    { name: 'email', type: 'text', label: '邮箱' },
    { name: 'address', type: 'text', label: '地址' },
    { name: 'enabled', type: 'bool', label: '启用' },
  ],
};

export const up = (db: Kysely<any>) => createMasterTable(db, table);
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
