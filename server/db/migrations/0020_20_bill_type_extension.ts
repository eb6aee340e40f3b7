/** Master data Bill type extensions (md_bill_type_extension), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_bill_type_extension',
  listRoute: '/schedule/bill-type-extension',
  menuCode: 'ScheduleBillTypeExtension',
  title: '单据类型扩展',
  titleEn: 'Bill type extensions',
  orgScoped: true,
  columns: [
    { name: 'bill_type_code', type: 'ref', label: '单据类型', required: true, unique: true, refTable: 'md_bill_type', refColumn: 'code' },
    { name: 'field_name', type: 'text', label: '扩展字段', required: true, unique: true },
    { name: 'caption', type: 'text', label: '标题', required: true },
    { name: 'caption_en', type: 'text', label: '英文标题' },
    { name: 'data_type', type: 'lookup', label: '数据类型', required: true },
    { name: 'required', type: 'bool', label: '必填' },
    { name: 'sort_num', type: 'int', label: '排序' },
  ],
};

export const up = (db: Kysely<any>) => createMasterTable(db, table);
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
