/**
 * A new count plan's scope on the mocks: each code typed or scanned and ended by Enter is kept as typed, and a
 * record found by a piece of its code or name is picked from the suggestions; the plan asks for exactly those.
 */
import { beforeEach, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { mockServer } from '../../../mocks/node';
import { StocktakeCreateForm } from '../../../src/features/stocktake/components/StocktakeCreateForm';
import { API, renderAdminScreen, wrapped } from '../admin/adminTestKit';

let created: Record<string, unknown>[];

beforeEach(() => {
  created = [];
  mockServer.use(
    http.post(`${API}/Stocktake/Create`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      created.push(body);
      return wrapped({ Id: '1', Code: 'PD0001', Status: 'DRAFT', ...body });
    }),
  );
});

const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });
const shownOptions = () => [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')];

it('keeps a code typed and Enter as typed, and takes a suggested record\'s code', async () => {
  renderAdminScreen(<StocktakeCreateForm open onClose={() => {}} onCreated={() => {}} />, 'Stocktake');
  const dialog = await screen.findByRole('dialog');
  // A scanned storage location: kept as typed, whatever the suggestions were for the text before.
  await user().type(within(dialog).getByLabelText('存储地点'), 'SL0002{Enter}');
  await waitFor(() => expect(within(dialog).getByLabelText('存储地点').closest('.ant-select')!.textContent).toContain('SL0002'));
  // A part found by a piece of its code: its code and name are listed, the code is taken.
  await user().type(within(dialog).getByLabelText('料号'), 'p000');
  await waitFor(() => expect(shownOptions().map((o) => o.textContent).filter((text) => /^P000\d \S+/.test(text ?? '')).length).toBeGreaterThan(1), { timeout: 5000 });
  const picked = shownOptions().find((o) => /^P0003 /.test(o.textContent ?? ''))!;
  await user().click(picked);
  await user().click(within(dialog).getByRole('button', { name: /^确\s*[定认]$/ }));
  await waitFor(() => expect(created).toHaveLength(1));
  expect(created[0]).toMatchObject({ Sics: ['SL0002'], Parts: ['P0003'] });
});
