/**
 * Master data: Portal cards (门户卡片管理). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const portalCardEntity = defineEntity({
  resource: 'PortalCard',
  table: 'md_portal_card',
  listRoute: '/report/portal-card',
  menuCode: 'ReportPortalCard',
  title: { 'zh-chs': '门户卡片管理', en: 'Portal cards' },
  orgScoped: true,
  recordCheck: 'portalCard',
  fields: [
    { name: 'code', type: 'text', label: { 'zh-chs': '卡片代码', en: 'Card code' }, required: true, unique: true },
    { name: 'title_zh', type: 'text', label: { 'zh-chs': '中文标题', en: 'Title (Chinese)' }, required: true },
    { name: 'title_en', type: 'text', label: { 'zh-chs': '英文标题', en: 'Title (English)' }, required: true },
    { name: 'source', type: 'lookup', label: { 'zh-chs': '数据来源', en: 'Data source' }, required: true, lookup: 'PORTAL_SOURCE' },
    { name: 'report_code', type: 'text', label: { 'zh-chs': '报表代码', en: 'Report code' } },
    { name: 'view', type: 'lookup', label: { 'zh-chs': '展示方式', en: 'View' }, required: true, lookup: 'PORTAL_VIEW' },
    { name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true },
  ],
});
