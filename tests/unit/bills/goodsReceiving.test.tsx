/**
 * The goods-receiving screen in mock mode: a scanned bill code is found among every inbound type the
 * user may receive, whichever type is chosen at the moment, and the type follows the bill; a code
 * that names no open bill is reported, and the choice stays as it was.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import GoodsReceivingPage from '../../../src/features/bills/pages/GoodsReceivingPage';
import { renderInRouter, resetGridTestState, signIn } from '../grid/gridTestKit';

beforeEach(resetGridTestState);

const chosenType = () => screen.getByTestId('goods-receiving-page').querySelector('.ant-select-selection-item')?.textContent;

describe('goods receiving', () => {
  it('opens a scanned bill of another inbound type than the one chosen, choosing its type', async () => {
    signIn('ADMIN');
    renderInRouter(<GoodsReceivingPage />, '/warehouse/receiving');
    expect(chosenType()).toBe('生产入库');

    await userEvent.type(screen.getByTestId('bill-scan-input'), 'ASN202611240001{Enter}');
    await waitFor(() => expect(chosenType()).toBe('送货通知'));
    expect(await screen.findByText('ASN202611240001', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByTestId('bill-not-found')).toBeNull();
  });

  it('reports a code that names no open bill of the inbound types, and keeps the choice', async () => {
    signIn('ADMIN');
    renderInRouter(<GoodsReceivingPage />, '/warehouse/receiving');
    // WO is an issue bill, not a receiving one; ASN…0004 is closed.
    for (const code of ['WO202611240001', 'ASN202611240004']) {
      await userEvent.type(screen.getByTestId('bill-scan-input'), `${code}{Enter}`);
      await waitFor(() => expect(screen.getByTestId('bill-not-found').textContent).toContain(code));
      expect(chosenType()).toBe('生产入库');
    }
  });
});
