/**
 * Demo data of the home page, each row written once per database (the seed ledger, ledger.ts): notices with a pinned
 * one and rich text, warnings in every call status, to-do items, memos and common functions of the
 * demo users, the version master with its details, and two weeks of daily warehouse figures per
 * organisation. Times are relative to the first start, so a fresh demo looks current.
 */
import { sql } from 'kysely';
import type { DB } from '../database.ts';
import { menuIdOf } from './demo-data.ts';
import { hasRows, seedOnce, seedSetOnce, withExistingParents } from './ledger.ts';

const ORG_IDS = ['org-f01', 'org-f02'] as const;
const HOUR = 3600_000;
const DAY = 24 * HOUR;

const NOTICES: { title: string; content: string; isTop: boolean; ageDays: number }[] = [
  {
    title: '关于五一假期仓库盘点安排的通知',
    content:
      '<p>各仓库：</p><p>5月1日至3日仓库暂停收发料，请于 <strong>4月30日 17:00</strong> 前完成月度盘点并提交盘点单。</p><ul><li>原材料仓：全盘</li><li>线边仓：抽盘 30%</li><li>不良品仓：全盘并拍照留存</li></ul>',
    isTop: true,
    ageDays: 1,
  },
  {
    title: '湿敏元件管控规范（2026版）发布',
    content:
      '<p>新版规范对 MSL 3 级及以上物料的开封时间记录提出了新要求，<em>暴露时间超标的物料必须重新烘烤</em>。</p><p>详见 <a href="https://example.com/msd-2026.pdf">规范全文</a>。</p>',
    isTop: true,
    ageDays: 6,
  },
  {
    title: '系统将于本周六 22:00 升级维护',
    content: '<p>预计停机 <strong>2 小时</strong>，期间 PDA 扫码将暂停，请提前完成当班收发。</p>',
    isTop: false,
    ageDays: 2,
  },
  {
    title: '供应商来料标签新格式启用',
    content: '<p>自下月起，华东区供应商来料标签统一采用 <code>GS1-128</code> 格式，条码解析规则已同步更新。</p>',
    isTop: false,
    ageDays: 9,
  },
  {
    title: '安全生产月活动通知',
    content: '<p>请各班组长组织学习叉车安全操作规程，并于月底前完成线上考试。</p>',
    isTop: false,
    ageDays: 15,
  },
];

const WARNINGS: { title: string; content: string; level: 'info' | 'warning' | 'danger'; status: 'pending' | 'processing' | 'success' | 'failure'; ageHours: number }[] = [
  { title: '锡膏回温超时', content: '锡膏 SP-0032 回温已超过 8 小时，请尽快使用或退回冷藏。', level: 'danger', status: 'failure', ageHours: 1 },
  { title: '库存低于安全库存', content: '物料 P000123（0402 电阻 10K）库存 1,200，低于安全库存 5,000。', level: 'warning', status: 'processing', ageHours: 3 },
  { title: '湿敏元件暴露超时', content: 'MSL 3 级料盘 R20260507-0088 暴露时间 170 小时，超过 168 小时上限。', level: 'danger', status: 'pending', ageHours: 5 },
  { title: '来料检验待处理', content: '送货单 ASN20260508-012 有 6 个批次待 IQC 检验。', level: 'info', status: 'success', ageHours: 8 },
  { title: '红胶即将过期', content: '红胶 RG-0107 将于 3 天后过期。', level: 'warning', status: 'success', ageHours: 26 },
  { title: '电子料架通信中断', content: '料架 RACK-A03 心跳超时 5 分钟。', level: 'warning', status: 'pending', ageHours: 30 },
];

export const TODOS: { title: string; content: string; priority: 'high' | 'normal' | 'low'; dueHours: number | null; path: string; done?: boolean }[] = [
  { title: '采购入库单 IN20260508-003 待收货', content: '供应商 V0012，共 18 箱', priority: 'high', dueHours: 4, path: '/warehouse/receiving' },
  { title: '审批盘点差异', content: '一号仓 4 月盘点差异 23 项待确认', priority: 'high', dueHours: 20, path: '/stocktake' },
  { title: '维护新物料主数据', content: '工程变更 ECN-2026-041 新增 12 个物料', priority: 'normal', dueHours: 48, path: '/masterdata/part' },
  { title: '确认供应商资料变更', content: '供应商 V0045 联系人变更', priority: 'low', dueHours: null, path: '/masterdata/vendor' },
  { title: '核对销售出库单 OD20260506-011', content: '已完成', priority: 'normal', dueHours: -20, path: '', done: true },
];

