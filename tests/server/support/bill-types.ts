/**
 * What a bill type made by `npm run gen -- bill` gives a plant, checked over HTTP for each declaration
 * (tests/server/bill-types.test.ts lists them; the generator appends each new one):
 * - its row in the bill-type master (name in both languages, category, required header fields,
 *   inspection, FEFO) as the declaration says;
 * - its menu `Bill<CODE>` under 单据管理 with both names and the bill-master link, and one button per
 *   action it offers, named in both languages;
 * - a bill of the type is saved only with every required header field (the refusal names the field,
 *   in both languages), starts as EDITING with a code of the type, and reads back;
 * - an action it does not offer is refused (its menu has no such button), and changes nothing.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { GRID_BUTTONS } from '../../../server/db/seed/system-data.ts';
import { BILL_ACTION_RULES, type BillAction } from '../../../src/shared/bills/actions.ts';
import type { BillTypeDeclaration } from '../../../src/shared/bills/declaration.ts';
import { BILL_HEADER_FIELDS, type BillHeaderField } from '../../../src/shared/bills/fields.ts';
import { billFieldMessageKey } from '../../../src/shared/bills/messages.ts';
import { translate } from '../../../src/shared/messages/catalogue.ts';
import { adminToken, F01 } from './masterdata.ts';
import { describeServer } from './test-server.ts';

/** Header values the demo plant knows (server/db/seed/seed-masterdata.ts for the codes). */
const HEADER_VALUES: Record<BillHeaderField, string> = {
  description: 'bill type test',
  erp_bill_type: 'ERP-T',
  company_code: 'C100',
  vendor_code: 'V0001',
  customer_code: 'K0001',
  move_reason: 'test',
  evidence_no: 'EV-1',
  mo: 'MO-T1',
  mo_line: '10',
  so: 'SO-T1',
  destination: 'F02',
};
const PART = 'CAP-00008';
const PLACE = { sic: 'RAW01', loc: 'RAW01-01' };

/** Actions that take just the bill (`{ Id }`): one the type does not offer is tried on its bill. */
const BILL_ONLY_ACTIONS: readonly BillAction[] = ['CreateReels', 'OneKeyReceipt', 'ReserveStock', 'OneKeyMoveStock', 'HandoverConfirm', 'LightOn', 'LightOff'];

interface MenuItem {
  Id: string;
  Menu_Code: string;
  Menu_Name: string;
  MENU_EN: string;
  Link_Url: string;
  children?: MenuItem[];
}

export function describeBillTypes(types: readonly BillTypeDeclaration[]) {
  describeServer('bill types made by npm run gen -- bill', {}, (server) => {
    let token: string;
    let billMenus: MenuItem[];
    const call = (path: string, body: unknown, language: 'zh-chs' | 'en' = 'zh-chs') => server.call('POST', path, { token, body, language, orgId: F01 });

    it.each(types.map((type) => [type.code, type] as const))('%s: its master row, menu with action buttons, saving and refusals', async (code, type) => {
      if (!token) {
        token = await adminToken(server);
        const tree = (await server.call('GET', '/Role/LoadMenusByRoleId', { token, query: { roleId: 'role-super-admin' } })).body.data as MenuItem[];
        billMenus = tree.find((m) => m.Menu_Code === 'Bill')!.children ?? [];
      }

      // The bill-type master's row (its ERP bill type is the plant's: the demo plant sets its own).
      const { rows } = await sql<Record<string, unknown>>`
        select name, name_en, category, required_header_fields, inspection, fefo, enabled
          from md_bill_type where org_id = ${F01} and code = ${code}`.execute(server.db);
      const row = rows[0];
      expect(row).toEqual({
        name: type.name['zh-chs'],
        name_en: type.name.en,
        category: type.category,
        required_header_fields: type.requiredHeaderFields.join(',') || null,
        inspection: type.inspection,
        fefo: type.fefo,
        enabled: true,
      });

      // Its menu under 单据管理, and a button per action, named in both languages.
      const menu = billMenus.find((m) => m.Menu_Code === `Bill${code}`);
      expect(menu).toMatchObject({ Menu_Name: type.name['zh-chs'], MENU_EN: type.name.en, Link_Url: `/bill/master?billType=${code}` });
      const buttons = (await server.call('GET', '/Menu/LoadDataSub', { token, query: { menuId: menu!.Id } })).body.data as { Menu_Code: string; Button_Name: string; Button_Name_En: string }[];
      expect(buttons.map((b) => b.Menu_Code)).toEqual([...GRID_BUTTONS.map((b) => b.code), ...type.actions]);
      for (const action of type.actions) {
        // Save is every screen's 新增/编辑 (Add / edit) button; the others are named as the toolbar names them.
        const label = action === 'Save' ? { 'zh-chs': '新增/编辑', en: 'Add / edit' } : BILL_ACTION_RULES[action].label;
        expect(buttons.find((b) => b.Menu_Code === action), action).toMatchObject({ Button_Name: label['zh-chs'], Button_Name_En: label.en });
      }

      // Saving: every required header field is asked for by name; with them the bill starts EDITING.
      const columns = type.lineColumns as readonly string[];
      const line = {
        PartCode: PART,
        Qty: '10',
        ...(columns.includes('ToSic') ? { ToSic: PLACE.sic, ToLoc: PLACE.loc } : {}),
        ...(columns.includes('FromSic') ? { FromSic: PLACE.sic, FromLoc: PLACE.loc } : {}),
      };
      const header = Object.fromEntries(type.headerFields.map((field) => [BILL_HEADER_FIELDS[field].wire, HEADER_VALUES[field]]));
      for (const field of type.requiredHeaderFields) {
        for (const language of ['zh-chs', 'en'] as const) {
          const refused = await call('/Bill/Save', { ...header, [BILL_HEADER_FIELDS[field].wire]: null, BillType: code, Lines: [line] }, language);
          expect(refused.status, `${field} missing`).toBe(400);
          expect(refused.body.msg).toBe(translate(language, 'billHeaderRequired', { field: { message: billFieldMessageKey(field) } }));
        }
      }
      const saved = await call('/Bill/Save', { ...header, BillType: code, Lines: [line] });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data).toMatchObject({ Status: 'EDITING' });
      expect(saved.body.data.BillCode).toMatch(new RegExp(`^${code}\\d{12}$`));
      const bill = (await server.call('GET', '/Bill/Get', { token, orgId: F01, query: { id: String(saved.body.data.Id) } })).body.data;
      expect(bill).toMatchObject({ BillCode: saved.body.data.BillCode, Status: 'EDITING', ...header });
      expect(bill.Lines).toHaveLength(1);
      expect(bill.Lines[0]).toMatchObject({ LineNo: 1, PartCode: PART, Qty: '10' });

      // An action the type does not offer: its menu has no such button, so even ADMIN is refused; the bill is as it was.
      const other = BILL_ONLY_ACTIONS.find((action) => !type.actions.includes(action))!;
      for (const language of ['zh-chs', 'en'] as const) {
        const refused = await call(`/Bill/${other}`, { Id: saved.body.data.Id }, language);
        expect(refused.status, `${other}: ${JSON.stringify(refused.body)}`).toBe(403);
        expect(refused.body.msg).toBe(translate(language, 'accessDenied'));
      }
      expect((await server.call('GET', '/Bill/Get', { token, orgId: F01, query: { id: String(saved.body.data.Id) } })).body.data).toEqual(bill);
    });
  });
}
