/**
 * The DataGrid's virtual body (src/grid/components/VirtualBody.tsx) on its own: only the rows in
 * view (and a few beyond) are in the DOM, placed by arithmetic on one fixed row height; a scroll
 * brings the next rows, a shorter page its own; every cell is one line whose title is its whole value; rows keep their
 * selection; and the column widths fill a wider grid (fitColumnWidths).
 */
import { createRef, type Key } from 'react';
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { VirtualBody, type BodyColumn, type ScrollBodyInfo } from '../../../src/grid/components/VirtualBody';
import { fitColumnWidths } from '../../../src/grid/logic/columns';
import type { GridRow } from '../../../src/grid/model/types';

const ROW_HEIGHT = 39;
const HEIGHT = 390; // ten rows in view
const LONG_TEXT = '一段很长的备注文字，远比列宽要长，只显示一行并以省略号截断，鼠标悬停时显示全文';

const rows: GridRow[] = Array.from({ length: 10_000 }, (_, index) => ({
  id: `R${String(index + 1).padStart(5, '0')}`,
  qty: index * 10,
  note: index === 0 ? LONG_TEXT : `备注 ${index + 1}`,
}));

const columns: BodyColumn[] = [
  { field: 'id', width: 120, render: (value) => value as string },
  { field: 'qty', width: 100, render: (value) => value as number },
  { field: 'note', width: 160, render: (value) => value as string },
];

function renderBody(selected: ReadonlyMap<Key, GridRow> = new Map(), onToggle = vi.fn()) {
  const ref = createRef<HTMLDivElement>();
  const info: ScrollBodyInfo = { scrollbarSize: 0, ref, onScroll: vi.fn() };
  const props = {
    rows,
    columns,
    rowKey: (row: GridRow) => row.id as string,
    selectionWidth: 60,
    rowHeight: ROW_HEIGHT,
    height: HEIGHT,
    info,
    selected,
    onToggle,
    checkboxLabel: '选择行',
    checkboxColor: '#1677ff',
    empty: '暂无数据',
  };
  const view = render(<VirtualBody {...props} />);
  return { ...view, ref, info, props };
}

const renderedRows = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('.ant-table-tbody-virtual .ant-table-row')];
const rowIds = (container: HTMLElement) => renderedRows(container).map((row) => row.dataset.rowKey);

describe('VirtualBody', () => {
  test('of 10,000 rows renders only those in view and a few beyond, each at its place on a fixed row height', () => {
    const { container, ref } = renderBody();
    const shown = renderedRows(container);
    expect(shown.length).toBeGreaterThanOrEqual(HEIGHT / ROW_HEIGHT);
    expect(shown.length).toBeLessThan(30);
    expect(shown[0].dataset.rowKey).toBe('R00001');
    expect(shown[3].style.top).toBe(`${3 * ROW_HEIGHT}px`);
    expect(shown[3].style.height).toBe(`${ROW_HEIGHT}px`);
    // The scroll body is rc-table's: antd syncs the header and footer from it.
    expect(ref.current).toBe(container.querySelector('.ant-table-tbody-virtual-holder'));
    const inner = container.querySelector<HTMLElement>('.ant-table-tbody-virtual-holder-inner')!;
    expect(inner.style.height).toBe(`${rows.length * ROW_HEIGHT}px`);
  });

  test('a scroll to the end shows the last row', () => {
    const { container, ref } = renderBody();
    ref.current!.scrollTop = (rows.length - HEIGHT / ROW_HEIGHT) * ROW_HEIGHT;
    fireEvent.scroll(ref.current!);
    const ids = rowIds(container);
    expect(ids.at(-1)).toBe('R10000');
    expect(ids).not.toContain('R00001');
    expect(renderedRows(container).at(-1)!.style.top).toBe(`${(rows.length - 1) * ROW_HEIGHT}px`);
  });

  test('a shorter page while scrolled far down shows its last rows, not an empty body', () => {
    const { container, ref, rerender, props } = renderBody();
    ref.current!.scrollTop = 5_000 * ROW_HEIGHT;
    fireEvent.scroll(ref.current!);
    rerender(<VirtualBody {...props} rows={rows.slice(0, 20)} />);
    const ids = rowIds(container);
    expect(ids.at(-1)).toBe('R00020');
    expect(ids.length).toBeGreaterThanOrEqual(HEIGHT / ROW_HEIGHT);
  });

  test('a sideways scroll is handed to antd (header and footer follow); a vertical one is not', () => {
    const { ref, info } = renderBody();
    ref.current!.scrollTop = 400;
    fireEvent.scroll(ref.current!);
    expect(info.onScroll).not.toHaveBeenCalled();
    ref.current!.scrollLeft = 200;
    fireEvent.scroll(ref.current!);
    expect(info.onScroll).toHaveBeenCalledWith({ currentTarget: ref.current, scrollLeft: 200 });
  });

  test('a long value stays on one line, cut by CSS, with the whole value as the cell title', () => {
    const { container } = renderBody();
    const cells = [...renderedRows(container)[0].querySelectorAll<HTMLElement>('.ant-table-cell')];
    expect(cells.map((cell) => cell.textContent)).toEqual(['', 'R00001', '0', LONG_TEXT]);
    expect(cells[3].title).toBe(LONG_TEXT);
    expect(cells[2].title).toBe('0');
    // Fixed widths, so every row lines up with antd's header above.
    expect(cells[3].style.width).toBe('160px');
  });

  test('rows show and change their selection with native check boxes', () => {
    const onToggle = vi.fn();
    const selected = new Map<Key, GridRow>([['R00002', rows[1]]]);
    const { container } = renderBody(selected, onToggle);
    const [first, second] = renderedRows(container);
    expect(second.classList).toContain('ant-table-row-selected');
    expect(first.classList).not.toContain('ant-table-row-selected');
    const box = first.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(box.getAttribute('aria-label')).toBe('选择行');
    fireEvent.click(box);
    expect(onToggle).toHaveBeenCalledWith(rows[0], true);
  });

  test('without rows shows the empty message', () => {
    const { container } = render(
      <VirtualBody
        rows={[]}
        columns={columns}
        rowKey={(row) => row.id as string}
        selectionWidth={60}
        rowHeight={ROW_HEIGHT}
        height={HEIGHT}
        info={{ scrollbarSize: 0, ref: createRef(), onScroll: vi.fn() }}
        selected={new Map()}
        onToggle={vi.fn()}
        checkboxLabel="选择行"
        checkboxColor="#1677ff"
        empty="暂无数据"
      />,
    );
    expect(container.querySelector('.ant-table-placeholder')?.textContent).toBe('暂无数据');
    expect(renderedRows(container)).toHaveLength(0);
  });
});

describe('fitColumnWidths', () => {
  test('keeps the widths when the columns are as wide as the grid or wider', () => {
    expect(fitColumnWidths([100, 200], 250)).toEqual([100, 200]);
    expect(fitColumnWidths([100, 200], 0)).toEqual([100, 200]);
  });

  test('widens each column in proportion to fill a wider grid, exactly', () => {
    const fitted = fitColumnWidths([100, 200, 100], 1001);
    expect(fitted.reduce((sum, width) => sum + width, 0)).toBe(1001);
    expect(fitted[0]).toBe(250);
    expect(fitted[1]).toBe(500);
  });
});
