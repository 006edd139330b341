import type { FieldDef, LinesField, ResourceDef, ScalarField, TreeField } from '../../resources/define';
import { SYSTEM_FIELDS, stampedFields } from '../../resources/define';
import { pick, type Locale } from '../../resources/messages/bilingual';
import type { FieldError } from '../http/envelope';
import { rangeKeys } from './column.derive';
import { coerceValue, isEmpty } from './field.coerce';
import type { StoredRecord } from './server-hooks.define';

/**
 * Checks a saveNew / modify body against the declaration and turns it into column values.
 * Every problem is reported at once, per field, with the field's localized label in the
 * message. What needs the database (references, tree shape, uniqueness) is collected here and
 * checked afterwards.
 */

/** A reference to check: ids of `resource` that must exist for the caller. */
export interface ReferenceCheck {
  readonly field: string;
  readonly label: string;
  readonly resource: string;
  readonly ids: readonly number[];
}

/** What a valid body writes. */
export interface WriteSet {
  /** Property-keyed column values of the fields present (all fields on create). */
  readonly values: StoredRecord;
  /** Replacement lines by `lines` field, line fields property-keyed; only fields present. */
  readonly lines: Map<string, StoredRecord[]>;
  readonly references: ReferenceCheck[];
  /** The new parent of a tree resource, when the body sets it. */
  readonly parent?: { readonly field: string; readonly label: string; readonly id: number | null; readonly maxDepth: number };
}

/** Keys the client may send back unchanged (from info) that are never written from a body. */
const IGNORED_KEYS: readonly string[] = [...SYSTEM_FIELDS, 'marketingCenterId'];

/** Default maximum lines of a lines field (define.ts) and tree depth. */
export const DEFAULT_MAX_LINES = 1000;
export const DEFAULT_MAX_DEPTH = 5;

interface Sink {
  readonly issues: FieldError[];
  readonly references: ReferenceCheck[];
  readonly locale: Locale;
  readonly zone: string;
  readonly resource: ResourceDef;
}

function issue(sink: Sink, args: { field: string; label: string; key: string; values?: Record<string, string | number> }): void {
  sink.issues.push({ field: args.field, key: args.key, values: { ...args.values, label: args.label } });
}

/** Writes one scalar field's column value(s) into `out`; false when the value was refused. */
function writeScalar(sink: Sink, args: {
  name: string; path: string; label: string; patternKey: string; f: ScalarField | TreeField; value: unknown; out: StoredRecord;
}): void {
  const { f, name, out } = args;
  const keys = f.kind === 'dateRange' ? rangeKeys(name) : null;
  if (isEmpty(args.value)) {
    if (f.required) issue(sink, { field: args.path, label: args.label, key: 'validation.required' });
    if (keys) Object.assign(out, { [keys.from]: null, [keys.to]: null });
    else out[name] = null;
    return;
  }
  const result = coerceValue({ f, value: args.value, zone: sink.zone });
  if (!result.ok) {
    issue(sink, { field: args.path, label: args.label, key: result.key === 'pattern' ? args.patternKey : result.key, values: result.values });
    return;
  }
  if (keys) {
    const [from, to] = result.value as [string, string];
    Object.assign(out, { [keys.from]: from, [keys.to]: to });
    return;
  }
  out[name] = result.value;
  if (f.kind === 'relation') {
    const ids = Array.isArray(result.value) ? (result.value as number[]) : [result.value as number];
    sink.references.push({ field: args.path, label: args.label, resource: f.resource, ids });
  }
}

