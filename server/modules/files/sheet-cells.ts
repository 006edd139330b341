/**
 * One field's value <-> one spreadsheet cell, in the requester's language. Exports write what a
 * person reads (enum labels, 是/否, weekday names, referenced records' titles, money with two
 * decimals); imports accept the same, or the raw codes and ids, and turn each cell into the value
 * the engine's validator expects for a saveNew body. Pure: titles of referenced records are
 * looked up by the caller (references.lookup.ts).
 */
import type { FieldDef, ScalarField, TreeField } from '../../../resources/define';
import { pick, type Locale } from '../../../resources/messages/bilingual';
import { WEEKDAYS } from '../../../resources/contract/weekdays';
import { formatInstant } from '../../crud/zoned-time';
import { rangeKeys } from '../../crud/column.derive';
import type { PlainCell } from './plain-cell';

export { plainCell, type PlainCell } from './plain-cell';

/** A field a sheet column can carry: everything but lines. */
export type CellField = ScalarField | TreeField;

/** Separator written between several values in one cell; imports accept the usual others too. */
export const LIST_SEPARATOR = ', ';
const LIST_SPLIT = /\s*[,，、;；]\s*/;
/** Written between the two dates of a date range. */
export const RANGE_SEPARATOR = ' ~ ';
const RANGE_SPLIT = /\s*(?:~|～|至|到)\s*/;

const BOOLEAN_TEXT: Record<Locale, readonly [string, string]> = { zh_CN: ['是', '否'], en_US: ['Yes', 'No'] };
const TRUE_WORDS = ['是', 'yes', 'y', 'true', '1', '√'];
const FALSE_WORDS = ['否', 'no', 'n', 'false', '0', '×'];

/** Excel number format of a money or decimal column; undefined for other kinds. */
export function numberFormat(f: FieldDef): string | undefined {
  if (f.kind === 'money') return '0.00';
  if (f.kind === 'decimal') {
    const decimals = f.decimals ?? 2;
    return decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0';
  }
  if (f.kind === 'integer') return '0';
  return undefined;
}

/** Column width in characters, from the declared list width (pixels) or the kind. */
export function columnWidth(f: FieldDef, header: string): number {
  if (f.width) return Math.max(8, Math.round(f.width / 7));
  const byKind: Partial<Record<FieldDef['kind'], number>> = { longText: 40, datetime: 20, dateRange: 24, text: 18 };
  return Math.max(byKind[f.kind] ?? 12, [...header].length * 2 + 2);
}

/** Referenced records' titles by resource name and id, filled by the caller for one batch. */
export type TitleMap = ReadonlyMap<string, ReadonlyMap<number, string>>;

function titleOf(titles: TitleMap, resource: string, id: number): string {
  return titles.get(resource)?.get(id) ?? String(id);
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
  const { f, row, locale } = args;
  if (f.kind === 'dateRange') {
    const keys = rangeKeys(args.name);
    const from = row[keys.from];
    const to = row[keys.to];
    return from && to ? `${String(from)}${RANGE_SEPARATOR}${String(to)}` : null;
  }
  const value = row[args.name];
  if (value === null || value === undefined) return null;
  switch (f.kind) {
    case 'integer':
      return Number(value);
    case 'money':
    case 'decimal':
      // numeric columns arrive as exact strings; 14 digits survive the double exactly.
      return Number(value);
    case 'boolean':
      return BOOLEAN_TEXT[locale][value ? 0 : 1];
    case 'enum': {
      const label = (code: unknown) => {
        const option = f.options[String(code)];
        return option ? pick(option.label, locale) : String(code);
      };
      return Array.isArray(value) ? value.map(label).join(LIST_SEPARATOR) : label(value);
    }
    case 'datetime':
      return value instanceof Date ? formatInstant(value, args.zone) : String(value);
    case 'weekdays':
      return (value as number[]).map((n) => (WEEKDAYS[n - 1] ? pick(WEEKDAYS[n - 1].name, locale) : String(n))).join(LIST_SEPARATOR);
    case 'relation': {
      const ids = Array.isArray(value) ? (value as number[]) : [value as number];
      return ids.map((id) => titleOf(args.titles, f.resource, id)).join(LIST_SEPARATOR);
    }
    case 'tree':
      return titleOf(args.titles, args.resource, value as number);
    default:
      return String(value);
  }
}

/** A cell that could not be read as the field's kind. */
export interface CellProblem {
  readonly key: string;
  readonly values?: Record<string, string | number>;
}

