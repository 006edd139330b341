/**
 * The rows of an uploaded workbook whose columns a domain declares with the field builders
 * (`field.text`, `field.datetime`, `field.money` …, plain data in resources/): the first sheet
 * read by `readWorkbookRows` (a worker thread, streamed, zip-bomb guarded), its header bound to
 * the columns by name or label in either language (`bindColumns`, as the resource imports bind
 * theirs), each cell read as the resource imports read it (`importValue`) and turned into the
 * value its kind stores (`coerceValue`: lengths, ranges, dates in the requester's zone, money to
 * two decimals). What a cell breaks is a row problem of the report; a declared column missing
 * from the header a header problem. What the rows mean (duplicates, codes already held) is the
 * domain's to check.
 */
import { pick, type Locale } from '../../../resources/messages/bilingual';
import { coerceValue } from '../../crud/field.coerce';
import { translate } from '../i18n/translate';
import type { RowError } from './error-report';
import { isCellField, importValue, type CellField } from './sheet-cells';
import { bindColumns } from './sheet-header';
import { FileProblem, readWorkbookRows } from './sheet-reader';

/** The columns a domain's sheet carries, by name (a required one must be in the header and in every row). */
export type SheetColumns = Readonly<Record<string, CellField>>;

/** One data row: its sheet row number and each bound column's stored value (null when empty). */
export interface DeclaredRow {
  readonly row: number;
  readonly values: Readonly<Record<string, unknown>>;
}

/**
 * Reads the rows. File problems (not a workbook, no header, too many rows …) throw
 * {@link FileProblem}; header and cell problems come back as `errors`, one per cell, with the
 * column's label in the requester's language; a row with a problem is not in `rows`.
 */
export async function readDeclaredSheet(args: {
  bytes: Buffer;
  columns: SheetColumns;
  maxRows: number;
  locale: Locale;
  zone: string;
  onProgress?: (rowsRead: number) => Promise<void> | void;
}): Promise<{ rows: DeclaredRow[]; errors: RowError[]; read: number }> {
  const { columns, locale } = args;
  for (const [name, f] of Object.entries(columns)) if (!isCellField(f)) throw new Error(`sheet column ${name} has no cell`);
  const sheet = await readWorkbookRows({ bytes: args.bytes, maxRows: args.maxRows, headerRow: true, onProgress: args.onProgress });
  const header = (sheet.header ?? []).map((cell) => (cell === null ? null : String(cell)));
  if (header.every((text) => text === null)) throw new FileProblem('files.error.noHeader');
  const headerLabel = translate(locale, 'files.error.header');
  const bound = bindColumns({
    fields: columns,
    importable: Object.entries(columns).map(([name, f]) => ({ name, f })),
    header,
    headerLabel,
  });
  const errors = [...bound.errors];
  const present = new Set(bound.bindings.map((b) => b.field.name));
  for (const [name, f] of Object.entries(columns)) {
    if (f.required && !present.has(name))
      errors.push({ row: 1, field: headerLabel, key: 'files.error.missingColumn', values: { column: pick(f.label, locale) } });
  }
  if (errors.length > 0) return { rows: [], errors, read: sheet.rows.length };
  if (sheet.rows.length === 0) throw new FileProblem('files.error.noRows');

  const rows: DeclaredRow[] = [];
  for (const { row, cells } of sheet.rows) {
    const values: Record<string, unknown> = {};
    let broken = false;
    for (const { column, field } of bound.bindings) {
      const { name, f } = field;
      const label = pick(f.label, locale);
      const problem = (key: string, more: Record<string, string | number> = {}) => {
        errors.push({ row, field: label, key, values: { ...more, label } });
        broken = true;
      };
      const read = importValue({ f, cell: cells[column - 1] ?? null, resource: 'sheet' });
      if (read.kind === 'problem') {
        problem(read.problem.key, read.problem.values);
        continue;
      }
      const value = read.kind === 'value' ? read.value : null;
      if (value === null || value === '') {
        if (f.required) problem('validation.required');
        values[name] = null;
        continue;
      }
      const coerced = coerceValue({ f, value, zone: args.zone, locale });
      if (coerced.ok) values[name] = coerced.value;
      else problem(coerced.key, coerced.values);
    }
    for (const [name, f] of Object.entries(columns)) if (!(name in values) && !present.has(name)) values[name] = f.defaultValue ?? null;
    if (!broken) rows.push({ row, values });
  }
  return { rows, errors, read: sheet.rows.length };
}
