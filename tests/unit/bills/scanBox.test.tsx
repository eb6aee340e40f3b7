/**
 * The scan box of receipt and pick: a keyboard-wedge scanner types a reel code and Enter; the box
 * clears and keeps the focus for the next scan, counts what succeeded and says why a scan was refused.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ScanBox, type ScanOutcome } from '../../../src/features/bills/components/ScanBox';
import { ApiError } from '../../../src/api/errors';
import { Providers, resetGridTestState } from '../grid/gridTestKit';

beforeEach(async () => {
  await resetGridTestState();
});

const user = () => userEvent.setup({ delay: null });
const input = () => screen.getByTestId('scan-input') as HTMLInputElement;
const count = () => screen.getByTestId('scan-count').querySelector('.ant-statistic-content-value')?.textContent;
const feedback = () => screen.getByTestId('scan-feedback');

/** Refuses the reel R-WRONG the way the server does (409 with its reason), accepts any other. */
const scanner = vi.fn(async (code: string): Promise<ScanOutcome> => {
  if (code === 'R-WRONG') throw new ApiError('http', '条码 R-WRONG 的料号是 P2，不是 P1', { requestUrl: '/Bill/Pick', status: 409 });
  return { message: `已收货 ${code}` };
});

function renderBox(initialCount = 0) {
  return render(
    <Providers>
      <ScanBox label="扫描条码收货" onScan={scanner} initialCount={initialCount} />
    </Providers>,
  );
}

describe('scan box', () => {
  it('is focused, and after each scan is empty and focused again, counting the scans that succeeded', async () => {
    renderBox(2);
    expect(document.activeElement).toBe(input());
    expect(count()).toBe('2');

    await user().type(input(), 'R-001{Enter}');
    expect(input().value).toBe('');
    expect(document.activeElement).toBe(input());
    await waitFor(() => expect(feedback().textContent).toBe('已收货 R-001'));
    expect(count()).toBe('3');

    await user().type(input(), '  R-002 {Enter}');
    await waitFor(() => expect(count()).toBe('4'));
    expect(scanner).toHaveBeenLastCalledWith('R-002');
    expect(document.activeElement).toBe(input());
    // The newest scan first.
    const log = within(screen.getByTestId('scan-log')).getAllByRole('listitem').map((item) => item.textContent);
    expect(log).toEqual(['R-002已收货 R-002', 'R-001已收货 R-001']);
  });

  it('shows the refusal with the server’s reason, does not count it, and is ready for the next scan', async () => {
    renderBox();
    await user().type(input(), 'R-WRONG{Enter}');
    // The message names the reel: the box does not put its code before it a second time.
    await waitFor(() => expect(feedback().textContent).toBe('条码 R-WRONG 的料号是 P2，不是 P1'));
    expect(feedback().getAttribute('data-code')).toBe('R-WRONG');
    expect(feedback().className).toContain('ant-alert-error');
    expect(count()).toBe('0');
    expect(input().value).toBe('');
    expect(document.activeElement).toBe(input());

    await user().type(input(), 'R-003{Enter}');
    await waitFor(() => expect(feedback().className).toContain('ant-alert-success'));
    expect(count()).toBe('1');
  });

  it('a reel scanned again is said to be done already and counted once', async () => {
    renderBox();
    await user().type(input(), 'R-001{Enter}');
    await waitFor(() => expect(count()).toBe('1'));
    await user().type(input(), 'R-001{Enter}');
    await waitFor(() => expect(feedback().textContent).toBe('R-001: 已处理过：重复扫描只计一次。'));
    expect(feedback().className).toContain('ant-alert-info');
    expect(count()).toBe('1');
    // The server said it was done before this box counted it: not counted either.
    scanner.mockImplementationOnce(async () => ({ message: '已处理过', repeat: true }));
    await user().type(input(), 'R-002{Enter}');
    await waitFor(() => expect(feedback().textContent).toBe('R-002: 已处理过'));
    expect(count()).toBe('1');
  });

  it('ignores an empty Enter', async () => {
    scanner.mockClear();
    renderBox();
    await user().type(input(), '   {Enter}');
    expect(scanner).not.toHaveBeenCalled();
    expect(screen.queryByTestId('scan-feedback')).toBeNull();
  });
});
