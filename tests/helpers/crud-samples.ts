import type { FieldDef, ResourceDef } from '../../resources/define';
import {
  applyingMembers,
  fieldApplies,
  hasConditionalMembers,
  fieldRules,
  lineFieldApplies,
  memberValueOf,
} from '../../resources/field-rules';
import { isClientWritable } from '../../server/crud/record.validate';

/**
 * Values for contract tests, derived from a declaration: a valid sample of every field kind
 * (distinct per seed, inside the declared limits), an invalid value of every kind, what a
 * filter of each mode should send for a record, and whether a returned record matches it.
 */

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Candidates tried against a text field's pattern; the first that matches is used. */
function patternCandidates(seed: number): string[] {
  return [
    `138${pad(seed, 8)}`,
    `${pad(seed, 8)}`,
    `P${pad(seed, 6)}`,
    `AB${pad(seed, 4)}`,
    `CT${pad(seed, 8)}`,
    `x${seed}@example.com`,
    `thing${seed}`,
  ];
}

function textSample(f: Extract<FieldDef, { kind: 'text' | 'longText' }>, seed: number, name: string): string | undefined {
  if (f.kind === 'text' && f.pattern) {
    const regex = new RegExp(f.pattern.regex);
    return patternCandidates(seed).find((c) => regex.test(c));
  }
  const max = f.maxLength ?? (f.kind === 'text' ? 100 : 2000);
  const min = f.kind === 'text' ? (f.minLength ?? 1) : 1;
  // Mixed case and a CJK character: contains-filters must be case-insensitive and Unicode-safe.
  const base = `${name.slice(0, 3)}Ab${seed}测`.slice(0, max);
  return base.padEnd(min, 'x');
}

function numberIn(f: { min?: number; max?: number }, seed: number, step: number): number {
  const min = f.min ?? 0;
  const max = f.max ?? min + 100000;
  const span = Math.min(1000, Math.floor((max - min) / step));
  const decimals = step >= 1 ? 0 : 3; // steps never have more decimals than their field
  return Number((min + ((seed * 7) % Math.max(1, span)) * step).toFixed(decimals));
}

/** A valid value of a scalar field for a seed; undefined when none can be made generically. */
export function scalarSample(args: {
  f: FieldDef;
  seed: number;
  name: string;
  /** The field's path when inside lines (`lines.photo`); file samples are looked up by it. */
  path?: string;
  refs: Readonly<Record<string, number>>;
}): unknown {
  const { f, seed, name } = args;
  switch (f.kind) {
    case 'text':
    case 'longText':
      return textSample(f, seed, name);
    case 'integer':
      return numberIn(f, seed, 1);
    case 'money':
      return numberIn(f, seed, 0.25);
    case 'decimal':
      return numberIn(f, seed, 1 / 10 ** Math.min(f.decimals ?? 2, 3));
    case 'boolean':
      return seed % 2 === 0;
    case 'enum': {
      const options = Object.keys(f.options);
      const one = options[seed % options.length];
      return f.multiple ? [one] : one;
    }
    case 'date':
      return `2024-0${1 + (seed % 9)}-1${seed % 10}`;
    case 'datetime':
      return `2024-0${1 + (seed % 9)}-1${seed % 10} 0${seed % 10}:30:00`;
    case 'dateRange':
      return [`2024-01-1${seed % 10}`, `2024-12-1${seed % 10}`];
    case 'time':
      return `0${seed % 10}:15`;
    case 'weekdays':
      return [1 + (seed % 7)];
    case 'relation':
      return f.multiple ? [args.refs[f.resource]] : args.refs[f.resource];
    case 'tree':
      return null;
    case 'file': {
      // A file field keeps the id of an upload made for it: the test uploads one and hands it in
      // as `upload:<path>` (`image`, `lines.photo`); without one the field cannot be sampled.
      const upload = args.refs[`upload:${args.path ?? args.name}`];
      return upload === undefined ? undefined : String(upload);
    }
    case 'secret': {
      // Long enough for the mask to show its last four characters; a secret of a declared shape
      // (a WeChat EncodingAESKey: 43 letters and digits) gets letters and digits of its length.
      const plain = `sk-live-${pad(seed, 6)}-abcd`;
      if (!f.pattern) return plain;
      const regex = new RegExp(f.pattern.regex);
      const max = f.maxLength ?? 500;
      return [plain, `skLive${pad(seed, 6)}abcd`.padEnd(max, 'x').slice(0, max)].find((c) => regex.test(c));
    }
    case 'object':
      return Object.fromEntries(
        Object.entries(f.fields).flatMap(([inner, member]) => {
          const v = scalarSample({ f: member, seed, name: inner, path: `${args.path ?? args.name}.${inner}`, refs: args.refs });
          return v === undefined ? [] : [[inner, v]];
        }),
      );
    case 'lines': {
      // Lines inside an object (top-level lines are sampled by sampleBody).
      const line = scalarSample({ f: { kind: 'object', label: f.label, fields: f.fields }, seed, name, refs: args.refs });
      return Array.from({ length: Math.max(1, f.minLines ?? 1) }, () => line);
    }
  }
}

