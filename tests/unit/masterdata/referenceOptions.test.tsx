/**
 * The master form's reference and 字典 selects (MasterDataPage): a record whose 启用 is off is a disabled option,
 * which cannot be chosen (a save would refuse it newly chosen), while a record that already names it still shows it.
 */
import { beforeEach, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../../mocks/node';
import { listParamHandlers, type MockList } from '../../../mocks/scenarios/listparam';
import { resolveApiBase } from '../../../src/api/base';
import { MenuRouteContext } from '../../../src/core/navigation/menuRouteContext';
import PartMappingPage from '../../../src/features/masterdata/pages/PartMappingPage';
import { grantButtons } from '../admin/adminTestKit';
import { buttonNamed, renderInRouter, resetGridTestState, signIn, waitForRows } from '../grid/gridTestKit';
import { menuPageRoute } from '../menuRoutes';

const API = resolveApiBase();
const route = menuPageRoute('MasterPartMapping', 'masterdata/part-mapping', '新旧料号对照', 'Old-to-new part mapping');

const mappingList = (): MockList => ({
  listRoute: '/masterdata/part-mapping',
  title: '新旧料号对照',
  titleEn: 'Old-to-new part mapping',
  keyField: 'id',
  menuCode: 'MasterPartMapping',
  orgScoped: true,
  columns: [
    { name: 'old_part_code', caption: '旧料号', captionEn: 'Old part number' },
    { name: 'new_part_code', caption: '新料号', captionEn: 'New part number' },
    { name: 'id', caption: 'ID', hidden: true },
    { name: 'org_id', caption: '组织', captionEn: 'Organisation', hidden: true },
    { name: 'version', caption: '版本', captionEn: 'Version', type: 'number', hidden: true },
  ],
  rows: [{ old_part_code: 'OLD-1', new_part_code: 'P-OFF', effective_date: null, remark: null, id: 'mapping-1', org_id: 'org-f01', version: 1 }],
  settings: [{ PARAM_NAME: 'old_part_code', PARAM_CAPTION: '旧料号', FIELD_NAME: 'old_part_code', DATA_TYPE: 1, ACTION_TYPE: 6, IS_FAST_SEARCH: 'Y', ORD_IDX: 10 }],
});

beforeEach(async () => {
  await resetGridTestState();
  signIn('ADMIN');
  grantButtons('MasterPartMapping', ['SeniorSearch', 'Save']);
  mockServer.use(
    ...listParamHandlers(API, [mappingList()]),
    http.post(`${API}/Part/LoadData`, () =>
      HttpResponse.json({
        code: 200,
        msg: '',
        data: { rows: [{ code: 'P-OFF', name: '停用料', enabled: false }, { code: 'P-ON', name: '在用料', enabled: true }], KEY_FIELD: 'id' },
        count: 2,
      }),
    ),
  );
  renderInRouter(
    <MenuRouteContext.Provider value={route}>
      <PartMappingPage />
    </MenuRouteContext.Provider>,
    '/masterdata/part-mapping',
  );
}, 60_000);

const openOptions = () => [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')];

it('an edit shows the disabled part its record names; the part is a disabled option that cannot be chosen, an enabled one can', async () => {
  const user = userEvent.setup({ delay: null });
  const [row] = await waitForRows();
  await user.click(within(row).getByRole('checkbox'));
  await user.click(buttonNamed('修改'));
  const dialog = await screen.findByRole('dialog');
  const select = within(dialog).getByLabelText('新料号').closest('.ant-select')!;
  await waitFor(() => expect(select.querySelector('.ant-select-selection-item')?.textContent).toBe('P-OFF 停用料'));

  await user.click(within(dialog).getByLabelText('新料号'));
  const options = await waitFor(() => {
    const shown = openOptions();
    expect(shown.map((option) => option.textContent)).toEqual(['P-OFF 停用料', 'P-ON 在用料']);
    return shown;
  });
  expect(options.map((option) => option.classList.contains('ant-select-item-option-disabled'))).toEqual([true, false]);

  await user.click(options[1]);
  await waitFor(() => expect(select.querySelector('.ant-select-selection-item')?.textContent).toBe('P-ON 在用料'));
  await user.click(within(dialog).getByLabelText('新料号'));
  await user.click(await waitFor(() => openOptions().find((option) => option.textContent === 'P-OFF 停用料')!));
  // A disabled option is not taken: the choice stays.
  expect(select.querySelector('.ant-select-selection-item')?.textContent).toBe('P-ON 在用料');
}, 60_000);
