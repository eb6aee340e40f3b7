/**
 * Written by `npm run gen -- page` (menu code, default order and hidden key set by hand): the Lot acceptance rate screen (/quality/acceptance-rate). The seed makes its menu item
 * and list route from this declaration, the mocks its sample rows (src/shared/pages/declaration.ts).
 */
import { definePage } from './declaration';

export const qualityAcceptanceRatePage = definePage({
  name: 'QualityAcceptanceRate',
  domain: 'quality',
  link: '/quality/acceptance-rate',
  menuCode: 'QualityAcceptanceRate',
  parentMenu: 'Quality',
  title: { 'zh-chs': '来料批合格率', en: 'Lot acceptance rate' },
  list: {
    source: 'iqc_acceptance_rates',
    orgScoped: true,
    keyField: 'rate_key',
    columns: [
      { name: 'vendor_code', type: 'text', label: { 'zh-chs': '供应商', en: 'Vendor' } },
      { name: 'vendor_name', type: 'text', label: { 'zh-chs': '供应商名称', en: 'Vendor name' } },
      { name: 'month', type: 'text', label: { 'zh-chs': '月份', en: 'Month' } },
      { name: 'lots', type: 'int', label: { 'zh-chs': '检验批数', en: 'Lots judged' } },
      { name: 'accepted', type: 'int', label: { 'zh-chs': '合格批数', en: 'Lots accepted' } },
      { name: 'rejected', type: 'int', label: { 'zh-chs': '拒收批数', en: 'Lots rejected' } },
      { name: 'acceptance_rate', type: 'number', label: { 'zh-chs': '批合格率(%)', en: 'Acceptance rate (%)' } },
    ],
    defaultSort: 'month desc, vendor_code',
    columnMeta: [{ field: 'rate_key', hidden: true }],
  },
});
