/** Master data Part (md_part), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_part',
  listRoute: '/masterdata/part',
  menuCode: 'MasterPart',
  title: '物料',
  titleEn: 'Part',
  orgScoped: true,
  columns: [
    { name: 'code', type: 'text', label: '料号', required: true, unique: true },
    { name: 'name', type: 'text', label: '品名', required: true },
    { name: 'spec', type: 'text', label: '规格' },
    { name: 'unit', type: 'lookup', label: '单位', required: true },
    { name: 'msl_level', type: 'lookup', label: '湿敏等级' },
    { name: 'shelf_life_days', type: 'int', label: '保质期(天)' },
    { name: 'iqc_required', type: 'bool', label: '需要IQC' },
    { name: 'lot_control', type: 'bool', label: '批次管理' },
    { name: 'min_pack_qty', type: 'number', label: '最小包装量', positive: true },
    { name: 'default_storage_location_code', type: 'ref', label: '默认存储地点', refTable: 'md_storage_location', refColumn: 'code' },
    { name: 'enabled', type: 'bool', label: '启用' },
  ],
};

export const up = (db: Kysely<any>) => createMasterTable(db, table);
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
