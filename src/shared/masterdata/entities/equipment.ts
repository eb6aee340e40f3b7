/**
 * Master data: Equipment ledger (设备台账). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration. Besides it:
 * the image (Equipment/UploadImage, Equipment/Image), the status history (Equipment/StatusHistory) and
 * the years of use (the list view md_equipment_list), server/modules/equipment.
 */
import { EQUIPMENT_INITIAL_STATUSES, EQUIPMENT_STATUS_LABELS, EQUIPMENT_STATUS_LOOKUP, EQUIPMENT_TRANSITIONS } from '../../equipment/statuses';
import { yearsOfUse } from '../../equipment/years-of-use';
import { defineEntity } from '../declaration';

export const equipmentEntity = defineEntity({
  resource: 'Equipment',
  table: 'md_equipment',
  listRoute: '/warehouse/equipment',
  menuCode: 'WarehouseEquipment',
  title: { 'zh-chs': '设备台账', en: 'Equipment ledger' },
  orgScoped: true,
  fields: [
    { name: 'equipment_no', type: 'text', label: { 'zh-chs': '设备编号', en: 'Equipment number' }, required: true, unique: true },
    { name: 'status', type: 'lookup', label: { 'zh-chs': '状态', en: 'Status' }, required: true, lookup: EQUIPMENT_STATUS_LOOKUP, initial: 'NORMAL' },
    { name: 'name', type: 'text', label: { 'zh-chs': '设备名称', en: 'Name' }, required: true },
    { name: 'storage_location_code', type: 'ref', label: { 'zh-chs': '存储地点', en: 'Storage location' }, ref: 'StorageLocation' },
    { name: 'serial_no', type: 'text', label: { 'zh-chs': '序列号', en: 'Serial number' } },
    { name: 'asset_code', type: 'text', label: { 'zh-chs': '资产编码', en: 'Asset code' } },
    { name: 'model', type: 'text', label: { 'zh-chs': '型号', en: 'Model' } },
    { name: 'department', type: 'text', label: { 'zh-chs': '部门', en: 'Department' } },
    { name: 'voltage_power', type: 'text', label: { 'zh-chs': '电压/功率', en: 'Voltage/power' } },
    { name: 'maker', type: 'text', label: { 'zh-chs': '制造商', en: 'Maker' } },
    { name: 'entry_date', type: 'date', label: { 'zh-chs': '入厂日期', en: 'Entry date' }, required: true },
    { name: 'scrap_date', type: 'date', label: { 'zh-chs': '报废日期', en: 'Scrap date' } },
    { name: 'valid', type: 'bool', label: { 'zh-chs': '有效', en: 'Valid' }, initial: true },
  ],
  // Spec §5: scrap time not earlier than entry time (and a scrapped one has its scrap date).
  recordCheck: 'equipment',
  // Spec §4: normal / idle / to be repaired / under repair / scrapped, moved by the table of statuses.ts.
  statusFlow: { field: 'status', initial: EQUIPMENT_INITIAL_STATUSES, transitions: EQUIPMENT_TRANSITIONS, labels: EQUIPMENT_STATUS_LABELS },
  // Shown and exported, never imported: worked out from the entry and scrap dates.
  derived: [{ name: 'years_of_use', type: 'number', label: { 'zh-chs': '使用年限', en: 'Years of use' }, of: (row, today) => yearsOfUse(row.entry_date, row.scrap_date, today) }],
});
