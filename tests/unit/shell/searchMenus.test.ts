import { describe, expect, it } from 'vitest';
import type { SearchEntry } from '../../../src/core/navigation/types';
import { loadPinyinKeys } from '../../../src/shell/search/pinyinKeys';
import { searchMenus } from '../../../src/shell/search/searchMenus';

const entry = (path: string, zh: string, en: string): SearchEntry => ({ path, name: path, title: { zh, en }, newWindow: false });
const ENTRIES = [
  entry('/bill/in', '采购入库', 'Purchase receipt'),
  entry('/bill/in-list', '采购入库单', 'Purchase receipt bills'),
  entry('/bill/out', '生产领料', 'Production issue'),
  entry('/admin/user', '用户管理', 'Users'),
  entry('/bank', '银行账户', 'Bank accounts'),
];
const paths = (found: SearchEntry[]) => found.map((e) => e.path);

describe('menu search matching', () => {
  it('matches Chinese and English titles, case-insensitive, exact before prefix before anywhere', () => {
    expect(paths(searchMenus(ENTRIES, '入库'))).toEqual(['/bill/in', '/bill/in-list']);
    expect(paths(searchMenus(ENTRIES, 'PURCHASE receipt'))).toEqual(['/bill/in', '/bill/in-list']);
    expect(paths(searchMenus(ENTRIES, 'issue'))).toEqual(['/bill/out']);
    expect(searchMenus(ENTRIES, '   ')).toEqual([]);
  });

  it('without pinyin loaded, initials match nothing', () => {
    expect(searchMenus(ENTRIES, 'cgrk')).toEqual([]);
  });

  it("finds Chinese titles by pinyin initials: 'cgrk' finds 采购入库 first, then 采购入库单", async () => {
    const pinyinOf = await loadPinyinKeys();
    expect(paths(searchMenus(ENTRIES, 'cgrk', pinyinOf))).toEqual(['/bill/in', '/bill/in-list']);
    expect(paths(searchMenus(ENTRIES, 'YHGL', pinyinOf))).toEqual(['/admin/user']);
  });

  it('finds them by full pinyin, and reads polyphonic characters by word (银行 is yin hang)', async () => {
    const pinyinOf = await loadPinyinKeys();
    expect(paths(searchMenus(ENTRIES, 'caigou', pinyinOf))).toEqual(['/bill/in', '/bill/in-list']);
    expect(paths(searchMenus(ENTRIES, 'yinhang', pinyinOf))).toEqual(['/bank']);
    expect(pinyinOf('银行账户').initials).toBe('yhzh');
  });
});