/** A value for the validator, or titles still to resolve to ids (relations and tree parents). */
export type ImportValue =
  | { readonly kind: 'value'; readonly value: unknown }
  | { readonly kind: 'titles'; readonly resource: string; readonly parts: readonly (string | number)[]; readonly multiple: boolean }
  | { readonly kind: 'problem'; readonly problem: CellProblem };

const value = (v: unknown): ImportValue => ({ kind: 'value', value: v });
const problem = (key: string, values?: Record<string, string | number>): ImportValue => ({ kind: 'problem', problem: { key, values } });

const pad = (n: number) => String(n).padStart(2, '0');

// A date or time cell holds wall-clock time; exceljs hands it over as that time in UTC.
function wallDate(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}
function wallTime(d: Date): string {
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

function textOf(cell: PlainCell): string {
  if (cell instanceof Date) return wallDate(cell);
  return String(cell);
}

// Values written in a number cell may carry binary noise (0.1 + 0.2); 15 significant digits
// are what Excel itself keeps.
function cleanNumber(n: number): number {
  return Number(n.toPrecision(15));
}

function splitList(cell: PlainCell): string[] {
  return textOf(cell)
    .split(LIST_SPLIT)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function enumCode(f: Extract<FieldDef, { kind: 'enum' }>, text: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(f.options, text)) return text;
  const lower = text.toLowerCase();
  for (const [code, option] of Object.entries(f.options)) {
    if (option.label[0] === text || option.label[1].toLowerCase() === lower || code.toLowerCase() === lower) return code;
  }
  return undefined;
}

function weekdayNumber(text: string): number | undefined {
  if (/^[1-7]$/.test(text)) return Number(text);
  const lower = text.toLowerCase();
  const found = WEEKDAYS.find(
    (day) => day.name[0] === text || day.name[1].toLowerCase() === lower || day.name[1].slice(0, 3).toLowerCase() === lower,
  );
  return found?.value;
}

function idOrTitle(part: string | number): string | number {
  if (typeof part === 'number') return part;
  return /^\d+$/.test(part) ? Number(part) : part;
}

/**
 * The saveNew value of one non-empty cell. Shapes that cannot be read become a problem with the
 * validator's own message keys; everything else (ranges, lengths, patterns) is left to the
 * validator, so an import says exactly what the form would.
 */
export function importValue(args: { f: CellField; cell: PlainCell; resource: string }): ImportValue {
  const { f, cell } = args;
  if (cell === null) return value(null);
  switch (f.kind) {
    case 'text':
    case 'longText':
    case 'file':
      return value(typeof cell === 'number' ? String(cleanNumber(cell)) : textOf(cell));
    case 'time':
      return value(cell instanceof Date ? wallTime(cell) : textOf(cell));
    case 'integer':
      return value(typeof cell === 'number' ? cleanNumber(cell) : textOf(cell).replace(/,/g, ''));
    case 'money':
    case 'decimal':
      return value(typeof cell === 'number' ? cleanNumber(cell) : textOf(cell).replace(/,/g, ''));
    case 'boolean': {
      if (typeof cell === 'boolean') return value(cell);
      const word = textOf(cell).toLowerCase();
      if (TRUE_WORDS.includes(word)) return value(true);
      if (FALSE_WORDS.includes(word)) return value(false);
      return problem('validation.type');
    }
    case 'enum': {
      const parts = f.multiple ? splitList(cell) : [textOf(cell)];
      const codes = parts.map((part) => enumCode(f, part));
      if (codes.some((code) => code === undefined)) return problem('validation.enum');
      return value(f.multiple ? codes : codes[0]);
    }
    case 'date':
      return value(textOf(cell).replace(/\//g, '-'));
    case 'datetime':
      return value(
        cell instanceof Date ? `${wallDate(cell)} ${wallTime(cell)}:${pad(cell.getUTCSeconds())}` : textOf(cell).replace(/\//g, '-'),
      );
    case 'dateRange': {
      const parts = textOf(cell)
        .split(RANGE_SPLIT)
        .map((part) => part.trim().replace(/\//g, '-'));
      return value(parts.length === 2 ? parts : [textOf(cell)]);
    }
    case 'weekdays': {
      const numbers = splitList(cell).map(weekdayNumber);
      if (numbers.some((n) => n === undefined)) return problem('validation.enum');
      return value(numbers);
    }
    case 'relation': {
      const parts = typeof cell === 'number' ? [cell] : splitList(cell).map(idOrTitle);
      return { kind: 'titles', resource: f.resource, parts, multiple: f.multiple === true };
    }
    case 'tree': {
      const part = typeof cell === 'number' ? cell : idOrTitle(textOf(cell));
      return { kind: 'titles', resource: args.resource, parts: [part], multiple: false };
    }
  }
}
