/**
 * Field rules of a declaration, read the same way by the server (validation, clearing, state
 * locks) and the browser (what the form shows, requires and disables; what the detail shows):
 *
 * - `when`: a field (or a form section) applies only while other fields hold certain values;
 * - `editableIn`: a field (or a form section) may change only in some states of the record.
 *
 * Pure functions over plain data: no React, no database (resources/README.md).
 */
import {
  declaredDetailSections,
  tableOwner,
  type FieldCondition,
  type FieldDef,
  type FieldWhen,
  type LineField,
  type LinesField,
  type ObjectField,
  type ResourceDef,
  type ScalarField,
  type Section,
} from './define';

/** The rules of one field, its own and those of the form sections that hold it. */
export interface FieldRules {
  /** Conditions that must all hold for the field to apply; empty: it always applies. */
  readonly when: readonly FieldCondition[];
  /** States in which a modify may change it; null: whenever the record is editable. */
  readonly editableIn: readonly string[] | null;
}

/** Reads a value of the record (or the line) being decided on, by field name. */
export type ValueOf = (name: string) => unknown;

const NO_RULES: FieldRules = { when: [], editableIn: null };

/** The conditions of a `when`, as a list. */
export function conditionList(when: FieldWhen | undefined): readonly FieldCondition[] {
  if (when === undefined) return [];
  return Array.isArray(when) ? (when as readonly FieldCondition[]) : [when as FieldCondition];
}

function intersect(a: readonly string[] | null, b: readonly string[] | undefined): readonly string[] | null {
  if (b === undefined) return a;
  return a === null ? b : a.filter((state) => b.includes(state));
}

const rulesCache = new WeakMap<ResourceDef, ReadonlyMap<string, FieldRules>>();

/**
 * The rules of every field of a resource. Section rules come from the base declaration's form
 * sections, so a view of one table applies exactly its base's rules.
 */
function allRules(resource: ResourceDef): ReadonlyMap<string, FieldRules> {
  const cached = rulesCache.get(resource);
  if (cached) return cached;
  const sections: readonly Section[] = tableOwner(resource).form ?? [];
  const map = new Map<string, FieldRules>();
  for (const [name, f] of Object.entries(resource.fields)) {
    let when = [...conditionList(f.when)];
    let editableIn = intersect(null, f.editableIn);
    for (const section of sections) {
      if (!section.fields.includes(name)) continue;
      when = [...when, ...conditionList(section.when)];
      editableIn = intersect(editableIn, section.editableIn);
    }
    if (when.length > 0 || editableIn !== null) map.set(name, { when, editableIn });
  }
  rulesCache.set(resource, map);
  return map;
}

/** The rules of one field of a resource. */
export function fieldRules(resource: ResourceDef, name: string): FieldRules {
  return allRules(resource).get(name) ?? NO_RULES;
}

/** True when a field applies only under conditions (its own or its form section's). */
export function isConditional(resource: ResourceDef, name: string): boolean {
  return fieldRules(resource, name).when.length > 0;
}

/** True for a field of a line that applies only under conditions. */
export function isConditionalLineField(f: LineField): boolean {
  return conditionList(f.when).length > 0;
}

/** Whether one condition holds for the controlling field's value (any value of a list). */
export function conditionHolds(condition: FieldCondition, value: unknown): boolean {
  const values: readonly unknown[] = Array.isArray(value) ? value : [value];
  return values.some((v) => (typeof v === 'string' || typeof v === 'boolean') && condition.in.includes(v));
}

/**
 * Decides with a lookup of conditions per name: a field applies when each of its conditions
 * holds and each controlling field applies itself (a field that does not apply counts as empty).
 */
function appliesBy(conditionsOf: (name: string) => readonly FieldCondition[], valueOf: ValueOf, name: string): boolean {
  const visiting = new Set<string>();
  const applies = (field: string): boolean => {
    const conditions = conditionsOf(field);
    if (conditions.length === 0) return true;
    // A cycle is refused at start-up (fieldRuleProblems); never loop on one anyway.
    if (visiting.has(field)) return false;
    visiting.add(field);
    const result = conditions.every((c) => applies(c.field) && conditionHolds(c, valueOf(c.field)));
    visiting.delete(field);
    return result;
  };
  return applies(name);
}

