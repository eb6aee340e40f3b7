/** Master data Bill types (md_bill_type), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_bill_type',
  listRoute: '/schedule/bill-type',
  menuCode: 'ScheduleBillType',
  title: '单据类型',
  titleEn: 'Bill types',
  orgScoped: true,
  columns: [
    { name: 'code', type: 'text', label: '单据类型', required: true, unique: true },
    { name: 'name', type: 'text', label: '名称', required: true },
    { name: 'name_en', type: 'text', label: '英文名称' },
    { name: 'category', type: 'lookup', label: '类别', required: true },
    { name: 'erp_bill_type', type: 'text', label: 'ERP单据类型' },
    { name: 'required_header_fields', type: 'text', label: '必填表头字段' },
    { name: 'enabled', type: 'bool', label: '启用' },
    { name: 'remark', type: 'text', label: '备注' },
  ],
};

export const up = (db: Kysely<any>) => createMasterTable(db, table);
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
