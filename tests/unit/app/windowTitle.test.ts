import { describe, expect, it } from 'vitest';
import { pageTitleFor, windowTitle } from '../../../src/core/navigation/windowTitle';
import type { SearchEntry } from '../../../src/core/navigation/types';

const entries: SearchEntry[] = [
  { path: '/index', name: 'Home', title: { zh: '首页', en: 'Home' }, newWindow: false },
  { path: '/admin/user', name: 'User', title: { zh: '用户管理', en: 'Users' }, newWindow: false },
  { path: '/report/loading/DEMO_STOCK', name: 'DemoStock', title: { zh: '库存报表', en: 'Stock report' }, newWindow: false },
];

describe('window title', () => {
  it('is the product name plus the page title', () => {
    const page = pageTitleFor({ pathname: '/admin/user', search: '' }, entries, 'zh-chs');
    expect(windowTitle('工厂仓储管理平台', page)).toBe('工厂仓储管理平台 - 用户管理');
  });

  it('follows the language', () => {
    expect(pageTitleFor({ pathname: '/admin/user', search: '' }, entries, 'en')).toBe('Users');
  });

  it('a page with a code query value is titled by the menu item of that code', () => {
    expect(pageTitleFor({ pathname: '/report/view', search: '?code=DEMO_STOCK' }, entries, 'en')).toBe('Stock report');
    expect(pageTitleFor({ pathname: '/admin/user', search: '?code=Home' }, entries, 'zh-chs')).toBe('首页');
  });

  it('a page outside the menu shows only the product name', () => {
    expect(windowTitle('Portal', pageTitleFor({ pathname: '/unknown', search: '' }, entries, 'en'))).toBe('Portal');
  });
});
