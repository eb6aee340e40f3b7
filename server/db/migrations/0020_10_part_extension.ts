/** Master data Part extension (md_part_extension), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_part_extension',
  listRoute: '/masterdata/part-extension',
  menuCode: 'MasterPartExtension',
  title: '物料扩展',
  titleEn: 'Part extension',
  orgScoped: true,
  columns: [
    { name: 'part_code', type: 'ref', label: '料号', required: true, unique: true, refTable: 'md_part', refColumn: 'code' },
    { name: 'abc_class', type: 'lookup', label: 'ABC分类' },
    { name: 'safety_stock', type: 'number', label: '安全库存' },
    { name: 'max_stock', type: 'number', label: '最高库存' },
    { name: 'floor_life_hours', type: 'int', label: '车间寿命(小时)' },
    { name: 'bake_hours', type: 'number', label: '烘烤时长(小时)' },
    { name: 'remark', type: 'text', label: '备注' },
  ],
};

export const up = (db: Kysely<any>) => createMasterTable(db, table);
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
