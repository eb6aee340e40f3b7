/**
 * The one bill-master page in mock mode (generated fixtures, no ledger): the type comes from the menu
 * route; the grid lists that type's bills with their statuses by name; a clicked bill shows its header,
 * exactly the toolbar its status and the user's buttons allow, the scan box when receipt or pick is
 * offered, and its lines, reels and log.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { menuIdOf } from '../../../mocks/scenarios/demo-data';
import { MenuRouteContext } from '../../../src/core/navigation/menuRouteContext';
import type { DynamicRoute } from '../../../src/core/navigation/types';
import { useNavigationStore } from '../../../src/core/navigation/navigationStore';
import BillMasterPage from '../../../src/features/bills/pages/BillMasterPage';
import { BILL_ACTION_RULES, type BillAction } from '../../../src/shared/bills/actions';
import { bodyRows, cellTexts, renderInRouter, resetGridTestState, signIn, waitForRows } from '../grid/gridTestKit';

beforeEach(resetGridTestState);

const routeOf = (code: string, name: string): DynamicRoute => ({
  path: `bill/master/${code}`,
  name: `Bill${code}`,
  menuId: menuIdOf(`Bill${code}`),
  title: { zh: name, en: name },
  kind: 'page',
  componentKey: 'bill/master',
  params: { billType: code },
});

function renderBillPage(code: string, name: string) {
  return renderInRouter(
    <MenuRouteContext.Provider value={routeOf(code, name)}>
      <BillMasterPage />
    </MenuRouteContext.Provider>,
    `/bill/master/${code}`,
  );
}

const label = (action: BillAction) => BILL_ACTION_RULES[action].label['zh-chs'];
const toolbarLabels = () => within(screen.getByTestId('bill-action-toolbar')).getAllByRole('button').map((b) => b.textContent?.replace(/\s+/g, ''));
const rowOfBill = (code: string) => bodyRows().find((row) => cellTexts(row).includes(code))!;
const headerTexts = () => [...screen.getByTestId('data-grid').querySelectorAll('.ant-table-thead th')].map((th) => th.textContent ?? '').filter(Boolean);

describe('bill master page', () => {
  it('lists the type of its menu with statuses by name, and shows a clicked bill with its status’s actions and the pick scan box', async () => {
    signIn('ADMIN');
    renderBillPage('WO', '工单发料');
    await waitForRows();
    await waitFor(() => expect(bodyRows()).toHaveLength(6));
    const texts = bodyRows().map((row) => cellTexts(row).join('|'));
    expect(texts.some((text) => text.includes('WO202611240003') && text.includes('处理中'))).toBe(true);
    expect(texts.join()).not.toMatch(/PROCESSING|EDITING/);
    // The header fields of its form only: a work order, no vendor or customer.
    expect(headerTexts()).toContain('工单号');
    expect(headerTexts().filter((text) => ['供应商', '客户'].includes(text))).toEqual([]);

    // Before a bill is clicked: a quiet hint where its detail goes, not a status page.
    const hint = screen.getByText('点击列表中的单据，查看其明细、条码与操作');
    expect(hint.closest('.ant-empty')).not.toBeNull();
    expect(document.querySelector('.ant-result')).toBeNull();

    await userEvent.setup({ delay: null }).click(within(rowOfBill('WO202611240003')).getByText('WO202611240003'));
    const detail = await screen.findByTestId('bill-detail');
    expect(screen.queryByText('点击列表中的单据，查看其明细、条码与操作')).toBeNull();
    await waitFor(() => expect(within(detail).getByTestId('bill-code').textContent).toBe('WO202611240003'));
    expect(within(detail).getByTestId('bill-status').textContent).toBe('处理中');
    expect(toolbarLabels()).toEqual(['ReserveStock', 'CancelIssue', 'ConfirmClose', 'OneKeyClose', 'HandoverConfirm', 'LightOn', 'LightOff'].map((a) => label(a as BillAction)));
    expect(within(detail).getByLabelText('扫描条码拣货')).toBeTruthy();
    // The fixture's one line, with its quantities grouped and its status by name.
    const line = within(within(detail).getByTestId('bill-lines')).getAllByRole('row')[1];
    expect(line.textContent).toContain('1,200');
    expect(line.textContent).toContain('未完成');
  });

  it('offers only the actions the user has the buttons of, and no scan box without Pick', async () => {
    signIn('ADMIN');
    useNavigationStore.getState().setGrants({ BillWO: ['SeniorSearch', 'ReserveStock', 'ConfirmClose'] });
    renderBillPage('WO', '工单发料');
    await waitForRows();
    await userEvent.setup({ delay: null }).click(within(rowOfBill('WO202611240003')).getByText('WO202611240003'));
    await waitFor(() => expect(screen.getByTestId('bill-code').textContent).toBe('WO202611240003'));
    expect(toolbarLabels()).toEqual([label('ReserveStock'), label('ConfirmClose')]);
    expect(screen.queryByTestId('scan-box')).toBeNull();
    // No Save button: no new bill.
    expect(screen.queryByRole('button', { name: /新增单据/ })).toBeNull();
  });

  it('an ASN waiting to be received offers receipt by scanning', async () => {
    signIn('ADMIN');
    renderBillPage('ASN', '送货通知');
    await waitForRows();
    expect(headerTexts()).toEqual(expect.arrayContaining(['供应商', '供应商名称']));
    expect(headerTexts().filter((text) => ['客户', '客户名称', '工单号'].includes(text))).toEqual([]);
    // The vendor by its name beside its code, in the list and in the bill's header.
    expect(cellTexts(rowOfBill('ASN202611240002'))).toEqual(expect.arrayContaining(['V0001', '示例名称']));
    await userEvent.setup({ delay: null }).click(within(rowOfBill('ASN202611240002')).getByText('ASN202611240002'));
    await waitFor(() => expect(screen.getByTestId('bill-status').textContent).toBe('待收货'));
    expect(screen.getByTestId('bill-detail').textContent).toContain('V0001 示例名称');
    expect(screen.getByLabelText('扫描条码收货')).toBeTruthy();
    expect(toolbarLabels()).toContain(label('OneKeyReceipt'));
    expect(toolbarLabels()).not.toContain(label('ReserveStock'));
  });
});
