/**
 * The message centre's warning list offers Retry on a warning that stands for a call that can be
 * tried again (RETRYABLE: an ERP posting that did not get through) while it is pending or failed, and
 * only to a role with the Retry button of 预警信息 (the server's x-permission HomeWarning#Retry).
 * Pressing it calls SysWarning/Retry and shows the new call status.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../../mocks/node';
import { resolveApiBase } from '../../../src/api/base';
import { changeLanguage } from '../../../src/core/i18n';
import { buildNavigation } from '../../../src/core/navigation/buildRoutes';
import { useNavigationStore } from '../../../src/core/navigation/navigationStore';
import { grantsOf } from '../../../src/core/navigation/access';
import { MessageCentre } from '../../../src/features/home/components/MessageCentre';
import { HOME_TITLE, menuItem } from '../app/menuFixtures';
import { renderInShell } from '../shell/shellTestKit';

vi.setConfig({ testTimeout: 30_000 });

const api = (path: string) => `${resolveApiBase()}${path}`;
const legacy = (Result: unknown) => HttpResponse.json({ Result, TotalCount: Array.isArray(Result) ? Result.length : 1, ErrorInfo: { Status: false, Message: '' } });
const WARNING_MENU_ID = 'm-warning';
const menuTree = [
  menuItem({
    Id: 'm-home-area',
    Menu_Code: 'HomeArea',
    children: [menuItem({ Id: WARNING_MENU_ID, Parent_Id: 'm-home-area', Menu_Code: 'HomeWarning', Link_Url: '/home/warning' })],
  }),
];

const warning = (id: string, title: string, status: string, retryable: boolean) => ({
  ID: id, TITLE: title, CONTENT: 'content', WARNING_LEVEL: 'danger', CALL_STATUS: status, CALL_TIME: null, CREATE_TIME: '2026-11-28T08:00:00Z', RETRYABLE: retryable,
});

/** The message centre (warnings tab open) of a session whose role has these buttons of the warning menu. */
async function showWarnings(buttons: string[], onRetry?: (id: string) => void) {
  let status = 'pending';
  mockServer.use(
    http.get(api('/SysNotice/LoadData'), () => legacy([])),
    http.get(api('/SysWarning/LoadData'), () =>
      legacy([warning('w-erp', 'ERP posting failed: ASN1 line 1', status, true), warning('w-paste', 'Solder paste thawed too long', 'pending', false)]),
    ),
    http.post(api('/SysWarning/Retry'), async ({ request }) => {
      const { Id } = (await request.json()) as { Id: string };
      onRetry?.(Id);
      status = 'success';
      return HttpResponse.json({ code: 200, msg: 'The retry succeeded', data: { ID: Id, CALL_STATUS: 'success' } });
    }),
  );
  useNavigationStore.getState().setGrants(grantsOf(menuTree, { [WARNING_MENU_ID]: buttons }));
  renderInShell(
    <QueryClientProvider client={new QueryClient()}>
      <MessageCentre />
    </QueryClientProvider>,
  );
  fireEvent.click(await screen.findByRole('tab', { name: /Warnings/ }));
  await screen.findByText('ERP posting failed: ASN1 line 1');
}

beforeEach(async () => {
  await changeLanguage('en');
  useNavigationStore.getState().reset();
  useNavigationStore.getState().setNavigation({ ...buildNavigation({ menuTree, apiConfig: {}, homeTitle: HOME_TITLE }), apiConfig: {}, childApps: [], favourites: [] });
});

describe('retrying a warning from the message centre', () => {
  it('is offered on the retryable warning with the Retry button, and shows the call status after it', async () => {
    const retried: string[] = [];
    await showWarnings(['Retry'], (id) => retried.push(id));
    const buttons = screen.getAllByRole('button', { name: /Retry/ });
    // Only the ERP posting's warning: the other one stands for no call.
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]);
    await waitFor(() => expect(retried).toEqual(['w-erp']));
    expect(await screen.findByText('The retry succeeded')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Success')).not.toHaveLength(0));
    // Delivered: nothing to retry any more.
    await waitFor(() => expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull());
  });

  it('is not offered with the warning menu alone', async () => {
    await showWarnings([]);
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
  });
});
