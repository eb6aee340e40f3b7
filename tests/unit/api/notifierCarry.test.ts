import { describe, expect, it, vi } from 'vitest';
import { notifyAcrossReload, setNotifier, type NotifierPorts } from '../../../src/core/notifier';

const ports = () => {
  const spy = { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() };
  return { spy, ports: { message: { ...spy }, notification: spy } as unknown as NotifierPorts };
};

describe('a notice carried across the page load', () => {
  it('is shown now and once more by the next page, then forgotten', () => {
    const first = ports();
    setNotifier(first.ports);
    notifyAcrossReload('warning', { message: 'Demo child app', description: 'Login expired, please log in again' });
    expect(first.spy.warning).toHaveBeenCalledOnce();

    const next = ports(); // the page after the reload
    setNotifier(next.ports);
    expect(next.spy.warning).toHaveBeenCalledWith({ message: 'Demo child app', description: 'Login expired, please log in again' });
    const later = ports();
    setNotifier(later.ports);
    expect(later.spy.warning).not.toHaveBeenCalled();
  });

  it('an old carried notice is dropped', () => {
    vi.useFakeTimers();
    try {
      setNotifier(ports().ports);
      notifyAcrossReload('warning', { message: 'x' });
      vi.advanceTimersByTime(60_000);
      const next = ports();
      setNotifier(next.ports);
      expect(next.spy.warning).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
