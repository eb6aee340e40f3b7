import { beforeEach, describe, expect, it } from 'vitest';
import { connectTabsToSettings, HOME_TAB, tabActionsFor, useTabsStore, type TabItem } from '../../../src/shell/tabs/tabsStore';

const tab = (name: string): TabItem => ({ path: `/${name}`, fullPath: `/${name}`, name });
const paths = () => useTabsStore.getState().tabs.map((t) => t.path);
const current = () => useTabsStore.getState().currentPath;
const store = () => useTabsStore.getState();

function openAll(...names: string[]) {
  for (const name of names) store().open(tab(name));
}

beforeEach(() => useTabsStore.setState(useTabsStore.getInitialState(), true));

describe('opening tabs', () => {
  it('starts with only the Home tab, active', () => {
    expect(paths()).toEqual(['/index']);
    expect(current()).toBe('/index');
  });

  it('opening a screen adds its tab at the end and activates it', () => {
    openAll('a', 'b');
    expect(paths()).toEqual(['/index', '/a', '/b']);
    expect(current()).toBe('/b');
  });

  it('opening an already open screen activates its tab without a duplicate', () => {
    openAll('a', 'b');
    store().open({ ...tab('a'), fullPath: '/a?code=X' });
    expect(paths()).toEqual(['/index', '/a', '/b']);
    expect(current()).toBe('/a');
    expect(store().tabs[1].fullPath).toBe('/a?code=X');
  });
});

describe('closing one tab', () => {
  it('closing the active tab activates the next one', () => {
    openAll('a', 'b', 'c');
    store().open(tab('b'));
    expect(store().close('/b').path).toBe('/c');
    expect(paths()).toEqual(['/index', '/a', '/c']);
  });

  it('closing the last tab activates the previous one', () => {
    openAll('a', 'b');
    expect(store().close('/b').path).toBe('/a');
    expect(current()).toBe('/a');
  });

  it('closing an inactive tab keeps the active one', () => {
    openAll('a', 'b');
    expect(store().close('/a').path).toBe('/b');
    expect(paths()).toEqual(['/index', '/b']);
  });

  it('the Home tab cannot be closed', () => {
    openAll('a');
    store().close('/index');
    expect(paths()).toEqual(['/index', '/a']);
  });
});

describe('closing several tabs', () => {
  beforeEach(() => openAll('a', 'b', 'c', 'd'));

  it('close left keeps Home and the tabs from the clicked one on', () => {
    store().closeLeft('/c');
    expect(paths()).toEqual(['/index', '/c', '/d']);
    expect(current()).toBe('/d');
  });

  it('close left activates the clicked tab when the active one was closed', () => {
    store().open(tab('a'));
    expect(store().closeLeft('/c').path).toBe('/c');
  });

  it('close right keeps the tabs up to the clicked one and activates it when the active one went', () => {
    expect(store().closeRight('/b').path).toBe('/b');
    expect(paths()).toEqual(['/index', '/a', '/b']);
  });

  it('close others keeps only Home and the clicked tab, which becomes active', () => {
    expect(store().closeOthers('/b').path).toBe('/b');
    expect(paths()).toEqual(['/index', '/b']);
  });

  it('close all leaves only Home, active', () => {
    expect(store().closeAll().path).toBe('/index');
    expect(paths()).toEqual(['/index']);
  });
});

describe('tab context menu', () => {
  it('the Home tab offers only close all', () => {
    expect(tabActionsFor('/index')).toEqual(['closeAll']);
  });

  it('another tab offers refresh, close left, close right, close others and close all', () => {
    expect(tabActionsFor('/a')).toEqual(['refresh', 'closeLeft', 'closeRight', 'closeOthers', 'closeAll']);
  });
});

describe('dragging and refreshing', () => {
  it('dragging a tab onto another puts it in that place', () => {
    openAll('a', 'b', 'c');
    store().move('/c', '/a');
    expect(paths()).toEqual(['/index', '/c', '/a', '/b']);
    store().move('/c', '/b');
    expect(paths()).toEqual(['/index', '/a', '/b', '/c']);
  });

  it('nothing can be dragged before Home, and Home does not move', () => {
    openAll('a', 'b');
    store().move('/b', '/index');
    expect(paths()).toEqual(['/index', '/b', '/a']);
    store().move('/index', '/a');
    expect(paths()[0]).toBe('/index');
  });

  it('refreshing a tab changes its refresh key so the page remounts', () => {
    openAll('a');
    store().refresh('/a');
    store().refresh('/a');
    expect(store().refreshKeys['/a']).toBe(2);
  });
});

describe('persisted tabs', () => {
  it('restoring saved tabs keeps Home first and drops screens the user can no longer open', () => {
    store().restore([tab('a'), HOME_TAB, tab('gone'), tab('b')], (path) => path !== '/gone');
    expect(paths()).toEqual(['/index', '/a', '/b']);
    expect(current()).toBe('/index');
  });

  it('every change of the tab list is saved without the Home tab', () => {
    const saved: TabItem[][] = [];
    const stop = connectTabsToSettings((tabs) => saved.push(tabs));
    openAll('a');
    store().refresh('/a'); // not a list change
    stop();
    openAll('b');
    expect(saved).toEqual([[tab('a')]]);
  });
});