const VERSIONS: { no: string; title: string; ageDays: number; remark: string; details: ['feature' | 'improvement' | 'fix', string][] }[] = [
  {
    no: '5.0.2', title: '首页与收藏', ageDays: 3, remark: '门户首页改版',
    details: [
      ['feature', '首页新增通知公告、预警信息、待办事项、备忘录和数据看板'],
      ['feature', '菜单右键收藏，常用功能可按点击次数推荐'],
      ['improvement', '全局搜索支持拼音首字母'],
      ['fix', '修复切换组织后标签页标题未刷新的问题'],
    ],
  },
  {
    no: '5.0.1', title: '条码与打印', ageDays: 40, remark: '',
    details: [
      ['feature', '打印对话框支持选择本地打印机'],
      ['fix', '修复条码解析规则保存后顺序错乱的问题'],
    ],
  },
  { no: '5.0.0', title: '全新门户', ageDays: 90, remark: '基于新技术栈重写', details: [['feature', '多标签页、主题与双语界面'], ['feature', '可配置的数据表格与高级查询']] },
];

const MEMOS = ['下午三点检查 2 号线锡膏回温', '周五前提交本月呆滞料清单', '联系供应商 V0012 确认交期'];

const COMMON_FUNCTIONS: [string, string][] = [
  ['WarehouseReceiving', '/warehouse/receiving'],
  ['MasterPart', '/masterdata/part'],
  ['Stocktake', '/stocktake'],
  ['WarehouseSolderPaste', '/warehouse/solder-paste'],
];

