import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { mockHandlers } from '../../../mocks/handlers';
import { mockServer } from '../../../mocks/node';
import { chooseServerEnvironment, resolveApiBase, resolveLoginApiBase } from '../../../src/api/base';
import { changeLanguage } from '../../../src/core/i18n';
import i18n from '../../../src/core/i18n';
import { buildNavigation } from '../../../src/core/navigation/buildRoutes';
import { useNavigationStore } from '../../../src/core/navigation/navigationStore';
import { HeaderTools } from '../../../src/shell/header/HeaderTools';
import { LOGOUT_GREY_CLASS } from '../../../src/shell/header/UserMenu';
import { GHOST_USER_ID, switchSettingsUser, useSettingsStore } from '../../../src/core/settings/settingsStore';
import { useTabsStore } from '../../../src/shell/tabs/tabsStore';
import { HOME_TITLE, seedMenuTree } from '../app/menuFixtures';
import { fakeServices, renderInShell } from './shellTestKit';

// antd's first render (CSS-in-JS) takes seconds when the whole unit project runs in parallel.
vi.setConfig({ testTimeout: 20_000 });

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const location = () => screen.getByLabelText('location').textContent;
const expectToast = (text: string) =>
  waitFor(() => expect(document.querySelector('.ant-message')?.textContent ?? '').toContain(text));

async function openUserMenuItem(item: string) {
  await userEvent.click(button(/^User menu/));
  await userEvent.click(await screen.findByText(item));
}

beforeEach(async () => {
  await changeLanguage('en');
  switchSettingsUser(GHOST_USER_ID);
  useTabsStore.setState(useTabsStore.getInitialState(), true);
  const navigation = buildNavigation({ menuTree: seedMenuTree, apiConfig: {}, homeTitle: HOME_TITLE });
  useNavigationStore.getState().setNavigation({ ...navigation, apiConfig: {}, childApps: [], favourites: [] });
  document.documentElement.classList.remove(LOGOUT_GREY_CLASS);
});

describe('user menu', () => {
  it('logout asks first while the UI is grey; confirming logs out', async () => {
    const { services } = renderInShell(<HeaderTools />);
    await openUserMenuItem('Logout');
    expect(await screen.findByText('Are you sure you want to log off the current user')).toBeTruthy();
    expect(document.documentElement.classList.contains(LOGOUT_GREY_CLASS)).toBe(true);
    await userEvent.click(button('OK'));
    expect(services.logout).toHaveBeenCalledOnce();
  });

  it('cancelling logout shows a cancel notice and restores the colour', async () => {
    const { services } = renderInShell(<HeaderTools />);
    await openUserMenuItem('Logout');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expectToast('Logout cancelled');
    expect(document.documentElement.classList.contains(LOGOUT_GREY_CLASS)).toBe(false);
    expect(services.logout).not.toHaveBeenCalled();
  });

  it('About shows version 5.0, the vendor website, the API reference, copyright and the legal warning', async () => {
    renderInShell(<HeaderTools />);
    await openUserMenuItem('About system');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('5.0')).toBeTruthy();
    const [website, reference] = within(dialog).getAllByRole('link');
    expect(website.getAttribute('href')).toMatch(/^https?:\/\//);
    expect(within(dialog).getByText('API reference')).toBeTruthy();
    expect(reference.getAttribute('href')).toBe('/api-docs');
    expect(within(dialog).getByText(/Copyright ©/)).toBeTruthy();
    expect(within(dialog).getByText(/protected by copyright law/)).toBeTruthy();
  });

  it('Change password opens the password dialog', async () => {
    renderInShell(<HeaderTools />);
    await openUserMenuItem('Change password');
    expect(await screen.findByLabelText('Old password')).toBeTruthy();
  });
});

