/**
 * Columns whose captions stay on one line: a column narrower than its caption (a fixed width chosen for
 * the Chinese caption, 'Storage location' in 100 px) is widened to the caption's width, measured in the
 * header's font, so a plain table's header never takes a second line in English. The DataGrid's own
 * headers wrap by design (DataGrid.css: the user sets its widths); this is for the grid's fixed tables.
 */
import { useMemo } from 'react';
import { theme, type TableColumnsType } from 'antd';

/** The header cell's room besides its text: a small table's inline padding (8 px each side), the border, and rounding. */
const SMALL_HEADER_CHROME = 8 * 2 + 1 + 2;

/** How wide a text is in px in `font`; without a canvas (jsdom), estimated from its characters. */
function textMeasure(font: string, fontSize: number): (text: string) => number {
  const context = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  if (context) {
    context.font = font;
    return (text) => context.measureText(text).width;
  }
  return (text) => [...text].reduce((sum, c) => sum + (c.charCodeAt(0) > 0x2e7f ? 1 : 0.62) * fontSize, 0);
}

/** The columns, each at least as wide as its (string) caption in a small table's header. */
export function useCaptionFit<T>(columns: TableColumnsType<T>): TableColumnsType<T> {
  const { token } = theme.useToken();
  return useMemo(() => {
    const measure = textMeasure(`${token.fontWeightStrong} ${token.fontSize}px ${token.fontFamily}`, token.fontSize);
    return columns.map((column) => {
      if (typeof column.title !== 'string' || typeof column.width !== 'number') return column;
      const needed = Math.ceil(measure(column.title)) + SMALL_HEADER_CHROME;
      return needed > column.width ? { ...column, width: needed } : column;
    });
  }, [columns, token.fontWeightStrong, token.fontSize, token.fontFamily]);
}
