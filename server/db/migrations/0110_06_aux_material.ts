/** Master data Auxiliary material (md_aux_material), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';
import { grantReportRead } from './frozen/report-read-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_aux_material',
  listRoute: '/masterdata/aux-material',
  menuCode: 'MasterAuxMaterial',
  title: '辅料',
  titleEn: 'Auxiliary material',
  orgScoped: true,
  columns: [
    { name: 'part_code', type: 'ref', label: '料号', labelEn: 'Part number', required: true, unique: true, refTable: 'md_part', refColumn: 'code' },
    { name: 'name', type: 'text', label: '辅料名称', labelEn: 'Name', required: true },
    { name: 'material_type', type: 'lookup', label: '类型', labelEn: 'Type', required: true, lookupType: 'AUX_MATERIAL_TYPE' },
    { name: 'category_code', type: 'ref', label: '类别代码', labelEn: 'Category code', required: true, refTable: 'md_aux_material_category', refColumn: 'code' },
    { name: 'validity_days', type: 'int', label: '有效期(天)', labelEn: 'Validity (days)', required: true, positive: true },
    { name: 'exposure_hours', type: 'number', label: '暴露时间(小时)', labelEn: 'Exposure (hours)', required: true, positive: true },
    { name: 'thaw_hours', type: 'number', label: '最少回温(小时)', labelEn: 'Minimum thaw (hours)', positive: true },
    { name: 'characteristic', type: 'text', label: '特性', labelEn: 'Characteristic' },
    { name: 'active', type: 'bool', label: '启用', labelEn: 'Active' },
    { name: 'remark', type: 'text', label: '备注', labelEn: 'Remark' },
  ],
};

// Configured SQL (reports, dropdowns) may read the new master data, its organisation's rows only.
export async function up(db: Kysely<any>) {
  await createMasterTable(db, table);
  await grantReportRead(db, table.table);
}
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