describe('organisation selector', () => {
  it('choosing another organisation asks, then stores it and reloads', async () => {
    const { services } = renderInShell(<HeaderTools />);
    await userEvent.click(button(/^Switch organisation/));
    await userEvent.click(await screen.findByText('二厂'));
    expect(await screen.findByText('Switching organisation will reset the system. Continue?')).toBeTruthy();
    expect(services.switchOrganization).not.toHaveBeenCalled();
    await userEvent.click(button('OK'));
    expect(services.switchOrganization).toHaveBeenCalledWith({ Id: 'org-2', OrganizeName: '二厂', OrganizeCode: 'F02' });
    expect(services.reload).toHaveBeenCalledOnce();
  });

  it('the Chinese confirmation reads 切换组织将重置系统', async () => {
    await changeLanguage('zh-chs');
    renderInShell(<HeaderTools />);
    await userEvent.click(button(/^切换组织/));
    await userEvent.click(await screen.findByText('二厂'));
    expect(await screen.findByText(/切换组织将重置系统/)).toBeTruthy();
  });
});

/** An environment's API base: a host of an ordinary domain (a special-use name such as `test` is refused by jsdom's cookie jar). */
const QA_API = 'http://qa.plant.cn/api';

describe('environment selector', () => {
  const variables = [
    { EnvName: 'PROD', VarName: 'API_BASE', UrlPrefix: 'http://prod/api', Enabled: 'Y' as const },
    { EnvName: 'PROD', VarName: 'REPORT_HOST', UrlPrefix: 'http://prod/rep', Enabled: 'Y' as const },
    { EnvName: 'TEST', VarName: 'API_BASE', UrlPrefix: QA_API, Enabled: 'Y' as const },
    { EnvName: 'REPORTS_ONLY', VarName: 'REPORT_HOST', UrlPrefix: 'http://reports/rep', Enabled: 'Y' as const },
    { EnvName: 'OLD', VarName: 'API_BASE', UrlPrefix: 'http://old/api', Enabled: 'N' as const },
    { EnvName: 'TYPO', VarName: 'API_BASE', UrlPrefix: 'test-server:8080/api', Enabled: 'Y' as const },
  ];

  beforeEach(() => {
    // The session the choice is made in (every login writes a new uuid).
    Cookies.set('uuid', 'session-1');
    // The chosen environment's server, a mock back end as the login address's is: once it is the API base, the
    // header's bell and live updates call it.
    mockServer.use(...mockHandlers(QA_API));
  });

  it('is shown only to the user ADMIN', () => {
    renderInShell(<HeaderTools />, { services: fakeServices({ user: { id: 'u-2', userName: 'alice', nickName: 'Alice' } }) });
    expect(screen.queryByRole('button', { name: /^Server environment/ })).toBeNull();
  });

  it('lists the login address and the enabled environments that have an API_BASE', async () => {
    const services = fakeServices({ loadEnvironmentVariables: vi.fn(async () => variables) });
    renderInShell(<HeaderTools />, { services });
    await userEvent.click(button(/^Server environment/));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Login address (default)',
      'PROD',
      'TEST',
      'TYPO',
    ]);
  });

  it("choosing one makes its API_BASE the API base of this session and reloads", async () => {
    const services = fakeServices({ loadEnvironmentVariables: vi.fn(async () => variables) });
    renderInShell(<HeaderTools />, { services });
    await userEvent.click(button(/^Server environment/));
    await userEvent.click(within(await screen.findByRole('menu')).getByText('TEST'));
    expect(resolveApiBase()).toBe(QA_API);
    expect(services.reload).toHaveBeenCalledOnce();
  });

  it("an API_BASE that is not an http(s) address says 'API address configuration format is wrong' and changes nothing", async () => {
    const services = fakeServices({ loadEnvironmentVariables: vi.fn(async () => variables) });
    renderInShell(<HeaderTools />, { services });
    await userEvent.click(button(/^Server environment/));
    await userEvent.click(within(await screen.findByRole('menu')).getByText('TYPO'));
    await expectToast('API address configuration format is wrong');
    expect(resolveApiBase()).toBe(resolveLoginApiBase());
    expect(services.reload).not.toHaveBeenCalled();
  });

  it('choosing the login address forgets the environment and reloads', async () => {
    chooseServerEnvironment('TEST', QA_API);
    const services = fakeServices({ loadEnvironmentVariables: vi.fn(async () => variables) });
    renderInShell(<HeaderTools />, { services });
    expect(button(/^Server environment/).textContent).toBe('TEST');
    await userEvent.click(button(/^Server environment/));
    await userEvent.click(within(await screen.findByRole('menu')).getByText('Login address (default)'));
    expect(resolveApiBase()).toBe(resolveLoginApiBase());
    expect(services.reload).toHaveBeenCalledOnce();
  });

  it("with no environment variables it says '没有找到服务器环境变量！'", async () => {
    await changeLanguage('zh-chs');
    renderInShell(<HeaderTools />);
    await userEvent.click(button(/^服务器环境/));
    await expectToast('没有找到服务器环境变量！');
  });

  it('a list that cannot be read says the environment config file could not be read, not that there are none', async () => {
    await changeLanguage('zh-chs');
    const services = fakeServices({ loadEnvironmentVariables: vi.fn(async () => Promise.reject(new Error('500'))) });
    renderInShell(<HeaderTools />, { services });
    await userEvent.click(button(/^服务器环境/));
    await expectToast('读取服务器环境配置文件失败，请检查配置文件');
    expect(document.body.textContent).not.toContain('没有找到服务器环境变量！');
  });

  it('says so in English too', async () => {
    const services = fakeServices({ loadEnvironmentVariables: vi.fn(async () => Promise.reject(new Error('500'))) });
    renderInShell(<HeaderTools />, { services });
    await userEvent.click(button(/^Server environment/));
    await expectToast('The server environment config file could not be read; please check it.');
  });
});

