/**
 * Master lists as a person sees them (issue 12 defects 3, 5, 6, 7, 17), on the real server in both
 * languages at 1440×900 and 1024×768: the grid fills down to the pager at the window's bottom (no
 * empty band), the quick-search fields stand above it, no bookkeeping column shows, coded values
 * show their 字典 label and numbers their grouped digits. Screenshots of 物料 and 单位换算 go to
 * tests/e2e/artifacts/ for a person to look at.
 */
import { describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { adminSessionPerFile } from './adminSession';
import { grid, headerTitles, waitForRows } from './gridPage';
import { menuTitle, openScreen, saveSettledScreenshot } from './shellPage';

const portalUrl = inject('portalUrl');
const session = adminSessionPerFile(portalUrl);

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
] as const;
const LANGUAGES = ['zh-chs', 'en'] as const;
const titleIn = (code: string, language: (typeof LANGUAGES)[number]) => menuTitle(code)[language === 'en' ? 'en' : 'zh'];

/** The page's room for the grid ends this far above the window's bottom (the shell's content padding). */
const CONTENT_PADDING = 16;

async function openList(page: Page, language: (typeof LANGUAGES)[number], viewport: (typeof VIEWPORTS)[number], screenCode: string) {
  await page.setViewportSize(viewport);
  await page.context().addCookies([{ name: 'language', value: language, url: portalUrl }]);
  await page.reload();
  await openScreen(page, titleIn('MasterData', language), titleIn(screenCode, language));
  await waitForRows(page);
  // The body takes its fitted height after the first layout.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

/** Pixels between the bottom of the visible grid's pager and the window's bottom. */
const gapBelowPager = (page: Page) =>
  grid(page).evaluate((element) => window.innerHeight - element.querySelector('.ant-pagination')!.getBoundingClientRect().bottom);

describe.each(LANGUAGES)('master lists in %s', (language) => {
  test.each(VIEWPORTS)('物料 and 单位换算 fill the window at $width×$height', async (viewport) => {
    const { page } = session;
    for (const screen of ['MasterPart', 'MasterUnitConversion']) {
      await openList(page, language, viewport, screen);
      await saveSettledScreenshot(page, `grid-${screen}-${language}-${viewport.width}x${viewport.height}`);
      // Down to the pager (its bottom margin and the content padding), not ~130 px short of it.
      await expect.poll(() => gapBelowPager(page)).toBeLessThanOrEqual(CONTENT_PADDING + 16 + 2);
      expect(await page.evaluate(() => document.scrollingElement!.scrollHeight <= window.innerHeight)).toBe(true);

      const headers = await headerTitles(page);
      for (const bookkeeping of ['ID', '组织', 'Organisation', '版本', 'Version', 'created_at', 'org_id']) expect(headers).not.toContain(bookkeeping);
      // Quick search: the part number field (IS_FAST_SEARCH) stands above the grid.
      expect(await grid(page).locator('[data-grid-quick-search]').count()).toBe(1);
    }
    // 单位换算 (the last one opened) shows its units by their 字典 labels and its rates grouped.
    const headers = await headerTitles(page);
    const fromUnit = headers.indexOf(language === 'en' ? 'From unit' : '原单位');
    const firstRow = (await grid(page).locator('.ant-table-tbody-virtual .ant-table-row').first().locator('.ant-table-cell').allTextContents()).slice(1);
    expect(firstRow[fromUnit]).toBe(language === 'en' ? 'Reel' : '盘');
    expect(firstRow.join(' ')).not.toMatch(/\bREEL\b|\bPCS\b/);
  });
});
