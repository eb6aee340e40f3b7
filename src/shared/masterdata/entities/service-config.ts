/**
 * Master data: Service configuration (服务配置). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const serviceConfigEntity = defineEntity({
  resource: 'ServiceConfig',
  table: 'md_service_config',
  listRoute: '/schedule/service-config',
  menuCode: 'ScheduleServiceConfig',
  title: { 'zh-chs': '服务配置', en: 'Service configuration' },
  orgScoped: true,
  fields: [
    { name: 'code', type: 'text', label: { 'zh-chs': '服务代码', en: 'Service code' }, required: true, unique: true },
    { name: 'name', type: 'text', label: { 'zh-chs': '服务名称', en: 'Service name' }, required: true },
    { name: 'service_url', type: 'text', label: { 'zh-chs': '服务地址', en: 'Service URL' }, required: true },
    { name: 'timeout_seconds', type: 'int', label: { 'zh-chs': '超时(秒)', en: 'Timeout (seconds)' }, positive: true },
    { name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true },
    { name: 'remark', type: 'text', label: { 'zh-chs': '备注', en: 'Remark' } },
    // Credentials the ERP bridge sends (server/modules/erp); the secret is never answered (migration 0093_01 masks it in the list view).
    { name: 'auth_user', type: 'text', label: { 'zh-chs': '认证用户', en: 'Auth user' } },
    { name: 'auth_secret', type: 'text', label: { 'zh-chs': '认证密钥', en: 'Auth secret' }, secret: true },
  ],
});
