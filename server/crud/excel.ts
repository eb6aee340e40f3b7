/**
 * Excel files of master data (exceljs): the export is streamed row by row (WorkbookWriter commits
 * each row, so memory stays flat however many rows there are); an import is checked as a zip and
 * then read as a stream of rows (readSheet), and its per-row error report is a small workbook.
 */
import { PassThrough, Readable, type Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { EntityDeclaration } from '../../src/shared/masterdata/declaration.ts';
import type { Language } from '../../src/shared/messages/catalogue.ts';
import { checkZip, withEntriesFirst, type ZipLimits } from './zip-limits.ts';
import { headerFields, plainCellValue, rowCells, sheetColumns, sheetHeader } from '../../src/shared/masterdata/sheet-rows.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** exceljs, loaded with the first spreadsheet: with its zip libraries it was ~0.4 s of every server start. */
export const loadExcel = async (): Promise<typeof ExcelJS> => (await import('exceljs')).default;

/**
 * Writes pages of rows (from `pages`) into an xlsx stream, one committed row at a time. The next
 * page is asked for only once the stream has passed the previous one on (backpressure: a slow
 * download does not pile the list up in memory), and none once the stream is destroyed (the client
 * went away): the loop leaves `pages`, which ends its reading.
 */
export function streamWorkbook(
  entity: EntityDeclaration,
  language: Language,
  pages: AsyncIterable<Record<string, unknown>[]>,
  cellOf: (column: ReturnType<typeof sheetColumns>[number], row: Record<string, unknown>) => unknown,
): Readable {
  const columns = sheetColumns(entity);
  return streamSheet(entity.title[language], sheetHeader(entity, language), pages, (row) => columns.map((column) => cellOf(column, row)));
}

/** The same for any list: a sheet named `title` with the `header` row, then each row's `cellsOf` (a report's export). */
export function streamSheet(
  title: string,
  header: readonly string[],
  pages: AsyncIterable<Record<string, unknown>[]>,
  cellsOf: (row: Record<string, unknown>) => unknown[],
): Readable {
  const stream = new PassThrough();
  void (async () => {
    const excel = await loadExcel();
    const workbook = new excel.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet(title.slice(0, 31));
    sheet.addRow([...header]).commit();
    for await (const rows of pages) {
      for (const row of rows) sheet.addRow(cellsOf(row)).commit();
      if (!(await passedOn(sheet, stream))) return;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}

/**
 * The streams a sheet's XML goes through before `out`: exceljs buffers each sheet in its own
 * StreamBuf and writes it on into the zip's compressor without heeding the compressor's answer (so
 * unread XML piles up there: ~60 MB for 100,000 rows when the rows came faster than zlib packed
 * them). Reaches into exceljs's WorksheetWriter (`stream`, the StreamBuf, and its `pipes`), as of
 * exceljs 4.4; if those are not there, only `out` is waited for.
 */
function sheetPipes(sheet: ExcelJS.Worksheet): Writable[] {
  const buffer = (sheet as unknown as { stream?: { pipes?: unknown } }).stream;
  return Array.isArray(buffer?.pipes) ? (buffer.pipes as Writable[]) : [];
}

/** Whether a writable holds more than its high-water mark: Node's streams say so, and the readable-stream copies exceljs's zip writer uses keep it in their state. */
const needsDrain = (stream: Writable) =>
  stream.writableNeedDrain ?? Boolean((stream as unknown as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain);

/**
 * Waits until what the rows written so far became has passed through the zip's compressor and
 * `out` (each stream's 'drain'), or `out` is closed; false when it was closed. Asking for the next
 * page only then keeps the memory to about a page however long the list and however slow the
 * download.
 */
async function passedOn(sheet: ExcelJS.Worksheet, out: PassThrough): Promise<boolean> {
  for (;;) {
    // Let the writers move what they were given first.
    await new Promise((resolve) => setImmediate(resolve));
    if (out.destroyed) return false;
    const full = [...sheetPipes(sheet), out].find(needsDrain);
    if (!full) return true;
    const drainedOrClosed = await new Promise<boolean>((resolve) => {
      const done = (open: boolean) => () => {
        full.off('drain', drained);
        out.off('close', closed);
        resolve(open);
      };
      const drained = done(true);
      const closed = done(false);
      full.once('drain', drained);
      out.once('close', closed);
    });
    if (!drainedOrClosed) return false;
  }
}

export interface SheetRow {
  /** The row number in the sheet (header is row 1). */
  rowNumber: number;
  cells: Record<string, unknown>;
}

export interface ReadSheet {
  /** Header texts as found, in column order. */
  headers: string[];
  /** Which field each column is, by header text = field name or label in either language. */
  unknownHeaders: string[];
  rows: SheetRow[];
}

/**
 * What an uploaded xlsx may inflate to: a single-sheet workbook has a dozen entries, and 100 MB of
 * sheet XML is far beyond the rows a 10 MB upload holds (70,000 rows of a master entity are ~20 MB).
 */
export const XLSX_LIMITS: ZipLimits = { maxEntries: 1000, maxInflatedBytes: 100 * 1024 * 1024 };

/** What exceljs's WorkbookReader must have read before a sheet, in the order it reads them. */
const READ_BEFORE_SHEETS = ['_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/styles.xml', 'xl/sharedStrings.xml'];

/**
 * The first sheet of an xlsx file as rows keyed by field name; wholly empty rows are skipped.
 * The zip is checked first (zip-limits.ts: rejects with ZipRefused), then the sheet is read as a
 * stream of rows (exceljs's WorkbookReader): no workbook model of every cell is built. The reader
 * gets the entries in the order it needs them: given a sheet before the workbook it throws (exceljs
 * writes its entries in no fixed order, so about one of its own files in 300 was refused).
 */
export async function readSheet(entity: EntityDeclaration, upload: Buffer): Promise<ReadSheet> {
  const file = withEntriesFirst(await checkZip(upload, XLSX_LIMITS), READ_BEFORE_SHEETS);
  const result: ReadSheet = { headers: [], unknownHeaders: [], rows: [] };
  const fieldOf = headerFields(entity);
  const columnFields: (string | undefined)[] = [];
  // Styles are read so that date-formatted numbers come back as dates.
  const excel = await loadExcel();
  const reader = new excel.stream.xlsx.WorkbookReader(Readable.from([file]), { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      if (row.number === 1) {
        row.eachCell({ includeEmpty: true }, (cell, column) => {
          const text = String(plainCellValue(cell.value) ?? '').trim();
          result.headers[column - 1] = text;
          if (!text) return;
          const field = fieldOf(text);
          if (field) columnFields[column - 1] = field;
          else if (field === undefined) result.unknownHeaders.push(text);
        });
        continue;
      }
      const cells = rowCells(columnFields, (column) => row.getCell(column).value);
      if (cells) result.rows.push({ rowNumber: row.number, cells });
    }
    break; // the first sheet only
  }
  return result;
}

/** The uploaded rows again, with one more column saying what is wrong with each (empty when nothing). */
export async function errorReport(
  sheet: ReadSheet,
  entity: EntityDeclaration,
  errorsByRow: Map<number, string[]>,
  language: Language,
  errorHeader: string,
): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  const out = workbook.addWorksheet('errors');
  const fields = entity.fields.map((f) => f.name);
  out.addRow([...entity.fields.map((f) => f.label[language]), errorHeader]);
  for (const row of sheet.rows) {
    const errors = errorsByRow.get(row.rowNumber) ?? [];
    const added = out.addRow([...fields.map((name) => row.cells[name] ?? null), errors.join('；')]);
    if (errors.length) added.getCell(fields.length + 1).font = { color: { argb: 'FFCC0000' } };
  }
  out.getColumn(fields.length + 1).width = 60;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
