/**
 * A master-data grid's rows and their operations (issue 12 defects 2, 4, 5, 6): a deleted row
 * leaves the selection, several selected rows are not "no selection", coded values show their
 * 字典 label, and the bookkeeping columns stay out of sight — on a part list the mock back end
 * serves like the reference server does.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../../mocks/node';
import { listParamHandlers, type MockList } from '../../../mocks/scenarios/listparam';
import { resolveApiBase } from '../../../src/api/base';
import { MenuRouteContext } from '../../../src/core/navigation/menuRouteContext';
import PartPage from '../../../src/features/masterdata/pages/PartPage';
import { grantButtons } from '../admin/adminTestKit';
import { bodyRows, buttonNamed, cellTexts, expectToast, recordRequests, renderInRouter, resetGridTestState, signIn, waitForRows } from '../grid/gridTestKit';
import { menuPageRoute } from '../menuRoutes';

const API = resolveApiBase();
const partMenuRoute = menuPageRoute('MasterPart', 'masterdata/part', '物料', 'Part');

const UNITS = [
  { code: 'PCS', name: '个', nameEn: 'Piece' },
  { code: 'REEL', name: '盘', nameEn: 'Reel' },
];

function partList(): MockList {
  return {
    listRoute: '/masterdata/part',
    title: '物料',
    titleEn: 'Part',
    keyField: 'id',
    menuCode: 'MasterPart',
    orgScoped: true,
    columns: [
      { name: 'code', caption: '料号', captionEn: 'Part number' },
      { name: 'name', caption: '品名', captionEn: 'Part name' },
      { name: 'unit', caption: '单位', captionEn: 'Unit', labels: UNITS },
      { name: 'min_pack_qty', caption: '最小包装量', captionEn: 'Minimum pack qty', type: 'number' },
      { name: 'enabled', caption: '启用', captionEn: 'Enabled', type: 'boolean' },
      { name: 'id', caption: 'ID', hidden: true },
      { name: 'org_id', caption: '组织', captionEn: 'Organisation', hidden: true },
      { name: 'version', caption: '版本', captionEn: 'Version', type: 'number', hidden: true },
      { name: 'created_at', caption: '创建时间', captionEn: 'Created at', type: 'datetime', hidden: true },
    ],
    rows: [1, 2, 3].map((i) => ({
      code: `CAP-0000${i}`,
      name: '贴片电容',
      unit: i === 3 ? 'PCS' : 'REEL',
      min_pack_qty: 125013000 + i,
      enabled: i !== 2,
      id: `part-${i}`,
      org_id: 'org-f01',
      version: 1,
      created_at: '2026-01-01T00:00:00.000Z',
    })),
    settings: [{ PARAM_NAME: 'code', PARAM_CAPTION: '料号', FIELD_NAME: 'code', DATA_TYPE: 1, ACTION_TYPE: 6, IS_FAST_SEARCH: 'Y', ORD_IDX: 10 }],
  };
}

let list: MockList;
const user = () => userEvent.setup({ delay: null });
const headers = () => [...screen.getByTestId('data-grid').querySelectorAll('.ant-table-thead th')].map((th) => th.textContent ?? '').filter(Boolean);
const rowCheckbox = (row: HTMLElement) => within(row).getByRole('checkbox');

beforeEach(async () => {
  await resetGridTestState();
  signIn('ADMIN');
  list = partList();
  grantButtons('MasterPart', ['SeniorSearch', 'Save', 'Delete']);
  mockServer.use(
    ...listParamHandlers(API, [list]),
    // The reference server's Delete: the row goes, or 404 记录不存在或已被删除 when it went already.
    http.post(`${API}/Part/Delete`, ({ request }) => {
      const id = new URL(request.url).searchParams.get('id');
      const index = list.rows.findIndex((row) => row.id === id);
      if (index < 0) return HttpResponse.json({ code: 404, msg: '记录不存在或已被删除', data: null }, { status: 404 });
      list.rows.splice(index, 1);
      return HttpResponse.json({ code: 200, msg: '删除成功', data: 1 });
    }),
  );
  renderInRouter(
    <MenuRouteContext.Provider value={partMenuRoute}>
      <PartPage />
    </MenuRouteContext.Provider>,
    '/masterdata/part',
  );
});

afterEach(() => mockServer.resetHandlers());

describe('master-data grid', () => {
  it('drops a deleted row from the selection: 已选记录(0), and 修改 then asks for a row', async () => {
    const u = user();
    const [first] = await waitForRows();
    await u.click(rowCheckbox(first));
    expect(screen.getByRole('button', { name: /已选记录\(1\)/ })).toBeTruthy();
    await u.click(buttonNamed('删除'));
    await u.click(await screen.findByRole('button', { name: /确\s?定/ }));
    await expectToast('删除成功');
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('button', { name: /已选记录\(0\)/ })).toBeTruthy());
    await u.click(buttonNamed('修改'));
    await expectToast('请选择一条要操作的数据行');
  });

  it('with several rows selected, 删除 says one row must be chosen and deletes nothing', async () => {
    const u = user();
    const [first, second] = await waitForRows();
    await u.click(rowCheckbox(first));
    await u.click(rowCheckbox(second));
    const deletes = recordRequests('/Part/Delete');
    await u.click(buttonNamed('删除'));
    await expectToast('只能选择一条数据行进行此操作，当前已选 2 条');
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
    expect(deletes).toEqual([]);
    expect(list.rows).toHaveLength(3);
  });

  it('shows the unit’s 字典 label, 是/否, grouped numbers, and no id, organisation, version or created_at', async () => {
    const [first, second, third] = await waitForRows();
    expect(headers()).toEqual(['料号', '品名', '单位', '最小包装量', '启用']);
    expect(cellTexts(first).slice(1)).toEqual(['CAP-00001', '贴片电容', '盘', '125,013,001', '是']);
    expect(cellTexts(second)[5]).toBe('否');
    expect(cellTexts(third)[3]).toBe('个');
  });
});
