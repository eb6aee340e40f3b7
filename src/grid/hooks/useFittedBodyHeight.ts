import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Before the grid has a body to measure: room it needs below its toolbar besides the body (header
 * row, the two footer rows 合计 and 平均, the pager and the page's bottom padding).
 */
const CHROME_BELOW_TOOLBAR = 200;
/** The virtual body's scrolling box (components/VirtualBody.tsx), whose height is the body height. */
const BODY_SELECTOR = '.ant-table-tbody-virtual-holder';
/** Never less than about six rows, however small the window. */
const MIN_BODY_HEIGHT = 240;
/** The grid's toolbar carries this attribute; its height is measured, as it wraps to more lines on narrow screens. */
const GRID_TOOLBAR_ATTRIBUTE = 'data-grid-toolbar';

/** The toolbar's height with its bottom margin; 0 when the toolbar is hidden. */
function toolbarHeight(grid: HTMLElement): number {
  const toolbar = grid.querySelector<HTMLElement>(`[${GRID_TOOLBAR_ATTRIBUTE}]`);
  if (!toolbar) return 0;
  return toolbar.getBoundingClientRect().height + (parseFloat(getComputedStyle(toolbar).marginBottom) || 0);
}

/**
 * Where the grid's room ends: the bottom of the box that scrolls the page (the shell's content
 * area), less its bottom padding; the window's bottom when there is none.
 */
function roomBottom(grid: HTMLElement): number {
  for (let box = grid.parentElement; box && box !== document.body; box = box.parentElement) {
    const style = getComputedStyle(box);
    if (style.overflowY === 'auto' || style.overflowY === 'scroll') {
      return Math.min(window.innerHeight, box.getBoundingClientRect().bottom - (parseFloat(style.paddingBottom) || 0));
    }
  }
  return window.innerHeight;
}

/**
 * Everything of the grid but its body, as laid out now (quick search, toolbar, header, footer rows
 * if any, pager); the estimate until the body is there to measure.
 */
function chromeHeight(grid: HTMLElement): number {
  const body = grid.querySelector<HTMLElement>(BODY_SELECTOR);
  if (!body) return toolbarHeight(grid) + CHROME_BELOW_TOOLBAR;
  return grid.getBoundingClientRect().height - body.getBoundingClientRect().height;
}

/**
 * A body height that fits the whole grid into the window below where it starts, so the footer
 * totals and the pager show without scrolling the page (at 1366×768 a fixed 560 px body pushed
 * them below the fold). Measured when the grid appears, on every window resize and whenever the
 * grid's box changes (a collapsed side menu or another language makes the toolbar wrap to a second
 * line, or unwrap, without any window resize); a grid that is hidden then (a background tab) keeps
 * its last height. Undefined until measured, or when `enabled` is off (the page gave a height).
 */
export function useFittedBodyHeight(grid: RefObject<HTMLElement | null>, enabled: boolean): number | undefined {
  const [height, setHeight] = useState<number>();

  useLayoutEffect(() => {
    const element = grid.current;
    if (!enabled || !element) return;
    const fit = () => {
      // offsetParent is null while the element (or a parent) is display: none.
      if (element.offsetParent === null) return;
      // Measured, not assumed: a master list has no footer rows, and a fixed allowance for them left
      // an empty band of about 130 px under its pager (issue 12 defect 7).
      const top = element.getBoundingClientRect().top;
      setHeight(Math.max(MIN_BODY_HEIGHT, Math.floor(roomBottom(element) - top - chromeHeight(element))));
    };
    fit();
    window.addEventListener('resize', fit);
    // The grid's own box: its new body height settles it again at the same value, so this ends.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(fit);
    observer?.observe(element);
    return () => {
      window.removeEventListener('resize', fit);
      observer?.disconnect();
    };
  }, [enabled, grid]);

  return height;
}
