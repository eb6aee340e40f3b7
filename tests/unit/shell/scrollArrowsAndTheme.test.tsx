import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { Button } from 'antd';
import { ScrollArrows } from '../../../src/shell/layout/ScrollArrows';
import { ShellThemeProvider, useShellTheme } from '../../../src/shell/settings/ShellThemeProvider';
import { GHOST_USER_ID, switchSettingsUser, useSettingsStore } from '../../../src/core/settings/settingsStore';
import { changeLanguage } from '../../../src/core/i18n';
import '../../../src/core/i18n';

// antd's first render (CSS-in-JS) takes seconds when the whole unit project runs in parallel.
vi.setConfig({ testTimeout: 20_000 });

/** jsdom does no layout: give the panel a height and its content a bigger one. */
function fakeOverflow(clientHeight: number, scrollHeight: number) {
  const proto = HTMLElement.prototype;
  const saved = [Object.getOwnPropertyDescriptor(proto, 'clientHeight'), Object.getOwnPropertyDescriptor(proto, 'scrollHeight')];
  Object.defineProperty(proto, 'clientHeight', { configurable: true, get: () => clientHeight });
  Object.defineProperty(proto, 'scrollHeight', { configurable: true, get: () => scrollHeight });
  return () => {
    for (const [name, descriptor] of [['clientHeight', saved[0]], ['scrollHeight', saved[1]]] as const) {
      if (descriptor) Object.defineProperty(proto, name, descriptor);
      else delete (proto as unknown as Record<string, unknown>)[name];
    }
  };
}

let restore = () => {};
afterEach(() => restore());

describe('second-level panel scroll arrows', () => {
  it('are absent when everything fits', async () => {
    await changeLanguage('en');
    restore = fakeOverflow(400, 400);
    render(<ScrollArrows>menu</ScrollArrows>);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('show "scroll down" when the menu overflows, then "scroll up" once scrolled', async () => {
    await changeLanguage('en');
    restore = fakeOverflow(200, 600);
    render(<ScrollArrows>menu</ScrollArrows>);
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Scroll down']);
    fireEvent.click(screen.getByRole('button', { name: 'Scroll down' }));
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Scroll up', 'Scroll down']);
  });

  it('keep both arrows’ places while the menu overflows, so a scroll never moves the items', async () => {
    await changeLanguage('en');
    restore = fakeOverflow(200, 600);
    const { container } = render(<ScrollArrows>menu</ScrollArrows>);
    const viewport = container.querySelector('.shell-scroll-viewport') as HTMLElement;
    const around = () => [viewport.previousElementSibling, viewport.nextElementSibling].map((el) => el?.getAttribute('aria-label') ?? el?.className);
    // At the top: nothing to scroll up to, an empty slot where the up arrow goes.
    expect(around()).toEqual(['shell-scroll-arrow shell-scroll-arrow--idle', 'Scroll down']);
    viewport.scrollTop = 400;
    fireEvent.scroll(viewport);
    // At the bottom: the up arrow in its place, an empty slot where the down arrow was.
    expect(around()).toEqual(['Scroll up', 'shell-scroll-arrow shell-scroll-arrow--idle']);
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Scroll up']);
  });
});

describe('theme provider', () => {
  it('elements are small by default and follow the element size setting', () => {
    switchSettingsUser(GHOST_USER_ID);
    render(
      <ShellThemeProvider>
        <Button>Save</Button>
      </ShellThemeProvider>,
    );
    expect(screen.getByRole('button').className).toContain('ant-btn-sm');
    act(() => useSettingsStore.getState().setElementSize('large'));
    expect(screen.getByRole('button').className).toContain('ant-btn-lg');
  });

  it("turns antd's motion off while the system asks for reduced motion, and leaves antd's default once it stops", () => {
    let reduce = true;
    const listeners = new Set<() => void>();
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          get matches() {
            return query === '(prefers-reduced-motion: reduce)' && reduce;
          },
          media: query,
          addEventListener: (_: string, listener: () => void) => listeners.add(listener),
          removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
        }) as unknown as MediaQueryList,
    );
    restore = () => matchMedia.mockRestore();
    const { result } = renderHook(() => useShellTheme());
    expect(result.current.antdTheme.token?.motion).toBe(false);
    act(() => {
      reduce = false;
      for (const listener of listeners) listener();
    });
    expect(result.current.antdTheme.token?.motion).toBeUndefined();
  });
});
