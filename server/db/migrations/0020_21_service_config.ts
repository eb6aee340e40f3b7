/** Master data Service configuration (md_service_config), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_service_config',
  listRoute: '/schedule/service-config',
  menuCode: 'ScheduleServiceConfig',
  title: '服务配置',
  titleEn: 'Service configuration',
  orgScoped: true,
  columns: [
    { name: 'code', type: 'text', label: '服务代码', required: true, unique: true },
    { name: 'name', type: 'text', label: '服务名称', required: true },
    { name: 'service_url', type: 'text', label: '服务地址', required: true },
    { name: 'timeout_seconds', type: 'int', label: '超时(秒)', positive: true },
    { name: 'enabled', type: 'bool', label: '启用' },
    { name: 'remark', type: 'text', label: '备注' },
  ],
};

export const up = (db: Kysely<any>) => createMasterTable(db, table);
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
