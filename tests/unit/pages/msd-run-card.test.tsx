/** The Moisture-sensitive run-card history screen on the mocks (the generated checks, then its own: the run card's scan box). */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { mockServer } from '../../../mocks/node';
import { MenuRouteContext } from '../../../src/core/navigation/menuRouteContext';
import MsdRunCardPage from '../../../src/features/msd/pages/MsdRunCardPage';
import { API, wrapped } from '../admin/adminTestKit';
import { renderInRouter, resetGridTestState, signIn } from '../grid/gridTestKit';
import { describeGeneratedPage } from './pageTestKit';
import { msdRunCardPage } from '../../../src/shared/pages/msd-run-card';

describeGeneratedPage(msdRunCardPage, () => import('../../../src/features/msd/pages/MsdRunCardPage'));

const card = (ReelCode: string) => ({
  ReelCode, PartCode: 'IC-MSD', Level: '3', State: 'OPEN', FloorLifeHours: 168, ExposedHours: 100, RemainingHours: 68, Usable: true,
  ReelStatus: 'IN_STOCK', Now: '2026-12-03T00:00:00Z', Events: [],
});

describe('the run card’s scan box', () => {
  let asked: string[] = [];
  beforeEach(async () => {
    await resetGridTestState();
    asked = [];
    mockServer.use(
      http.post(`${API}/Msd/RunCard`, async ({ request }) => {
        const { ReelCode } = (await request.json()) as { ReelCode: string };
        asked.push(ReelCode);
        return ReelCode.startsWith('MSD-DEMO-')
          ? wrapped(card(ReelCode))
          : HttpResponse.json({ code: 404, msg: `条码 ${ReelCode} 不存在`, data: null }, { status: 404 });
      }),
    );
  });

  it('has the focus when the card opens, and looks each scan up alone, an unknown one first', async () => {
    signIn('ADMIN');
    const route = { path: 'msd/run-card', name: 'MsdRunCard', menuId: 'menu-MsdRunCard', title: { zh: '湿敏', en: 'MSD' }, kind: 'page' } as const;
    renderInRouter(
      <MenuRouteContext.Provider value={route}>
        <MsdRunCardPage />
      </MenuRouteContext.Provider>,
      msdRunCardPage.link,
    );
    const u = userEvent.setup({ delay: null });
    await u.click(await screen.findByRole('button', { name: /流转卡/ }));
    const box = await screen.findByTestId('msd-scan');
    await waitFor(() => expect(document.activeElement).toBe(box));
    // The scanner types into whatever has the focus: no click first.
    await u.keyboard('MSD-NOPE-0001{Enter}');
    expect((box as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(asked).toEqual(['MSD-NOPE-0001']));
    await u.keyboard('MSD-DEMO-0002{Enter}');
    await waitFor(() => expect(asked).toEqual(['MSD-NOPE-0001', 'MSD-DEMO-0002']));
    const shown = within(await screen.findByTestId('msd-run-card'));
    expect(await shown.findByText('MSD-DEMO-0002')).toBeTruthy();
    expect((box as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(box));
  }, 60_000);
});
