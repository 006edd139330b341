import type { LineField, ObjectMemberField } from '../../../resources/define';
import { pick, type Locale } from '../../../resources/messages/bilingual';
import { arrayOf, nullable, objectOf, type JsonSchema } from '../../http/openapi.schemas';
import type { NestedIssue } from './field-kind';
import { canonicalJson, isEmpty } from './kind-helpers';
import { kindOf, readField, writeField } from './index';

/**
 * The members of a structured value (an object's fields, a nested line's fields), shared by
 * the object and lines kinds: every member is coerced by its own kind, absent ones take their
 * default, and each problem is named by its path below the value (`.tiers[2].points`) and by
 * the labels on the way (`Tiers 3 Points`). Members are kept in rows like columns are (a date
 * range as `<name>From` / `<name>To`), so a line of the child table and a line inside an object
 * read the same way.
 */

type Member = ObjectMemberField | LineField;

/** The stored members of one object value, or the problems found; `prefix` labels them. */
export function coerceMembers(args: { fields: Readonly<Record<string, Member>>; value: unknown; zone: string; locale: Locale }): {
  value: Record<string, unknown>;
  issues: NestedIssue[];
} {
  const issues: NestedIssue[] = [];
  const out: Record<string, unknown> = {};
  if (typeof args.value !== 'object' || args.value === null || Array.isArray(args.value)) {
    return { value: out, issues: [{ path: '', label: '', key: 'validation.type' }] };
  }
  const given = args.value as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (!Object.hasOwn(args.fields, key)) issues.push({ path: `.${key}`, label: key, key: 'validation.unknownField' });
  }
  for (const [name, f] of Object.entries(args.fields)) {
    const label = pick(f.label, args.locale);
    const value = given[name] === undefined && f.defaultValue !== undefined ? f.defaultValue : given[name];
    if (isEmpty(value)) {
      if (f.required) issues.push({ path: `.${name}`, label, key: 'validation.required' });
      writeField(out, name, f, null);
      continue;
    }
    const result = kindOf(f).coerce({ f, value, zone: args.zone, locale: args.locale });
    if (result.ok) {
      writeField(out, name, f, result.value);
      continue;
    }
    if (result.nested) {
      for (const inner of result.nested)
        issues.push({ ...inner, path: `.${name}${inner.path}`, label: inner.label ? `${label} ${inner.label}` : label });
    } else issues.push({ path: `.${name}`, label, key: result.key, values: result.values });
  }
  return { value: out, issues };
}

/** A stored object value as the API answers it: every member, null when empty. */
export function serializeMembers(args: {
  fields: Readonly<Record<string, Member>>;
  value: unknown;
  zone: string;
}): Record<string, unknown> {
  const stored = (args.value ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(args.fields)) {
    const value = readField(stored, name, f);
    out[name] = value === null || value === undefined ? null : kindOf(f).serialize({ f, value, zone: args.zone });
  }
  return out;
}

/**
 * Two stored object values hold the same members, each compared by its own kind (money exactly:
 * `10.00` and `10` are one amount), so a form sending a frozen rule back unchanged changes nothing.
 */
export function sameMembers(args: { fields: Readonly<Record<string, Member>>; a: unknown; b: unknown }): boolean {
  const stored = (value: unknown) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});
  return Object.entries(args.fields).every(([name, f]) => {
    const a: unknown = readField(stored(args.a), name, f) ?? null;
    const b: unknown = readField(stored(args.b), name, f) ?? null;
    if (isEmpty(a) || isEmpty(b)) return isEmpty(a) && isEmpty(b);
    const same = kindOf(f).same;
    return same ? same(f, a, b) : canonicalJson(a) === canonicalJson(b);
  });
}

/** The answer schema of an object value's members (nullable unless required). */
export function membersAnswerSchema(fields: Readonly<Record<string, Member>>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  // A member that applies to some records only (a kind's rule member) is answered for those only.
  const optional = Object.entries(fields)
    .filter(([, f]) => f.when !== undefined)
    .map(([name]) => name);
  for (const [name, f] of Object.entries(fields)) {
    const schema = kindOf(f).answerSchema(f);
    properties[name] = f.required && f.when === undefined ? schema : nullable(schema);
  }
  return objectOf(properties, { optional });
}

/** The body schema of an object value's members. */
export function membersBodySchema(fields: Readonly<Record<string, Member>>): JsonSchema {
  const properties = Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, kindOf(f).bodySchema(f)]));
  return { type: 'object', properties };
}

/** A list of member objects (nested lines). */
export function listSchema(items: JsonSchema, description: string, maxItems: number): JsonSchema {
  return { ...arrayOf(items, description), maxItems };
}
