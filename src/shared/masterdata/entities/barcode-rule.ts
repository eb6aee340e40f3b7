/**
 * Master data: Barcode parsing rules (条码解析规则). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const barcodeRuleEntity = defineEntity({
  resource: 'BarcodeRule',
  table: 'md_barcode_rule',
  listRoute: '/reel/parse-rule',
  menuCode: 'ReelParseRule',
  title: { 'zh-chs': '条码解析规则', en: 'Barcode parsing rules' },
  orgScoped: true,
  recordCheck: 'barcodeRule',
  fields: [
    { name: 'code', type: 'text', label: { 'zh-chs': '规则代码', en: 'Rule code' }, required: true, unique: true },
    { name: 'name', type: 'text', label: { 'zh-chs': '名称', en: 'Name' }, required: true },
    { name: 'vendor_code', type: 'ref', label: { 'zh-chs': '供应商', en: 'Vendor' }, ref: 'Vendor' },
    { name: 'priority', type: 'int', label: { 'zh-chs': '优先级(小者先试)', en: 'Priority (lower first)' } },
    { name: 'kind', type: 'lookup', label: { 'zh-chs': '类型', en: 'Kind' }, required: true, lookup: 'BARCODE_RULE_KIND' },
    { name: 'settings', type: 'text', label: { 'zh-chs': '设置(JSON)', en: 'Settings (JSON)' }, maxLength: 2000 },
    { name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true },
  ],
});