/**
 * A valid saveNew body: every client-writable field that can be sampled. Conditional fields
 * (`when`) that do not apply to the sampled values are sent as null, as the server stores them.
 * An override of an object field sets the members it names (a kind's rule: the others keep
 * their samples); any other override replaces the value.
 */
export function sampleBody(args: {
  resource: ResourceDef;
  seed: number;
  refs: Readonly<Record<string, number>>;
  overrides?: Record<string, unknown>;
}): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(args.resource.fields)) {
    if (!isClientWritable(args.resource, name, f)) continue;
    if (f.kind === 'lines') {
      const line: Record<string, unknown> = {};
      for (const [inner, lf] of Object.entries(f.fields)) {
        const v = scalarSample({ f: lf, seed: args.seed, name: inner, path: `${name}.${inner}`, refs: args.refs });
        if (v !== undefined) line[inner] = v;
      }
      for (const inner of Object.keys(f.fields)) {
        if (inner in line && !lineFieldApplies({ lines: f, name: inner, valueOf: (n) => line[n] })) line[inner] = null;
      }
      body[name] = Array.from({ length: Math.max(1, f.minLines ?? 1) }, () => ({ ...line }));
      continue;
    }
    const value = scalarSample({ f, seed: args.seed, name, refs: args.refs });
    if (value !== undefined) body[name] = value;
  }
  const merged: Record<string, unknown> = { ...body, ...args.overrides };
  for (const [name, value] of Object.entries(args.overrides ?? {})) {
    if (args.resource.fields[name]?.kind === 'object' && isPlainObject(value) && isPlainObject(body[name]))
      merged[name] = { ...body[name], ...value };
  }
  return settled(args.resource, merged);
}

/**
 * The body with every conditional field that does not apply to it set to null, and each object
 * narrowed to the members that apply to it (a kind's rule: that kind's members only, as the
 * server stores and answers it).
 */
