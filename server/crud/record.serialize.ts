import { centreKey, type FieldDef, type LinesField, type ResourceDef } from '../../resources/define';
import { applyingMembers, memberValueOf } from '../../resources/field-rules';
import { recordShownState } from '../../resources/state-timeline';
import { kindOf, readField } from './field-kinds';
import type { StoredRecord } from './server-hooks.define';
import { formatInstant } from './zoned-time';

/**
 * A stored record as the API returns it (DESIGN.md §3): instants as `yyyy-MM-dd HH:mm:ss` in
 * the request's time zone, dates `yyyy-MM-dd`, money and decimals as JSON numbers, a date range
 * as `[from, to]`, lines as arrays of line objects (with their `lineNo`), objects with every
 * member that applies to the record, secrets as their mask. Each value as its kind serialises it (field-kinds/*.kind.ts).
 */

function instant(value: unknown, zone: string): string | null {
  return value instanceof Date ? formatInstant(value, zone) : null;
}

/** A field's value from a row (a line of a lines field too) as its kind answers it. */
function fieldValue(args: { name: string; f: FieldDef; row: StoredRecord; zone: string }): unknown {
  const { name, f, row, zone } = args;
  const value = readField(row, name, f);
  if (f.kind === 'lines') return kindOf(f).serialize({ f, value: value ?? [], zone });
  return value === null || value === undefined ? null : kindOf(f).serialize({ f, value, zone });
}

/** The API form of stored lines of one lines field (each with its `lineNo`). */
export function serializeLines(args: { f: LinesField; lines: readonly StoredRecord[]; zone: string }): Record<string, unknown>[] {
  return kindOf(args.f).serialize({ f: args.f, value: args.lines, zone: args.zone }) as Record<string, unknown>[];
}

/**
 * The API form of a stored record. Lines appear only when they were loaded (info, not query). A
 * state that follows time is the shown one at `now` (the request's instant; default the system
 * clock), by the same rule as the list's SQL (resources/state-timeline.ts).
 */
export function serializeRecord(args: { resource: ResourceDef; row: StoredRecord; zone: string; now?: Date }): Record<string, unknown> {
  const { resource, row, zone } = args;
  const out: Record<string, unknown> = { id: row.id };
  const centre = centreKey(resource);
  if (centre !== null) out.marketingCenterId = row[centre] ?? null;
  for (const [name, f] of Object.entries(resource.fields)) {
    if (f.kind === 'lines' && row[name] === undefined) continue;
    // An object answers the members that apply to the record (a kind's rule: its kind's members).
    const own =
      f.kind === 'object' ? applyingMembers(f, memberValueOf({ f, value: row[name], valueOf: (field) => row[field] ?? null })) : f;
    out[name] = fieldValue({ name, f: own, row, zone });
  }
  const states = resource.states;
  if (states?.timeline) out[states.field] = recordShownState({ states, record: row, now: args.now ?? new Date() });
  out.version = row.version;
  out.createdAt = instant(row.createdAt, zone);
  out.updatedAt = instant(row.updatedAt, zone);
  out.createdBy = row.createdBy ?? null;
  out.updatedBy = row.updatedBy ?? null;
  if (resource.creates) out.valueMakers = Array.isArray(row.valueMakers) ? row.valueMakers.map(Number) : [];
  return out;
}