function readLines(sink: Sink, args: { name: string; f: LinesField; value: unknown; label: string }): StoredRecord[] | null {
  const { f, name, label } = args;
  const rows = isEmpty(args.value) ? [] : args.value;
  if (!Array.isArray(rows)) {
    issue(sink, { field: name, label, key: 'validation.type' });
    return null;
  }
  if (rows.length === 0 && f.required) issue(sink, { field: name, label, key: 'validation.required' });
  else if (f.minLines !== undefined && rows.length < f.minLines) issue(sink, { field: name, label, key: 'validation.minLines', values: { min: f.minLines } });
  const max = f.maxLines ?? DEFAULT_MAX_LINES;
  if (rows.length > max) {
    issue(sink, { field: name, label, key: 'validation.maxLines', values: { max } });
    return null;
  }
  return rows.map((row: unknown, i) => {
    const out: StoredRecord = {};
    const linePath = `${name}.${i}`;
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      issue(sink, { field: linePath, label: `${label} ${i + 1}`, key: 'validation.type' });
      return out;
    }
    const given = row as Record<string, unknown>;
    for (const key of Object.keys(given)) {
      if (!Object.hasOwn(f.fields, key) && key !== 'lineNo') issue(sink, { field: `${linePath}.${key}`, label: key, key: 'validation.unknownField' });
    }
    for (const [inner, lf] of Object.entries(f.fields)) {
      const value = given[inner] === undefined && lf.defaultValue !== undefined ? lf.defaultValue : given[inner];
      writeScalar(sink, {
        name: inner, path: `${linePath}.${inner}`, f: lf, value, out,
        label: `${label} ${i + 1} ${pick(lf.label, sink.locale)}`,
        patternKey: `res.${sink.resource.name}.${name}.${inner}.pattern`,
      });
    }
    return out;
  });
}

/**
 * True for fields a client writes: not server-managed, not the state field, and not stamped by
 * the resource (a view's fixed filter and centre field).
 */
export function isClientWritable(resource: ResourceDef, name: string, f: FieldDef): boolean {
  return !f.serverManaged && resource.states?.field !== name && !stampedFields(resource).includes(name);
}

/**
 * Validates a body. On create every writable field is written (absent ones take their
 * default, or null); server-managed fields take their default and the state field its initial
 * state. On modify only the fields present are written, and read-only-after-create fields are
 * ignored, like server-managed ones: the form sends them back unchanged, and they never move.
 */
export function validateWrite(args: {
  resource: ResourceDef;
  body: Record<string, unknown>;
  mode: 'create' | 'modify';
  locale: Locale;
  zone: string;
}): { set: WriteSet; issues: FieldError[] } {
  const { resource, body, mode } = args;
  const sink: Sink = { issues: [], references: [], locale: args.locale, zone: args.zone, resource };
  const values: StoredRecord = {};
  const lines = new Map<string, StoredRecord[]>();
  let parent: WriteSet['parent'];
  for (const key of Object.keys(body)) {
    // Own fields only: `constructor` or `toString` in a body is an unknown field, not a field.
    if (!Object.hasOwn(resource.fields, key) && !IGNORED_KEYS.includes(key)) issue(sink, { field: key, label: key, key: 'validation.unknownField' });
  }
  for (const [name, f] of Object.entries(resource.fields)) {
    const present = Object.prototype.hasOwnProperty.call(body, name);
    if (!isClientWritable(resource, name, f)) {
      if (mode === 'create') values[name] = resource.states?.field === name ? resource.states.initial : (f.defaultValue ?? null);
      continue;
    }
    if (mode === 'modify' && (!present || f.readOnlyAfterCreate)) continue;
    const value = !present && f.defaultValue !== undefined ? f.defaultValue : body[name];
    const label = pick(f.label, args.locale);
    if (f.kind === 'lines') {
      const rows = readLines(sink, { name, f, value, label });
      if (rows) lines.set(name, rows);
      continue;
    }
    const before = sink.issues.length;
    writeScalar(sink, { name, path: name, label, f, value, out: values, patternKey: `res.${resource.name}.${name}.pattern` });
    if (f.kind === 'tree' && sink.issues.length === before) {
      parent = { field: name, label, id: (values[name] as number | null) ?? null, maxDepth: f.maxDepth ?? DEFAULT_MAX_DEPTH };
    }
  }
  return { set: { values, lines, references: sink.references, parent }, issues: sink.issues };
}
