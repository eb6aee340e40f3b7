import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The element's content width in pixels (inside its padding), followed with a ResizeObserver;
 * undefined until the element has mounted and been measured (in its first commit's layout effects,
 * so before anything is painted), 0 where nothing is laid out (jsdom); a hidden element keeps its last width.
 */
export function useElementWidth(element: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number>();

  useLayoutEffect(() => {
    const target = element.current;
    if (!target) return;
    const measure = () => {
      if (target.offsetParent === null) return setWidth((last) => last ?? 0);
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
