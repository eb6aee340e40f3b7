/** The Solder paste screen on the mocks (the generated checks, then its own: the containers' scan box and receipt fields). */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { mockServer } from '../../../mocks/node';
import { MenuRouteContext } from '../../../src/core/navigation/menuRouteContext';
import SolderPastePage from '../../../src/features/warehouse/pages/SolderPastePage';
import { API, wrapped } from '../admin/adminTestKit';
import { renderInRouter, resetGridTestState, signIn } from '../grid/gridTestKit';
import { describeGeneratedPage } from './pageTestKit';
import { solderPastePage } from '../../../src/shared/pages/solder-paste';

describeGeneratedPage(solderPastePage, () => import('../../../src/features/warehouse/pages/SolderPastePage'));

const container = (Code: string) => ({
  Code, PartCode: 'SP-1', MaterialName: '锡膏', MaterialType: 'SOLDER_PASTE', LotCode: 'L1', State: 'THAWING', Blocked: null, Warn: false,
  ExpiresAt: null, ThawedHours: 2, ExposedHours: 0, ExposureLeftHours: 24, Now: '2026-12-03T00:00:00Z', Events: [],
});

describe('the containers’ scan box', () => {
  let asked: string[] = [];
  beforeEach(async () => {
    await resetGridTestState();
    asked = [];
    mockServer.use(
      http.post(`${API}/AuxContainer/Get`, async ({ request }) => {
        const { Code } = (await request.json()) as { Code: string };
        asked.push(Code);
        return Code.startsWith('SP-')
          ? wrapped(container(Code))
          : HttpResponse.json({ code: 404, msg: `容器 ${Code} 不存在`, data: null }, { status: 404 });
      }),
    );
  });

  /** The screen, its containers' panel opened. */
  const openPanel = async () => {
    signIn('ADMIN');
    const route = { path: 'warehouse/solder-paste', name: 'WarehouseSolderPaste', menuId: 'menu-sp', title: { zh: '锡膏', en: 'Solder paste' }, kind: 'page' } as const;
    renderInRouter(
      <MenuRouteContext.Provider value={route}>
        <SolderPastePage />
      </MenuRouteContext.Provider>,
      solderPastePage.link,
    );
    const u = userEvent.setup({ delay: null });
    await u.click(await screen.findByRole('button', { name: /容\s*器/ }));
    return u;
  };

  it('has the focus when the panel opens, and looks each scan up alone, an unknown one first', async () => {
    const u = await openPanel();
    const box = (await screen.findByTestId('aux-scan')) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(box));
    await u.keyboard('NOPE-1{Enter}');
    expect(box.value).toBe('');
    await waitFor(() => expect(asked).toEqual(['NOPE-1']));
    await u.keyboard('SP-0002{Enter}');
    await waitFor(() => expect(asked).toEqual(['NOPE-1', 'SP-0002']));
    expect(await within(screen.getByTestId('aux-container-panel')).findByText('SP-0002')).toBeTruthy();
    // The container shown names its code; the box stays empty for the next scan.
    expect(box.value).toBe('');
  }, 60_000);

  it('receipt: Enter goes from part to lot to count, and receives on the count', async () => {
    const received: unknown[] = [];
    mockServer.use(
      http.post(`${API}/AuxContainer/Receive`, async ({ request }) => {
        received.push(await request.json());
        return wrapped(['SP-0101', 'SP-0102', 'SP-0103']);
      }),
    );
    const u = await openPanel();
    const part = await screen.findByPlaceholderText('料号');
    await u.click(part);
    await u.keyboard('SP-1{Enter}');
    expect(document.activeElement).toBe(screen.getByPlaceholderText('批次'));
    await u.keyboard('L7{Enter}');
    const count = within(screen.getByTestId('aux-container-panel')).getByRole('spinbutton');
    expect(count.getAttribute('aria-label')).toBe('容器数量');
    expect(document.activeElement).toBe(count);
    await u.clear(count);
    await u.keyboard('3');
    expect(received).toEqual([]);
    await u.keyboard('{Enter}');
    await waitFor(() => expect(received).toEqual([{ PartCode: 'SP-1', Count: 3, LotCode: 'L7' }]));
    // The first container received is shown.
    await waitFor(() => expect(asked).toEqual(['SP-0101']));
  }, 60_000);
});
