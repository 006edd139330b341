import { fileRefused } from './resource-files.routes';
import { FileProblem, readWorkbookRows } from './sheet-reader';

/** One value of a workbook's first column and the sheet row it came from. */
export interface FirstColumnValue {
  readonly row: number;
  readonly value: string;
}

/**
 * The non-empty cells of the first column of an uploaded workbook's first sheet, from row 1, as
 * text (a number without its decimals: a mobile typed as a number). Row 1 is a header, and left
 * out, when it holds no digit (nothing in it can be a mobile or a member number). The workbook is
 * read in a worker thread, as a stream that stops at the first row beyond `max` (one more is read,
 * for the header), so a huge file costs only this request. Refusals answer 400 naming `file`:
 * the file's own problems, `tooMany` beyond `max` values, `noValues` when none is left.
 */
export async function readFirstColumn(args: {
  bytes: Buffer;
  max: number;
  tooMany: () => Error;
  noValues: string;
}): Promise<FirstColumnValue[]> {
  let read;
  try {
    read = await readWorkbookRows({ bytes: args.bytes, maxRows: args.max + 1, headerRow: false, columns: 1 });
  } catch (error) {
    if (error instanceof FileProblem && error.key === 'files.error.tooManyRows') throw args.tooMany();
    if (error instanceof FileProblem) throw fileRefused(error.key, error.values);
    throw error;
  }
  const values: FirstColumnValue[] = [];
  for (const {
    row,
    cells: [cell],
  } of read.rows) {
    if (cell === null || cell instanceof Date || typeof cell === 'boolean') continue;
    const value = typeof cell === 'number' ? String(Math.trunc(cell)) : cell.trim();
    if (row === 1 && !/\d/.test(value)) continue;
    values.push({ row, value });
    if (values.length > args.max) throw args.tooMany();
  }
  if (values.length === 0) throw fileRefused(args.noValues);
  return values;
}
