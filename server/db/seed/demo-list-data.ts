/**
 * The demo list (a data grid over component reels): its list route, its search-field settings
 * and the parts and vendors its reels are made of.
 *
 * Pure data with NO imports, like demo-data.ts, so the MSW mocks can serve the same list. Settings
 * use the wire field names of the contract (ListSettingInput).
 */

export const DEMO_REELS_LIST_ROUTE = '/grid/demo-reels';

/** The menu (demo-data.ts) whose grid buttons govern the demo list's configuration. */
export const DEMO_REELS_MENU_CODE = 'GridDemoReels';

export const DEMO_REELS_LIST = {
  LIST_ROUTE: DEMO_REELS_LIST_ROUTE,
  TITLE: '料盘清单（演示）',
  TITLE_EN: 'Component reels (demo)',
  SOURCE_TABLE: 'demo_reels',
  KEY_FIELD: 'reel_id',
  ORG_SCOPED: true,
  MENU_CODE: DEMO_REELS_MENU_CODE,
} as const;

/** How many reels a fresh server starts with (the benchmark adds its own million). */
export const DEMO_REEL_COUNT = 50_000;

export const DEMO_PARTS: readonly { part_code: string; part_name: string; spec: string }[] = [
  { part_code: 'RC0402-10K', part_name: '贴片电阻 10kΩ', spec: '0402 ±1% 1/16W' },
  { part_code: 'RC0402-4K7', part_name: '贴片电阻 4.7kΩ', spec: '0402 ±1% 1/16W' },
  { part_code: 'RC0603-100R', part_name: '贴片电阻 100Ω', spec: '0603 ±1% 1/10W' },
  { part_code: 'RC0603-0R', part_name: '贴片电阻 0Ω', spec: '0603 跳线' },
  { part_code: 'RC1206-1R', part_name: '贴片电阻 1Ω', spec: '1206 ±1% 1/4W' },
  { part_code: 'CC0402-104K', part_name: '贴片电容 100nF', spec: '0402 X7R 16V' },
  { part_code: 'CC0402-105K', part_name: '贴片电容 1µF', spec: '0402 X5R 10V' },
  { part_code: 'CC0603-106M', part_name: '贴片电容 10µF', spec: '0603 X5R 6.3V' },
  { part_code: 'CC0805-226M', part_name: '贴片电容 22µF', spec: '0805 X5R 10V' },
  { part_code: 'CC0402-220J', part_name: '贴片电容 22pF', spec: '0402 C0G 50V' },
  { part_code: 'L0603-2U2', part_name: '贴片电感 2.2µH', spec: '0603 1.2A' },
  { part_code: 'L1210-10U', part_name: '功率电感 10µH', spec: '1210 2.5A' },
  { part_code: 'D-SOD123-1N4148', part_name: '开关二极管 1N4148', spec: 'SOD-123' },
  { part_code: 'D-SMA-SS34', part_name: '肖特基二极管 SS34', spec: 'SMA 3A 40V' },
  { part_code: 'LED0603-R', part_name: '贴片LED 红色', spec: '0603 620nm' },
  { part_code: 'LED0603-G', part_name: '贴片LED 绿色', spec: '0603 525nm' },
  { part_code: 'Q-SOT23-2N7002', part_name: 'MOS管 2N7002', spec: 'SOT-23 N沟道 60V' },
  { part_code: 'Q-SOT23-MMBT3904', part_name: '三极管 MMBT3904', spec: 'SOT-23 NPN' },
  { part_code: 'U-LDO-AMS1117-33', part_name: '稳压芯片 AMS1117-3.3', spec: 'SOT-223 1A' },
  { part_code: 'U-MCU-STM32F103', part_name: '单片机 STM32F103C8T6', spec: 'LQFP-48' },
  { part_code: 'U-EEPROM-24C02', part_name: '存储芯片 24C02', spec: 'SOIC-8 I2C' },
  { part_code: 'U-OPAMP-LM358', part_name: '运放 LM358', spec: 'SOIC-8' },
  { part_code: 'X-HC49-8M', part_name: '晶振 8MHz', spec: 'HC-49S 20pF' },
  { part_code: 'J-USB-C-16P', part_name: 'USB Type-C 连接器', spec: '16P 贴片' },
];

export const DEMO_VENDORS: readonly { vendor_code: string; vendor_name: string }[] = [
  { vendor_code: 'V001', vendor_name: '村田电子' },
  { vendor_code: 'V002', vendor_name: '国巨电子' },
  { vendor_code: 'V003', vendor_name: '风华高科' },
  { vendor_code: 'V004', vendor_name: 'TDK 东电化' },
  { vendor_code: 'V005', vendor_name: '三星电机' },
  { vendor_code: 'V006', vendor_name: '德州仪器' },
  { vendor_code: 'V007', vendor_name: '意法半导体' },
  { vendor_code: 'V008', vendor_name: '安森美' },
];

/** Reel statuses: code and name, as the status dropdown lists them; 字典 type REEL_STATUS labels them in the grid. */
export const DEMO_REEL_STATUSES: readonly { code: string; name: string; nameEn: string }[] = [
  { code: 'IN_STOCK', name: '在库', nameEn: 'In stock' },
  { code: 'ISSUED', name: '已发料', nameEn: 'Issued' },
  { code: 'FROZEN', name: '冻结', nameEn: 'Frozen' },
  { code: 'SCRAPPED', name: '报废', nameEn: 'Scrapped' },
];

