import { centreKey, type FieldDef, type LinesField, type ResourceDef, type ScalarField, type TreeField } from '../../resources/define';
import { recordShownState } from '../../resources/state-timeline';
import { rangeKeys } from './column.derive';
import { toJsonNumber } from './decimal';
import type { StoredRecord } from './server-hooks.define';
import { formatInstant } from './zoned-time';

/**
 * A stored record as the API returns it (DESIGN.md §3): instants as `yyyy-MM-dd HH:mm:ss` in
 * the request's time zone, dates `yyyy-MM-dd`, money and decimals as JSON numbers, a date range
 * as `[from, to]`, lines as arrays of line objects (with their `lineNo`).
 */

function instant(value: unknown, zone: string): string | null {
  return value instanceof Date ? formatInstant(value, zone) : null;
}

function scalar(f: ScalarField | TreeField, value: unknown, zone: string): unknown {
  if (value === null || value === undefined) return null;
  switch (f.kind) {
    case 'money':
    case 'decimal':
      return toJsonNumber(String(value));
    case 'datetime':
      return instant(value, zone);
    default:
      return value;
  }
}

function fieldValue(args: { name: string; f: FieldDef; row: StoredRecord; zone: string }): unknown {
  const { name, f, row, zone } = args;
  if (f.kind === 'lines') return serializeLines({ f, lines: (row[name] as StoredRecord[] | undefined) ?? [], zone });
  if (f.kind === 'dateRange') {
    const keys = rangeKeys(name);
    return row[keys.from] === null || row[keys.from] === undefined ? null : [row[keys.from], row[keys.to]];
  }
  return scalar(f, row[name], zone);
}

/** The API form of stored lines of one lines field (each with its `lineNo`). */
export function serializeLines(args: { f: LinesField; lines: readonly StoredRecord[]; zone: string }): Record<string, unknown>[] {
  return args.lines.map((line) => {
    const out: Record<string, unknown> = { lineNo: line.lineNo };
    for (const [inner, lf] of Object.entries(args.f.fields)) out[inner] = fieldValue({ name: inner, f: lf, row: line, zone: args.zone });
    return out;
  });
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
    out[name] = fieldValue({ name, f, row, zone });
  }
  const states = resource.states;
  if (states?.timeline) out[states.field] = recordShownState({ states, record: row, now: args.now ?? new Date() });
  out.version = row.version;
  out.createdAt = instant(row.createdAt, zone);
  out.updatedAt = instant(row.updatedAt, zone);
  out.createdBy = row.createdBy ?? null;
  out.updatedBy = row.updatedBy ?? null;
  return out;
}
