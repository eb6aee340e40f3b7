/** Spec §9: notices last 2000 ms, password success 4000 ms; spec §8/§9: an error toast 5 s. */
import '@ant-design/v5-patch-for-react-19';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { ShellThemeProvider } from '../../../src/shell/settings/ShellThemeProvider';
import { NotifierBridge } from '../../../src/app/providers/NotifierBridge';
import { getNotifier, resetNotifier, showErrorToast } from '../../../src/core/notifier';
import { NOTICE_SECONDS } from '../../../src/core/noticeDurations';

vi.setConfig({ testTimeout: 20_000 });

let app: ReturnType<typeof AntdApp.useApp>;
function CaptureApp() {
  app = AntdApp.useApp();
  return null;
}

beforeEach(async () => {
  // No enter or leave motion (the reduced-motion preference): a notice is in the page exactly as long as it lasts.
  const matchMedia = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ ...matchMedia(query), matches: query.includes('prefers-reduced-motion') }));
  // Timers also advance with the clock, so antd's enter and leave motions finish between the jumps.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  render(
    <ShellThemeProvider>
      <NotifierBridge />
      <CaptureApp />
    </ShellThemeProvider>,
  );
  await act(() => vi.advanceTimersByTimeAsync(0));
});
afterEach(() => {
  resetNotifier();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Lets `ms` pass, then whether `text` is still shown (after antd's leave motion had time to end). */
async function shownAfter(text: string, ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await act(() => vi.advanceTimersByTimeAsync(400));
  return screen.queryByText(text) !== null;
}

describe('notice durations', () => {
  it('is 2 s', () => {
    expect(NOTICE_SECONDS).toBe(2);
  });

  it('a success toast is gone after 2 s, not antd’s 3 s', async () => {
    act(() => void app.message.success('保存成功'));
    expect(await shownAfter('保存成功', 1_000)).toBe(true);
    expect(await shownAfter('保存成功', 1_000)).toBe(false);
  });

  it('a notification is gone after 2 s, not antd’s 4.5 s', async () => {
    act(() => void app.notification.info({ message: '已切换组织' }));
    expect(await shownAfter('已切换组织', 1_000)).toBe(true);
    expect(await shownAfter('已切换组织', 1_000)).toBe(false);
  });

  it('a toast through the notifier port (non-React code) lasts 2 s too', async () => {
    act(() => void getNotifier().message.warning({ content: '请选择一行' }));
    expect(await shownAfter('请选择一行', 1_000)).toBe(true);
    expect(await shownAfter('请选择一行', 1_000)).toBe(false);
  });

  it('an error toast stays 5 s', async () => {
    act(() => showErrorToast('服务器内部错误'));
    expect(await shownAfter('服务器内部错误', 4_000)).toBe(true);
    expect(await shownAfter('服务器内部错误', 1_000)).toBe(false);
  });

  it('a call that gives its own duration keeps it (password success: 4 s)', async () => {
    act(() => void app.message.success('密码修改成功', 4));
    expect(await shownAfter('密码修改成功', 3_000)).toBe(true);
    expect(await shownAfter('密码修改成功', 1_000)).toBe(false);
  });
});
