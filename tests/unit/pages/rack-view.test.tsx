/** The Rack view screen on the mocks (the generated checks, then its own: lights and reels per cell, polling, an unknown rack). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { mockServer } from '../../../mocks/node';
import { changeLanguage } from '../../../src/core/i18n';
import RackViewPage from '../../../src/features/warehouse/pages/RackViewPage';
import { API, renderAdminScreen, wrapped } from '../admin/adminTestKit';
import { describeGeneratedPage } from './pageTestKit';
import { rackViewPage } from '../../../src/shared/pages/rack-view';

describeGeneratedPage(rackViewPage, () => import('../../../src/features/warehouse/pages/RackViewPage'));

// The screen's own behaviour: a rack's cells with their lights and reels, polled, and an unknown rack said in place.
const cell = (code: string, column: number, light: { On: boolean; Color: 'green' | 'blue'; Blink: boolean }, reels: { ReelCode: string; Lit: boolean }[]) => ({
  CellCode: code, RowNo: 1, ColumnNo: column, Address: `T:${column}`, LocatorCode: `WIP02-2${column}`, Enabled: true, Light: light,
  SendStatus: light.On ? 'SENT' : null, SendError: null, ReelCount: reels.length,
  Reels: reels.map((r) => ({ ...r, PartCode: 'CAP-00392', Qty: '1200', Status: 'IN_STOCK' })),
});
const OFF = { On: false, Color: 'green', Blink: false } as const;

describe('the rack view', () => {
  let picked = false;
  /** The racks asked for, in order. */
  let asked: string[] = [];
  beforeEach(async () => {
    await changeLanguage('zh-chs');
    picked = false;
    asked = [];
    mockServer.use(
      http.get(`${API}/Shelf/Cells`, ({ request }) =>
        (asked.push(new URL(request.url).searchParams.get('rackCode') ?? ''), new URL(request.url).searchParams.get('rackCode') === 'TRK')
          ? wrapped({
              RackCode: 'TRK', RackName: '测试料架', Device: 'simulator',
              Cells: [
                cell('TRK-01', 1, picked ? OFF : { On: true, Color: 'green', Blink: false }, picked ? [] : [{ ReelCode: 'R-1', Lit: true }]),
                cell('TRK-02', 2, { On: true, Color: 'blue', Blink: true }, [{ ReelCode: 'R-2', Lit: true }, { ReelCode: 'R-3', Lit: false }]),
                cell('TRK-03', 3, OFF, []),
              ],
            })
          : HttpResponse.json({ code: 404, msg: '电子料架 NOPE 不存在', data: null }, { status: 404 }),
      ),
    );
  });
  afterEach(() => changeLanguage('zh-chs'));

  it('shows each cell’s light and reels, and follows a pick by polling', async () => {
    renderAdminScreen(<RackViewPage />, 'WarehouseRackView');
    await userEvent.setup({ delay: null }).type(screen.getByTestId('rack-code-input'), 'TRK{Enter}');
    const first = await screen.findByTestId('rack-cell-TRK-01');
    expect(first.getAttribute('data-light')).toBe('green');
    expect(screen.getByTestId('rack-cell-TRK-02').getAttribute('data-light')).toBe('blue-blink');
    expect(screen.getByTestId('rack-cell-TRK-03').getAttribute('data-light')).toBe('off');
    expect(within(screen.getByTestId('rack-cell-TRK-02')).getByText(/R-3/).textContent).toContain('1,200');
    expect(screen.getByLabelText('亮 · 蓝 · 闪烁')).toBeTruthy();
    picked = true;
    await waitFor(() => expect(screen.getByTestId('rack-cell-TRK-01').getAttribute('data-light')).toBe('off'), { timeout: 4000 });
    expect(within(screen.getByTestId('rack-cell-TRK-01')).getByText('空')).toBeTruthy();
  });

  it('lets a cell narrow to 136 px, its codes and quantities wrapping inside it (the layout itself: tests/e2e/rack-view.test.ts)', async () => {
    renderAdminScreen(<RackViewPage />, 'WarehouseRackView');
    await userEvent.setup({ delay: null }).type(screen.getByTestId('rack-code-input'), 'TRK{Enter}');
    const cellCard = await screen.findByTestId('rack-cell-TRK-02');
    expect(cellCard.parentElement!.parentElement!.style.gridTemplateColumns).toBe('repeat(3, minmax(136px, 1fr))');
    expect((cellCard.querySelector('.ant-card-head-title') as HTMLElement).style.overflowWrap).toBe('anywhere');
    expect(cellCard.querySelector('ul')!.style.overflowWrap).toBe('anywhere');
  });

  it('speaks English, and says an unknown rack in place', async () => {
    await changeLanguage('en');
    renderAdminScreen(<RackViewPage />, 'WarehouseRackView');
    await userEvent.setup({ delay: null }).type(screen.getByTestId('rack-code-input'), 'TRK{Enter}');
    await screen.findByTestId('rack-cell-TRK-02');
    expect(screen.getByLabelText('On · blue · blinking')).toBeTruthy();
    expect(screen.getByText('Simulated rack')).toBeTruthy();
    await changeLanguage('zh-chs');
    // The box is empty after each Enter: the next rack is typed straight in.
    await userEvent.setup({ delay: null }).keyboard('NOPE{Enter}');
    expect((await screen.findByTestId('rack-not-found')).textContent).toContain('电子料架 NOPE 不存在');
  });

  it('looks up the rack scanned after an unknown one alone, the box empty and focused after each scan', async () => {
    renderAdminScreen(<RackViewPage />, 'WarehouseRackView');
    const input = screen.getByTestId('rack-code-input') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(input));
    const user = userEvent.setup({ delay: null });
    await user.keyboard('NOPE{Enter}');
    expect(input.value).toBe('');
    await screen.findByTestId('rack-not-found');
    await user.keyboard('TRK{Enter}');
    await screen.findByTestId('rack-cell-TRK-01');
    expect(asked.slice(0, 2)).toEqual(['NOPE', 'TRK']);
    expect(input.value).toBe('');
    expect(document.activeElement).toBe(input);
  });
});
