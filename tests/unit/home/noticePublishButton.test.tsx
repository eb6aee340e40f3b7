/**
 * The message centre offers 'Publish notice' only to a role with the Save button of the notice menu
 * (the server's x-permission HomeNotice#Save): the menu alone only reads notices.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
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
const NOTICE_MENU_ID = 'm-notice';
const menuTree = [
  menuItem({
    Id: 'm-home-area',
    Menu_Code: 'HomeArea',
    children: [menuItem({ Id: NOTICE_MENU_ID, Parent_Id: 'm-home-area', Menu_Code: 'HomeNotice', Link_Url: '/home/notice' })],
  }),
];

/** The message centre of a session whose role has these buttons of the notice menu, as the bootstrap sets it up. */
function showMessageCentre(buttonsOfNoticeMenu: string[]) {
  mockServer.use(
    http.get(api('/SysNotice/LoadData'), () => legacy([])),
    http.get(api('/SysWarning/LoadData'), () => legacy([])),
  );
  useNavigationStore.getState().setGrants(grantsOf(menuTree, { [NOTICE_MENU_ID]: buttonsOfNoticeMenu }));
  renderInShell(
    <QueryClientProvider client={new QueryClient()}>
      <MessageCentre />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await changeLanguage('en');
  useNavigationStore.getState().reset();
  useNavigationStore.getState().setNavigation({ ...buildNavigation({ menuTree, apiConfig: {}, homeTitle: HOME_TITLE }), apiConfig: {}, childApps: [], favourites: [] });
});

describe('publishing notices from the message centre', () => {
  it('is offered with the Save button of the notice menu', async () => {
    showMessageCentre(['SeniorSearch', 'Save']);
    expect(await screen.findByRole('button', { name: /Publish notice/ })).toBeTruthy();
  });

  it('is not offered with the notice menu alone', async () => {
    showMessageCentre(['SeniorSearch']);
    // The list has rendered (its empty text), and the button is not there.
    expect(await screen.findAllByText(/No notices/)).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Publish notice/ })).toBeNull();
  });
});
