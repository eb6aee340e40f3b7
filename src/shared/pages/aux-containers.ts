/**
 * The grid both auxiliary-material container screens show (锡膏管理, 红胶管理): one material type each, over
 * its view of migration 0110_07, newest first. One list, so the two screens cannot drift apart.
 */
import type { PageListDeclaration } from './declaration';

export function auxContainerList(source: 'aux_solder_paste_list' | 'aux_red_glue_list'): PageListDeclaration {
  return {
    source,
    orgScoped: true,
    keyField: 'code',
    columns: [
      { name: 'code', type: 'text', label: { 'zh-chs': '容器条码', en: 'Container code' } },
      { name: 'part_code', type: 'text', label: { 'zh-chs': '料号', en: 'Part number' } },
      { name: 'material_name', type: 'text', label: { 'zh-chs': '辅料名称', en: 'Material' } },
      { name: 'lot_code', type: 'text', label: { 'zh-chs': '批次', en: 'Lot' } },
      { name: 'state', type: 'text', label: { 'zh-chs': '状态', en: 'State' } },
      { name: 'received_at', type: 'datetime', label: { 'zh-chs': '收货时间', en: 'Received at' } },
      { name: 'expires_at', type: 'datetime', label: { 'zh-chs': '有效期至', en: 'Valid until' } },
      { name: 'opened_at', type: 'datetime', label: { 'zh-chs': '开封时间', en: 'Opened at' } },
    ],
    defaultSort: 'received_at desc',
    columnMeta: [
      { field: 'state', lookup: 'AUX_STATE' },
      { field: 'material_type', lookup: 'AUX_MATERIAL_TYPE' },
      { field: 'id', hidden: true },
    ],
  };
}
