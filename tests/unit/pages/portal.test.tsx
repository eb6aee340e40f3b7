/**
 * The portal designer's screens on the mocks (issue 21): 门户方案管理 (index, edit form, design: cards
 * added onto the grid and saved as the layout), 首页配置 (a role's home as a scheme, a bad path refused
 * with the server's words) and the home page that follows it (the scheme's cards, or a redirect).
 */
import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MenuRouteContext } from '../../../src/core/navigation/menuRouteContext';
import type { DynamicRoute } from '../../../src/core/navigation/types';
import PortalSchemePage from '../../../src/features/home/pages/PortalSchemePage';
import HomeConfigPage from '../../../src/features/home/pages/HomeConfigPage';
import { HomePage } from '../../../src/features/home/pages/HomePage';
import { expectToast, recordRequests, renderInRouter, resetGridTestState, signIn } from '../grid/gridTestKit';
import { renderInShell } from '../shell/shellTestKit';
import { menuPageRoute } from '../menuRoutes';

vi.setConfig({ testTimeout: 30_000 });

const routeOf = menuPageRoute;
const inMenu = (route: DynamicRoute, page: ReactNode) => <MenuRouteContext.Provider value={route}>{page}</MenuRouteContext.Provider>;
const SCHEMES = routeOf('ReportPortalScheme', '/report/portal-scheme', '门户方案管理', 'Portal schemes');
const HOME_CONFIG = routeOf('WarehouseHomeConfig', '/warehouse/home-config', '首页配置', 'Homepage configuration');

describe('portal schemes and the homepage configuration on the mocks', () => {
  beforeEach(resetGridTestState);

  it('门户方案管理: adds a scheme in its edit form, designs it with two cards and saves the layout', async () => {
    signIn('ADMIN');
    const user = userEvent.setup();
    const saves = recordRequests('/PortalScheme/Save');
    const layouts = recordRequests('/PortalScheme/SaveLayout');
    renderInRouter(inMenu(SCHEMES, <PortalSchemePage />), '/report/portal-scheme');

    expect(await screen.findByText('仓库看板')).toBeTruthy();
    await user.click(screen.getByTestId('portal-scheme-add'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('方案名称'), '质量看板');
    await user.click(within(dialog).getByRole('button', { name: /OK|确\s?定/ }));
    await expectToast('方案已保存');
    expect(saves).toEqual([{ Name: '质量看板', RoleIds: [], UserIds: [] }]);

    const row = (await screen.findByText('质量看板')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /设\s?计/ }));
    await screen.findByTestId('portal-designer');
    await user.click(screen.getByRole('button', { name: '添加未处理预警' }));
    await user.click(screen.getByRole('button', { name: '添加备忘录' }));
    expect(screen.getByTestId('portal-placed-WARNINGS')).toBeTruthy();
    expect(screen.queryByTestId('portal-free-WARNINGS')).toBeNull();
    // Removed again, then back: each card once.
    await user.click(screen.getByRole('button', { name: '移除备忘录' }));
    expect(screen.queryByTestId('portal-placed-MEMO')).toBeNull();
    await user.click(screen.getByRole('button', { name: '添加备忘录' }));
    await user.click(screen.getByTestId('portal-design-save'));
    await expectToast('布局已保存');
    const saved = layouts[0] as { Layout: { card: string; w: number; h: number }[] };
    expect(saved.Layout.map((item) => item.card).sort()).toEqual(['MEMO', 'WARNINGS']);
    for (const item of saved.Layout) expect([item.w, item.h]).toEqual([4, 4]);
  });

  it("首页配置: a bad path is refused with the server's words; the default home set to a scheme is listed by name", async () => {
    signIn('ADMIN');
    const user = userEvent.setup();
    renderInRouter(inMenu(HOME_CONFIG, <HomeConfigPage />), '/warehouse/home-config');
    await user.click(await screen.findByTestId('home-config-add'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('默认'));
    await user.click(within(dialog).getByLabelText('页面路径'));
    await user.type(within(dialog).getByRole('textbox'), 'https://elsewhere.example');
    await user.click(within(dialog).getByRole('button', { name: /OK|确\s?定/ }));
    // A 400 is shown as the server says it (the api layer's notification), and the form stays open.
    expect(await screen.findByText(/^首页路径 https:\/\/elsewhere\.example 无效/)).toBeTruthy();

    await user.click(within(dialog).getByLabelText('门户方案'));
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByTitle('仓库看板'));
    await user.click(within(dialog).getByRole('button', { name: /OK|确\s?定/ }));
    await expectToast('首页配置已保存');
    expect(await screen.findByText('方案：仓库看板')).toBeTruthy();
    expect(screen.getByText('所有人（默认）')).toBeTruthy();
  });

  it('the home page shows the configured scheme, or goes to the configured path', async () => {
    signIn('ADMIN');
    // Configure the default home as the demo scheme through the screen's own call.
    const { saveHomeConfig } = await import('../../../src/features/home/api/portal');
    await saveHomeConfig({ TargetKind: 'DEFAULT', SchemeId: 'scheme-demo-1', Path: null });
    const first = renderInShell(<HomePage />);
    expect(await screen.findByTestId('portal-home')).toBeTruthy();
    // The demo scheme's data card (open warnings, a table) shows its rows in the caller's language.
    const warnings = await screen.findByTestId('portal-card-WARNINGS');
    await waitFor(() => expect(within(warnings).getByText('警告')).toBeTruthy());
    first.unmount();

    const row = await saveHomeConfig({ TargetKind: 'DEFAULT', SchemeId: null, Path: '/warehouse/stock' });
    expect(row.Path).toBe('/warehouse/stock');
    renderInShell(<HomePage />);
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/warehouse/stock'));
  });

  it("a custom report's card shows the report's first rows in its view and opens the report", async () => {
    signIn('ADMIN');
    const { api } = await import('../../../src/api/client');
    const { callWrapped } = await import('../../../src/api/call');
    const portal = await import('../../../src/features/home/api/portal');
    await callWrapped(
      api.POST('/PortalCard/AddOrModifySave', {
        body: { code: 'R_STOCK', title_zh: '库存报表卡', title_en: 'Stock report card', source: 'REPORT', report_code: 'DEMO_STOCK', view: 'BAR', enabled: true },
      }),
    );
    const scheme = await portal.saveScheme({ Name: '报表看板', RoleIds: [], UserIds: [] });
    await portal.saveSchemeLayout({ Id: scheme.Id, Version: scheme.Version, Layout: [{ card: 'R_STOCK', x: 0, y: 0, w: 6, h: 6 }] });
    await portal.saveHomeConfig({ TargetKind: 'DEFAULT', SchemeId: scheme.Id, Path: null });
    const user = userEvent.setup();
    renderInShell(<HomePage />);
    const card = await screen.findByTestId('portal-card-R_STOCK');
    const chart = await within(card).findByRole('img', { name: '库存报表卡' });
    expect(chart.querySelectorAll('rect').length).toBeGreaterThan(0);
    await user.click(within(card).getByRole('button', { name: /打开报表/ }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/report/loading/DEMO_STOCK'));
  });
});
