/** The page a menu link like /grid/demo-reels opens: the DataGrid of that LIST_ROUTE. */
import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { MenuRouteContext } from '../../../src/core/navigation/menuRouteContext';
import { changeLanguage } from '../../../src/core/i18n';
import { ListRoutePage } from '../../../src/grid/ListRoutePage';
import { GRID_BUTTON } from '../../../src/grid/model/codes';
import { bodyRows, cellTexts, renderInRouter, resetGridTestState, signIn, waitForRows } from './gridTestKit';
import { menuPageRoute } from '../menuRoutes';

beforeEach(resetGridTestState);

const demoMenuRoute = menuPageRoute('GridDemoReels', 'grid/demo-reels', '料盘清单（演示）', 'Component reels (demo)');

const fromMenu = (
  <MenuRouteContext.Provider value={demoMenuRoute}>
    <ListRoutePage />
  </MenuRouteContext.Provider>
);

describe('list route page', () => {
  it('shows the grid of its menu link with the buttons the role has on that menu', async () => {
    signIn('ADMIN');
    renderInRouter(fromMenu, '/grid/demo-reels');
    const [first] = await waitForRows();
    expect(cellTexts(first)[1]).toMatch(/^R\d{9}$/);
    expect(await screen.findByRole('button', { name: /高级查询/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /高级配置/ })).toBeTruthy();
  });

  it('shows only the controls of the buttons the role has: the operator searches and sets columns, nothing more', async () => {
    signIn('operator');
    renderInRouter(fromMenu, '/grid/demo-reels');
    await waitForRows();
    expect(await screen.findByRole('button', { name: /高级查询/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /列配置/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /高级配置/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导入配置/ })).toBeNull();
  });

  it('takes the list from a listRoute route param, and the buttons from a prop', async () => {
    signIn('ADMIN');
    renderInRouter(<ListRoutePage buttonCodes={[GRID_BUTTON.advancedSearch]} />, '/report/%2Fgrid%2Fdemo-reels', '/report/:listRoute');
    await waitForRows();
    expect(bodyRows().length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /高级查询/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /高级配置/ })).toBeNull();
  });

  it('shows the column captions in the current language, asking the server again after a language switch', async () => {
    signIn('ADMIN');
    renderInRouter(fromMenu, '/grid/demo-reels');
    await waitForRows();
    const headerTexts = () => [...screen.getByTestId('data-grid').querySelectorAll('.ant-table-thead th')].map((th) => th.textContent ?? '').filter(Boolean);
    // The organisation column is bookkeeping: not shown by default.
    expect(headerTexts().slice(0, 3)).toEqual(['料盘号', '料号', '品名']);
    await act(() => changeLanguage('en'));
    await waitFor(() => expect(headerTexts().slice(0, 3)).toEqual(['Reel ID', 'Part code', 'Part name']));
  });
});
