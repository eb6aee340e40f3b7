/**
 * The bill's action toolbar offers exactly the whole-bill actions its type declares that the bill's
 * status accepts (the shared action table the server checks) and the user has the button of.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BillActionToolbar } from '../../../src/features/bills/components/BillActionToolbar';
import { lineActions, reelActions, scanAction } from '../../../src/features/bills/model/billActions';
import { BILL_ACTION_RULES, actionAccepts, type BillAction } from '../../../src/shared/bills/actions';
import { BILL_STATUSES, type BillStatus } from '../../../src/shared/bills/statuses';
import { BILL_TYPE_DECLARATIONS } from '../../../src/shared/bills/types';
import { changeLanguage } from '../../../src/core/i18n';
import { Providers, resetGridTestState } from '../grid/gridTestKit';

beforeEach(async () => {
  await resetGridTestState();
});

const typeOf = (code: string) => BILL_TYPE_DECLARATIONS.find((type) => type.code === code)!;
const ASN = typeOf('ASN');
const WO = typeOf('WO');
const everything = () => true;
const only = (...granted: BillAction[]) => (action: BillAction) => granted.includes(action);

function renderToolbar(code: string, status: BillStatus, has: (action: BillAction) => boolean, onAction = vi.fn(async () => {})) {
  render(
    <Providers>
      <BillActionToolbar declaration={typeOf(code)} status={status} has={has} onAction={onAction} />
    </Providers>,
  );
  return onAction;
}
const buttons = () => (screen.queryByRole('toolbar') ? screen.getAllByRole('button').map((button) => button.textContent?.replace(/\s+/g, '')) : []);
/** The Chinese labels, spaces dropped (antd puts a space between two CJK characters of a button). */
const labels = (...actions: BillAction[]) => actions.map((action) => BILL_ACTION_RULES[action].label['zh-chs']);

describe('bill action toolbar', () => {
  it('an issue bill being worked offers reserve, cancel issue, close and handover — not pick (the scan box), a reel’s cancel (its row) or save', () => {
    renderToolbar('WO', 'PROCESSING', everything);
    expect(buttons()).toEqual(labels('ReserveStock', 'CancelIssue', 'ConfirmClose', 'OneKeyClose', 'HandoverConfirm', 'LightOn', 'LightOff'));
  });

  it('a just-saved issue bill offers reserve and invalidate, no close or cancel', () => {
    renderToolbar('WO', 'EDITING', everything);
    expect(buttons()).toEqual(labels('ReserveStock', 'Invalidate', 'LightOn', 'LightOff'));
  });

  it('a closed or cancelled bill offers nothing', () => {
    renderToolbar('WO', 'CLOSED', everything);
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('offers only the buttons the user has', () => {
    renderToolbar('ASN', 'WAITING', only('OneKeyReceipt', 'ConfirmReceipt', 'ReserveStock'));
    // ReserveStock is granted but an ASN does not offer it; receipt by scan is the scan box's.
    expect(buttons()).toEqual(labels('OneKeyReceipt'));
  });

  it.each(BILL_STATUSES)('for every type in status %s: each button is declared, accepted and granted', (status) => {
    for (const type of BILL_TYPE_DECLARATIONS) {
      const granted = type.actions.filter((_, index) => index % 2 === 0);
      const { unmount } = render(
        <Providers>
          <BillActionToolbar declaration={type} status={status} has={only(...granted)} onAction={vi.fn()} />
        </Providers>,
      );
      const expected = type.actions.filter(
        (action) => granted.includes(action) && actionAccepts(action, status) && action !== 'Save' && !BILL_ACTION_RULES[action].perLine && action !== 'ConfirmReceipt' && action !== 'Pick' && action !== 'CancelReelIssue',
      );
      expect(buttons(), `${type.code} ${status}`).toEqual(labels(...expected));
      unmount();
    }
  });

  it('sends the action clicked; an undoing one only after the question is confirmed', async () => {
    const user = userEvent.setup({ delay: null });
    const onAction = renderToolbar('WO', 'PROCESSING', everything);
    await user.click(screen.getByText(labels('ReserveStock')[0]));
    expect(onAction).toHaveBeenLastCalledWith('ReserveStock');
    // The other buttons wait while an action runs; they are back once it has answered.
    const cancelIssue = () => screen.getByText(labels('CancelIssue')[0]).closest('button')!;
    await waitFor(() => expect(cancelIssue().disabled).toBe(false));

    await user.click(cancelIssue());
    expect(onAction).toHaveBeenCalledTimes(1);
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(onAction).toHaveBeenLastCalledWith('CancelIssue'));
  });

  it('names the actions in English too', async () => {
    await changeLanguage('en');
    renderToolbar('ASN', 'PROCESSING', only('OneKeyReceipt', 'ConfirmClose'));
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['One-key receipt', 'Confirm close']);
  });
});

describe('scan box, line and reel actions', () => {
  it('receipt scanning is offered for an inbound bill until it is closed, pick for an issue bill', () => {
    expect(scanAction(ASN, 'WAITING', everything)).toBe('ConfirmReceipt');
    expect(scanAction(ASN, 'CLOSED', everything)).toBeUndefined();
    expect(scanAction(ASN, 'WAITING', only('OneKeyReceipt'))).toBeUndefined();
    expect(scanAction(WO, 'EDITING', everything)).toBe('Pick');
    expect(scanAction(WO, 'CANCELLED', everything)).toBeUndefined();
  });

  it('a line offers cancel pick only when something was picked on it, nothing once closed but posting', () => {
    const picked = { Status: 'OPEN' as const, ActualQty: '1000' };
    const untouched = { Status: 'OPEN' as const, ActualQty: '0' };
    expect(lineActions(WO, 'PROCESSING', everything, picked)).toEqual(['LineCancelPick', 'CloseLine', 'PostLine']);
    expect(lineActions(WO, 'PROCESSING', everything, untouched)).toEqual(['CloseLine', 'PostLine']);
    expect(lineActions(WO, 'PROCESSING', everything, { Status: 'CLOSED', ActualQty: '1000' })).toEqual(['PostLine']);
    expect(lineActions(WO, 'PROCESSING', only('CloseLine'), picked)).toEqual(['CloseLine']);
  });

  it('a picked reel offers cancel reel issue, a received one cancel receipt', () => {
    expect(reelActions(WO, 'PROCESSING', everything, { Status: 'PICKED' })).toEqual(['CancelReelIssue']);
    expect(reelActions(WO, 'PROCESSING', everything, { Status: 'RESERVED' })).toEqual([]);
    expect(reelActions(ASN, 'PROCESSING', everything, { Status: 'RECEIVED' })).toEqual(['CancelReceipt']);
    expect(reelActions(ASN, 'PROCESSING', only('ConfirmReceipt'), { Status: 'RECEIVED' })).toEqual([]);
  });
});
