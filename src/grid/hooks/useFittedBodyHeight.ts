import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Room the grid needs below its top besides the body: toolbar, header row, the two footer rows
 * (合计, 平均), the pager and the page's bottom padding.
 */
const CHROME_HEIGHT = 240;
/** Never less than about six rows, however small the window. */
const MIN_BODY_HEIGHT = 240;

/**
 * A body height that fits the whole grid into the window below where it starts, so the footer
 * totals and the pager show without scrolling the page (at 1366×768 a fixed 560 px body pushed
 * them below the fold). Measured when the grid appears and on every window resize; a grid that is
 * hidden then (a background tab) keeps its last height. Undefined until measured, or when `enabled`
 * is off (the page gave a height).
 */
export function useFittedBodyHeight(grid: RefObject<HTMLElement | null>, enabled: boolean): number | undefined {
  const [height, setHeight] = useState<number>();

  useLayoutEffect(() => {
    if (!enabled) return;
    const fit = () => {
      const element = grid.current;
      // offsetParent is null while the element (or a parent) is display: none.
      if (!element || element.offsetParent === null) return;
      const top = element.getBoundingClientRect().top;
      setHeight(Math.max(MIN_BODY_HEIGHT, Math.floor(window.innerHeight - top - CHROME_HEIGHT)));
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [enabled, grid]);

  return height;
}
