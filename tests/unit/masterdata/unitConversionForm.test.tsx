/** The master form shows the declaration's cross-field rule (issue 12.10): a unit is not converted to itself, and nothing is sent. */
import { beforeEach, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../../mocks/node';
import { resolveApiBase } from '../../../src/api/base';
import { MenuRouteContext } from '../../../src/core/navigation/menuRouteContext';
import UnitConversionPage from '../../../src/features/masterdata/pages/UnitConversionPage';
import { grantButtons } from '../admin/adminTestKit';
import { chooseOption, modalTitled, recordRequests, renderInRouter, resetGridTestState, signIn } from '../grid/gridTestKit';
import { menuPageRoute } from '../menuRoutes';

const menuRoute = menuPageRoute('MasterUnitConversion', 'masterdata/unit-conversion', '单位换算', 'Unit conversion');

beforeEach(resetGridTestState);

it('refuses a unit converted to itself in the add form, saying so, and sends nothing', async () => {
  signIn('ADMIN');
  grantButtons('MasterUnitConversion', ['SeniorSearch', 'Save']);
  mockServer.use(
    http.post(`${resolveApiBase()}/Lookup/LoadData`, () =>
      HttpResponse.json({ code: 200, msg: '', data: { rows: [{ code: 'REEL', name: '盘' }, { code: 'PCS', name: '个' }], KEY_FIELD: 'id' }, count: 2 }),
    ),
  );
  const saves = recordRequests('/UnitConversion/AddOrModifySave');
  renderInRouter(
    <MenuRouteContext.Provider value={menuRoute}>
      <UnitConversionPage />
    </MenuRouteContext.Provider>,
    '/masterdata/unit-conversion',
  );
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: /新\s*增/ }));
  const modal = await modalTitled('单位换算 - 新增');
  await chooseOption(user, '原单位', '盘');
  await chooseOption(user, '目标单位', '盘');
  await waitFor(() => expect(modal.textContent).toContain('目标单位 不能与 原单位 相同'));
  await user.click(modal.querySelector<HTMLElement>('.ant-modal-footer .ant-btn-primary')!);
  await waitFor(() => expect(modal.textContent).toContain('目标单位 不能与 原单位 相同'));
  expect(saves).toHaveLength(0);

  await chooseOption(user, '目标单位', '个');
  await waitFor(() => expect(modal.textContent).not.toContain('目标单位 不能与 原单位 相同'));
}, 60_000);