/** True when a field of a resource applies to a record with these values. */
export function fieldApplies(args: { resource: ResourceDef; name: string; valueOf: ValueOf }): boolean {
  return appliesBy((name) => fieldRules(args.resource, name).when, args.valueOf, args.name);
}

/** True when some member of an object field applies only to some records (a kind's rule member). */
export function hasConditionalMembers(f: ObjectField): boolean {
  return Object.values(f.fields).some((member) => member.when !== undefined);
}

/**
 * What a member's condition reads: a sibling member of the same object (a validity's mode), as
 * the object holds it or else the member's default, or else a field of the record.
 */
export function memberValueOf(args: { readonly f: ObjectField; readonly value: unknown; readonly valueOf: ValueOf }): ValueOf {
  const members =
    typeof args.value === 'object' && args.value !== null && !Array.isArray(args.value) ? (args.value as Record<string, unknown>) : {};
  return (name) => {
    if (!Object.hasOwn(args.f.fields, name)) return args.valueOf(name);
    return members[name] ?? args.f.fields[name].defaultValue ?? null;
  };
}

/**
 * An object field narrowed to the members that apply to a record (their `when` reads the
 * record's own fields: a kind's rule members apply to that kind; or a sibling member without a
 * condition of its own, read through {@link memberValueOf}), each without its condition.
 * The server validates, stores and answers only these; the form and the detail show only these.
 */
export function applyingMembers(f: ObjectField, valueOf: ValueOf): ObjectField {
  if (!hasConditionalMembers(f)) return f;
  const fields: ObjectField['fields'] = Object.fromEntries(
    Object.entries(f.fields)
      .filter(([, member]) => conditionList(member.when).every((c) => conditionHolds(c, valueOf(c.field))))
      .map(([name, member]) => [name, { ...member, when: undefined }]),
  );
  return { ...f, fields };
}

/** True when a field of a line applies to that line (its conditions read the same line). */
export function lineFieldApplies(args: { lines: LinesField; name: string; valueOf: ValueOf }): boolean {
  return appliesBy((name) => conditionList(args.lines.fields[name]?.when), args.valueOf, args.name);
}

/** True when a section's own condition holds for a record (its fields have their own rules too). */
export function sectionApplies(args: { resource: ResourceDef; section: Section; valueOf: ValueOf }): boolean {
  return conditionList(args.section.when).every(
    (c) => fieldApplies({ resource: args.resource, name: c.field, valueOf: args.valueOf }) && conditionHolds(c, args.valueOf(c.field)),
  );
}

/** True when a modify may change the field while the record is in `state`. */
export function editableInState(resource: ResourceDef, name: string, state: unknown): boolean {
  const { editableIn } = fieldRules(resource, name);
  return editableIn === null || editableIn.includes(String(state));
}

/** True when some field of the resource has a state rule. */
export function hasFieldStateRules(resource: ResourceDef): boolean {
  return [...allRules(resource).values()].some((rules) => rules.editableIn !== null);
}

// ---------------------------------------------------------------------------------------------
// Start-up checks
// ---------------------------------------------------------------------------------------------

function conditionProblems(args: {
  where: string;
  conditions: readonly FieldCondition[];
  fields: Readonly<Record<string, FieldDef | ScalarField>>;
}): string[] {
  const problems: string[] = [];
  for (const c of args.conditions) {
    const target = args.fields[c.field];
    if (!target) {
      problems.push(`${args.where}: condition on unknown field ${c.field}`);
      continue;
    }
    if (target.kind !== 'enum' && target.kind !== 'boolean')
      problems.push(`${args.where}: condition field ${c.field} is not an enum or a boolean`);
    if (c.in.length === 0) problems.push(`${args.where}: condition on ${c.field} lists no value`);
    for (const value of c.in) {
      const known =
        target.kind === 'enum'
          ? typeof value === 'string' && Object.prototype.hasOwnProperty.call(target.options, value)
          : typeof value === 'boolean';
      if (!known) problems.push(`${args.where}: ${String(value)} is not a value of ${c.field}`);
    }
  }
  return problems;
}

