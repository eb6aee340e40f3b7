import { describe, expect, it, vi } from 'vitest';
import { CHILD_MESSAGE, childOrigin, handleChildMessage, initMessages } from '../../../src/shell/childApp/protocol';
import {
  effectiveChildAppUrl,
  isChildAppDebugOn,
  readDebugUrls,
  saveDebugUrls,
  setChildAppDebug,
  configuredDebugHosts,
} from '../../../src/shell/childApp/childAppDebug';

const CHILD_ORIGIN = 'http://child.plant.test:5174';
const childWindow = { name: 'child frame' } as unknown as MessageEventSource;
const otherWindow = { name: 'another frame' } as unknown as MessageEventSource;
const child = { window: childWindow, origin: CHILD_ORIGIN };

function effects() {
  return { logout: vi.fn(), navigate: vi.fn(), unknownType: vi.fn() };
}
const fromChild = (data: unknown, overrides: Partial<{ origin: string; source: MessageEventSource | null }> = {}) => ({
  data,
  origin: CHILD_ORIGIN,
  source: childWindow,
  ...overrides,
});

describe('messages from a child app', () => {
  it('logout logs the base app out', () => {
    const fx = effects();
    expect(handleChildMessage(fromChild({ type: 'logout' }), child, fx)).toBe('handled');
    expect(fx.logout).toHaveBeenCalledOnce();
    expect(fx.navigate).not.toHaveBeenCalled();
  });

  it('router-push moves the base app with a new history entry', () => {
    const fx = effects();
    expect(handleChildMessage(fromChild({ type: 'router-push', path: '/admin/user?tab=2' }), child, fx)).toBe('handled');
    expect(fx.navigate).toHaveBeenCalledWith('/admin/user?tab=2', { replace: false });
  });

  it('router-replace moves the base app in place', () => {
    const fx = effects();
    handleChildMessage(fromChild({ type: 'router-replace', path: '/micro/DEMO/orders' }), child, fx);
    expect(fx.navigate).toHaveBeenCalledWith('/micro/DEMO/orders', { replace: true });
  });

  it('a route to another site is refused and reported, not followed', () => {
    const fx = effects();
    for (const path of ['//evil.test/x', 'https://evil.test/', 'javascript:alert(1)', 42]) {
      expect(handleChildMessage(fromChild({ type: 'router-push', path }), child, fx)).toBe('unknown');
    }
    expect(fx.navigate).not.toHaveBeenCalled();
    expect(fx.unknownType).toHaveBeenCalledTimes(4);
  });

  it('an unknown type is reported with its name', () => {
    const fx = effects();
    expect(handleChildMessage(fromChild({ type: 'print-label' }), child, fx)).toBe('unknown');
    expect(fx.unknownType).toHaveBeenCalledWith('print-label');
  });

  it('a message from another origin is ignored, even from the child frame', () => {
    const fx = effects();
    expect(handleChildMessage(fromChild({ type: 'logout' }, { origin: 'http://evil.test' }), child, fx)).toBe('ignored');
    expect(fx.logout).not.toHaveBeenCalled();
  });

  it('a message from another window of the same origin is ignored', () => {
    const fx = effects();
    expect(handleChildMessage(fromChild({ type: 'router-push', path: '/x' }, { source: otherWindow }), child, fx)).toBe('ignored');
    expect(handleChildMessage(fromChild({ type: 'logout' }, { source: null }), child, fx)).toBe('ignored');
    expect(handleChildMessage(fromChild({ type: 'logout' }), { ...child, window: null }, fx)).toBe('ignored');
    expect(fx.logout).not.toHaveBeenCalled();
    expect(fx.navigate).not.toHaveBeenCalled();
  });

  it('data without a string type (devtools, extensions) is ignored silently', () => {
    const fx = effects();
    for (const data of [null, 'logout', { type: 7 }, {}]) expect(handleChildMessage(fromChild(data), child, fx)).toBe('ignored');
    expect(fx.unknownType).not.toHaveBeenCalled();
  });
});

describe('messages to a child app', () => {
  it('init sends routes, the ticket, host config and table-tool visibility, in that order', () => {
    const routes = [{ path: '/admin/user', name: 'User', title: { zh: '用户管理', en: 'Users' } }];
    expect(initMessages({ routes, ticket: 'T-1', hostConfig: { apiBase: 'http://p/api' }, tableToolVisible: false })).toEqual([
      { type: CHILD_MESSAGE.routeInit, routes },
      { type: 'auth-send', ticket: 'T-1' },
      { type: 'host-config', config: { apiBase: 'http://p/api' } },
      { type: 'table-tool-toogle', visible: false },
    ]);
  });

  it('the child origin of a relative URL is the portal origin', () => {
    expect(childOrigin('/child-demo/', 'http://portal.test:8080/micro/DEMO')).toBe('http://portal.test:8080');
    expect(childOrigin('http://child.plant.test:5174/app/#/x', 'http://portal.test/')).toBe(CHILD_ORIGIN);
  });
});

describe('child-app debug', () => {
  it('starts ON only on a host of the configured list, then the stored choice wins', () => {
    sessionStorage.clear();
    expect(isChildAppDebugOn(sessionStorage, 'localhost', ['localhost'])).toBe(true);
    expect(isChildAppDebugOn(sessionStorage, 'portal.plant.test', ['localhost'])).toBe(false);
    setChildAppDebug(true);
    expect(isChildAppDebugOn(sessionStorage, 'portal.plant.test', ['localhost'])).toBe(true);
    setChildAppDebug(false);
    expect(isChildAppDebugOn(sessionStorage, 'localhost', ['localhost'])).toBe(false);
  });

  it('reads the host list from configuration, trimmed and lower-cased', () => {
    expect(configuredDebugHosts(' Dev.Plant.Test , localhost ,')).toEqual(['dev.plant.test', 'localhost']);
    expect(configuredDebugHosts('')).toEqual([]);
  });

  it('stores URLs trimmed, drops empty ones, and uses them only while debugging', () => {
    sessionStorage.clear();
    expect(saveDebugUrls({ DEMO: '  http://localhost:5174/  ', WMS: '   ' })).toEqual({ DEMO: 'http://localhost:5174/' });
    expect(readDebugUrls()).toEqual({ DEMO: 'http://localhost:5174/' });
    setChildAppDebug(true);
    expect(effectiveChildAppUrl('DEMO', '/child-demo/')).toBe('http://localhost:5174/');
    expect(effectiveChildAppUrl('WMS', 'http://wms/')).toBe('http://wms/');
    setChildAppDebug(false);
    expect(effectiveChildAppUrl('DEMO', '/child-demo/')).toBe('/child-demo/');
  });
});
