import type { FieldDef } from '../../../resources/define';
import { booleanKind } from './boolean.kind';
import { dateRangeKind } from './date-range.kind';
import { dateKind } from './date.kind';
import { dateTimeKind } from './datetime.kind';
import { decimalKind } from './decimal.kind';
import { enumKind } from './enum.kind';
import type { ServerFieldKind, ServerFieldKindRegistry } from './field-kind';
import { fileKind } from './file.kind';
import { integerKind } from './integer.kind';
import { linesKind } from './lines.kind';
import { longTextKind } from './long-text.kind';
import { moneyKind } from './money.kind';
import { objectKind } from './object.kind';
import { relationKind } from './relation.kind';
import { secretKind } from './secret.kind';
import { textKind } from './text.kind';
import { timeKind } from './time.kind';
import { treeKind } from './tree.kind';
import { weekdaysKind } from './weekdays.kind';

/**
 * THE server registry of field kinds, the mirror of the browser's `FIELD_KINDS`
 * (src/fields/field-kinds.ts): adding a kind to `FieldKind` fails the type below until it has
 * an entry here.
 */
export const SERVER_FIELD_KINDS: ServerFieldKindRegistry = {
  text: textKind,
  longText: longTextKind,
  integer: integerKind,
  money: moneyKind,
  decimal: decimalKind,
  boolean: booleanKind,
  enum: enumKind,
  date: dateKind,
  datetime: dateTimeKind,
  dateRange: dateRangeKind,
  time: timeKind,
  weekdays: weekdaysKind,
  relation: relationKind,
  tree: treeKind,
  file: fileKind,
  lines: linesKind,
  object: objectKind,
  secret: secretKind,
};

/**
 * The entry of a field's kind, widened to any field: each entry is typed by its own
 * declaration, which callers holding a plain `FieldDef` cannot name.
 */
export function kindOf(f: FieldDef): ServerFieldKind {
  return SERVER_FIELD_KINDS[f.kind] as unknown as ServerFieldKind;
}

/** The property keys holding a field in a row: its name, or both ends of a range. */
export function fieldKeys(name: string, f: FieldDef): string[] {
  return kindOf(f).keys?.(name) ?? [name];
}

/** A field's value read from a property-keyed row (a range as `[from, to]` or null). */
export function readField(row: Readonly<Record<string, unknown>>, name: string, f: FieldDef): unknown {
  const kind = kindOf(f);
  return kind.read ? kind.read(row, name) : row[name];
}

/** Writes a field's stored value (or null) into a property-keyed row (both ends of a range). */
export function writeField(out: Record<string, unknown>, name: string, f: FieldDef, value: unknown): void {
  const kind = kindOf(f);
  if (kind.write) kind.write(out, name, value);
  else out[name] = value;
}

/** Stored as a PostgreSQL array (multiple enums and relations, weekdays). */
export function isArrayField(f: FieldDef): boolean {
  return kindOf(f).isArray?.(f) ?? false;
}

/** The list may filter, sort and search by the field (not lines, objects, secrets). */
export function isFilterable(f: FieldDef): boolean {
  return kindOf(f).filterable !== false;
}

/** Text matched with ILIKE and trigram indexes. */
export function isTextual(f: FieldDef): boolean {
  return kindOf(f).textual === true;
}

export type { ServerFieldKind } from './field-kind';
