import { recordShownState } from '../../resources/state-timeline';
import type { EnumField, FieldDef, LinesField, ResourceDef } from '../../resources/define';
import { editableInState, hasFieldStateRules } from '../../resources/field-rules';
import { pick, type Locale } from '../../resources/messages/bilingual';
import type { FieldError } from '../http/envelope';
import { fieldKeys, kindOf } from './field-kinds';
import { isEmpty } from './field.coerce';
import { isClientWritable, type WriteSet } from './record.validate';
import type { StoredRecord } from './server-hooks.define';

/**
 * Field-level state rules (`editableIn` on a field or a form section, resources/field-rules.ts):
 * a modify may send a locked field back unchanged (the form sends every field it shows), but
 * not change it. Values are compared as stored: money and decimals exactly, instants to the
 * second (what the API shows), lists as sets.
 */

/** Two stored values of one field are the same (its kind's `same`, else as text, lists as sets). */
export function sameValue(f: FieldDef, a: unknown, b: unknown): boolean {
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) && isEmpty(b);
  const same = kindOf(f).same;
  if (same) return same(f, a, b);
  if (a instanceof Date || b instanceof Date) {
    const seconds = (v: unknown) => Math.floor(new Date(v as Date).getTime() / 1000);
    return seconds(a) === seconds(b);
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const sorted = (list: unknown[]) => JSON.stringify([...new Set(list.map(String))].sort());
    return sorted(a) === sorted(b);
  }
  return String(a) === String(b);
}

/** A field's value in a property-keyed record is the same in both (both columns of a range). */
function sameColumns(args: { name: string; f: FieldDef; next: StoredRecord; stored: StoredRecord }): boolean {
  return fieldKeys(args.name, args.f).every(
    (key) => !Object.prototype.hasOwnProperty.call(args.next, key) || sameValue(args.f, args.next[key], args.stored[key]),
  );
}

function sameLines(f: LinesField, next: readonly StoredRecord[], stored: unknown): boolean {
  const before = Array.isArray(stored) ? (stored as StoredRecord[]) : [];
  if (before.length !== next.length) return false;
  return next.every((line, i) =>
    Object.entries(f.fields)
      .filter(([, lf]) => !lf.serverManaged)
      .every(([inner, lf]) => sameColumns({ name: inner, f: lf, next: line, stored: before[i] })),
  );
}

/**
 * The fields a modify would change although the record's state locks them: 400
 * `crud.fieldNotEditable` naming each, with the state's label.
 */
export function lockedChanges(args: {
  resource: ResourceDef;
  current: StoredRecord;
  set: WriteSet;
  locale: Locale;
  /** The request's instant: a state that follows time locks by its shown state. */
  now?: Date;
}): FieldError[] {
  const { resource, current, set } = args;
  const states = resource.states;
  if (!states || !hasFieldStateRules(resource)) return [];
  const state = recordShownState({ states, record: current, now: args.now ?? new Date() });
  const stateField = resource.fields[states.field] as EnumField;
  const stateLabel = pick(stateField.options[String(state)]?.label ?? [String(state), String(state)], args.locale);
  const issues: FieldError[] = [];
  for (const [name, f] of Object.entries(resource.fields)) {
    if (!isClientWritable(resource, name, f) || editableInState(resource, name, state)) continue;
    const lines = f.kind === 'lines' ? set.lines.get(name) : undefined;
    const changed =
      f.kind === 'lines'
        ? lines !== undefined && !sameLines(f, lines, current[name])
        : !sameColumns({ name, f, next: set.values, stored: current });
    if (changed)
      issues.push({ field: name, key: 'crud.fieldNotEditable', values: { label: pick(f.label, args.locale), state: stateLabel } });
  }
  return issues;
}
