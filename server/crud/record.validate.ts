import type { FieldDef, LinesField, ObjectMemberField, PickableRecords, ResourceDef } from '../../resources/define';
import { objectRelations, valueAt } from './object-relations';
import { SYSTEM_FIELDS, stampedFields } from '../../resources/define';
import { pick, type Locale } from '../../resources/messages/bilingual';
import type { FieldError } from '../http/envelope';
import { INT4_MAX } from './column.derive';
import { kindOf, readField, writeField } from './field-kinds';
import { DEFAULT_MAX_LINES } from './field-kinds/lines.kind';
import {
  applyingMembers,
  fieldApplies,
  memberValueOf,
  isConditional,
  isConditionalLineField,
  lineFieldApplies,
} from '../../resources/field-rules';
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
  /** A relation's declared restriction of the records it may choose. */
  readonly pickable?: PickableRecords;
  /** A `file` field's value: ids of uploads made for this path (`image`, `lines.photo`), see server/modules/uploads. */
  readonly upload?: string;
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

/**
 * Keys the client may send back unchanged (from info) that are never written from a body; `_titles`
 * holds the names of what the record points at (record.titles.ts).
 */
const IGNORED_KEYS: readonly string[] = [...SYSTEM_FIELDS, 'marketingCenterId', '_titles'];

/** Default maximum lines of a lines field (define.ts) and tree depth. */
export { DEFAULT_MAX_LINES };
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

/** Writes one field's column value(s) into `out` (its kind's coercion); problems go to the sink. */
function writeScalar(
  sink: Sink,
  args: {
    name: string;
    path: string;
    label: string;
    patternKey: string;
    f: FieldDef;
    value: unknown;
    out: StoredRecord;
  },
): void {
  const { f, name, out } = args;
  if (isEmpty(args.value)) {
    if (f.required) issue(sink, { field: args.path, label: args.label, key: 'validation.required' });
    writeField(out, name, f, null);
    return;
  }
  const result = coerceValue({ f, value: args.value, zone: sink.zone, locale: sink.locale });
  if (!result.ok) {
    // A structured value names each problem by its path below the field (`rule.tiers[2].points`).
    for (const nested of result.nested ?? []) {
      const label = nested.label ? `${args.label} ${nested.label}` : args.label;
      issue(sink, { field: `${args.path}${nested.path}`, label, key: nested.key, values: nested.values });
    }
    if (!result.nested) {
      issue(sink, {
        field: args.path,
        label: args.label,
        key: result.key === 'pattern' ? args.patternKey : result.key,
        values: result.values,
      });
    }
    return;
  }
  writeField(out, name, f, result.value);
  if (f.kind === 'relation') {
    const ids = Array.isArray(result.value) ? (result.value as number[]) : [result.value as number];
    sink.references.push({ field: args.path, label: args.label, resource: f.resource, ids, pickable: f.pickable });
  }
  // Relation members of an object (a rule's coupon template) are checked like relation fields,
  // each named by its path (`rule.rewardCouponTemplate`).
  if (f.kind === 'object') {
    for (const relation of objectRelations(f)) {
      const value = valueAt(result.value, relation.path);
      if (value === null || value === undefined) continue;
      const ids = Array.isArray(value) ? (value as number[]) : [value as number];
      if (ids.length === 0) continue;
      const labels = relation.path.reduce<{ at: ObjectMemberField | FieldDef; names: string[] }>(
        (acc, step) => {
          const member = (acc.at as { fields: Record<string, ObjectMemberField> }).fields[step];
          return { at: member, names: [...acc.names, pick(member.label, sink.locale)] };
        },
        { at: f, names: [] },
      ).names;
      sink.references.push({
        field: `${args.path}.${relation.path.join('.')}`,
        label: [args.label, ...labels].join(' '),
        resource: relation.field.resource,
        ids,
        pickable: relation.field.pickable,
      });
    }
  }
  if (f.kind === 'file') {
    // The id of an upload (server/modules/uploads), checked against the uploads table later.
    const id = /^[1-9]\d{0,14}$/.test(result.value as string) ? Number(result.value) : null;
    if (id === null) issue(sink, { field: args.path, label: args.label, key: 'uploads.error.unknown' });
    else
      sink.references.push({
        field: args.path,
        label: args.label,
        resource: sink.resource.name,
        ids: [id],
        upload: args.path.replace(/\.\d+\./, '.'),
      });
  }
}

