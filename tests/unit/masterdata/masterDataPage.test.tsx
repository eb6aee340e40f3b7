/**
 * A master-data screen shows add/edit, delete, import and export only for the buttons the caller's
 * role has on its menu (spec §6); the server refuses the calls behind them anyway. A save the server
 * refuses for one field marks that field in the one record form every entity has (the mocks answer with
 * the server's shared rules).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MenuRouteContext } from '../../../src/core/navigation/menuRouteContext';
import type { ButtonCode } from '../../../src/api/access-codes';
import type { DynamicRoute } from '../../../src/core/navigation/types';
import PartPage from '../../../src/features/masterdata/pages/PartPage';
import VendorPage from '../../../src/features/masterdata/pages/VendorPage';
import EquipmentPage from '../../../src/features/masterdata/pages/EquipmentPage';
import { queryRows } from '../../../src/grid/api/listParam';
import { vendorEntity } from '../../../src/shared/masterdata/entities/vendor';
import { expectFieldMarked, fieldErrors } from '../fieldMarks';
import { grantButtons } from '../admin/adminTestKit';
import { expectEscapeKeepsTyping } from '../keepsTyping';
import { renderInRouter, resetGridTestState, signIn } from '../grid/gridTestKit';
import { menuPageRoute } from '../menuRoutes';

const partMenuRoute = menuPageRoute('MasterPart', 'masterdata/part', '物料', 'Part');

const RECORD_CONTROLS = [/新\s*增/, /导入Excel/, /导出Excel/, /修\s*改/, /删\s*除/];

function renderPartScreen(buttons: ButtonCode[]) {
  signIn('ADMIN');
  grantButtons('MasterPart', buttons);
  renderInRouter(
    <MenuRouteContext.Provider value={partMenuRoute}>
      <PartPage />
    </MenuRouteContext.Provider>,
    '/masterdata/part',
  );
}

function renderVendorScreen() {
  signIn('ADMIN');
  grantButtons('MasterVendor', ['SeniorSearch', 'Save']);
  const route: DynamicRoute = { ...partMenuRoute, path: 'masterdata/vendor', name: 'MasterVendor', menuId: 'menu-MasterVendor', componentKey: 'masterdata/vendor' };
  renderInRouter(
    <MenuRouteContext.Provider value={route}>
      <VendorPage />
    </MenuRouteContext.Provider>,
    '/masterdata/vendor',
  );
}

beforeEach(resetGridTestState);

describe('master-data screen buttons', () => {
  it('shows add, import, export, edit and delete to a role with those buttons', async () => {
    renderPartScreen(['SeniorSearch', 'Save', 'Delete', 'Import', 'Export']);
    for (const name of RECORD_CONTROLS) expect(await screen.findByRole('button', { name })).toBeTruthy();
  });

  it('is read-only for a role with only the search button: no add, import, export, edit or delete', async () => {
    renderPartScreen(['SeniorSearch']);
    // The grid's own search control shows once the button codes have arrived.
    expect(await screen.findByRole('button', { name: /高级查询/ })).toBeTruthy();
    for (const name of RECORD_CONTROLS) expect(screen.queryByRole('button', { name })).toBeNull();
  });
});

describe('the record form', () => {
  it('closes on Escape while untouched, and keeps what was typed once something is', async () => {
    renderPartScreen(['SeniorSearch', 'Save']);
    const add = await screen.findByRole('button', { name: /新\s*增/ });
    await expectEscapeKeepsTyping(() => userEvent.click(add), 'P-TYPED');
  });
});

describe('a save refused for one field', () => {
  it('marks the field with the server\'s reason and puts the cursor in it: a vendor code another vendor has', async () => {
    const user = userEvent.setup({ delay: null });
    renderVendorScreen();
    const taken = String((await queryRows(vendorEntity.listRoute, { conditions: [], Page: 1, Limit: 1, wantAggregates: false })).rows[0].code);
    await user.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('供应商代码'), taken);
    await user.type(within(dialog).getByLabelText('供应商名称'), 'A new vendor');
    await user.click(within(dialog).getByRole('button', { name: /确\s*认/ }));

    // Said on the field, not toasted as well; what was typed stays, the form stays open.
    await expectFieldMarked(dialog, '供应商代码', `供应商代码 “${taken}” 已存在`);
    expect((within(dialog).getByLabelText('供应商名称') as HTMLInputElement).value).toBe('A new vendor');
    expect(screen.getByRole('dialog')).toBe(dialog);

    // Changed, the field's mark goes.
    await user.type(within(dialog).getByLabelText('供应商代码'), '-NEW');
    await waitFor(() => expect(fieldErrors(dialog, '供应商代码')).toEqual([]));
  });
});

describe('the record form\'s selects and required messages (the shared form of every entity)', () => {
  function renderEquipmentScreen() {
    signIn('ADMIN');
    grantButtons('WarehouseEquipment', ['SeniorSearch', 'Save']);
    const route: DynamicRoute = { ...partMenuRoute, path: 'warehouse/equipment', name: 'WarehouseEquipment', menuId: 'menu-WarehouseEquipment', componentKey: 'warehouse/equipment' };
    renderInRouter(
      <MenuRouteContext.Provider value={route}>
        <EquipmentPage />
      </MenuRouteContext.Provider>,
      '/warehouse/equipment',
    );
  }

  it('a lookup select shows the value\'s name, not its code; an empty date or select says 请选择, a text 请输入', async () => {
    const user = userEvent.setup({ delay: null });
    renderEquipmentScreen();
    await user.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    const status = within(dialog).getByLabelText('状态').closest('.ant-select')!;
    // The new record's status NORMAL reads as its name alone.
    await waitFor(() => expect(status.querySelector('.ant-select-selection-item')?.textContent).toBe('正常'));
    await user.click(within(dialog).getByLabelText('状态'));
    const options = await waitFor(() => {
      const shown = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content')].map((o) => o.textContent);
      expect(shown.length).toBeGreaterThan(1);
      return shown;
    });
    // In the lookup's own order (the spec's: normal, idle, to be repaired, under repair, scrapped), not by code.
    expect(options).toEqual(['正常', '闲置', '待修', '维修中', '报废']);
    expect(options.filter((text) => /[A-Z_]{3,}/.test(text ?? ''))).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: /确\s*认/ }));
    await waitFor(() => expect(fieldErrors(dialog, '入厂日期')).toEqual(['请选择入厂日期']));
    expect(fieldErrors(dialog, '设备名称')).toEqual(['请输入设备名称']);
  });
});
