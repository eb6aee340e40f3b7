import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The element's content width in pixels (inside its padding), followed with a ResizeObserver; 0
 * until measured and where nothing is laid out (jsdom); a hidden element keeps its last width.
 */
export function useElementWidth(element: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);

  useLayoutEffect(() => {
    const target = element.current;
    if (!target) return;
    const measure = () => {
      if (target.offsetParent === null) return;
      const style = getComputedStyle(target);
      setWidth(target.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);

  return width;
}
