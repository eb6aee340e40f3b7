/**
 * Navigation guard decision (spec §2 "Navigation guard"), pure so every rule is testable:
 * free routes pass, a missing token goes to login with the full path to come back to, the
 * first guarded navigation of a session runs the bootstrap, everything else passes.
 */
import { STATIC_PATHS } from '../../core/navigation/staticPaths';

/** SOP browse and SOP simple index pages are opened from shop-floor screens without a login. */
export const FREE_PATHS = ['/sop/browse', '/sop/simple-index'] as const;

export interface GuardInput {
  pathname: string;
  /** pathname + search + hash, what the login page sends the user back to. */
  fullPath: string;
  /** The route's auth flag; every dynamic route and the main layout have it. */
  requiresAuth: boolean;
  hasToken: boolean;
  /** Routes, menus and user info are loaded for this session. */
  bootstrapped: boolean;
}

export type GuardDecision = { type: 'pass' } | { type: 'redirect'; to: string } | { type: 'bootstrap' };

const isUnder = (pathname: string, base: string) => {
  const path = pathname.toLowerCase();
  const prefix = base.toLowerCase();
  return path === prefix || path.startsWith(`${prefix}/`);
};

export const isFreePath = (pathname: string) => FREE_PATHS.some((free) => isUnder(pathname, free));

export const loginRedirectFor = (fullPath: string) => `${STATIC_PATHS.login}?redirect=${encodeURIComponent(fullPath)}`;

export function decideNavigation(input: GuardInput): GuardDecision {
  if (!input.requiresAuth || isFreePath(input.pathname)) return { type: 'pass' };
  if (!input.hasToken) return { type: 'redirect', to: loginRedirectFor(input.fullPath) };
  if (!input.bootstrapped) return { type: 'bootstrap' };
  return { type: 'pass' };
}
