import type ExcelJS from 'exceljs';

/**
 * A cell as imports read it, whatever formatting the workbook used. Kept apart from
 * `sheet-cells.ts` (which needs the declarations) so the spreadsheet reader's worker thread
 * loads nothing but exceljs and this file.
 */

/** A plain cell value. */
export type PlainCell = string | number | boolean | Date | null;

/** Flattens what exceljs reads (rich text, formulas, hyperlinks) into a plain value. */
export function plainCell(value: ExcelJS.CellValue): PlainCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('richText' in value) return plainCell(value.richText.map((part) => part.text).join(''));
  if ('text' in value && 'hyperlink' in value) return plainCell(value.text);
  if ('result' in value) {
    const result = value.result;
    if (result === undefined || (typeof result === 'object' && !(result instanceof Date))) return null;
    return plainCell(result);
  }
  return null;
}
