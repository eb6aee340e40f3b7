/**
 * The scan box of receipt and pick: a keyboard-wedge scanner types a reel code and Enter; the box
 * clears and keeps the focus for the next scan, shows the bill's progress it is given, says a repeat and
 * says why a scan was refused.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Drawer } from 'antd';
import { ScanBox, type ScanOutcome } from '../../../src/grid/scan/ScanBox';
import { ApiError } from '../../../src/api/errors';
import { Providers, resetGridTestState } from '../grid/gridTestKit';

beforeEach(async () => {
  await resetGridTestState();
});

const user = () => userEvent.setup({ delay: null });
const input = () => screen.getByTestId('scan-input') as HTMLInputElement;
const progress = () => screen.getByTestId('scan-progress').textContent;
const feedback = () => screen.getByTestId('scan-feedback');

/** Refuses the reel R-WRONG the way the server does (409 with its reason), accepts any other. */
const scanner = vi.fn(async (code: string): Promise<ScanOutcome> => {
  if (code === 'R-WRONG') throw new ApiError('http', '条码 R-WRONG 的料号是 P2，不是 P1', { requestUrl: '/Bill/Pick', status: 409 });
  return { message: `已收货 ${code}` };
});

const renderBox = () =>
  render(
    <Providers>
      <ScanBox label="扫描条码收货" onScan={scanner} />
    </Providers>,
  );

describe('scan box', () => {
  it('is focused, and after each scan is empty and focused again', async () => {
    renderBox();
    await waitFor(() => expect(document.activeElement).toBe(input()));

    await user().type(input(), 'R-001{Enter}');
    expect(input().value).toBe('');
    expect(document.activeElement).toBe(input());
    await waitFor(() => expect(feedback().textContent).toBe('已收货 R-001'));

    await user().type(input(), '  R-002 {Enter}');
    await waitFor(() => expect(scanner).toHaveBeenLastCalledWith('R-002'));
    expect(document.activeElement).toBe(input());
    // The newest scan first.
    const log = within(screen.getByTestId('scan-log')).getAllByRole('listitem').map((item) => item.textContent);
    expect(log).toEqual(['R-002已收货 R-002', 'R-001已收货 R-001']);
  });

  it('shows the bill’s progress it is given (not a count of its own), and none when not given', async () => {
    const { rerender } = renderBox();
    expect(screen.queryByTestId('scan-progress')).toBeNull();
    const withProgress = (value: string) => (
      <Providers>
        <ScanBox label="扫描条码收货" onScan={scanner} progress={{ title: '已收条码', value }} />
      </Providers>
    );
    rerender(withProgress('3 / 4'));
    expect(progress()).toBe('已收条码3 / 4');
    await user().type(input(), 'R-001{Enter}');
    await waitFor(() => expect(feedback().textContent).toBe('已收货 R-001'));
    // The box does not add its scan: the page gives the bill's new figure once the bill is read again.
    expect(progress()).toBe('已收条码3 / 4');
    rerender(withProgress('4 / 4'));
    expect(progress()).toBe('已收条码4 / 4');
  });

  it('shows the refusal with the server’s reason and is ready for the next scan', async () => {
    renderBox();
    await user().type(input(), 'R-WRONG{Enter}');
    // The message names the reel: the box does not put its code before it a second time.
    await waitFor(() => expect(feedback().textContent).toBe('条码 R-WRONG 的料号是 P2，不是 P1'));
    expect(feedback().getAttribute('data-code')).toBe('R-WRONG');
    expect(feedback().className).toContain('ant-alert-error');
    expect(input().value).toBe('');
    expect(document.activeElement).toBe(input());

    await user().type(input(), 'R-003{Enter}');
    await waitFor(() => expect(feedback().className).toContain('ant-alert-success'));
  });

  it('a reel scanned again is said to be done already', async () => {
    renderBox();
    await user().type(input(), 'R-001{Enter}');
    await waitFor(() => expect(feedback().className).toContain('ant-alert-success'));
    await user().type(input(), 'R-001{Enter}');
    await waitFor(() => expect(feedback().textContent).toBe('R-001: 已处理过：重复扫描只计一次。'));
    expect(feedback().className).toContain('ant-alert-info');
    // The server said it was done before this box did it: said as the server says it.
    scanner.mockImplementationOnce(async () => ({ message: '已处理过', repeat: true }));
    await user().type(input(), 'R-002{Enter}');
    await waitFor(() => expect(feedback().textContent).toBe('R-002: 已处理过'));
    expect(feedback().className).toContain('ant-alert-info');
  });

  it('is focused when its drawer opens, and again when it is enabled again (ScanInput’s autoFocus)', async () => {
    const inDrawer = (disabled: boolean) => (
      <Providers>
        <Drawer open title="盘点">
          <ScanBox label="扫描条码收货" onScan={scanner} disabled={disabled} />
        </Drawer>
      </Providers>
    );
    const { rerender } = render(inDrawer(false));
    await waitFor(() => expect(document.activeElement).toBe(input()));
    // A browser drops the focus of an input disabled (jsdom does not, nor blurs a disabled one).
    input().blur();
    rerender(inDrawer(true));
    expect(input().disabled).toBe(true);
    expect(document.activeElement).not.toBe(input());
    rerender(inDrawer(false));
    await waitFor(() => expect(document.activeElement).toBe(input()));
  });

  it('ignores an empty Enter', async () => {
    scanner.mockClear();
    renderBox();
    await user().type(input(), '   {Enter}');
    expect(scanner).not.toHaveBeenCalled();
    expect(screen.queryByTestId('scan-feedback')).toBeNull();
  });
});
