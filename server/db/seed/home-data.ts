/**
 * The home page's demo data (pure data: the seed writes it, seed-home.ts, and the mock back end
 * serves the same, mocks/scenarios/home-lists.ts). Times are offsets from now.
 */
export const HOUR = 3600_000;
export const DAY = 24 * HOUR;

export const NOTICES: { title: string; content: string; isTop: boolean; ageDays: number }[] = [
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

/** Warnings as the portal raises them: in both languages (home_warnings.title_en/content_en, migration 0190_02). */
export const WARNINGS: {
  title: string;
  titleEn: string;
  content: string;
  contentEn: string;
  level: 'info' | 'warning' | 'danger';
  status: 'pending' | 'processing' | 'success' | 'failure';
  ageHours: number;
}[] = [
  {
    title: '锡膏回温超时', titleEn: 'Solder paste thawed too long',
    content: '锡膏 SP-0032 回温已超过 8 小时，请尽快使用或退回冷藏。', contentEn: 'Solder paste SP-0032 has been thawing for over 8 hours: use it soon or put it back in cold storage.',
    level: 'danger', status: 'failure', ageHours: 1,
  },
  {
    title: '库存低于安全库存', titleEn: 'Stock below safety stock',
    content: '物料 P000123（0402 电阻 10K）库存 1,200，低于安全库存 5,000。', contentEn: 'Part P000123 (0402 resistor 10K) has 1,200 in stock, below its safety stock of 5,000.',
    level: 'warning', status: 'processing', ageHours: 3,
  },
  {
    title: '湿敏元件暴露超时', titleEn: 'Moisture-sensitive reel exposed too long',
    content: 'MSL 3 级料盘 R20260507-0088 暴露时间 170 小时，超过 168 小时上限。', contentEn: 'MSL 3 reel R20260507-0088 has been exposed for 170 hours, over its limit of 168 hours.',
    level: 'danger', status: 'pending', ageHours: 5,
  },
  {
    title: '来料检验待处理', titleEn: 'Incoming inspection waiting',
    content: '送货单 ASN20260508-012 有 6 个批次待 IQC 检验。', contentEn: 'Delivery note ASN20260508-012 has 6 lots waiting for IQC.',
    level: 'info', status: 'success', ageHours: 8,
  },
  {
    title: '红胶即将过期', titleEn: 'Red glue expires soon',
    content: '红胶 RG-0107 将于 3 天后过期。', contentEn: 'Red glue RG-0107 expires in 3 days.',
    level: 'warning', status: 'success', ageHours: 26,
  },
  {
    title: '电子料架通信中断', titleEn: 'Smart rack not answering',
    content: '料架 RACK-A03 心跳超时 5 分钟。', contentEn: 'Rack RACK-A03 has sent no heartbeat for 5 minutes.',
    level: 'warning', status: 'pending', ageHours: 30,
  },
];

export const TODOS: { title: string; content: string; priority: 'high' | 'normal' | 'low'; dueHours: number | null; path: string; done?: boolean }[] = [
  { title: '采购入库单 IN20260508-003 待收货', content: '供应商 V0012，共 18 箱', priority: 'high', dueHours: 4, path: '/warehouse/receiving' },
  { title: '审批盘点差异', content: '一号仓 4 月盘点差异 23 项待确认', priority: 'high', dueHours: 20, path: '/stocktake' },
  { title: '维护新物料主数据', content: '工程变更 ECN-2026-041 新增 12 个物料', priority: 'normal', dueHours: 48, path: '/masterdata/part' },
  { title: '确认供应商资料变更', content: '供应商 V0045 联系人变更', priority: 'low', dueHours: null, path: '/masterdata/vendor' },
  { title: '核对销售出库单 OD20260506-011', content: '已完成', priority: 'normal', dueHours: -20, path: '', done: true },
];

export const VERSIONS: { no: string; title: string; ageDays: number; remark: string; details: ['feature' | 'improvement' | 'fix', string][] }[] = [
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

export const MEMOS = ['下午三点检查 2 号线锡膏回温', '周五前提交本月呆滞料清单', '联系供应商 V0012 确认交期'];

export const COMMON_FUNCTIONS: [string, string][] = [
  ['WarehouseReceiving', '/warehouse/receiving'],
  ['MasterPart', '/masterdata/part'],
  ['Stocktake', '/stocktake'],
  ['WarehouseSolderPaste', '/warehouse/solder-paste'],
];

/** The warnings of each organisation as rows of home_warnings, times from `at(offset in ms)` (a Date for the seed, text for the mocks). */
export const warningRows = <T>(orgIds: readonly string[], at: (offset: number) => T) =>
  orgIds.flatMap((org) =>
    WARNINGS.map((w, i) => ({
      id: `warning-${org}-${i + 1}`,
      org_id: org,
      title: w.title,
      content: w.content,
      title_en: w.titleEn,
      content_en: w.contentEn,
      warning_level: w.level,
      call_status: w.status,
      call_time: w.status === 'pending' ? null : at(-w.ageHours * HOUR + 5 * 60_000),
      created_at: at(-w.ageHours * HOUR),
    })),
  );
