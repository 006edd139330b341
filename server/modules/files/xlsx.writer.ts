import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { createRequire } from 'node:module';
import type ExcelJSModule from 'exceljs';

/** One column of a written sheet. */
export interface SheetColumn {
  /** Header text (a localized label). */
  readonly header: string;
  /** Width in characters. */
  readonly width: number;
  /** Excel number format of the column's cells (`0.00` for money). */
  readonly numFmt?: string;
}

/** A sheet being streamed: rows are committed as they are added and never kept in memory. */
export interface SheetWriter {
  addRow(values: readonly unknown[]): void;
  /** Finishes the workbook and waits until the last byte has reached the stream's target. */
  close(): Promise<void>;
}

// Excel limits sheet names to 31 characters and forbids a few characters.
const sheetName = (name: string) => name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1';

/**
 * Opens a one-sheet streaming workbook (exceljs WorkbookWriter) on `stream`, with a bold,
 * frozen header row. Styles are on because money columns carry a 2-decimal number format.
 */
// exceljs takes most of a second to import: it is loaded by the first sheet written, not at
// start-up (synchronously, so opening a sheet stays a plain call).
let excel: typeof ExcelJSModule | undefined;
function exceljs(): typeof ExcelJSModule {
  excel ??= createRequire(import.meta.url)('exceljs') as typeof ExcelJSModule;
  return excel;
}

export function openSheet(args: { stream: Writable; name: string; columns: readonly SheetColumn[] }): SheetWriter {
  const { WorkbookWriter } = exceljs().stream.xlsx;
  const workbook = new WorkbookWriter({ stream: args.stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(args.name), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = args.columns.map((column, index) => ({
    key: `c${index}`,
    width: column.width,
    ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
  }));
  const header = sheet.addRow(args.columns.map((column) => column.header));
  header.font = { bold: true };
  header.commit();
  return {
    addRow(values) {
      sheet.addRow([...values]).commit();
    },
    async close() {
      sheet.commit();
      await workbook.commit();
      await finished(args.stream);
    },
  };
}
