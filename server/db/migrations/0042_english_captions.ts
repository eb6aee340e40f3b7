/**
 * English grid captions for the sources that had Chinese-only column comments (server/db/column-captions.ts:
 * Chinese on the first line, English on the second). A literal snapshot, like every released migration:
 * master tables made later get both lines from their own migration.
 */
import { sql, type Kysely } from 'kysely';

/** Both captions in one column comment, as server/db/column-captions.ts reads them (written out: a migration imports no live code). */
const bilingualCaption = (zh: string, en?: string) => (en && en !== zh ? `${zh}\n${en}` : zh);

type Captions = Record<string, readonly [zh: string, en: string]>;

const MASTER_BOOKKEEPING: Captions = { org_id: ['组织', 'Organisation'], version: ['版本', 'Version'], updated_at: ['修改时间', 'Updated at'] };
const HOME_KEYS: Captions = { id: ['编号', 'No.'], org_id: ['组织', 'Organisation'] };

/** Exported for the mock back end, whose demo list serves the same captions (mocks/scenarios/listparam.ts). */
export const CAPTIONS: Record<string, Captions> = {
  demo_parts: { part_code: ['料号', 'Part code'], part_name: ['品名', 'Part name'], spec: ['规格', 'Specification'] },
  demo_vendors: { vendor_code: ['供应商代码', 'Vendor code'], vendor_name: ['供应商名称', 'Vendor name'] },
  demo_reels: {
    reel_id: ['料盘号', 'Reel ID'],
    org_id: ['组织', 'Organisation'],
    part_code: ['料号', 'Part code'],
    part_name: ['品名', 'Part name'],
    vendor_code: ['供应商代码', 'Vendor code'],
    vendor_name: ['供应商名称', 'Vendor name'],
    lot_code: ['批次', 'Lot'],
    date_code: ['周期码', 'Date code'],
    qty: ['数量', 'Quantity'],
    unit_price: ['单价', 'Unit price'],
    storage_location: ['库位', 'Location'],
    status: ['状态', 'Status'],
    received_at: ['收货时间', 'Received at'],
    expiry_date: ['有效期', 'Expiry date'],
    remark: ['备注', 'Remark'],
  },
  home_notice_list: { title: ['标题', 'Title'], is_top: ['置顶', 'Pinned'], publisher: ['发布人', 'Publisher'], publish_time: ['发布时间', 'Published at'], ...HOME_KEYS },
  home_warning_list: {
    title: ['标题', 'Title'],
    content: ['内容', 'Content'],
    warning_level: ['级别', 'Level'],
    call_status: ['调用状态', 'Call status'],
    call_time: ['调用时间', 'Called at'],
    created_at: ['创建时间', 'Created at'],
    ...HOME_KEYS,
  },
  home_todo_list: {
    title: ['标题', 'Title'],
    content: ['内容', 'Content'],
    priority: ['优先级', 'Priority'],
    status: ['状态', 'Status'],
    due_time: ['截止时间', 'Due'],
    created_at: ['创建时间', 'Created at'],
    user_name: ['用户', 'User'],
    ...HOME_KEYS,
  },
  home_memo_list: { content: ['内容', 'Content'], created_at: ['创建时间', 'Created at'], user_name: ['用户', 'User'], id: HOME_KEYS.id },
  md_lookup: { lookup_type: ['字典类型', 'Lookup type'], code: ['编码', 'Code'], name: ['名称', 'Name'], name_en: ['英文名称', 'English name'], sort_num: ['排序', 'Sort'], enabled: ['启用', 'Enabled'], ...MASTER_BOOKKEEPING },
  md_company: { code: ['公司代码', 'Company code'], name: ['公司名称', 'Company name'], short_name: ['简称', 'Short name'], tax_no: ['税号', 'Tax number'], address: ['地址', 'Address'], phone: ['电话', 'Phone'], enabled: ['启用', 'Enabled'], ...MASTER_BOOKKEEPING },
  md_factory: { code: ['工厂代码', 'Factory code'], name: ['工厂名称', 'Factory name'], company_code: ['公司', 'Company'], erp_plant: ['ERP工厂', 'ERP plant'], address: ['地址', 'Address'], enabled: ['启用', 'Enabled'], ...MASTER_BOOKKEEPING },
  md_business_unit: { code: ['业务单元代码', 'BU code'], name: ['业务单元名称', 'BU name'], factory_code: ['工厂', 'Factory'], erp_code: ['ERP代码', 'ERP code'], enabled: ['启用', 'Enabled'], ...MASTER_BOOKKEEPING },
  md_storage_location: { code: ['存储地点(SIC)', 'Storage location (SIC)'], name: ['名称', 'Name'], factory_code: ['工厂', 'Factory'], location_type: ['类型', 'Type'], erp_sic_code: ['ERP库存地点', 'ERP storage location'], is_mrp: ['参与MRP', 'Counts for MRP'], enabled: ['启用', 'Enabled'], ...MASTER_BOOKKEEPING },
  md_locator: { code: ['库位代码', 'Locator code'], name: ['库位名称', 'Locator name'], storage_location_code: ['存储地点', 'Storage location'], capacity: ['容量', 'Capacity'], enabled: ['启用', 'Enabled'], ...MASTER_BOOKKEEPING },
  md_vendor: { code: ['供应商代码', 'Vendor code'], name: ['供应商名称', 'Vendor name'], short_name: ['简称', 'Short name'], contact: ['联系人', 'Contact'], phone: ['电话', 'Phone'], email: ['邮箱', 'Email'], address: ['地址', 'Address'], enabled: ['启用', 'Enabled'], ...MASTER_BOOKKEEPING },
  md_customer: { code: ['客户代码', 'Customer code'], name: ['客户名称', 'Customer name'], short_name: ['简称', 'Short name'], contact: ['联系人', 'Contact'], phone: ['电话', 'Phone'], address: ['地址', 'Address'], enabled: ['启用', 'Enabled'], ...MASTER_BOOKKEEPING },
  md_part: { code: ['料号', 'Part number'], name: ['品名', 'Part name'], spec: ['规格', 'Specification'], unit: ['单位', 'Unit'], msl_level: ['湿敏等级', 'MSL level'], shelf_life_days: ['保质期(天)', 'Shelf life (days)'], iqc_required: ['需要IQC', 'IQC required'], lot_control: ['批次管理', 'Lot controlled'], min_pack_qty: ['最小包装量', 'Minimum pack qty'], default_storage_location_code: ['默认存储地点', 'Default storage location'], enabled: ['启用', 'Enabled'], ...MASTER_BOOKKEEPING },
  md_part_extension: { part_code: ['料号', 'Part number'], abc_class: ['ABC分类', 'ABC class'], safety_stock: ['安全库存', 'Safety stock'], max_stock: ['最高库存', 'Maximum stock'], floor_life_hours: ['车间寿命(小时)', 'Floor life (hours)'], bake_hours: ['烘烤时长(小时)', 'Baking time (hours)'], remark: ['备注', 'Remark'], ...MASTER_BOOKKEEPING },
  md_warehouse_manager: { code: ['仓管员代码', 'Manager code'], name: ['姓名', 'Name'], user_name: ['登录账号', 'User name'], phone: ['电话', 'Phone'], storage_location_code: ['负责存储地点', 'Storage location'], enabled: ['启用', 'Enabled'], ...MASTER_BOOKKEEPING },
  md_part_charger: { part_code: ['料号', 'Part number'], charger_name: ['负责人', 'Charger'], user_name: ['登录账号', 'User name'], phone: ['电话', 'Phone'], email: ['邮箱', 'Email'], ...MASTER_BOOKKEEPING },
  md_rack: { code: ['料架编码', 'Rack code'], name: ['料架名称', 'Rack name'], storage_location_code: ['存储地点', 'Storage location'], controller_ip: ['控制器IP', 'Controller IP'], controller_port: ['控制器端口', 'Controller port'], enabled: ['启用', 'Enabled'], ...MASTER_BOOKKEEPING },
  md_rack_cell: { code: ['储位编码', 'Cell code'], rack_code: ['料架', 'Rack'], row_no: ['行', 'Row'], column_no: ['列', 'Column'], light_address: ['灯地址', 'Light address'], locator_code: ['库位', 'Locator'], enabled: ['启用', 'Enabled'], ...MASTER_BOOKKEEPING },
  md_standard_pack: { part_code: ['料号', 'Part number'], vendor_code: ['供应商', 'Vendor'], qty: ['标准包装数量', 'Pack quantity'], pack_unit: ['包装单位', 'Pack unit'], remark: ['备注', 'Remark'], ...MASTER_BOOKKEEPING },
  md_unit_conversion: { part_code: ['料号', 'Part number'], from_unit: ['原单位', 'From unit'], to_unit: ['目标单位', 'To unit'], rate: ['换算率', 'Rate'], remark: ['备注', 'Remark'], ...MASTER_BOOKKEEPING },
  md_part_mapping: { old_part_code: ['旧料号', 'Old part number'], new_part_code: ['新料号', 'New part number'], effective_date: ['生效日期', 'Effective date'], remark: ['备注', 'Remark'], ...MASTER_BOOKKEEPING },
  md_vendor_mapping: { old_vendor_code: ['旧供应商代码', 'Old vendor code'], new_vendor_code: ['新供应商', 'New vendor'], effective_date: ['生效日期', 'Effective date'], remark: ['备注', 'Remark'], ...MASTER_BOOKKEEPING },
  md_bill_type: { code: ['单据类型', 'Bill type'], name: ['名称', 'Name'], name_en: ['英文名称', 'English name'], category: ['类别', 'Category'], erp_bill_type: ['ERP单据类型', 'ERP bill type'], required_header_fields: ['必填表头字段', 'Required header fields'], enabled: ['启用', 'Enabled'], remark: ['备注', 'Remark'], ...MASTER_BOOKKEEPING },
  md_bill_type_extension: { bill_type_code: ['单据类型', 'Bill type'], field_name: ['扩展字段', 'Extension field'], caption: ['标题', 'Caption'], caption_en: ['英文标题', 'English caption'], data_type: ['数据类型', 'Data type'], required: ['必填', 'Required'], sort_num: ['排序', 'Sort'], ...MASTER_BOOKKEEPING },
  md_service_config: { code: ['服务代码', 'Service code'], name: ['服务名称', 'Service name'], service_url: ['服务地址', 'Service URL'], timeout_seconds: ['超时(秒)', 'Timeout (seconds)'], enabled: ['启用', 'Enabled'], remark: ['备注', 'Remark'], ...MASTER_BOOKKEEPING },
};

async function comment(db: Kysely<any>, captions: Record<string, Captions>, pick: (zh: string, en: string) => string) {
  for (const [relation, columns] of Object.entries(captions)) {
    for (const [column, [zh, en]] of Object.entries(columns)) {
      await sql`comment on column ${sql.table(relation)}.${sql.id(column)} is ${sql.lit(pick(zh, en))}`.execute(db);
    }
  }
}

export const up = (db: Kysely<any>) => comment(db, CAPTIONS, bilingualCaption);
export const down = (db: Kysely<any>) => comment(db, CAPTIONS, (zh) => zh);