describe('header buttons', () => {
  it('the table-tool toggle flips the tableToolVisible cookie', async () => {
    renderInShell(<HeaderTools />);
    await userEvent.click(button('Hide table tools'));
    expect(Cookies.get('tableToolVisible')).toBe('false');
    await userEvent.click(button('Show table tools'));
    expect(Cookies.get('tableToolVisible')).toBe('true');
  });

  it('full screen asks the browser for full screen', async () => {
    const requestFullscreen = vi.fn(async () => {});
    document.documentElement.requestFullscreen = requestFullscreen;
    renderInShell(<HeaderTools />);
    await userEvent.click(button('Full screen'));
    expect(requestFullscreen).toHaveBeenCalledOnce();
  });

  it('the language menu switches to Chinese', async () => {
    renderInShell(<HeaderTools />);
    await userEvent.click(button(/^Language/));
    await userEvent.click(await screen.findByText('简体中文'));
    expect(i18n.language).toBe('zh-chs');
    expect(Cookies.get('language')).toBe('zh-chs');
    expect(button(/^菜单搜索/)).toBeTruthy();
  });
});

describe('menu search', () => {
  it('opens with the s key, finds a screen by its English title and opens it', async () => {
    renderInShell(<HeaderTools />);
    fireEvent.keyDown(document.body, { key: 's' });
    const search = await screen.findByRole('combobox', { name: 'Search menus' });
    await userEvent.type(search, 'purchase');
    await userEvent.click(screen.getByText('Purchase receipt'));
    expect(location()).toBe('/bill/master/IN');
  });

  it('finds a Chinese screen by its pinyin initials; Enter opens the highlighted result', async () => {
    renderInShell(<HeaderTools />);
    fireEvent.keyDown(document.body, { key: 's' });
    const search = await screen.findByRole('combobox', { name: 'Search menus' });
    fireEvent.change(search, { target: { value: 'cgrk' } });
    // pinyin-pro loads on the first opening; then the results include 采购入库单 (Purchase receipt).
    const option = await screen.findByRole('option', { name: /Purchase receipt/ });
    expect(option.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(location()).toBe('/bill/master/IN');
  });

  it('arrow keys move the highlight, wrapping at both ends', async () => {
    renderInShell(<HeaderTools />);
    fireEvent.keyDown(document.body, { key: 's' });
    const search = await screen.findByRole('combobox', { name: 'Search menus' });
    fireEvent.change(search, { target: { value: 'english' } });
    const options = await screen.findAllByRole('option');
    expect(options.length).toBeGreaterThan(1);
    const selected = () => screen.getAllByRole('option').findIndex((o) => o.getAttribute('aria-selected') === 'true');
    expect(selected()).toBe(0);
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(selected()).toBe(1);
    fireEvent.keyDown(search, { key: 'ArrowUp' });
    fireEvent.keyDown(search, { key: 'ArrowUp' });
    expect(selected()).toBe(options.length - 1);
    expect(search.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[options.length - 1].id);
  });

  it('typing s in a text field does not open it', () => {
    renderInShell(
      <>
        <input aria-label="part" />
        <HeaderTools />
      </>,
    );
    fireEvent.keyDown(screen.getByLabelText('part'), { key: 's' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Esc closes it', async () => {
    renderInShell(<HeaderTools />);
    await userEvent.click(button('Search menus'));
    const dialog = await screen.findByRole('dialog');
    // The dialog takes focus once it has appeared; Esc goes to it from there.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true), { timeout: 2000 });
    // keyCode as browsers send it (the dialog reads keyCode; user-event leaves it 0).
    fireEvent.keyDown(document.activeElement!, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Search menus' })).toBeNull());
  });

  it('finds screens by their Chinese title too, and focuses the field after 500 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderInShell(<HeaderTools />);
      fireEvent.keyDown(document.body, { key: 's' });
      const search = await screen.findByRole('combobox', { name: 'Search menus' });
      await act(() => vi.advanceTimersByTimeAsync(400));
      expect(document.activeElement).not.toBe(search);
      await act(() => vi.advanceTimersByTimeAsync(150));
      expect(document.activeElement).toBe(search);
      fireEvent.change(search, { target: { value: '用户' } });
      expect(await screen.findByText('Users')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('theme dialog', () => {
  async function openThemeDialog() {
    await userEvent.click(button('Theme settings'));
    return screen.findByRole('dialog');
  }

  it('offers 5 themes and saves the chosen one for the user', async () => {
    renderInShell(<HeaderTools />);
    const dialog = await openThemeDialog();
    const themes = within(dialog).getByRole('radiogroup', { name: 'Layout theme' });
    expect(within(themes).getAllByRole('radio').map((r) => r.textContent)).toEqual(['Classic', 'Violet', 'Simple line', 'Star', 'Dark blue']);
    await userEvent.click(within(themes).getByRole('radio', { name: 'Star' }));
    expect(useSettingsStore.getState().theme).toBe('star');
  });

  it('offers 7 colour presets; picking one recolours the UI', async () => {
    renderInShell(<HeaderTools />);
    const dialog = await openThemeDialog();
    const colours = within(dialog).getByRole('radiogroup', { name: 'Theme colour' });
    expect(within(colours).getAllByRole('radio')).toHaveLength(7);
    await userEvent.click(within(colours).getByRole('radio', { name: '#722ed1' }));
    expect(useSettingsStore.getState().themeColor).toBe('#722ed1');
    await waitFor(() => expect([...document.querySelectorAll('style')].some((s) => s.textContent?.includes('#722ed1'))).toBe(true));
  });

  it('changing the element size saves it and refreshes the page through /refresh', async () => {
    const { router } = renderInShell(<HeaderTools />, { path: '/admin/user' });
    act(() => {
      useTabsStore.getState().open({ path: '/admin/user', fullPath: '/admin/user', name: 'User' });
    });
    const dialog = await openThemeDialog();
    await userEvent.click(within(dialog).getByText('Large'));
    expect(useSettingsStore.getState().elementSize).toBe('large');
    expect(router.state.location.pathname + router.state.location.search).toBe('/refresh?redirect=%2Fadmin%2Fuser');
    expect(useTabsStore.getState().refreshKeys['/admin/user']).toBe(1);
  });
});
