/**
 * Master data: Part extension (物料扩展). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const partExtensionEntity = defineEntity({
  resource: 'PartExtension',
  table: 'md_part_extension',
  listRoute: '/masterdata/part-extension',
  menuCode: 'MasterPartExtension',
  title: { 'zh-chs': '物料扩展', en: 'Part extension' },
  orgScoped: true,
  fields: [
    { name: 'part_code', type: 'ref', label: { 'zh-chs': '料号', en: 'Part number' }, required: true, unique: true, ref: 'Part' },
    { name: 'abc_class', type: 'lookup', label: { 'zh-chs': 'ABC分类', en: 'ABC class' }, lookup: 'ABC_CLASS' },
    { name: 'safety_stock', type: 'number', label: { 'zh-chs': '安全库存', en: 'Safety stock' } },
    { name: 'max_stock', type: 'number', label: { 'zh-chs': '最高库存', en: 'Maximum stock' } },
    { name: 'floor_life_hours', type: 'int', label: { 'zh-chs': '车间寿命(小时)', en: 'Floor life (hours)' } },
    { name: 'bake_hours', type: 'number', label: { 'zh-chs': '烘烤时长(小时)', en: 'Baking time (hours)' } },
    { name: 'remark', type: 'text', label: { 'zh-chs': '备注', en: 'Remark' } },
  ],
});
