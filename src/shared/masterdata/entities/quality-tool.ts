/**
 * Master data: Inspection tools (检验工具). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const qualityToolEntity = defineEntity({
  resource: 'QualityTool',
  table: 'md_quality_tool',
  listRoute: '/quality/tool',
  menuCode: 'QualityTool',
  title: { 'zh-chs': '检验工具', en: 'Inspection tools' },
  orgScoped: true,
  fields: [
    { name: 'code', type: 'text', label: { 'zh-chs': '工具编号', en: 'Tool code' }, required: true, unique: true },
    { name: 'name', type: 'text', label: { 'zh-chs': '名称', en: 'Name' }, required: true },
    { name: 'model', type: 'text', label: { 'zh-chs': '型号规格', en: 'Model' } },
    { name: 'serial_no', type: 'text', label: { 'zh-chs': '出厂编号', en: 'Serial number' } },
    { name: 'calibration_due', type: 'date', label: { 'zh-chs': '校准到期日', en: 'Calibration due' } },
    { name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true },
  ],
});