export function settled(resource: ResourceDef, body: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body };
  // A view's fixed values hold whatever the body says (a kind's view: its kind); a field the
  // client does not write holds its default (a customer group's type).
  const valueOf = (n: string): unknown => {
    const f = resource.fields[n];
    const unwritten = f !== undefined && !isClientWritable(resource, n, f) && 'defaultValue' in f ? f.defaultValue : undefined;
    return resource.fixedFilter?.[n] ?? body[n] ?? unwritten;
  };
  for (const name of Object.keys(out)) {
    const f = resource.fields[name];
    if (!f || out[name] === undefined) continue;
    if (!fieldApplies({ resource, name, valueOf })) out[name] = f.kind === 'lines' ? [] : null;
    else if (f.kind === 'object' && isPlainObject(out[name])) {
      const members = Object.keys(applyingMembers(f, memberValueOf({ f, value: out[name], valueOf })).fields);
      out[name] = Object.fromEntries(Object.entries(out[name]).filter(([member]) => members.includes(member)));
    }
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The body changed so that a field applies: each condition's field set to its first listed
 * value (and so on up a chain of conditions); required fields that start to apply with it get a
 * sample, so the body stays valid but for what a test puts in.
 */
export function applyingBody(args: {
  resource: ResourceDef;
  name: string;
  body: Record<string, unknown>;
  seed: number;
  refs: Readonly<Record<string, number>>;
}): Record<string, unknown> {
  const { resource } = args;
  const out = { ...args.body };
  const setConditions = (name: string) => {
    for (const condition of fieldRules(resource, name).when) {
      // A view's fixed value is stamped by the server, never sent.
      if (resource.fixedFilter && condition.field in resource.fixedFilter) continue;
      setConditions(condition.field);
      const target = resource.fields[condition.field];
      // A view that offers only some values takes the first it offers.
      const offered = resource.offers?.[condition.field];
      const value = condition.in.find((v) => offered === undefined || offered.includes(String(v))) ?? condition.in[0];
      out[condition.field] = target?.kind === 'enum' && target.multiple ? [value] : value;
    }
  };
  setConditions(args.name);
  for (const [name, f] of Object.entries(resource.fields)) {
    if (!f.required || f.kind === 'lines' || !isClientWritable(resource, name, f) || (out[name] !== null && out[name] !== undefined))
      continue;
    if (fieldApplies({ resource, name, valueOf: (n) => out[n] })) out[name] = scalarSample({ f, seed: args.seed, name, refs: args.refs });
  }
  // An object whose members follow the record (a kind's rule) takes the members that apply now:
  // those it held are kept, the others sampled.
  for (const [name, f] of Object.entries(resource.fields)) {
    if (f.kind !== 'object' || !hasConditionalMembers(f) || !isPlainObject(out[name])) continue;
    const sample = scalarSample({ f, seed: args.seed, name, refs: args.refs }) as Record<string, unknown>;
    const merged = { ...sample, ...out[name] };
    const valueOf = (n: string) => resource.fixedFilter?.[n] ?? out[n] ?? null;
    const members = Object.keys(applyingMembers(f, memberValueOf({ f, value: merged, valueOf })).fields);
    out[name] = Object.fromEntries(Object.entries(merged).filter(([member]) => members.includes(member)));
  }
  return out;
}

/**
 * The field can apply in this resource: none of its conditions names a view's fixed field with
 * another value, or an offered field with none of the values it offers (a kind's view, or an
 * activity entry's list, never holds another kind's rule fields).
 */
export function canApplyInView(resource: ResourceDef, name: string): boolean {
  const fixed = resource.fixedFilter ?? {};
  const offers = resource.offers ?? {};
  return fieldRules(resource, name).when.every(
    (c) =>
      (!Object.hasOwn(fixed, c.field) || c.in.includes(fixed[c.field] as string | boolean)) &&
      (!Object.hasOwn(offers, c.field) || c.in.some((v) => offers[c.field].includes(String(v)))),
  );
}

/** A value every field kind must refuse, with the reason the server should give. */
export function invalidValue(f: FieldDef): unknown {
  switch (f.kind) {
    case 'text':
      return 'x'.repeat((f.maxLength ?? 100) + 1);
    case 'longText':
      return 'x'.repeat((f.maxLength ?? 2000) + 1);
    case 'integer':
      return 1.5;
    case 'money':
      return '1.005';
    case 'decimal':
      return `1.${'1'.repeat((f.decimals ?? 2) + 1)}`;
    case 'boolean':
      return 'yes';
    case 'enum':
      return f.multiple ? ['NO_SUCH_VALUE'] : 'NO_SUCH_VALUE';
    case 'date':
      return '2024-02-30';
    case 'datetime':
      return 'tomorrow';
    case 'dateRange':
      return ['2024-03-01', '2024-01-01'];
    case 'time':
      return '25:00';
    case 'weekdays':
      return [8];
    case 'relation':
      return f.multiple ? [987654321] : 987654321;
    case 'tree':
      return 987654321;
    case 'file':
      return 42;
    case 'lines':
      return 'not lines';
    case 'object':
      return 'not an object';
    case 'secret':
      return 'x'.repeat((f.maxLength ?? 500) + 1);
  }
}

/** The filter value a record's field value gives for the field's mode. */
export function filterValueFor(f: FieldDef, value: unknown): unknown {
  const single = Array.isArray(value) && f.kind !== 'dateRange' ? value[0] : value;
  switch (f.filter) {
    case 'contains':
      return String(value).slice(1, 4).toUpperCase();
    case 'prefix':
      return String(value).slice(0, 3);
    case 'range':
      return f.kind === 'dateRange' ? value : [single, single];
    case 'in':
      return [single];
    default:
      return single;
  }
}

/** Whether a returned record's value satisfies a filter (the contract test's own reading). */
export function matchesFilter(f: FieldDef, recordValue: unknown, filter: unknown): boolean {
  if (recordValue === null || recordValue === undefined) return false;
  const values = Array.isArray(recordValue) && f.kind !== 'dateRange' ? recordValue : [recordValue];
  const cmp = (a: unknown, b: unknown) => (typeof a === 'number' ? a - Number(b) : String(a).localeCompare(String(b)));
  switch (f.filter) {
    case 'contains':
      return String(recordValue).toLowerCase().includes(String(filter).toLowerCase());
    case 'prefix':
      return String(recordValue).startsWith(String(filter));
    case 'range': {
      const [from, to] = filter as [unknown, unknown];
      if (f.kind === 'dateRange') {
        const [a, b] = recordValue as [string, string];
        return (to === null || a <= String(to)) && (from === null || b >= String(from));
      }
      if (f.kind === 'datetime') return String(recordValue).slice(0, 19) >= String(from) && String(recordValue) <= String(to);
      return (from === null || cmp(recordValue, from) >= 0) && (to === null || cmp(recordValue, to) <= 0);
    }
    case 'in':
      return values.some((v) => (filter as unknown[]).includes(v));
    default:
      return values.includes(filter);
  }
}

/** Compares two field values the way PostgreSQL orders them (nulls greatest). */
export function compareForSort(a: unknown, b: unknown): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const x = Array.isArray(a) ? String(a[0]) : String(a);
  const y = Array.isArray(b) ? String(b[0]) : String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
