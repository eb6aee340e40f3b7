/**
 * Demo master data for both demo organisations, written once per database (one seed ledger entry
 * for the whole set, ledger.ts; a database from before the ledger with a company keeps its data) on
 * top of the system lookups and bill types (seed-system.ts): a company with a factory per
 * organisation, business units, storage locations with locators, 200 vendors, 200 customers, 400 parts with extensions, chargers and standard packs, electronic racks
 * with their cells, unit conversions, old-to-new mappings, the ERP codes of the bill types, bill-type
 * extensions and service configuration. Each table is one INSERT ... SELECT over generate_series
 * (batch inserts: a second or so on PGlite).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { DEMO_PORTAL_LAYOUT, STARTER_CARDS } from '../../../src/shared/portal/cards.ts';
import type { DB } from '../database.ts';
import { hasRows, seedSetOnce } from './ledger.ts';

const ORGS = sql`(values ('org-f01', 'P100', 1), ('org-f02', 'P200', 2)) as o(org_id, plant, n)`;

export async function seedMasterData(db: DB): Promise<void> {
  await seedSetOnce(db, 'masterdata:v1', async (trx) => {
    // A database from before the ledger that has master data keeps it.
    if (await hasRows(trx, 'md_company')) return;
    const run = (query: ReturnType<typeof sql>) => query.execute(trx);
    await run(sql`insert into md_company (id, org_id, code, name, short_name, tax_no, address, phone, enabled)
      select gen_random_uuid()::text, o.org_id, 'C100', '示例电子科技有限公司', '示例电子', '91440300MA5D00000X', '深圳市宝安区福海街道', '0755-88880000', true from ${ORGS}`);
    await run(sql`insert into md_factory (id, org_id, code, name, company_code, erp_plant, address, enabled)
      select gen_random_uuid()::text, o.org_id, o.plant, case o.n when 1 then '一厂' else '二厂' end, 'C100', o.plant, '深圳市宝安区', true from ${ORGS}`);
    await run(sql`insert into md_business_unit (id, org_id, code, name, factory_code, erp_code, enabled)
      select gen_random_uuid()::text, o.org_id, o.plant || '-' || b.code, b.name, o.plant, b.code, true
      from ${ORGS} cross join (values ('SMT', 'SMT贴片'), ('ASSY', '组装')) as b(code, name)`);
    await run(sql`insert into md_storage_location (id, org_id, code, name, factory_code, location_type, erp_sic_code, is_mrp, enabled)
      select gen_random_uuid()::text, o.org_id, s.code, s.name, o.plant, s.t, o.plant || s.code, s.t <> 'MRB', true
      from ${ORGS} cross join (values ('RAW01', '原材料一仓', 'RAW'), ('RAW02', '原材料二仓', 'RAW'), ('ELE01', '电子料仓', 'RAW'),
        ('WIP01', 'SMT线边仓', 'WIP'), ('WIP02', '组装线边仓', 'WIP'), ('FG01', '成品仓', 'FG'), ('MRB01', '不良品仓', 'MRB'), ('AUX01', '辅料仓', 'RAW'))
        as s(code, name, t)`);
    await run(sql`insert into md_locator (id, org_id, code, name, storage_location_code, capacity, enabled)
      select gen_random_uuid()::text, o.org_id, s.code || '-' || lpad(i::text, 2, '0'), s.code || ' ' || i || '号库位', s.code, 50 + (i % 5) * 10, true
      from ${ORGS} cross join (select code from (values ('RAW01'), ('RAW02'), ('ELE01'), ('WIP01'), ('WIP02'), ('FG01'), ('MRB01'), ('AUX01')) v(code)) s
      cross join generate_series(1, 30) as i`);
    await run(sql`insert into md_vendor (id, org_id, code, name, short_name, contact, phone, email, address, enabled)
      select gen_random_uuid()::text, o.org_id, 'V' || lpad(i::text, 4, '0'),
        (array['村田', '国巨', '三星电机', '风华高科', '德州仪器', '意法半导体', '安森美', '瑞萨'])[1 + i % 8] || '供应商' || i || '有限公司',
        (array['村田', '国巨', '三星', '风华', 'TI', 'ST', '安森美', '瑞萨'])[1 + i % 8] || i, '联系人' || i, '0755-' || (6600000 + i),
        'sales' || i || '@vendor.example', '广东省深圳市', i % 17 <> 0
      from ${ORGS} cross join generate_series(1, 200) as i`);
    await run(sql`insert into md_customer (id, org_id, code, name, short_name, contact, phone, address, enabled)
      select gen_random_uuid()::text, o.org_id, 'K' || lpad(i::text, 4, '0'), '客户' || i || '电子有限公司', '客户' || i, '采购' || i, '021-' || (5500000 + i), '上海市浦东新区', true
      from ${ORGS} cross join generate_series(1, 200) as i`);
    await run(sql`insert into md_part (id, org_id, code, name, spec, unit, msl_level, shelf_life_days, iqc_required, lot_control, min_pack_qty, default_storage_location_code, enabled)
      select gen_random_uuid()::text, o.org_id, (array['CAP', 'RES', 'IC', 'IND', 'DIO', 'CON', 'PCB', 'LED'])[1 + i % 8] || '-' || lpad(i::text, 5, '0'),
        (array['贴片电容', '贴片电阻', '集成电路', '电感', '二极管', '连接器', 'PCB板', '发光二极管'])[1 + i % 8],
        (array['0402 100nF 16V X7R', '0603 10K 1%', 'QFN-32 MCU', '0805 4.7uH', 'SOD-123 1N4148', '2.54mm 2x5P', 'FR4 1.6mm 4L', '0603 白色'])[1 + i % 8],
        (array['REEL', 'REEL', 'PCS', 'REEL', 'REEL', 'PCS', 'PCS', 'REEL'])[1 + i % 8],
        case when i % 8 = 2 then '3' when i % 8 = 7 then '2A' end, 365 + (i % 3) * 365, i % 3 = 0, i % 8 in (2, 6),
        (array[10000, 5000, 250, 2000, 3000, 100, 50, 4000])[1 + i % 8], case when i % 8 = 6 then 'RAW02' else 'ELE01' end, true
      from ${ORGS} cross join generate_series(1, 400) as i`);
    await run(sql`insert into md_part_extension (id, org_id, part_code, abc_class, safety_stock, max_stock, floor_life_hours, bake_hours)
      select gen_random_uuid()::text, p.org_id, p.code, (array['A', 'B', 'C'])[1 + length(p.code) % 3], p.min_pack_qty * 2, p.min_pack_qty * 20,
        case when p.msl_level = '3' then 168 when p.msl_level = '2A' then 672 end, case when p.msl_level is not null then 24 end
      from md_part p where p.code like 'IC-%' or p.code like 'LED-%'`);
    await run(sql`insert into md_warehouse_manager (id, org_id, code, name, user_name, phone, storage_location_code, enabled)
      select gen_random_uuid()::text, o.org_id, 'WM' || lpad(i::text, 2, '0'), (array['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊'])[i], 'operator', '138000000' || lpad(i::text, 2, '0'),
        (array['RAW01', 'RAW02', 'ELE01', 'WIP01', 'FG01', 'AUX01'])[i], true
      from ${ORGS} cross join generate_series(1, 6) as i`);
    await run(sql`insert into md_part_charger (id, org_id, part_code, charger_name, user_name, phone, email)
      select gen_random_uuid()::text, p.org_id, p.code, (array['张伟', '王芳', '李娜'])[1 + length(p.code) % 3], 'operator', '13900000000', 'buyer@plant.example'
      from md_part p where p.code like 'IC-%'`);
    await run(sql`insert into md_rack (id, org_id, code, name, storage_location_code, controller_ip, controller_port, enabled)
      select gen_random_uuid()::text, o.org_id, 'RK' || lpad(i::text, 2, '0'), i || '号电子料架', 'ELE01', '192.168.' || (10 + o.n) || '.' || (100 + i), 4001, true
      from ${ORGS} cross join generate_series(1, 10) as i`);
    await run(sql`insert into md_rack_cell (id, org_id, code, rack_code, row_no, column_no, light_address, locator_code, enabled)
      select gen_random_uuid()::text, o.org_id, 'RK' || lpad(r::text, 2, '0') || '-' || lpad(rw::text, 2, '0') || lpad(c::text, 2, '0'), 'RK' || lpad(r::text, 2, '0'),
        rw, c, lpad(r::text, 2, '0') || ':' || ((rw - 1) * 8 + c), case when c = 1 then 'ELE01-' || lpad(r::text, 2, '0') end, true
      from ${ORGS} cross join generate_series(1, 10) as r cross join generate_series(1, 5) as rw cross join generate_series(1, 8) as c`);
    await run(sql`insert into md_standard_pack (id, org_id, part_code, vendor_code, qty, pack_unit)
      select gen_random_uuid()::text, p.org_id, p.code, 'V' || lpad((1 + (substring(p.code from '[0-9]+')::int % 120))::text, 4, '0'), p.min_pack_qty,
        case when p.code like 'CON-%' or p.code like 'PCB-%' then 'BOX' else 'REEL' end
      from md_part p where substring(p.code from '[0-9]+')::int <= 300`);
    await run(sql`insert into md_unit_conversion (id, org_id, part_code, from_unit, to_unit, rate)
      select gen_random_uuid()::text, p.org_id, p.code, 'REEL', 'PCS', p.min_pack_qty from md_part p where p.unit = 'REEL' and substring(p.code from '[0-9]+')::int <= 40`);
    await run(sql`insert into md_part_mapping (id, org_id, old_part_code, new_part_code, effective_date, remark)
      select gen_random_uuid()::text, p.org_id, 'OLD-' || p.code, p.code, date '2025-01-01', '物料编码规则切换' from md_part p where substring(p.code from '[0-9]+')::int <= 20`);
    await run(sql`insert into md_vendor_mapping (id, org_id, old_vendor_code, new_vendor_code, effective_date, remark)
      select gen_random_uuid()::text, v.org_id, 'S' || substring(v.code from 2), v.code, date '2025-01-01', 'ERP供应商合并' from md_vendor v where substring(v.code from 2)::int <= 10`);
    // The bill types are system data (seed-system.ts); the demo maps each to an ERP bill type of the same code.
    await run(sql`update md_bill_type set erp_bill_type = 'ERP-' || code where org_id in (select org_id from ${ORGS}) and erp_bill_type is null`);
    await run(sql`insert into md_bill_type_extension (id, org_id, bill_type_code, field_name, caption, caption_en, data_type, required, sort_num)
      select gen_random_uuid()::text, o.org_id, e.bt, e.f, e.c, e.ce, e.t, e.r, e.s
      from ${ORGS} cross join (values ('WO', 'mo', '工单号', 'MO number', 'TEXT', true, 10), ('WO', 'mo_line', '工单行号', 'MO line', 'NUMBER', true, 20),
        ('OD', 'so', '销售订单', 'Sales order', 'TEXT', true, 10), ('IN', 'po_no', '采购订单', 'PO number', 'TEXT', false, 10)) as e(bt, f, c, ce, t, r, s)`);
    await run(sql`insert into md_service_config (id, org_id, code, name, service_url, timeout_seconds, enabled, remark)
      select gen_random_uuid()::text, o.org_id, s.code, s.name, s.url, s.t, true, s.remark
      from ${ORGS} cross join (values ('ERP', 'ERP接口', 'http://erp.plant.local/api', 60, 'ERP单据同步'), ('MES', 'MES接口', 'http://mes.plant.local/api', 30, '工单与报工'),
        ('PRINT', '打印服务', 'http://localhost:42737', 300, '本地打印服务'), ('RACK', '电子料架控制', 'http://rack.plant.local', 10, '亮灯控制')) as s(code, name, url, t, remark)`);
  });
}

/**
 * The portal's starting cards (issue 21: every home widget and built-in source once, src/shared/portal/cards.ts)
 * and one scheme, 仓库看板, assigned to nobody (the standard home stays until the homepage configuration or an
 * assignment says otherwise), for both demo organisations, once per database.
 */
export async function seedPortalDemo(db: DB): Promise<void> {
  await seedSetOnce(db, 'portal:v1', async (trx) => {
    for (const orgId of ['org-f01', 'org-f02']) {
      const rows = STARTER_CARDS.map((card) => sql`(${randomUUID()}, ${orgId}, ${card.code}, ${card.title_zh}, ${card.title_en}, ${card.source}, null, ${card.view}, true)`);
      await sql`insert into md_portal_card (id, org_id, code, title_zh, title_en, source, report_code, view, enabled)
        values ${sql.join(rows)} on conflict do nothing`.execute(trx);
      await trx
        .insertInto('portal_schemes')
        .values({ org_id: orgId, name: '仓库看板', layout: JSON.stringify(DEMO_PORTAL_LAYOUT), updated_by: 'ADMIN' })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });
}
