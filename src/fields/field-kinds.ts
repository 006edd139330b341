/**
 * THE registry of field kinds: every `FieldKind` of resources/define.ts maps to its input, list
 * cell, detail display, filter control, value conversions and form rules. Adding a kind is adding
 * it to `FieldKind` and here; the type below fails until both agree.
 */
import type { FieldDef, FieldKind, ResourceDef } from '../../resources/define';
import { labelKey } from '../../resources/define';
import type { FieldContext, FieldKindRegistry, FieldKindSpec, Translate } from './field-kind';
import { withEmptyMeaning } from './empty-meaning';
import { FIELD_WIDGETS } from './field-widgets';
import { booleanKind, enumKind, weekdaysKind } from './kinds/choice.kind';
import { dateKind, dateRangeKind, dateTimeKind, timeKind } from './kinds/date.kind';
import { fileKind } from './kinds/file.kind';
import { createLinesKind } from './kinds/lines.kind';
import { decimalKind, integerKind, moneyKind } from './kinds/number.kind';
import { createObjectKind } from './kinds/object.kind';
import { createRelationKind, treeKind } from './kinds/relation.kind';
import { secretKind } from './kinds/secret.kind';
import { createTextKind, longTextKind } from './kinds/text.kind';

/** One spec per field kind, as each kind draws it. */
const OWN_SPECS: FieldKindRegistry = {
  text: createTextKind((kind) => specOf(kind)),
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
  relation: createRelationKind((kind) => specOf(kind)),
  tree: treeKind,
  file: fileKind,
  lines: createLinesKind((kind) => specOf(kind)),
  object: createObjectKind((kind) => specOf(kind)),
  secret: secretKind,
};

/** One spec per field kind; every kind's cell and display also say what an empty value means. */
export const FIELD_KINDS = Object.fromEntries(
  Object.entries(OWN_SPECS).map(([kind, spec]) => [kind, withEmptyMeaning(spec as FieldKindSpec)]),
) as unknown as FieldKindRegistry;

/**
 * The spec of a kind, widened to any field: the registry is keyed so each spec receives its own
 * declaration type, which callers holding a plain `FieldDef` cannot name.
 */
export function specOf(kind: FieldKind): FieldKindSpec {
  return FIELD_KINDS[kind] as unknown as FieldKindSpec;
}

/** The behaviour of a declared field: its widget's when it names one (field-widgets.ts), else its kind's. */
export function specFor(field: FieldDef): FieldKindSpec {
  const widget = field.kind === 'longText' ? field.widget : undefined;
  return widget ? FIELD_WIDGETS[widget.name] : specOf(field.kind);
}

/** The context of a declared field of a resource. */
export function fieldContext(args: { readonly resource: ResourceDef; readonly name: string; readonly t: Translate }): FieldContext {
  // `rule.speedMultiple`: a member of an object field (a kind's rule member as a list column).
  const [head, member] = args.name.split('.', 2);
  const parent = member === undefined ? undefined : args.resource.fields[head];
  if (parent?.kind === 'object' && member !== undefined && Object.hasOwn(parent.fields, member)) {
    const own = parent.fields[member];
    const key = `${labelKey(args.resource.name, head)}.${member}`;
    return { resource: args.resource, name: member, field: own as FieldDef, key, t: args.t, path: [head, member] };
  }
  const field: FieldDef | undefined = args.resource.fields[args.name];
  if (!field) throw new Error(`${args.resource.name} declares no field ${args.name}`);
  return { resource: args.resource, name: args.name, field, key: labelKey(args.resource.name, args.name), t: args.t };
}

/** Converts an API record to form values, field by field. */
export function recordToForm(args: { readonly resource: ResourceDef; readonly record: Record<string, unknown>; readonly t: Translate }) {
  const values: Record<string, unknown> = {};
  for (const name of Object.keys(args.resource.fields)) {
    const ctx = fieldContext({ resource: args.resource, name, t: args.t });
    const convert = specFor(ctx.field).toForm;
    values[name] = convert ? convert(ctx, args.record[name]) : args.record[name];
  }
  return values;
}

/** Converts form values to the API body, for the given fields only. */
export function formToBody(args: {
  readonly resource: ResourceDef;
  readonly values: Record<string, unknown>;
  readonly names: readonly string[];
  readonly t: Translate;
}) {
  const body: Record<string, unknown> = {};
  for (const name of args.names) {
    const ctx = fieldContext({ resource: args.resource, name, t: args.t });
    const convert = specFor(ctx.field).fromForm;
    const value = args.values[name];
    const converted = convert ? convert(ctx, value) : value;
    // Undefined becomes null so that clearing a field on edit clears it on the server too.
    body[name] = converted === undefined ? null : converted;
  }
  return body;
}
