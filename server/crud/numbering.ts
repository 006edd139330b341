import { and, eq, sql } from 'drizzle-orm';
import { tableOwner, type ResourceDef } from '../../resources/define';
import { pick, type Locale } from '../../resources/messages/bilingual';
import type { DbOrTx } from '../db/connection';
import { counters } from '../db/schema/counters.schema';
import type { FieldError } from '../http/envelope';
import type { StoredRecord } from './server-hooks.define';

/**
 * Document numbers (`numbering` in resources/define.ts): the one service that draws a
 * resource's business numbers from the tenant's named counter (counters.schema.ts). A number is
 * drawn with one statement, `INSERT … ON CONFLICT (tenant_id, name) DO UPDATE SET value = value
 * + 1 RETURNING value`: concurrent callers, even in different API processes, serialise on the
 * counter's row and each gets its own value; inside the caller's transaction the row stays
 * locked until commit, and a rollback gives the number back.
 */

/** A resource's numbering with its counter resolved. */
export interface Numbering {
  readonly field: string;
  readonly prefix: string;
  readonly digits: number;
  readonly counter: string;
}

/** Digits a parsed number may have at most: its value stays a safe integer. */
const MAX_DIGITS = 15;

/** The numbering of a resource (a view draws from its base's counter), or null when it has none. */
export function numberingOf(resource: ResourceDef): Numbering | null {
  const n = resource.numbering;
  if (!n) return null;
  return { field: n.field, prefix: n.prefix, digits: n.digits, counter: n.counter ?? tableOwner(resource).name };
}

/** `7` -> `BO00000007`. */
export function formatNumber(numbering: Numbering, value: number): string {
  return `${numbering.prefix}${String(value).padStart(numbering.digits, '0')}`;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `BO00000007` -> `7`; null for text that is not a number of this numbering. */
export function parseNumber(numbering: Numbering, text: string): number | null {
  const match = new RegExp(`^${escapeRegex(numbering.prefix)}(\\d{${numbering.digits},${MAX_DIGITS}})$`).exec(text);
  return match ? Number(match[1]) : null;
}

/** Draws the next value of a tenant's counter (the first call creates the counter at 1). */
export async function drawValue(args: { db: DbOrTx; tenantId: number; counter: string }): Promise<number> {
  const [row] = await args.db
    .insert(counters)
    .values({ tenantId: args.tenantId, name: args.counter, value: 1 })
    .onConflictDoUpdate({
      target: [counters.tenantId, counters.name],
      set: { value: sql`${counters.value} + 1`, updatedAt: sql`now()` },
    })
    .returning({ value: counters.value });
  return row.value;
}

/** Draws the next number of a resource for a tenant. */
export async function drawNumber(args: { db: DbOrTx; tenantId: number; resource: ResourceDef }): Promise<string> {
  const numbering = numberingOf(args.resource);
  if (!numbering) throw new Error(`${args.resource.name} declares no numbering`);
  return formatNumber(numbering, await drawValue({ db: args.db, tenantId: args.tenantId, counter: numbering.counter }));
}

/** The last value a tenant's counter handed out (0 before the first). */
export async function lastDrawn(args: { db: DbOrTx; tenantId: number; counter: string }): Promise<number> {
  const [row] = await args.db
    .select({ value: counters.value })
    .from(counters)
    .where(and(eq(counters.tenantId, args.tenantId), eq(counters.name, args.counter)));
  return row?.value ?? 0;
}

const blank = (value: unknown) => value === null || value === undefined || value === '';

/**
 * Gives a record being created its number (saveNew, inside its transaction): draws one when the
 * values hold none; a number the client gave must be one the counter has handed out. Returns the
 * field's problem, or null.
 */
export async function assignNumber(args: {
  db: DbOrTx;
  tenantId: number;
  resource: ResourceDef;
  values: StoredRecord;
  locale: Locale;
}): Promise<FieldError | null> {
  const numbering = numberingOf(args.resource);
  if (!numbering) return null;
  const given = args.values[numbering.field];
  if (blank(given)) {
    args.values[numbering.field] = formatNumber(
      numbering,
      await drawValue({ db: args.db, tenantId: args.tenantId, counter: numbering.counter }),
    );
    return null;
  }
  const value = parseNumber(numbering, String(given));
  if (value !== null && value >= 1 && value <= (await lastDrawn({ db: args.db, tenantId: args.tenantId, counter: numbering.counter })))
    return null;
  const label = pick(args.resource.fields[numbering.field].label, args.locale);
  return { field: numbering.field, key: 'crud.numberNotDrawn', values: { label, number: String(given) } };
}
