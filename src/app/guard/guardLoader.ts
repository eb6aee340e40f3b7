/**
 * The guard as a react-router loader for the guarded layout route:
 *   { path: '/', loader: guardLoader, shouldRevalidate: () => true, ... }
 * Free paths pass, no token -> /login?redirect=<full path>, first navigation -> bootstrap.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { loadAllTexts } from '../../core/i18n';
import { readToken } from '../../core/session/cookies';
import { useNavigationStore } from '../../core/navigation/navigationStore';
import { decideNavigation } from './decide';
import { ensureSessionBootstrapped } from './sessionBootstrap';

export async function guardLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const decision = decideNavigation({
    pathname: url.pathname,
    fullPath: url.pathname + url.search + url.hash,
    requiresAuth: true,
    hasToken: Boolean(readToken()),
    bootstrapped: useNavigationStore.getState().bootstrapped,
  });
  if (decision.type === 'redirect') throw redirect(decision.to);
  // The shell's texts load beside the bootstrap (the login page bundles only its own, core/i18n).
  await Promise.all([decision.type === 'bootstrap' ? ensureSessionBootstrapped() : undefined, loadAllTexts()]);
  return null;
}