/** Runs one field's check, taking the issues and references it produced out of the sink. */
function captured(sink: Sink, run: () => void): { issues: FieldError[]; references: ReferenceCheck[] } {
  const issues = sink.issues.length;
  const references = sink.references.length;
  run();
  return { issues: sink.issues.splice(issues), references: sink.references.splice(references) };
}

/** Sets a field's column value(s) to null (both columns of a date range). */
function clearField(out: StoredRecord, name: string, f: FieldDef): void {
  writeField(out, name, f, null);
}

/** A stored field's value as the client sees it (a date range as its two ends). */
function storedValue(record: StoredRecord | null | undefined, name: string, f: FieldDef): unknown {
  if (!record) return null;
  return readField(record, name, f);
}

function readLines(sink: Sink, args: { name: string; f: LinesField; value: unknown; label: string }): StoredRecord[] | null {
  const { f, name, label } = args;
  const rows = isEmpty(args.value) ? [] : args.value;
  if (!Array.isArray(rows)) {
    issue(sink, { field: name, label, key: 'validation.type' });
    return null;
  }
  if (rows.length === 0 && f.required) issue(sink, { field: name, label, key: 'validation.required' });
  else if (f.minLines !== undefined && rows.length < f.minLines)
    issue(sink, { field: name, label, key: 'validation.minLines', values: { min: f.minLines } });
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
      if (!Object.hasOwn(f.fields, key) && key !== 'lineNo')
        issue(sink, { field: `${linePath}.${key}`, label: key, key: 'validation.unknownField' });
    }
    // Every field is read first, then the fields whose conditions the line does not meet are
    // cleared and their problems dropped (a coupon line's type decides which fields it keeps).
    // A line's number names a stored line (kept by difference on save, record.store.ts).
    const lineNo = given.lineNo;
    if (typeof lineNo === 'number' && Number.isSafeInteger(lineNo) && lineNo >= 1 && lineNo <= INT4_MAX) out.lineNo = lineNo;
    else if (lineNo !== undefined && lineNo !== null)
      issue(sink, { field: `${linePath}.lineNo`, label: `${label} ${i + 1}`, key: 'validation.type' });
    const results = Object.entries(f.fields).map(([inner, lf]) => {
      // A server-managed line field (a per-line result) is the server's: a new line takes its default.
      const sent = lf.serverManaged ? undefined : given[inner];
      const value = sent === undefined && lf.defaultValue !== undefined ? lf.defaultValue : sent;
      return {
        inner,
        lf,
        result: captured(sink, () =>
          writeScalar(sink, {
            name: inner,
            path: `${linePath}.${inner}`,
            f: lf,
            value,
            out,
            label: `${label} ${i + 1} ${pick(lf.label, sink.locale)}`,
            patternKey: `res.${sink.resource.name}.${name}.${inner}.pattern`,
          }),
        ),
      };
    });
    for (const { inner, lf, result } of results) {
      if (isConditionalLineField(lf) && !lineFieldApplies({ lines: f, name: inner, valueOf: (n) => out[n] })) {
        clearField(out, inner, lf);
        continue;
      }
      sink.issues.push(...result.issues);
      sink.references.push(...result.references);
    }
    return out;
  });
}

