/**
 * One field's value <-> one spreadsheet cell, in the requester's language. Exports write what a
 * person reads (enum labels, 是/否, weekday names, referenced records' titles, money with two
 * decimals); imports accept the same, or the raw codes and ids, and turn each cell into the value
 * the engine's validator expects for a saveNew body. Each kind's cell lives with the kind
 * (server/crud/field-kinds/*.kind.ts `sheet`); this file only dispatches. Pure: titles of
 * referenced records are looked up by the caller (references.lookup.ts).
 */
import type { FieldDef, ScalarField, TreeField } from '../../../resources/define';
import type { Locale } from '../../../resources/messages/bilingual';
import { kindOf, readField } from '../../crud/field-kinds';
import type { CellProblem, ImportValue, TitleMap } from '../../crud/field-kinds/field-kind';
import type { PlainCell } from './plain-cell';

export { plainCell, type PlainCell } from './plain-cell';
export { LIST_SEPARATOR } from '../../crud/field-kinds/kind-helpers';
export { RANGE_SEPARATOR } from '../../crud/field-kinds/date-range.kind';
export type { CellProblem, ImportValue, TitleMap };

/** A field a sheet column can carry: a kind with a `sheet` cell (not lines, files, objects, secrets). */
export type CellField = ScalarField | TreeField;

/** The field's kind has a spreadsheet cell. */
export function isCellField(f: FieldDef): f is CellField {
  return kindOf(f).sheet !== undefined;
}

function sheetOf(f: FieldDef) {
  const sheet = kindOf(f).sheet;
  if (!sheet) throw new Error(`${f.kind} fields have no spreadsheet cell`);
  return sheet;
}

/** Excel number format of a money or decimal column; undefined for other kinds. */
export function numberFormat(f: FieldDef): string | undefined {
  return kindOf(f).sheet?.numberFormat?.(f);
}

/** Column width in characters, from the declared list width (pixels) or the kind. */
export function columnWidth(f: FieldDef, header: string): number {
  if (f.width) return Math.max(8, Math.round(f.width / 7));
  return Math.max(kindOf(f).sheet?.width ?? 12, [...header].length * 2 + 2);
}

/**
 * The cell of a stored value (a Drizzle row's property). Numbers stay numbers so a sheet can
 * sum them; the 2-decimal display of money comes from the column's number format.
 */
export function exportCell(args: {
  f: CellField;
  name: string;
  row: Readonly<Record<string, unknown>>;
  locale: Locale;
  zone: string;
  /** The resource owning the field: a tree field refers to it. */
  resource: string;
  titles: TitleMap;
}): string | number | null {
  const value = readField(args.row, args.name, args.f);
  if (value === null || value === undefined) return null;
  return sheetOf(args.f).exportCell({
    f: args.f,
    value,
    locale: args.locale,
    zone: args.zone,
    resource: args.resource,
    titles: args.titles,
  });
}

/**
 * The saveNew value of one non-empty cell. Shapes that cannot be read become a problem with the
 * validator's own message keys; everything else (ranges, lengths, patterns) is left to the
 * validator, so an import says exactly what the form would.
 */
export function importValue(args: { f: CellField; cell: PlainCell; resource: string }): ImportValue {
  if (args.cell === null) return { kind: 'value', value: null };
  return sheetOf(args.f).importValue({ f: args.f, cell: args.cell, resource: args.resource });
}