function cycleProblems(where: string, conditionsOf: (name: string) => readonly FieldCondition[], names: readonly string[]): string[] {
  const problems: string[] = [];
  for (const start of names) {
    const seen = new Set<string>();
    const reachesStart = (name: string): boolean =>
      conditionsOf(name).some((c) => {
        if (c.field === start) return true;
        if (seen.has(c.field)) return false;
        seen.add(c.field);
        return reachesStart(c.field);
      });
    if (reachesStart(start)) problems.push(`${where}: the conditions of ${start} depend on ${start} itself`);
  }
  return problems;
}

/** What is wrong with a declaration's field rules; the server refuses to start on any. */
export function fieldRuleProblems(resource: ResourceDef): string[] {
  const problems: string[] = [];
  const fields = resource.fields;
  const states = resource.states;
  const stateOptions =
    states && fields[states.field]?.kind === 'enum' ? Object.keys((fields[states.field] as { options: object }).options) : [];
  const checkStates = (where: string, list: readonly string[] | undefined) => {
    if (list === undefined) return;
    if (!states) {
      problems.push(`${where}: editableIn needs states`);
      return;
    }
    for (const state of list) {
      if (!stateOptions.includes(state)) problems.push(`${where}: editableIn state ${state} is not an option of ${states.field}`);
      else if (states.editableIn && !states.editableIn.includes(state))
        problems.push(`${where}: editableIn state ${state} is outside states.editableIn`);
    }
  };
  for (const [name, f] of Object.entries(fields)) {
    problems.push(...conditionProblems({ where: `${resource.name}.${name}`, conditions: conditionList(f.when), fields }));
    if (f.kind === 'tree' && f.when !== undefined) problems.push(`${resource.name}.${name}: a tree field cannot be conditional`);
    checkStates(`${resource.name}.${name}`, f.editableIn);
    if (f.kind === 'object') {
      // A top-level object's members may apply only to some records: their conditions read the
      // record, or a sibling member that has no condition itself (a validity's mode).
      const siblings = Object.fromEntries(Object.entries(f.fields).filter(([, member]) => member.when === undefined));
      for (const [inner, member] of Object.entries(f.fields))
        problems.push(
          ...conditionProblems({
            where: `${resource.name}.${name}.${inner}`,
            conditions: conditionList(member.when),
            fields: { ...fields, ...siblings } as Readonly<Record<string, FieldDef | ScalarField>>,
          }),
        );
    }
    if (f.kind !== 'lines') continue;
    for (const [inner, lf] of Object.entries(f.fields)) {
      const where = `${resource.name}.${name}.${inner}`;
      problems.push(...conditionProblems({ where, conditions: conditionList(lf.when), fields: f.fields }));
      if (lf.editableIn !== undefined) problems.push(`${where}: editableIn goes on the lines field, not on a line field`);
    }
    problems.push(...cycleProblems(`${resource.name}.${name}`, (inner) => conditionList(f.fields[inner]?.when), Object.keys(f.fields)));
  }
  const owner = tableOwner(resource);
  for (const section of resource.form ?? []) {
    const where = `${resource.name} section ${section.key}`;
    if (owner !== resource && resource.form !== owner.form && (section.when !== undefined || section.editableIn !== undefined)) {
      problems.push(`${where}: a view's own sections cannot carry rules (the base's apply)`);
      continue;
    }
    problems.push(...conditionProblems({ where, conditions: conditionList(section.when), fields }));
    checkStates(where, section.editableIn);
    for (const name of section.fields) {
      if (section.when !== undefined && fields[name]?.kind === 'tree') problems.push(`${where}: a tree field cannot be conditional`);
    }
  }
  for (const section of declaredDetailSections(resource) ?? []) {
    problems.push(
      ...conditionProblems({ where: `${resource.name} detail section ${section.key}`, conditions: conditionList(section.when), fields }),
    );
  }
  problems.push(...cycleProblems(resource.name, (name) => fieldRules(resource, name).when, Object.keys(fields)));
  return problems;
}
