/**
 * The walk over every menu leaf in both languages (issue 12), as a new administrator would do it: one
 * login per language, each leaf opened from the aside, then looked at at 1280 and 1440 px wide (menuWalk.ts
 * says what counts as an error toast, a raw code and a clipped label). One test per root menu, so a
 * failure names the area, and its message names each leaf with the offending text. Leaves whose page
 * is not built yet ('模块未找到') are listed and counted, not failed.
 */
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { writeFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import {
  MODULE_NOT_FOUND,
  WALK_LEAVES,
  WALK_MOTION,
  inspectScreen,
  openLeaf,
  recordErrorToasts,
  settle,
  takeErrorToasts,
  type WalkLanguage,
  type WalkLeaf,
} from './menuWalk';
import { ADMIN, closeAllTabs, logIn, rootButton, saveSettledScreenshot } from './shellPage';

const portalUrl = inject('portalUrl');

/** The two widths no label may be cut at; the walk opens each screen at the first and looks again at the second. */
const WIDTHS = [1280, 1440] as const;
const HEIGHT = 800;
const WALK_TIMEOUT_MS = 300_000;

const LANGUAGES: { language: WalkLanguage; cookie: string; home: string; closeAll: string; settings: string }[] = [
  { language: 'zh', cookie: 'zh-chs', home: '首页', closeAll: '关闭全部', settings: '高级配置' },
  { language: 'en', cookie: 'en', home: 'Home', closeAll: 'Close all', settings: 'Search settings' },
];

/** The leaves by root menu, in menu order. */
const AREAS = [...new Set(WALK_LEAVES.map((leaf) => leaf.trail[0].zh))].map((root) => {
  const leaves = WALK_LEAVES.filter((leaf) => leaf.trail[0].zh === root);
  return { area: `${root} / ${leaves[0].trail[0].en}`, leaves };
});

const leafName = (leaf: WalkLeaf, language: WalkLanguage) => leaf.trail.map((title) => title[language]).join(' › ');

describe.each(LANGUAGES)('every menu leaf in $cookie', ({ language, cookie, home, closeAll, settings }) => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  // Sets: a retried area counts its leaves once.
  const notBuilt = new Set<string>();
  const newWindows = new Set<string>();

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: WIDTHS[0], height: HEIGHT }, ...WALK_MOTION });
    page = await context.newPage();
    await recordErrorToasts(page);
    await logIn(page, portalUrl, ADMIN);
    await context.addCookies([{ name: 'language', value: cookie, url: portalUrl }]);
    await page.reload();
    await rootButton(page, home).waitFor();
    await takeErrorToasts(page);
  });

  afterAll(async () => {
    const summary = { language: cookie, leaves: WALK_LEAVES.length, notBuilt: [...notBuilt], newWindows: [...newWindows] };
    mkdirSync(resolve(import.meta.dirname, 'artifacts'), { recursive: true });
    writeFileSync(resolve(import.meta.dirname, 'artifacts', `menu-walk-${cookie}.json`), JSON.stringify(summary, null, 2));
    console.info(`menu walk (${cookie}): ${WALK_LEAVES.length} leaves, ${notBuilt.size} not built yet (${MODULE_NOT_FOUND[language]}): ${[...notBuilt].join('; ')}`);
    await browser?.close();
  });

  test.each(AREAS)('$area: no error toast, raw code or clipped label', async ({ leaves }) => {
    // Each area starts from Home alone, at the first width: tabs of earlier areas would crowd the bar.
    await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
    await closeAllTabs(page, home, closeAll);

    const problems: string[] = [];
    for (const leaf of leaves) {
      const name = leafName(leaf, language);
      if (leaf.newWindow) {
        const opened = context.waitForEvent('page');
        await openLeaf(page, leaf, language);
        await (await opened).close();
        newWindows.add(name);
        continue;
      }
      await openLeaf(page, leaf, language);
      await settle(page).catch((error: Error) => {
        throw new Error(`${name}: ${error.message}`);
      });
      for (const width of WIDTHS) {
        if (width !== WIDTHS[0]) {
          await page.setViewportSize({ width, height: HEIGHT });
          await settle(page);
        }
        const findings = await inspectScreen(page, leaf.code);
        if (findings.moduleNotFound) {
          // Its error toast is the spec's answer to a menu without a page (§8): counted, not failed.
          await takeErrorToasts(page);
          notBuilt.add(name);
          break;
        }
        problems.push(
          ...(await takeErrorToasts(page)).map((toast) => `${name}: error toast "${toast}"`),
          ...findings.rawCodes.map((raw) => `${name} @${width}: raw code ${raw}`),
          ...findings.clipped.map((clipped) => `${name} @${width}: clipped ${clipped}`),
        );
      }
      await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
    }
    expect(problems, `problems in ${language}:\n${problems.join('\n')}`).toEqual([]);
  }, WALK_TIMEOUT_MS);

  test('the advanced settings drawer keeps every column reachable and its inputs whole', async () => {
    const grid = WALK_LEAVES.find((leaf) => leaf.code === 'GridDemoReels')!;
    await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
    await openLeaf(page, grid, language);
    await settle(page);
    await page.getByRole('button', { name: settings }).filter({ visible: true }).click();
    const drawer = page.locator('.ant-drawer-content').filter({ visible: true });
    await drawer.locator('.ant-table-tbody tr.ant-table-row').nth(2).waitFor();
    await settle(page);
    await saveSettledScreenshot(page, `settings-drawer-${cookie}-${WIDTHS[0]}`);

    const layout = await drawer.evaluate((root) => {
      const fits = (el: Element) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const style = getComputedStyle(el);
        return range.getBoundingClientRect().width <= el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) + 1;
      };
      // Whatever scrolls sideways must do so on screen: a scroll bar below the last of many rows cannot be reached.
      const sideways = [...root.querySelectorAll('*')].filter((el) => el.scrollWidth > el.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(el).overflowX));
      return {
        scrollBarsOffScreen: sideways.filter((el) => el.getBoundingClientRect().bottom > window.innerHeight).length,
        cutHeaders: [...root.querySelectorAll('.ant-table-thead th')].filter((th) => !fits(th)).map((th) => th.textContent),
        cutChoices: [...root.querySelectorAll('.ant-select-selection-item')].filter((item) => item.getClientRects().length > 0 && !fits(item)).map((item) => item.textContent),
        wrappedMultiSelects: [...root.querySelectorAll('.ant-select-multiple .ant-select-selector')].filter((box) => box.getBoundingClientRect().height > 40).length,
      };
    });
    expect(layout).toEqual({ scrollBarsOffScreen: 0, cutHeaders: [], cutChoices: [], wrappedMultiSelects: 0 });
    await drawer.locator('.ant-drawer-close').click();
  }, WALK_TIMEOUT_MS);
});
