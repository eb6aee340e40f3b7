import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFittedBodyHeight } from '../../../src/grid/hooks/useFittedBodyHeight';

/** A grid 100 px below the window's top whose toolbar is `toolbar` px high (jsdom lays nothing out). */
function Grid({ toolbar, onHeight }: { toolbar: number | null; onHeight: (height: number | undefined) => void }) {
  const grid = useRef<HTMLDivElement>(null);
  onHeight(useFittedBodyHeight(grid, true));
  return (
    <div
      ref={(element) => {
        grid.current = element;
        if (!element) return;
        Object.defineProperty(element, 'offsetParent', { configurable: true, get: () => document.body });
        element.getBoundingClientRect = () => ({ top: 100 }) as DOMRect;
      }}
    >
      {toolbar !== null && (
        <div
          data-grid-toolbar
          style={{ marginBottom: '8px' }}
          ref={(element) => {
            if (element) element.getBoundingClientRect = () => ({ height: toolbar }) as DOMRect;
          }}
        />
      )}
    </div>
  );
}

describe('the fitted grid body height', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('leaves room for a one-line toolbar, and less body when the toolbar has wrapped to two lines', () => {
    vi.stubGlobal('innerHeight', 900);
    let height: number | undefined;
    const { rerender } = render(<Grid toolbar={32} onHeight={(h) => (height = h)} />);
    // 900 - 100 (grid top) - 40 (toolbar and its margin) - 200 (header, footer rows, pager, padding)
    expect(height).toBe(560);

    rerender(<Grid toolbar={72} onHeight={(h) => (height = h)} />);
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(height).toBe(520);
  });

  it('gives the body the toolbar\'s room when the toolbar is hidden', () => {
    vi.stubGlobal('innerHeight', 900);
    let height: number | undefined;
    render(<Grid toolbar={null} onHeight={(h) => (height = h)} />);
    expect(height).toBe(600);
  });
});

/** A grid 100 px below the window's top with a body `body` px high and `chrome` px of everything else (no footer rows). */
function MeasuredGrid({ body, chrome, onHeight }: { body: number; chrome: number; onHeight: (height: number | undefined) => void }) {
  const grid = useRef<HTMLDivElement>(null);
  onHeight(useFittedBodyHeight(grid, true));
  return (
    <div
      ref={(element) => {
        grid.current = element;
        if (!element) return;
        Object.defineProperty(element, 'offsetParent', { configurable: true, get: () => document.body });
        element.getBoundingClientRect = () => ({ top: 100, height: body + chrome }) as DOMRect;
      }}
    >
      <div data-grid-toolbar />
      <div
        className="ant-table-tbody-virtual-holder"
        ref={(element) => {
          if (element) element.getBoundingClientRect = () => ({ height: body }) as DOMRect;
        }}
      />
    </div>
  );
}

describe('the fitted grid body height, once the grid is laid out', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills the window down to the pager: a list without footer rows leaves no empty band (issue 12 defect 7)', () => {
    vi.stubGlobal('innerHeight', 900);
    let height: number | undefined;
    // Quick search, toolbar, header and pager take 150 px; there are no 合计/平均 rows to leave room for.
    render(<MeasuredGrid body={560} chrome={150} onHeight={(h) => (height = h)} />);
    // 900 - 100 (grid top) - 150 (everything but the body)
    expect(height).toBe(650);
  });

  it('gives up room for footer rows when the list has them', () => {
    vi.stubGlobal('innerHeight', 900);
    let height: number | undefined;
    render(<MeasuredGrid body={560} chrome={230} onHeight={(h) => (height = h)} />);
    expect(height).toBe(570);
  });
});
