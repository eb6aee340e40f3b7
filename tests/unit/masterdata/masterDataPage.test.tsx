/**
 * A master-data screen shows add/edit, delete, import and export only for the buttons the caller's
 * role has on its menu (spec §6); the server refuses the calls behind them anyway.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MenuRouteContext } from '../../../src/core/navigation/menuRouteContext';
import type { ButtonCode } from '../../../src/api/access-codes';
import type { DynamicRoute } from '../../../src/core/navigation/types';
import PartPage from '../../../src/features/masterdata/pages/PartPage';
import { grantButtons } from '../admin/adminTestKit';
import { expectEscapeKeepsTyping } from '../keepsTyping';
import { renderInRouter, resetGridTestState, signIn } from '../grid/gridTestKit';

const partMenuRoute: DynamicRoute = {
  path: 'masterdata/part',
  name: 'MasterPart',
  menuId: 'menu-MasterPart',
  title: { zh: '物料', en: 'Part' },
  kind: 'page',
  componentKey: 'masterdata/part',
};

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
