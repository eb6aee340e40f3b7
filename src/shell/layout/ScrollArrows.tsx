/**
 * A vertically scrolling area with up/down arrows that appear only while there is more content
 * in that direction (spec §2: the second-level panel gets scroll arrows when it overflows; the
 * root icon column gets them too, on short screens).
 *
 * While the content overflows, both arrows' places are kept, an arrow with nothing to scroll to
 * an empty slot of its height: a scroll never moves the content. Shown and hidden in the flow, the
 * up arrow appeared a frame after a scroll and pushed every item down by its height, so a click on
 * an item just scrolled into view pressed on the item and let go on the one above it, or between
 * them (the click was lost: a loaded machine, the last item of a long panel).
 */
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { prefersReducedMotion } from '../../core/settings/reducedMotion';

const SCROLL_STEP_PX = 120;

export function ScrollArrows({ children, className }: { children: ReactNode; className?: string }) {
  const { t } = useTranslation('shell');
  const viewport = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ above: false, below: false });
  const overflows = more.above || more.below;

  const measure = useCallback(() => {
    const el = viewport.current;
    if (!el) return;
    const above = el.scrollTop > 0;
    const below = el.scrollTop + el.clientHeight < el.scrollHeight - 1;
    setMore((prev) => (prev.above === above && prev.below === below ? prev : { above, below }));
  }, []);
  const slot = <div className="shell-scroll-arrow shell-scroll-arrow--idle" aria-hidden="true" />;

  useLayoutEffect(() => {
    measure();
    // The panel overflows when the window shrinks or a sub-menu opens: watch both boxes.
    const observer = new ResizeObserver(measure);
    if (viewport.current) observer.observe(viewport.current);
    if (content.current) observer.observe(content.current);
    return () => observer.disconnect();
  }, [measure]);

  // Only the arrows glide: a scroll by focus, wheel or a scanner-driven keyboard is instant, so an item
  // is where it shows when the next click or key comes (a panel-wide smooth scroll moved items under
  // the pointer while they were clicked).
  const scrollBy = (delta: number) => {
    const el = viewport.current;
    if (!el) return;
    if (typeof el.scrollBy === 'function') el.scrollBy({ top: delta, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
    else el.scrollTop += delta;
    measure();
  };

  return (
    <div className={className ? `shell-scroll ${className}` : 'shell-scroll'}>
      {more.above ? (
        <button type="button" className="shell-scroll-arrow shell-scroll-arrow--up" aria-label={t('aside.scrollUp')} onClick={() => scrollBy(-SCROLL_STEP_PX)}>
          <UpOutlined />
        </button>
      ) : (
        overflows && slot
      )}
      <div ref={viewport} className="shell-scroll-viewport" onScroll={measure}>
        <div ref={content}>{children}</div>
      </div>
      {more.below ? (
        <button type="button" className="shell-scroll-arrow shell-scroll-arrow--down" aria-label={t('aside.scrollDown')} onClick={() => scrollBy(SCROLL_STEP_PX)}>
          <DownOutlined />
        </button>
      ) : (
        overflows && slot
      )}
    </div>
  );
}
