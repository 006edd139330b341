/**
 * Which fields a sheet carries. Exports write every scalar field a person can see (the detail's
 * fields, lines and files excepted); imports read a header row whose cells name fields by their
 * label in either language or by their declared name, so a file exported in English imports
 * into a Chinese session and the other way round.
 */
import { isInDetail, type FieldDef, type ResourceDef } from '../../../resources/define';
import { pick, type Locale } from '../../../resources/messages/bilingual';
import { isClientWritable } from '../../crud/record.validate';
import { isCellField, type CellField } from './sheet-cells';
import type { RowError } from './error-report';

/** A field of the sheet with its declaration. */
export interface SheetField {
  readonly name: string;
  readonly f: CellField;
}

/** The columns of an export, in declaration order. */
export function exportFields(resource: ResourceDef): SheetField[] {
  return Object.entries(resource.fields)
    .filter(([, f]) => isInDetail(f))
    .flatMap(([name, f]) => (isCellField(f) ? [{ name, f }] : []));
}

/** The fields an import may set: what a saveNew body may carry, lines and files excepted. */
export function importableFields(resource: ResourceDef): SheetField[] {
  return Object.entries(resource.fields)
    .filter(([name, f]) => isClientWritable(resource, name, f))
    .flatMap(([name, f]) => (isCellField(f) ? [{ name, f }] : []));
}

/** The header text of a field in a locale. */
export function headerOf(field: SheetField, locale: Locale): string {
  return pick(field.f.label, locale);
}

const normalise = (text: string) =>
  text
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[*＊]$/, '')
    .trim()
    .toLowerCase();

/** One bound column: 1-based sheet column -> field. */
export interface ColumnBinding {
  readonly column: number;
  readonly field: SheetField;
}

/**
 * Binds header cells to fields. A column naming a field that is not importable (a read-only
 * column of an exported file, such as a server-made number) is skipped; a column naming nothing
 * at all, or a field twice, is a header error reported on row 1.
 */
export function bindHeader(args: { resource: ResourceDef; header: readonly (string | null)[]; headerLabel: string }): {
  bindings: ColumnBinding[];
  errors: RowError[];
} {
  return bindColumns({
    fields: args.resource.fields,
    importable: importableFields(args.resource),
    header: args.header,
    headerLabel: args.headerLabel,
  });
}

/**
 * Binds header cells to declared fields (a resource's, or the columns a domain's own import
 * declares, files/declared-sheet.ts): by name or by label in either language.
 */
export function bindColumns(args: {
  fields: Readonly<Record<string, FieldDef>>;
  importable: readonly SheetField[];
  header: readonly (string | null)[];
  headerLabel: string;
}): { bindings: ColumnBinding[]; errors: RowError[] } {
  const names = new Map<string, string>();
  for (const [name, f] of Object.entries(args.fields)) {
    for (const text of [name, f.label[0], f.label[1]]) names.set(normalise(text), name);
  }
  const importable = new Map(args.importable.map((field) => [field.name, field]));
  const bindings: ColumnBinding[] = [];
  const errors: RowError[] = [];
  const seen = new Set<string>();
  args.header.forEach((text, index) => {
    if (text === null || text.trim() === '') return;
    const column = index + 1;
    const name = names.get(normalise(text));
    if (name === undefined) {
      errors.push({ row: 1, field: args.headerLabel, key: 'files.error.unknownColumn', values: { column: text } });
      return;
    }
    if (seen.has(name)) {
      errors.push({ row: 1, field: args.headerLabel, key: 'files.error.duplicateColumn', values: { column: text } });
      return;
    }
    seen.add(name);
    const field = importable.get(name);
    if (field) bindings.push({ column, field });
  });
  return { bindings, errors };
}
