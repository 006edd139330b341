import ExcelJS from 'exceljs';
import { plainCell, type PlainCell } from './plain-cell';
import { guardWorkbook, SheetProblem } from './zip.guard';

/**
 * Reads the rows of a workbook's first worksheet as a stream (exceljs
 * `stream.xlsx.WorkbookReader`), with limits checked while reading: the archive is checked
 * first (zip.guard.ts: declared and actual uncompressed size), then rows are taken one by one
 * and reading stops at the first non-empty row beyond `maxRows`, so a file of a million rows
 * costs no more than one of `maxRows + 1`. It runs in a worker thread (sheet-reader.ts), never
 * on the thread that serves requests.
 */

/** What to read and the limits of the read. */
export interface SheetReadOptions {
  /** Most non-empty rows after the header (or in all, without a header). */
  readonly maxRows: number;
  /** Row 1 is a header: returned apart, and it decides how many columns data rows have. */
  readonly headerRow: boolean;
  /** Data rows are read up to this column (1-based); default: the header's last column. */
  readonly columns?: number;
  /** Most columns a header may name. */
  readonly maxColumns: number;
  /** Most uncompressed bytes of the parts read (zip bomb guard). */
  readonly maxUncompressedBytes: number;
  /** Rows between two progress reports. */
  readonly progressEvery?: number;
}

/** One non-empty row: its number in the sheet and its cells from column 1. */
export interface SheetRowCells {
  readonly row: number;
  readonly cells: readonly PlainCell[];
}

/** What was read. */
export interface SheetReadResult {
  /** Row 1 when `headerRow` (empty when the sheet has no row 1), else null. */
  readonly header: readonly PlainCell[] | null;
  readonly rows: readonly SheetRowCells[];
}

/** The cells of a row from column 1 to `width`. */
function cellsOf(row: ExcelJS.Row, width: number): PlainCell[] {
  return Array.from({ length: width }, (_, i) => plainCell(row.findCell(i + 1)?.value));
}

/** The last column of a row holding a value. */
function lastColumn(row: ExcelJS.Row, max: number): number {
  let last = 0;
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    if (column <= max + 1 && plainCell(cell.value) !== null) last = Math.max(last, column);
  });
  return last;
}

/**
 * Reads the first worksheet (see the file comment). Refuses with a {@link SheetProblem}:
 * `files.error.notXlsx`, `files.error.emptyFile` (no worksheet, or no row at all),
 * `files.error.tooLargeUncompressed`, `files.error.tooManyColumns`, `files.error.tooManyRows`.
 */
export async function readSheetRows(args: {
  bytes: Buffer;
  options: SheetReadOptions;
  onProgress?: (rowsRead: number) => void;
}): Promise<SheetReadResult> {
  const { options } = args;
  const workbook = await guardWorkbook(args.bytes, options.maxUncompressedBytes);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(workbook.stream(), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });
  const every = options.progressEvery ?? 1000;
  let header: PlainCell[] | null = options.headerRow ? [] : null;
  let width = options.columns ?? 0;
  const rows: SheetRowCells[] = [];
  let anyRow = false;
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        anyRow = true;
        if (options.headerRow && row.number === 1) {
          const last = lastColumn(row, options.maxColumns);
          if (last > options.maxColumns) throw new SheetProblem('files.error.tooManyColumns', { max: options.maxColumns });
          header = cellsOf(row, last);
          width = options.columns ?? last;
          continue;
        }
        if (options.headerRow && row.number < 1) continue;
        const cells = cellsOf(row, width);
        if (cells.every((cell) => cell === null)) continue;
        if (rows.length >= options.maxRows) throw new SheetProblem('files.error.tooManyRows', { max: options.maxRows });
        rows.push({ row: row.number, cells });
        if (rows.length % every === 0) args.onProgress?.(rows.length);
      }
      // Only the first worksheet is read (the guard kept no other).
      break;
    }
  } catch (error) {
    if (error instanceof SheetProblem) throw error;
    throw new SheetProblem('files.error.notXlsx');
  }
  if (!anyRow) throw new SheetProblem('files.error.emptyFile');
  return { header, rows };
}
