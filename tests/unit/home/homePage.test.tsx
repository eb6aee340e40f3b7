/** The home page against mocked calls (msw): what an operator sees and does on it. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../../mocks/node';
import { resolveApiBase } from '../../../src/api/base';
import { changeLanguage } from '../../../src/core/i18n';
import { buildNavigation } from '../../../src/core/navigation/buildRoutes';
import { useNavigationStore } from '../../../src/core/navigation/navigationStore';
import { sanitizeRichText } from '../../../src/shell/richText/RichText';
import { niceMax } from '../../../src/shared/chart-scale';
import { HomePage } from '../../../src/features/home/pages/HomePage';
import { HOME_TITLE, seedMenuTree } from '../app/menuFixtures';
import { renderInShell } from '../shell/shellTestKit';
import { DANGEROUS, XSS_CORPUS } from './xssCorpus';

vi.setConfig({ testTimeout: 30_000 });

const api = (path: string) => `${resolveApiBase()}${path}`;
const legacy = (Result: unknown) => HttpResponse.json({ Result, TotalCount: Array.isArray(Result) ? Result.length : 1, ErrorInfo: { Status: false, Message: '' } });
const at = (iso: string) => new Date(iso).toISOString();

const NOTICES = [
  { ID: 'n1', TITLE: 'Stocktake on Friday', CONTENT: '<p>All <strong>warehouses</strong></p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>', IS_TOP: 'Y', PUBLISHER: 'Admin', PUBLISH_TIME: at('2026-05-01T08:00:00Z') },
  { ID: 'n2', TITLE: 'Maintenance tonight', CONTENT: '<p>Two hours</p>', IS_TOP: 'N', PUBLISHER: 'Admin', PUBLISH_TIME: at('2026-05-03T08:00:00Z') },
];
const WARNINGS = (['pending', 'processing', 'success', 'failure'] as const).map((status, i) => ({
  ID: `w${i}`,
  TITLE: `Warning ${status}`,
  CONTENT: 'details',
  WARNING_LEVEL: 'warning',
  CALL_STATUS: status,
  CALL_TIME: status === 'pending' ? null : at('2026-05-03T09:00:00Z'),
  CREATE_TIME: at(`2026-05-0${i + 1}T09:00:00Z`),
}));
const DAYS = ['05-01', '05-02', '05-03'].map((d, i) => ({ STAT_DATE: `2026-${d}`, INBOUND_QTY: 1000 + i * 100, OUTBOUND_QTY: 800, INSPECTED_QTY: 50 }));

let memos: { ID: string; CONTENT: string; CREATE_TIME: string }[];
let savedCommonFunctions: unknown[];

beforeEach(async () => {
  await changeLanguage('en');
  memos = [{ ID: 'm1', CONTENT: 'Check line 2', CREATE_TIME: at('2026-05-03T07:00:00Z') }];
  savedCommonFunctions = [];
  const navigation = buildNavigation({ menuTree: seedMenuTree, apiConfig: {}, homeTitle: HOME_TITLE });
  useNavigationStore.getState().reset();
  useNavigationStore.getState().setNavigation({
    ...navigation,
    apiConfig: {},
    childApps: [],
    favourites: [{ ID: 'f1', MENUM_ID: 'm-user', MENUM_PATH: '/admin/user', USER_ID: 'u-1', ENABLE: 'Y', SORT_NUM: 0 }],
  });
  mockServer.use(
    // No portal scheme or home path configured (issue 21): the standard home.
    http.get(api('/Portal/Home'), () => HttpResponse.json({ code: 200, msg: '', data: { Kind: 'NONE', Path: null, SchemeName: null, Layout: [], Cards: [] } })),
    http.get(api('/SysNotice/LoadData'), () => legacy(NOTICES)),
    http.get(api('/SysWarning/LoadData'), () => legacy(WARNINGS)),
    http.get(api('/SysTodo/LoadData'), () =>
      legacy([{ ID: 't1', TITLE: 'Receive IN-003', CONTENT: '18 boxes', PRIORITY: 'high', STATUS: 'open', DUE_TIME: null, MENU_PATH: '/masterdata/part' }]),
    ),
    http.get(api('/Version/LoadData'), () => legacy([{ ID: 'v1', VERSION_NO: '5.0.2', TITLE: 'Home page', RELEASE_DATE: '2026-05-01', REMARK: '' }])),
    http.get(api('/Version/LoadDetail'), () => legacy([{ ID: 'd1', MASTER_ID: 'v1', SORT_NUM: 1, CHANGE_TYPE: 'feature', CONTENT: 'Favourites from the menu' }])),
    http.get(api('/Home/DataShow'), () => legacy(DAYS)),
    http.get(api('/MesCommonFunctions/LoadData'), () =>
      legacy([{ ID: 'c1', USER_ID: 'u-1', MENU_ID: 'm-part', MENU_PATH: '/masterdata/part', MENU_TITLE: '物料', MENU_EN_TITLE: 'Parts', MENU_ICON: '', SORT_NUM: 0 }]),
    ),
    http.post(api('/MesCommonFunctions/SaveData'), async ({ request }) => {
      const body = (await request.json()) as { Records: { MENU_ID: string; MENU_PATH: string }[] };
      savedCommonFunctions.push(body);
      return legacy(body.Records.map((r, i) => ({ ID: `c${i}`, USER_ID: 'u-1', ...r, MENU_TITLE: r.MENU_ID, MENU_EN_TITLE: r.MENU_ID, MENU_ICON: '', SORT_NUM: i })));
    }),
    http.get(api('/SysMenuClick/LoadData'), () =>
      legacy([{ ID: 'k1', User_ID: 'u-1', MENU_ID: 'm-stock', MENU_PATH: '/stocktake', MENU_TITLE: '盘点', MENU_EN_TITLE: 'Stocktaking', MENU_ICON: '', NUM_OF_CLICK: 12 }]),
    ),
    http.get(api('/SysMemo/LoadData'), () => legacy(memos)),
    http.post(api('/SysMemo/Add'), async ({ request }) => {
      const { CONTENT } = (await request.json()) as { CONTENT: string };
      const memo = { ID: `m${memos.length + 1}`, CONTENT, CREATE_TIME: new Date().toISOString() };
      memos = [memo, ...memos];
      return legacy(memo);
    }),
    http.post(api('/SysMemo/Delete'), ({ request }) => {
      const id = new URL(request.url).searchParams.get('id');
      const before = memos.length;
      memos = memos.filter((m) => m.ID !== id);
      return legacy(before - memos.length);
    }),
  );
});

function renderHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderInShell(
    <QueryClientProvider client={client}>
      <HomePage />
    </QueryClientProvider>,
  );
}

describe('home page', () => {
  it('lists the notices in the order the server gives (pinned first), the pinned one tagged', async () => {
    renderHome();
    const list = await screen.findByLabelText('Notices');
    await within(list).findByText('Stocktake on Friday');
    const items = within(list).getAllByTestId('notice');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining('Stocktake on Friday'), expect.stringContaining('Maintenance tonight')]);
    expect(within(items[0]).getByText('Pinned')).toBeTruthy();
    expect(within(items[1]).queryByText('Pinned')).toBeNull();
  });

  it('opening a notice shows its rich text, with the script parts removed', async () => {
    renderHome();
    const list = await screen.findByLabelText('Notices');
    await userEvent.click(await within(list).findByText('Stocktake on Friday'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('warehouses').tagName).toBe('STRONG');
    const body = within(dialog).getByText('warehouses').closest('.home-rich-text')!;
    expect(body.innerHTML).toBe('<p>All <strong>warehouses</strong></p><img src="x">');
    expect(body.innerHTML).not.toMatch(DANGEROUS);
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('shows every warning with its call status', async () => {
    renderHome();
    await userEvent.click(await screen.findByRole('tab', { name: /Warnings/ }));
    const list = await screen.findByLabelText('Warnings');
    const items = await within(list).findAllByTestId('warning');
    expect(items.map((item) => within(item).getByText(/^(Pending|Processing|Success|Failure)$/).textContent)).toEqual([
      'Pending',
      'Processing',
      'Success',
      'Failure',
    ]);
  });

  it('counts the open to-dos in words that say what is counted', async () => {
    renderHome();
    const card = (await screen.findByLabelText('To-do')).closest('.ant-card') as HTMLElement;
    await within(card).findByText('Receive IN-003');
    expect(within(card).getByText('Open to-dos 1')).toBeTruthy();
  });

  it('draws the data-show chart: two bars a day, each with its figure', async () => {
    renderHome();
    const chart = await screen.findByRole('img', { name: 'Daily inbound and outbound quantity, last 7 days' });
    expect(chart.querySelectorAll('rect')).toHaveLength(DAYS.length * 2);
    expect(chart.querySelector('title')?.textContent).toBe(`2026-05-01 Inbound qty: ${(1000).toLocaleString()}`);
    expect(screen.getByText((3300).toLocaleString())).toBeTruthy();
  });

  it('adds a memo and removes it', async () => {
    renderHome();
    const list = await screen.findByLabelText('Memos');
    await within(list).findByText('Check line 2');
    await userEvent.type(screen.getByLabelText('Jot something down…'), 'Order solder paste{Enter}');
    await within(list).findByText('Order solder paste');
    expect(within(list).getAllByTestId('memo').map((m) => m.querySelector('.ant-list-item-meta-title')?.textContent)).toEqual(['Order solder paste', 'Check line 2']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove memo: Order solder paste' }));
    await waitFor(() => expect(within(list).queryByText('Order solder paste')).toBeNull());
    expect(memos.map((m) => m.CONTENT)).toEqual(['Check line 2']);
  });

  it('common functions: the picked ones, the most used from click statistics, and the favourites', async () => {
    renderHome();
    expect(await screen.findByRole('button', { name: 'Parts' })).toBeTruthy();
    await userEvent.click(screen.getByText('Most used'));
    expect(await screen.findByRole('button', { name: /Stocktaking/ })).toBeTruthy();
    expect(screen.getByText('12 visits')).toBeTruthy();
    await userEvent.click(screen.getByText('Favourites'));
    expect(await screen.findByRole('button', { name: 'Users' })).toBeTruthy();
  });

  it('choosing common functions saves the menus picked', async () => {
    renderHome();
    await screen.findByRole('button', { name: 'Parts' });
    await userEvent.click(screen.getByRole('button', { name: /Choose/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('Users'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(savedCommonFunctions).toHaveLength(1));
    expect(savedCommonFunctions[0]).toEqual({
      Records: expect.arrayContaining([
        { MENU_ID: 'm-part', MENU_PATH: '/masterdata/part' },
        { MENU_ID: 'm-user', MENU_PATH: '/admin/user' },
      ]),
    });
  });

  it('shows the newest version with what it changed', async () => {
    renderHome();
    expect(await screen.findByText('Favourites from the menu')).toBeTruthy();
    expect(screen.getByText('v5.0.2')).toBeTruthy();
  });
});

describe('rich text on display', () => {
  it('every attack of the stored-XSS corpus renders inert', () => {
    for (const attack of XSS_CORPUS) {
      const clean = sanitizeRichText(`<p><em>kept</em></p>${attack}`);
      expect(clean, attack).not.toMatch(DANGEROUS);
      expect(clean).toContain('<p><em>kept</em></p>');
    }
  });

  it('links open in a new window without an opener', () => {
    expect(sanitizeRichText('<a href="https://example.com">x</a>')).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>');
  });
});

describe('chart scale', () => {
  it('the axis ends on a round number at or above the largest bar', () => {
    expect([niceMax(0), niceMax(7), niceMax(1234), niceMax(2000), niceMax(2600)]).toEqual([1, 10, 2000, 2000, 5000]);
  });
});