export async function seedHomeData(db: DB, now = new Date()): Promise<void> {
  const at = (ms: number) => new Date(now.getTime() + ms);
  // Before the ledger the home data was written all at once, when there was no notice: a database
  // that has it but no ledger entries for it keeps what its users left (done to-dos, deleted memos).
  const { rows: before } = await sql<{ adopt: boolean }>`select exists (select 1 from home_notices)
    and not exists (select 1 from seed_ledger where seed_table = 'home_notices') as adopt`.execute(db);
  const adopt = before[0].adopt;
  const seed = <R extends { id: string }>(table: string, rows: R[], insert: (trx: DB, rows: R[]) => Promise<unknown>) =>
    seedOnce(db, table, rows, (row) => row.id, async (trx, pending) => {
      if (!adopt && pending.length) await insert(trx, pending);
    });

  const notices = ORG_IDS.flatMap((org) =>
    NOTICES.map((n, i) => ({
      id: `notice-${org}-${i + 1}`,
      org_id: org,
      title: n.title,
      content: n.content,
      is_top: n.isTop ? ('Y' as const) : ('N' as const),
      publisher: '管理员',
      publish_time: at(-n.ageDays * DAY),
    })),
  );
  await seed('home_notices', notices, async (trx, rows) => {
    const kept = await withExistingParents(trx, rows, [['organizations', (r) => r.org_id]]);
    if (kept.length) await trx.insertInto('home_notices').values(kept).onConflict((oc) => oc.doNothing()).execute();
  });

  const warnings = ORG_IDS.flatMap((org) =>
    WARNINGS.map((w, i) => ({
      id: `warning-${org}-${i + 1}`,
      org_id: org,
      title: w.title,
      content: w.content,
      warning_level: w.level,
      call_status: w.status,
      call_time: w.status === 'pending' ? null : at(-w.ageHours * HOUR + 5 * 60_000),
      created_at: at(-w.ageHours * HOUR),
    })),
  );
  await seed('home_warnings', warnings, async (trx, rows) => {
    const kept = await withExistingParents(trx, rows, [['organizations', (r) => r.org_id]]);
    if (kept.length) await trx.insertInto('home_warnings').values(kept).onConflict((oc) => oc.doNothing()).execute();
  });

  const todos = ['user-admin', 'user-operator'].flatMap((userId) =>
    TODOS.map((t, i) => ({
      id: `todo-${userId}-${i + 1}`,
      org_id: 'org-f01',
      user_id: userId,
      title: t.title,
      content: t.content,
      priority: t.priority,
      status: t.done ? ('done' as const) : ('open' as const),
      due_time: t.dueHours === null ? null : at(t.dueHours * HOUR),
      menu_path: t.path,
    })),
  );
  await seed('user_todos', todos, async (trx, rows) => {
    const kept = await withExistingParents(trx, rows, [['organizations', (r) => r.org_id], ['users', (r) => r.user_id]]);
    if (kept.length) await trx.insertInto('user_todos').values(kept).onConflict((oc) => oc.doNothing()).execute();
  });

  const versions = VERSIONS.map((version, index) => ({
    id: `version-${version.no}`,
    version_no: version.no,
    title: version.title,
    release_date: at(-version.ageDays * DAY).toISOString().slice(0, 10),
    remark: version.remark,
    created_at: at(-index),
  }));
  await seed('version_masters', versions, (trx, rows) => trx.insertInto('version_masters').values(rows).onConflict((oc) => oc.doNothing()).execute());
  const details = VERSIONS.flatMap((version) =>
    version.details.map(([type, content], i) => ({ id: `version-${version.no}-${i + 1}`, master_id: `version-${version.no}`, sort_num: i + 1, change_type: type, content })),
  );
  await seed('version_details', details, async (trx, rows) => {
    const kept = await withExistingParents(trx, rows, [['version_masters', (r) => r.master_id]]);
    if (kept.length) await trx.insertInto('version_details').values(kept).onConflict((oc) => oc.doNothing()).execute();
  });

  const memos = MEMOS.map((content, i) => ({ id: `memo-admin-${i + 1}`, user_id: 'user-admin', content, created_at: at(-(i + 1) * HOUR) }));
  await seed('user_memos', memos, async (trx, rows) => {
    const kept = await withExistingParents(trx, rows, [['users', (r) => r.user_id]]);
    if (kept.length) await trx.insertInto('user_memos').values(kept).onConflict((oc) => oc.doNothing()).execute();
  });

  const commonFunctions = COMMON_FUNCTIONS.map(([code, path], i) => ({ id: `common-admin-${i + 1}`, user_id: 'user-admin', menu_id: menuIdOf(code), menu_path: path, sort_num: i }));
  await seed('user_common_functions', commonFunctions, async (trx, rows) => {
    const kept = await withExistingParents(trx, rows, [['users', (r) => r.user_id], ['menus', (r) => r.menu_id]]);
    if (kept.length) await trx.insertInto('user_common_functions').values(kept).onConflict((oc) => oc.doNothing()).execute();
  });

  // Two weeks of figures ending on the first start: a weekday rhythm with some noise, lower on
  // Sundays. One ledger entry for the set; a database from before the ledger keeps its figures.
  await seedSetOnce(db, 'home:throughput:v1', async (trx) => {
    if (await hasRows(trx, 'home_daily_throughput')) return;
    await sql`insert into home_daily_throughput (org_id, stat_date, inbound_qty, outbound_qty, inspected_qty)
      select o.org_id, d::date,
        ((1800 + 900 * sin(extract(doy from d) / 2.0) + 400 * o.n) * case when extract(dow from d) = 0 then 0.3 else 1 end)::int,
        ((1500 + 700 * cos(extract(doy from d) / 3.0) + 300 * o.n) * case when extract(dow from d) = 0 then 0.3 else 1 end)::int,
        ((260 + 120 * sin(extract(doy from d)) + 40 * o.n) * case when extract(dow from d) = 0 then 0.2 else 1 end)::int
      from (values ('org-f01', 1), ('org-f02', 2)) as o(org_id, n)
        join organizations on organizations.id = o.org_id,
        generate_series(${now}::date - 13, ${now}::date, interval '1 day') as d`.execute(trx);
  });
}
