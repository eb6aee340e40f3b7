/**
 * One name per bill type (DESIGN.md): the 单据管理 menu items were seeded with names of their own that
 * disagreed with the bill-type master (GG 其他退料 vs 换货入库单, JJ 寄售出库 vs 加急发料单, ...). Existing
 * databases take each bill menu's Chinese and English name from its bill-type row, the one source; new
 * databases are seeded that way (demo-data.ts DEMO_BILL_TYPES). Bill types are per organisation and
 * menus are not: the first organisation (by its order) that has the type names it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update menus m set menu_name = bt.name, menu_en = coalesce(nullif(bt.name_en, ''), m.menu_en)
    from (
      select distinct on (t.code) t.code, t.name, t.name_en
      from md_bill_type t join organizations o on o.id = t.org_id
      order by t.code, o.sort_num, o.id
    ) bt
    where m.menu_code = 'Bill' || bt.code and m.link_url = '/bill/master?billType=' || bt.code
      and (m.menu_name <> bt.name or m.menu_en is distinct from coalesce(nullif(bt.name_en, ''), m.menu_en))
  `.execute(db);
}

/** The earlier names were demo labels, not data anyone chose: nothing to restore. */
export async function down(): Promise<void> {}
