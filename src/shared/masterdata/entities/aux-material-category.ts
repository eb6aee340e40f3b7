/**
 * Master data: Auxiliary material category (辅料类别). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const auxMaterialCategoryEntity = defineEntity({
  resource: 'AuxMaterialCategory',
  table: 'md_aux_material_category',
  listRoute: '/masterdata/aux-material-category',
  menuCode: 'MasterAuxMaterialCategory',
  title: { 'zh-chs': '辅料类别', en: 'Auxiliary material category' },
  orgScoped: true,
  fields: [
    { name: 'code', type: 'text', label: { 'zh-chs': '类别代码', en: 'Category code' }, required: true, unique: true },
    { name: 'name', type: 'text', label: { 'zh-chs': '类别名称', en: 'Category name' }, required: true },
    { name: 'remark', type: 'text', label: { 'zh-chs': '备注', en: 'Remark' } },
  ],
});
