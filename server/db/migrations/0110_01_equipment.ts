/** Master data Equipment ledger (md_equipment), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';
import { grantReportRead } from './frozen/report-read-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_equipment',
  listRoute: '/warehouse/equipment',
  menuCode: 'WarehouseEquipment',
  title: '设备台账',
  titleEn: 'Equipment ledger',
  orgScoped: true,
  columns: [
    { name: 'equipment_no', type: 'text', label: '设备编号', labelEn: 'Equipment number', required: true, unique: true },
    { name: 'status', type: 'lookup', label: '状态', labelEn: 'Status', required: true, lookupType: 'EQUIPMENT_STATUS' },
    { name: 'name', type: 'text', label: '设备名称', labelEn: 'Name', required: true },
    { name: 'storage_location_code', type: 'ref', label: '存储地点', labelEn: 'Storage location', refTable: 'md_storage_location', refColumn: 'code' },
    { name: 'serial_no', type: 'text', label: '序列号', labelEn: 'Serial number' },
    { name: 'asset_code', type: 'text', label: '资产编码', labelEn: 'Asset code' },
    { name: 'model', type: 'text', label: '型号', labelEn: 'Model' },
    { name: 'department', type: 'text', label: '部门', labelEn: 'Department' },
    { name: 'voltage_power', type: 'text', label: '电压/功率', labelEn: 'Voltage/power' },
    { name: 'maker', type: 'text', label: '制造商', labelEn: 'Maker' },
    { name: 'entry_date', type: 'date', label: '入厂日期', labelEn: 'Entry date', required: true },
    { name: 'scrap_date', type: 'date', label: '报废日期', labelEn: 'Scrap date' },
    { name: 'valid', type: 'bool', label: '有效', labelEn: 'Valid' },
  ],
};

// Configured SQL (reports, dropdowns) may read the new master data, its organisation's rows only.
export async function up(db: Kysely<any>) {
  await createMasterTable(db, table);
  await grantReportRead(db, table.table);
}
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
