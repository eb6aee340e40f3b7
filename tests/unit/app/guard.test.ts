import { describe, expect, it } from 'vitest';
import { decideNavigation, type GuardInput } from '../../../src/app/guard/decide';

const navigation = (overrides: Partial<GuardInput>): GuardInput => ({
  pathname: '/admin/user',
  fullPath: '/admin/user',
  requiresAuth: true,
  hasToken: true,
  bootstrapped: true,
  ...overrides,
});

describe('navigation guard', () => {
  it('a route without the auth flag passes without a token', () => {
    expect(decideNavigation(navigation({ pathname: '/login', fullPath: '/login', requiresAuth: false, hasToken: false }))).toEqual({
      type: 'pass',
    });
  });

  it.each(['/sop/browse', '/sop/simple-index', '/sop/browse/42'])('the SOP page %s passes without a token', (pathname) => {
    expect(decideNavigation(navigation({ pathname, fullPath: pathname, hasToken: false, bootstrapped: false }))).toEqual({
      type: 'pass',
    });
  });

  it('a look-alike of a SOP path is still guarded', () => {
    expect(decideNavigation(navigation({ pathname: '/sop/browser', hasToken: false })).type).toBe('redirect');
  });

  it('without a token the user goes to login with the full path to come back to', () => {
    const decision = decideNavigation(
      navigation({ pathname: '/bill/master/IN', fullPath: '/bill/master/IN?status=open#lines', hasToken: false }),
    );
    expect(decision).toEqual({ type: 'redirect', to: '/login?redirect=%2Fbill%2Fmaster%2FIN%3Fstatus%3Dopen%23lines' });
  });

  it('the first navigation with a token runs the session bootstrap', () => {
    expect(decideNavigation(navigation({ bootstrapped: false }))).toEqual({ type: 'bootstrap' });
  });

  it('later navigations with a token pass', () => {
    expect(decideNavigation(navigation({}))).toEqual({ type: 'pass' });
  });
});
