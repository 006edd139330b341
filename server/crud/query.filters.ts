import { and, arrayContains, arrayOverlaps, eq, gte, ilike, inArray, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { enumAliases, type FieldDef, type ResourceDef } from '../../resources/define';
import { pick, type Locale } from '../../resources/messages/bilingual';
import type { FieldError } from '../http/envelope';
import { rangeKeys } from './column.derive';
import { coerceValue, isEmpty } from './field.coerce';
import { fieldKeys, isArrayField, isFilterable, isTextual } from './field-kinds';
import type { DerivedTable } from './table.derive';
import { isDateText, startOfNextDay } from './zoned-time';
import { shownStateIn } from './state-timeline';
import { textProblem } from '../http/input-guard';

/**
 * The `filters` and `keyword` of a query body as SQL conditions. Each filterable field takes
 * the value shape of its declared mode: `eq` one value, `contains` / `prefix` text,
 * `range` `[from, to]` (either end may be null), `in` a list. Empty values are no filter.
 */

/** Escapes LIKE wildcards so user text matches literally. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// A filter value is compared, not stored: the field's range, length and pattern do not apply,
// and a multiple field is filtered by its single values.
function relaxed(f: FieldDef): FieldDef {
  const loose = { ...f, min: undefined, max: undefined, minLength: undefined, maxLength: 200, pattern: undefined, multiple: false };
  return (f.kind === 'weekdays' ? { ...loose, kind: 'integer', min: 1, max: 7 } : loose) as FieldDef;
}

type Parsed = { ok: true; value: unknown } | { ok: false; key: string; values?: Record<string, string | number> };

function one(f: FieldDef, value: unknown, zone: string): Parsed {
  return coerceValue({ f: relaxed(f), value, zone });
}

function rangeCondition(args: { t: DerivedTable; name: string; f: FieldDef; value: unknown; zone: string }): SQL | Parsed | undefined {
  const { t, name, f, value, zone } = args;
  if (!Array.isArray(value) || value.length !== 2) return { ok: false, key: 'validation.type' };
  const [from, to] = value as unknown[];
  const parts: SQL[] = [];
  if (f.kind === 'dateRange') {
    // Records whose period overlaps the asked one.
    const keys = rangeKeys(name);
    if (!isEmpty(from)) {
      if (!isDateText(from)) return { ok: false, key: 'validation.date' };
      parts.push(gte(t[keys.to], from));
    }
    if (!isEmpty(to)) {
      if (!isDateText(to)) return { ok: false, key: 'validation.date' };
      parts.push(lte(t[keys.from], to));
    }
    return and(...parts);
  }
  const col = t[name];
  if (!isEmpty(from)) {
    const p = one(f, from, zone);
    if (!p.ok) return p;
    parts.push(gte(col, p.value));
  }
  if (!isEmpty(to)) {
    // A bare date as the end of a datetime range means "through that whole day".
    if (f.kind === 'datetime' && isDateText(to)) parts.push(lt(col, startOfNextDay(to, zone)));
    else {
      const p = one(f, to, zone);
      if (!p.ok) return p;
      parts.push(lte(col, p.value));
    }
  }
  return and(...parts);
}

/** An enum value with the stored variants shown like it (`using` also matches `Using`). */
function withAliases(f: FieldDef, values: unknown[]): unknown[] {
  if (f.kind !== 'enum') return values;
  return values.flatMap((v) => [v, ...enumAliases(f, String(v))]);
}

function condition(args: { t: DerivedTable; name: string; f: FieldDef; value: unknown; zone: string }): SQL | Parsed | undefined {
  const { t, name, f, value, zone } = args;
  if (!isFilterable(f) || !f.filter) return undefined;
  const col = fieldKeys(name, f).length === 1 ? t[name] : undefined;
  switch (f.filter) {
    case 'contains':
    case 'prefix': {
      if (typeof value !== 'string' || !isTextual(f) || !col) return { ok: false, key: 'validation.type' };
      const problem = textProblem(value);
      if (problem) return { ok: false, key: problem };
      const text = likeEscape(value.trim());
      return f.filter === 'contains' ? ilike(col, `%${text}%`) : like(col, `${text}%`);
    }
    case 'range':
      return rangeCondition({ t, name, f, value, zone });
    case 'eq': {
      if (!col) return { ok: false, key: 'validation.type' };
      const p = one(f, value, zone);
      if (!p.ok) return p;
      if (isArrayField(f)) return arrayContains(col, [p.value]);
      const values = withAliases(f, [p.value]);
      return values.length === 1 ? eq(col, p.value) : inArray(col, values);
    }
    case 'in': {
      if (!col || !Array.isArray(value)) return { ok: false, key: 'validation.type' };
      const parsed = value.map((v) => one(f, v, zone));
      const bad = parsed.find((p) => !p.ok);
      if (bad) return bad;
      const values = parsed.map((p) => (p as { value: unknown }).value);
      return isArrayField(f) ? arrayOverlaps(col, values) : inArray(col, withAliases(f, values));
    }
  }
}

/** The declared field `name` of a resource, never an inherited property of the fields object. */
export function ownField(resource: ResourceDef, name: string): FieldDef | undefined {
  return Object.hasOwn(resource.fields, name) ? resource.fields[name] : undefined;
}

/**
 * A filter on a state that follows time: the shown states asked (`eq` one, `in` a list),
 * rewritten to stored states and window conditions at `now` (state-timeline.ts).
 */
function shownStateCondition(args: { resource: ResourceDef; t: DerivedTable; f: FieldDef; value: unknown; now: Date }): SQL | Parsed {
  const { f } = args;
  if (f.kind !== 'enum') return { ok: false, key: 'validation.type' };
  const values = f.filter === 'in' ? args.value : [args.value];
  if (!Array.isArray(values)) return { ok: false, key: 'validation.type' };
  const parsed = values.filter((v) => !isEmpty(v)).map((v) => one(f, v, ''));
  const bad = parsed.find((p) => !p.ok);
  if (bad) return bad;
  const states = parsed.map((p) => String((p as { value: unknown }).value));
  return shownStateIn({ t: args.t, resource: args.resource, states, now: args.now }) as SQL;
}

/**
 * The conditions of a query's filters, or the field errors of the values that do not fit. A
 * state that follows time is filtered by its shown value at `now` (default the system clock).
 */
export function filterConditions(args: {
  resource: ResourceDef;
  t: DerivedTable;
  filters: Record<string, unknown>;
  zone: string;
  locale: Locale;
  now?: Date;
}): { conditions: SQL[]; issues: FieldError[] } {
  const conditions: SQL[] = [];
  const issues: FieldError[] = [];
  for (const [name, value] of Object.entries(args.filters)) {
    // Own fields only: a key like `constructor` or `toString` is not a field of any resource.
    const f = ownField(args.resource, name);
    const path = `filters.${name}`;
    if (!f || !isFilterable(f) || !f.filter) {
      issues.push({ field: path, key: 'crud.notFilterable', values: { label: f ? pick(f.label, args.locale) : name } });
      continue;
    }
    if (isEmpty(value) || (Array.isArray(value) && value.every(isEmpty))) continue;
    const timed = args.resource.states?.timeline && name === args.resource.states.field;
    const result = timed
      ? shownStateCondition({ resource: args.resource, t: args.t, f, value, now: args.now ?? new Date() })
      : condition({ t: args.t, name, f, value, zone: args.zone });
    if (result === undefined) continue;
    if ('ok' in result && result.ok === false) {
      issues.push({ field: path, key: result.key, values: { ...result.values, label: pick(f.label, args.locale) } });
    } else conditions.push(result as SQL);
  }
  return { conditions, issues };
}

/**
 * The keyword box: a case-insensitive substring of any searchable text field (served by the
 * trigram indexes), or an exact match on a searchable integer or enum field.
 */
export function keywordCondition(args: { resource: ResourceDef; t: DerivedTable; keyword: string }): SQL | undefined {
  const keyword = args.keyword.trim();
  if (keyword === '') return undefined;
  const parts: SQL[] = [];
  for (const [name, f] of Object.entries(args.resource.fields)) {
    if (!f.searchable) continue;
    const col = args.t[name];
    if (isTextual(f)) parts.push(ilike(col, `%${likeEscape(keyword)}%`));
    else if (f.kind === 'integer' && /^-?\d{1,15}$/.test(keyword)) parts.push(eq(col, Number(keyword)));
    else if (f.kind === 'enum' && !f.multiple && Object.prototype.hasOwnProperty.call(f.options, keyword)) parts.push(eq(col, keyword));
  }
  // Searchable fields exist but none can match this keyword: nothing matches.
  if (parts.length === 0) return Object.values(args.resource.fields).some((f) => f.searchable) ? sql`false` : undefined;
  return or(...parts);
}
