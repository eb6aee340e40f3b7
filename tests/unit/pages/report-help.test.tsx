/**
 * A report's help document on the mocks (issue 21): written in 自定义报表设置 with the portal's
 * rich-text editor (sanitised as typed) and saved as typed; opened from the report's toolbar (帮助)
 * in a drawer, sanitised again when shown, whatever the back end handed over.
 */
import type { ReactNode } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockServer } from '../../../mocks/node';
import { MenuRouteContext } from '../../../src/core/navigation/menuRouteContext';
import type { DynamicRoute } from '../../../src/core/navigation/types';
import ReportLoadingPage from '../../../src/features/reports/pages/ReportLoadingPage';
import ReportSettingPage from '../../../src/features/reports/pages/ReportSettingPage';
import { API, wrapped } from '../admin/adminTestKit';
import { recordRequests, renderInRouter, resetGridTestState, signIn } from '../grid/gridTestKit';
import { menuPageRoute } from '../menuRoutes';

vi.setConfig({ testTimeout: 30_000 });

const route = menuPageRoute;
const inMenu = (menuRoute: DynamicRoute, page: ReactNode) => <MenuRouteContext.Provider value={menuRoute}>{page}</MenuRouteContext.Provider>;

/** 自定义报表设置 with DEMO_STOCK's help document open in its editor, the saves recorded. */
async function openHelpEditor() {
  signIn('ADMIN');
  const user = userEvent.setup();
  const saves = recordRequests('/Report/SaveHelp');
  renderInRouter(inMenu(route('ReportSetting', '/report/setting', '自定义报表设置', 'Custom report setting'), <ReportSettingPage />), '/report/setting');
  await user.click(await screen.findByTestId('report-help-DEMO_STOCK'));
  const dialog = await screen.findByRole('dialog');
  const editor = within(dialog).getByRole('textbox', { name: '帮助文档' });
  return { user, saves, dialog, editor };
}

describe('a report’s help document on the mocks', () => {
  beforeEach(resetGridTestState);

  it('自定义报表设置: the help document is written in the rich-text editor and saved as typed, without script', async () => {
    const { user, saves, dialog, editor } = await openHelpEditor();
    editor.innerHTML = '<p>先填<b>料号</b><img src="x" onerror="alert(1)"></p><script>alert(2)</script>';
    fireEvent.input(editor);
    // Saved at once: the body is read from the editor, not what it reported before its delay.
    await user.click(within(dialog).getByTestId('help-save'));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({ Code: 'DEMO_STOCK', HelpHtml: '<p>先填<b>料号</b><img src="x"></p>' });
  });

  it('自定义报表设置: the help document takes one image at most; a second is refused and said so', async () => {
    const { user, saves, dialog, editor } = await openHelpEditor();
    editor.innerHTML = '<p>步骤<img src="https://a.example/1.png"><img src="https://a.example/2.png"></p>';
    fireEvent.input(editor);
    expect(await screen.findByText('最多只能插入一张图片')).toBeTruthy();
    expect(editor.querySelectorAll('img')).toHaveLength(1);
    await user.click(within(dialog).getByTestId('help-save'));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({ Code: 'DEMO_STOCK', HelpHtml: '<p>步骤<img src="https://a.example/1.png"></p>' });
  });

  it('库存报表: 帮助 on the toolbar opens the help document in a drawer, sanitised again when shown', async () => {
    signIn('ADMIN');
    const user = userEvent.setup();
    // A back end that hands over unsafe markup (another server, rows written before the server cleaned them).
    mockServer.use(
      http.get(`${API}/Report/Layout`, () =>
        wrapped({
          Code: 'DEMO_STOCK',
          Name: '库存报表',
          NameEn: 'Stock report',
          Chart: null,
          HelpHtml: '<h3>怎么用</h3><p>按<b>料号</b>查询</p><img src="x" onerror="window.__helpRan = true"><script>window.__helpRan = true</script>',
          Params: [],
          Children: [],
          Ancestors: [],
        }),
      ),
    );
    renderInRouter(
      inMenu(route('ReportStock', '/report/loading', '库存报表', 'Stock report', { code: 'DEMO_STOCK' }), <ReportLoadingPage />),
      '/report/loading/DEMO_STOCK',
    );
    await user.click(await screen.findByTestId('report-help'));
    const drawer = await screen.findByRole('dialog', { name: '库存报表 帮助' });
    expect(within(drawer).getByRole('heading', { name: '怎么用' })).toBeTruthy();
    expect(within(drawer).getByText('料号').tagName).toBe('B');
    expect(drawer.querySelector('script')).toBeNull();
    expect(drawer.querySelector('img')?.hasAttribute('onerror')).toBe(false);
    expect((window as { __helpRan?: boolean }).__helpRan).toBeUndefined();
  });
});
