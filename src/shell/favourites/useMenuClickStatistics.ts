/** Counts each arrival at a menu screen once (spec §3 menu click statistics), through the shell services. */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useNavigationStore } from '../../core/navigation/navigationStore';
import { useShellServices } from '../services';
import { menuVisitFor } from './menuClicks';

export function useMenuClickStatistics(): void {
  const { pathname } = useLocation();
  const menus = useNavigationStore((s) => s.menus);
  const { recordMenuVisit } = useShellServices();
  // Re-renders and a menu reload on the same screen are not visits.
  const countedPath = useRef<string | null>(null);

  useEffect(() => {
    if (countedPath.current === pathname || !recordMenuVisit) return;
    const visit = menuVisitFor(menus, pathname);
    if (!visit && !menus.length) return; // menus not loaded yet: decide when they are
    countedPath.current = pathname;
    if (visit) recordMenuVisit(visit);
  }, [pathname, menus, recordMenuVisit]);
}