/** The 字典 lookup type of the demo list's status column. */
export const DEMO_REEL_STATUS_LOOKUP = 'REEL_STATUS';

const statusValues = DEMO_REEL_STATUSES.map((s) => `('${s.code}', '${s.name}')`).join(', ');

/** A settings row of the demo list (the contract's ListSettingInput without LIST_ROUTE). */
export interface DemoListSetting {
  PARAM_NAME: string;
  PARAM_CAPTION: string;
  FIELD_NAME: string;
  DATA_TYPE: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
  ACTION_TYPE: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;
  IS_FAST_SEARCH?: 'Y' | 'N';
  IS_PAGING?: 'Y' | 'N';
  AGGREGATION?: ('sum' | 'avg')[];
  SHOW_FORMAT?: string;
  REMARK?: string;
  REFERENCE_SQL?: string;
  SUB_SQL?: string;
}

/** The demo list's search-field settings (spec §3), in the order the settings grid shows them. */
export const DEMO_REELS_SETTINGS: readonly DemoListSetting[] = [
  { PARAM_NAME: 'reelId', PARAM_CAPTION: '料盘号', FIELD_NAME: 'reel_id', DATA_TYPE: 1, ACTION_TYPE: 10, IS_FAST_SEARCH: 'Y' },
  { PARAM_NAME: 'reelIds', PARAM_CAPTION: '料盘号（批量，每行一个）', FIELD_NAME: 'reel_id', DATA_TYPE: 6, ACTION_TYPE: 1, IS_PAGING: 'Y',
    REMARK: '每行一个料盘号；结果不分页' },
  { PARAM_NAME: 'partCode', PARAM_CAPTION: '料号', FIELD_NAME: 'part_code', DATA_TYPE: 2, ACTION_TYPE: 1, IS_FAST_SEARCH: 'Y',
    REFERENCE_SQL: 'select part_code as code, part_name as name from demo_parts' },
  { PARAM_NAME: 'partName', PARAM_CAPTION: '品名', FIELD_NAME: 'part_name', DATA_TYPE: 1, ACTION_TYPE: 6 },
  { PARAM_NAME: 'partSpec', PARAM_CAPTION: '规格（子查询）', FIELD_NAME: 'part_code', DATA_TYPE: 1, ACTION_TYPE: 1,
    SUB_SQL: "select part_code from demo_parts where spec ilike '%' || param.value || '%'", REMARK: '按物料规格查找料盘' },
  { PARAM_NAME: 'vendor', PARAM_CAPTION: '供应商', FIELD_NAME: 'vendor_code', DATA_TYPE: 8, ACTION_TYPE: 1,
    REFERENCE_SQL: 'select vendor_code as code, vendor_name as name from demo_vendors' },
  { PARAM_NAME: 'lotCode', PARAM_CAPTION: '批次', FIELD_NAME: 'lot_code', DATA_TYPE: 1, ACTION_TYPE: 10 },
  { PARAM_NAME: 'dateCode', PARAM_CAPTION: '周期码', FIELD_NAME: 'date_code', DATA_TYPE: 1, ACTION_TYPE: 1 },
  { PARAM_NAME: 'qty', PARAM_CAPTION: '数量', FIELD_NAME: 'qty', DATA_TYPE: 3, ACTION_TYPE: 3, AGGREGATION: ['sum', 'avg'] },
  { PARAM_NAME: 'qtyRange', PARAM_CAPTION: '数量范围', FIELD_NAME: 'qty', DATA_TYPE: 7, ACTION_TYPE: 1 },
  { PARAM_NAME: 'unitPrice', PARAM_CAPTION: '单价', FIELD_NAME: 'unit_price', DATA_TYPE: 3, ACTION_TYPE: 5, AGGREGATION: ['avg'] },
  { PARAM_NAME: 'status', PARAM_CAPTION: '状态', FIELD_NAME: 'status', DATA_TYPE: 8, ACTION_TYPE: 1, IS_FAST_SEARCH: 'Y',
    REFERENCE_SQL: `select * from (values ${statusValues}) as statuses(code, name)` },
  { PARAM_NAME: 'location', PARAM_CAPTION: '库位', FIELD_NAME: 'storage_location', DATA_TYPE: 1, ACTION_TYPE: 10 },
  { PARAM_NAME: 'receivedAt', PARAM_CAPTION: '收货日期', FIELD_NAME: 'received_at', DATA_TYPE: 5, ACTION_TYPE: 1, SHOW_FORMAT: 'YYYY-MM-DD' },
  { PARAM_NAME: 'expiryDate', PARAM_CAPTION: '有效期至', FIELD_NAME: 'expiry_date', DATA_TYPE: 4, ACTION_TYPE: 5, SHOW_FORMAT: 'YYYY-MM-DD' },
  { PARAM_NAME: 'remark', PARAM_CAPTION: '备注', FIELD_NAME: 'remark', DATA_TYPE: 1, ACTION_TYPE: 6 },
];
