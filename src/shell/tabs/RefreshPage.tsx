/**
 * The hidden `refresh` route (spec §2): shows nothing, then after 100 ms replaces itself with the
 * page named in ?redirect=, which the tab's new key has made remount.
 */
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { REFRESH_REDIRECT_PARAM, STATIC_PATHS } from '../../core/navigation/staticPaths';

export const REFRESH_DELAY_MS = 100;

export function RefreshPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = params.get(REFRESH_REDIRECT_PARAM) || STATIC_PATHS.home;
  useEffect(() => {
    const timer = window.setTimeout(() => navigate(target, { replace: true }), REFRESH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, target]);
  return null;
}
