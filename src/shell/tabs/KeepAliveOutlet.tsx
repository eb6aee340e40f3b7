/**
 * The shell's <Outlet/> with keep-alive: every open tab's page stays mounted inside React's
 * <Activity>, hidden while another tab shows, so form input and component state survive tab
 * switches. The content scroll position is remembered per tab. A tab's refresh key is part of the
 * React key, so refreshing remounts that page. Routes that are not tabs (refresh, 404) render
 * normally.
 */
import { Activity, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router-dom';
import { useNavigationStore } from '../../core/navigation/navigationStore';
import { useTabsStore } from './tabsStore';
import { tabForLocation } from './useTabsFollowLocation';

interface PageCache {
  /** location.key the cache was last updated for: a new navigation captures the new outlet. */
  locationKey: string;
  pages: Map<string, ReactNode>;
}

export function KeepAliveOutlet({ className }: { className?: string }) {
  const outlet = useOutlet();
  const location = useLocation();
  const { pathname } = location;
  const tabs = useTabsStore((s) => s.tabs);
  const refreshKeys = useTabsStore((s) => s.refreshKeys);
  const routes = useNavigationStore((s) => s.routes);
  // Decided from the location, not the tab list: the tab opens only after this render, and the
  // page must start inside its <Activity> or it would mount twice.
  const isTab = tabForLocation(location, routes) !== undefined;
  const openPaths = new Set([...tabs.map((tab) => tab.path), ...(isTab ? [pathname] : [])]);

  const [cache, setCache] = useState<PageCache>({ locationKey: '', pages: new Map() });
  if (cache.locationKey !== location.key || (isTab && !cache.pages.has(pathname))) {
    // Capture the page of the tab being shown; forget pages of tabs that were closed.
    const pages = new Map([...cache.pages].filter(([path]) => openPaths.has(path)));
    if (isTab && outlet) pages.set(pathname, outlet);
    setCache({ locationKey: location.key, pages });
  }

  const scroller = useRef<HTMLDivElement>(null);
  const scrollTops = useRef(new Map<string, number>());
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTop = scrollTops.current.get(pathname) ?? 0;
    const remember = () => scrollTops.current.set(pathname, el.scrollTop);
    el.addEventListener('scroll', remember, { passive: true });
    return () => el.removeEventListener('scroll', remember);
  }, [pathname]);

  return (
    <div ref={scroller} className={className}>
      {/* Cache order, not tab order: dragging tabs must not move (and reload) iframes. */}
      {[...cache.pages].filter(([path]) => openPaths.has(path)).map(([path, page]) => (
        <Activity key={`${path}#${refreshKeys[path] ?? 0}`} mode={path === pathname ? 'visible' : 'hidden'}>
          {page}
        </Activity>
      ))}
      {!isTab && outlet}
    </div>
  );
}
