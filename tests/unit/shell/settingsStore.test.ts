import { beforeEach, describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import {
  GHOST_USER_ID,
  pageSizesFor,
  settingsStorageKey,
  switchSettingsUser,
  useSettingsStore,
} from '../../../src/core/settings/settingsStore';
import { THEME_COLOR_PRESETS, THEME_KEYS } from '../../../src/core/settings/themes';

const settings = () => useSettingsStore.getState();
const stored = (userId: string) => JSON.parse(localStorage.getItem(settingsStorageKey(userId)) ?? 'null')?.state;

beforeEach(() => {
  localStorage.clear();
  switchSettingsUser(GHOST_USER_ID);
});

describe('defaults', () => {
  it('a new user gets the classic theme, small elements, colour #00bb7c, transitions on and a collapsed aside', () => {
    switchSettingsUser('new-user');
    expect(settings()).toMatchObject({
      theme: 'classic',
      elementSize: 'small',
      themeColor: '#00bb7c',
      transitionActive: true,
      asideCollapsed: true,
      openedTabs: [],
    });
  });

  it('offers 5 themes and 7 colour presets', () => {
    expect(THEME_KEYS).toEqual(['classic', 'violet', 'simpleLine', 'star', 'darkBlue']);
    expect(THEME_COLOR_PRESETS).toHaveLength(7);
    expect(THEME_COLOR_PRESETS[0]).toBe('#00bb7c');
  });

  it('pages without custom page sizes get 200, 500 and 1000', () => {
    expect(pageSizesFor(settings(), '/admin/user')).toEqual([200, 500, 1000]);
    settings().setPageSizes('/admin/user', [50, 100]);
    expect(pageSizesFor(settings(), '/admin/user')).toEqual([50, 100]);
  });
});

describe('storage per user', () => {
  it('settings are stored under <app>-2.0.1-<userId>, ghost-uuid before anyone logs in', () => {
    expect(settingsStorageKey()).toBe('plant-portal-2.0.1-ghost-uuid');
    switchSettingsUser('u-1');
    settings().setTheme('violet');
    expect(stored('u-1')).toMatchObject({ theme: 'violet' });
  });

  it('switching user switches the stored settings', () => {
    switchSettingsUser('u-1');
    settings().setTheme('star');
    settings().setThemeColor('#722ed1');
    switchSettingsUser('u-2');
    expect(settings()).toMatchObject({ theme: 'classic', themeColor: '#00bb7c', userId: 'u-2' });
    settings().setElementSize('large');
    switchSettingsUser('u-1');
    expect(settings()).toMatchObject({ theme: 'star', themeColor: '#722ed1', elementSize: 'small' });
    expect(stored('u-2')).toMatchObject({ elementSize: 'large', theme: 'classic' });
  });

  it('page sizes and opened tabs are kept per user', () => {
    switchSettingsUser('u-1');
    settings().setPageSizes('/part', [20]);
    settings().setOpenedTabs([{ path: '/part', fullPath: '/part', name: 'Part' }]);
    switchSettingsUser('u-2');
    expect(settings().openedTabs).toEqual([]);
    switchSettingsUser('u-1');
    expect(settings().pageSizes).toEqual({ '/part': [20] });
    expect(settings().openedTabs.map((t) => t.path)).toEqual(['/part']);
  });
});

describe('bad stored values', () => {
  it('an unknown stored theme falls back to the first theme', () => {
    localStorage.setItem(settingsStorageKey('u-3'), JSON.stringify({ state: { theme: 'neon', elementSize: 'huge' }, version: 0 }));
    switchSettingsUser('u-3');
    expect(settings().theme).toBe('classic');
    expect(settings().elementSize).toBe('small');
  });

  it('choosing an unknown theme selects the first theme', () => {
    settings().setTheme('neon');
    expect(settings().theme).toBe('classic');
  });
});

describe('table tools', () => {
  it('table-tool visibility is kept in the tableToolVisible cookie, not in local storage', () => {
    settings().setTableToolVisible(false);
    expect(Cookies.get('tableToolVisible')).toBe('false');
    expect(stored(GHOST_USER_ID)).not.toHaveProperty('tableToolVisible');
    switchSettingsUser('u-4');
    expect(settings().tableToolVisible).toBe(false);
  });
});