/** An object value without the declared members that do not apply to the record (they are dropped, not refused). */
function withoutMembers(value: unknown, declared: readonly string[], applying: readonly string[]): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => applying.includes(key) || !declared.includes(key)));
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
 *
 * Conditional fields (`when`, resources/field-rules.ts) are decided on the values the record
 * will hold after the write (the body's, else the stored `current` ones on modify): a field that
 * does not apply is written as null whatever the body sent, and neither required nor checked; a
 * field that applies is checked as usual, and when the body leaves a required one out, its
 * stored value must be there.
 */
export function validateWrite(args: {
  resource: ResourceDef;
  body: Record<string, unknown>;
  mode: 'create' | 'modify';
  locale: Locale;
  zone: string;
  /** The stored record on modify (and on a settings save after the first). */
  current?: StoredRecord | null;
}): { set: WriteSet; issues: FieldError[] } {
  const { resource, body, mode } = args;
  const sink: Sink = { issues: [], references: [], locale: args.locale, zone: args.zone, resource };
  const values: StoredRecord = {};
  const lines = new Map<string, StoredRecord[]>();
  let parent: WriteSet['parent'];
  for (const key of Object.keys(body)) {
    // Own fields only: `constructor` or `toString` in a body is an unknown field, not a field.
    if (!Object.hasOwn(resource.fields, key) && !IGNORED_KEYS.includes(key))
      issue(sink, { field: key, label: key, key: 'validation.unknownField' });
  }
  const unknown = sink.issues.splice(0);
  /** What each written field produced: its problems, references and (lines) rows. */
  const written = new Map<string, { issues: FieldError[]; references: ReferenceCheck[]; rows?: StoredRecord[] | null }>();
  const entries = Object.entries(resource.fields);
  const fixed = resource.fixedFilter ?? {};
  /** A value the record will hold after the write: the view's, the body's, else the stored one. */
  const valueOf = (name: string): unknown => {
    if (Object.prototype.hasOwnProperty.call(fixed, name)) return fixed[name];
    if (Object.prototype.hasOwnProperty.call(values, name)) return values[name];
    return args.current?.[name] ?? null;
  };
  // Scalars first, lines second: a line's checks never need the header, but the order of the
  // problems stays the declaration's (below).
  for (const [name, f] of [...entries.filter(([, f]) => f.kind !== 'lines'), ...entries.filter(([, f]) => f.kind === 'lines')]) {
    const present = Object.prototype.hasOwnProperty.call(body, name);
    if (!isClientWritable(resource, name, f)) {
      if (mode === 'create') values[name] = resource.states?.field === name ? resource.states.initial : (f.defaultValue ?? null);
      continue;
    }
    if (mode === 'modify' && (!present || f.readOnlyAfterCreate)) continue;
    // A value that means "as stored" (a secret's mask sent back by the form) is not written.
    if (mode === 'modify' && kindOf(f).keepsStored?.(body[name])) continue;
    const sent = !present && f.defaultValue !== undefined ? f.defaultValue : body[name];
    const label = pick(f.label, args.locale);
    // An object whose members apply to some records only (a kind's rule): the members of this
    // record's kind, read on the values declared before it (the kind is).
    const own = f.kind === 'object' ? applyingMembers(f, memberValueOf({ f, value: sent, valueOf })) : f;
    const value =
      own !== f && f.kind === 'object' && own.kind === 'object'
        ? withoutMembers(sent, Object.keys(f.fields), Object.keys(own.fields))
        : sent;
    if (f.kind === 'lines') {
      let rows: StoredRecord[] | null = null;
      written.set(name, {
        ...captured(sink, () => {
          rows = readLines(sink, { name, f, value, label });
        }),
        rows,
      });
      continue;
    }
    const result = captured(sink, () =>
      writeScalar(sink, { name, path: name, label, f: own, value, out: values, patternKey: `res.${resource.name}.${name}.pattern` }),
    );
    written.set(name, result);
    if (f.kind === 'tree' && result.issues.length === 0) {
      parent = { field: name, label, id: (values[name] as number | null) ?? null, maxDepth: f.maxDepth ?? DEFAULT_MAX_DEPTH };
    }
  }
  const issues: FieldError[] = [...unknown];
  const references: ReferenceCheck[] = [];
  for (const [name, f] of entries) {
    const result = written.get(name);
    if (isClientWritable(resource, name, f) && isConditional(resource, name)) {
      if (!fieldApplies({ resource, name, valueOf })) {
        if (f.kind === 'lines') lines.set(name, []);
        else clearField(values, name, f);
        if (parent?.field === name) parent = undefined;
        continue;
      }
      // Applies, but the body left it as it is: a required one must already be there.
      if (!result && f.required && isEmpty(storedValue(args.current, name, f))) {
        issues.push({ field: name, key: 'validation.required', values: { label: pick(f.label, args.locale) } });
      }
    }
    if (!result) continue;
    issues.push(...result.issues);
    references.push(...result.references);
    if (result.rows) lines.set(name, result.rows);
  }
  // A view offers only some values of an enum field (resources/define.ts `offers`).
  for (const [name, offered] of Object.entries(resource.offers ?? {})) {
    const value = values[name];
    if (typeof value === 'string' && !offered.includes(value) && !issues.some((issue) => issue.field === name)) {
      issues.push({ field: name, key: 'validation.enum', values: { label: pick(resource.fields[name].label, args.locale) } });
    }
  }
  return { set: { values, lines, references, parent }, issues };
}
