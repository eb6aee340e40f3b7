/**
 * The reports every plant starts with (issue 21): 库存报表 (menu ReportStock, link
 * /report/loading?code=DEMO_STOCK) — stock by part over the ledger's balances, with its parameters
 * (part code prefix, storage location) — and its child report, a part's stock by place and lot,
 * opened from a row with that row's part. Both read only tables granted to the report role; the
 * organisation is the role's row-level security, not a condition of the SQL.
 */
import type { SeededReport } from '../../../src/shared/reports/definition.ts';

export const SYSTEM_REPORTS: readonly SeededReport[] = [
  {
    code: 'DEMO_STOCK',
    name: '库存报表',
    nameEn: 'Stock report',
    menuCode: 'ReportStock',
    sql: `select b.part_code, max(p.name) as part_name, max(p.spec) as spec,
       sum(b.on_hand) as on_hand, sum(b.reserved_qty) as reserved_qty,
       sum(b.on_hand - b.reserved_qty - b.inspection_qty) as available_qty,
       count(*) as places
from stock_balances b
left join md_part p on p.code = b.part_code
where b.on_hand > 0
  and (param.part_code is null or b.part_code like param.part_code || '%')
  and (param.sic is null or b.sic = param.sic)
group by b.part_code`,
    params: [
      { name: 'part_code', caption: '料号', captionEn: 'Part', type: 'text' },
      { name: 'sic', caption: '存储地点', captionEn: 'Storage location', type: 'text' },
    ],
    columns: [
      { field: 'part_code', caption: '料号', captionEn: 'Part' },
      { field: 'part_name', caption: '品名', captionEn: 'Part name', search: true },
      { field: 'spec', caption: '规格', captionEn: 'Specification' },
      { field: 'on_hand', caption: '在库数量', captionEn: 'On hand', aggregation: 'sum' },
      { field: 'reserved_qty', caption: '预留数量', captionEn: 'Reserved', aggregation: 'sum' },
      { field: 'available_qty', caption: '可用数量', captionEn: 'Available', aggregation: 'sum' },
      { field: 'places', caption: '库位数', captionEn: 'Places' },
    ],
    chart: { type: 'bar', x: 'part_code', y: ['on_hand', 'available_qty'] },
  },
  {
    code: 'DEMO_STOCK_PLACE',
    name: '物料库存明细',
    nameEn: 'Stock of a part by place',
    parentCode: 'DEMO_STOCK',
    drillParams: { part_code: 'part_code' },
    sql: `select b.sic, b.loc, b.lot_code, b.on_hand, b.reserved_qty, b.inspection_qty, b.updated_at
from stock_balances b
where b.part_code = param.part_code and b.on_hand > 0`,
    params: [{ name: 'part_code', caption: '料号', captionEn: 'Part', type: 'text' }],
    columns: [
      { field: 'sic', caption: '存储地点', captionEn: 'Storage location' },
      { field: 'loc', caption: '库位', captionEn: 'Locator' },
      { field: 'lot_code', caption: '批次', captionEn: 'Lot' },
      { field: 'on_hand', caption: '在库数量', captionEn: 'On hand', aggregation: 'sum' },
      { field: 'reserved_qty', caption: '预留数量', captionEn: 'Reserved', aggregation: 'sum' },
      { field: 'inspection_qty', caption: '待检数量', captionEn: 'Pending inspection', aggregation: 'sum' },
      { field: 'updated_at', caption: '更新时间', captionEn: 'Updated at' },
    ],
  },
];
