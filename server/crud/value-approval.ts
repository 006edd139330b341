import { eq } from 'drizzle-orm';
import { VALUE_KINDS, type CreatedValue, type FieldDef, type LinesField, type ResourceDef, type ValueKind } from '../../resources/define';
import { conditionHolds, conditionList } from '../../resources/field-rules';
import { approvalMessages } from '../../resources/messages/approval.messages';
import { pick, type Locale } from '../../resources/messages/bilingual';
import { valueApprovalSettingResource } from '../../resources/setting/value-approval-setting.resource';
import type { DbOrTx } from '../db/connection';
import { AppError } from '../http/envelope';
import { centsOf, centsToString } from '../money/money';
import type { Actor } from './actor';
import { sameValue } from './field-states';
import type { StoredRecord } from './server-hooks.define';
import { deriveTable } from './table.derive';

/**
 * The one approval rule of value (issue 24 item 1), for every resource whose declaration says
 * what it `creates` (resources/define.ts `ValueCreation`):
 *
 * - **Makers.** The record keeps `valueMakers`: its creator, and every user whose modify changed
 *   a declared value field (or a field its `paid`, `times` or `when` reads) or a line (any
 *   client-written line field but the line remark). A remark-only edit makes no maker.
 * - **The rule.** On the action that applies the value (`creates.action`, default `audit`), the
 *   row is locked and re-read; for each value that applies, the amount is compared with the
 *   merchant's threshold of its kind (value-approval-setting, its declared defaults before the
 *   first save). Above it, a maker may not run the action: 409 `approval.secondPerson` naming
 *   the amount, the threshold and why. The server acting on its own (a job) is not a person and
 *   is not checked.
 * - **Shown.** The info answer carries `approval` (the amounts, thresholds, makers and whether
 *   the caller may run the action), so every screen shows who may audit without code of its own.
 */

/** The money kinds (cents); the others count whole units. */
const MONEY_KINDS: readonly ValueKind[] = ['storedValue', 'cardValue', 'couponValue'];

/** The settings field holding each kind's threshold. */
const THRESHOLD_FIELD = {
  storedValue: 'storedValueThreshold',
  cardValue: 'cardValueThreshold',
  points: 'pointsThreshold',
  couponValue: 'couponValueThreshold',
} as const satisfies Record<ValueKind, keyof typeof valueApprovalSettingResource.fields>;

/** A kind's name in messages, in the caller's language. */
export const valueKindLabel = (kind: ValueKind, locale: Locale): string => pick(approvalMessages[`approval.kind.${kind}`], locale);

/** An amount of a kind in its smallest unit: cents of money, whole points. */
const unitsOf = (kind: ValueKind, value: unknown): bigint => {
  if (value === null || value === undefined || value === '') return 0n;
  if (MONEY_KINDS.includes(kind)) return centsOf(value as string | number);
  return BigInt(Math.trunc(Number(value)));
};

/** An amount of a kind as text: yuan with two decimals, or whole points. */
export const formatUnits = (kind: ValueKind, units: bigint): string =>
  MONEY_KINDS.includes(kind) ? centsToString(units) : units.toString();

/** An amount as a JSON number (yuan or points). */
const unitsNumber = (kind: ValueKind, units: bigint): number => Number(formatUnits(kind, units));

const abs = (n: bigint) => (n < 0n ? -n : n);

/** The merchant's threshold of every kind, in units: the saved one, else the declared default. */
export async function valueThresholds(db: DbOrTx, tenantId: number): Promise<Record<ValueKind, bigint>> {
  const t = deriveTable(valueApprovalSettingResource);
  const [row] = (await db.select().from(t).where(eq(t.tenantId, tenantId))) as StoredRecord[];
  const fields = valueApprovalSettingResource.fields;
  const out = {} as Record<ValueKind, bigint>;
  for (const kind of VALUE_KINDS) {
    const name = THRESHOLD_FIELD[kind];
    out[kind] = unitsOf(kind, row?.[name] ?? fields[name].defaultValue);
  }
  return out;
}

/** One value a record creates, in units of its kind. */
export interface CreatedAmount {
  readonly kind: ValueKind;
  readonly amount: bigint;
}

/** Whether a declared value applies to a record (its `when` on the header). */
const valueApplies = (value: CreatedValue, record: StoredRecord): boolean =>
  conditionList(value.when).every((c) => conditionHolds(c, record[c.field]));

/** The values of a field path over a record: a header field, or `<lines>.<field>` of every line. */
function valuesAt(record: StoredRecord, path: string): unknown[] {
  const dot = path.indexOf('.');
  if (dot < 0) return [record[path]];
  const lines = record[path.slice(0, dot)];
  const name = path.slice(dot + 1);
  return Array.isArray(lines) ? (lines as StoredRecord[]).map((line) => line[name]) : [];
}

/** What a stored record (with its lines) creates, per applying declared value. */
export function createdAmounts(resource: ResourceDef, record: StoredRecord): CreatedAmount[] {
  return (resource.creates?.values ?? [])
    .filter((value) => valueApplies(value, record))
    .map((value) => {
      const sum = (paths: readonly string[]) =>
        paths.flatMap((path) => valuesAt(record, path)).reduce<bigint>((total, v) => total + abs(unitsOf(value.kind, v)), 0n);
      let amount = sum(value.fields) - sum(value.paid ?? []);
      if (amount < 0n) amount = 0n;
      if (value.times !== undefined) amount *= BigInt(Math.max(0, Math.trunc(Number(record[value.times] ?? 0))));
      return { kind: value.kind, amount };
    });
}

/** The action that applies a resource's value, or null when it creates none. */
export function approvalAction(resource: ResourceDef): string | null {
  return resource.creates ? (resource.creates.action ?? 'audit') : null;
}

/** The header fields and lines fields whose change makes a maker. */
function watchedFields(resource: ResourceDef): { header: Set<string>; lines: Set<string> } {
  const header = new Set<string>();
  const lines = new Set<string>();
  for (const value of resource.creates?.values ?? []) {
    for (const path of [...value.fields, ...(value.paid ?? []), ...(value.times === undefined ? [] : [value.times])]) {
      const dot = path.indexOf('.');
      if (dot < 0) header.add(path);
      else lines.add(path.slice(0, dot));
    }
    for (const c of conditionList(value.when)) header.add(c.field);
  }
  // Any lines field of the document: a changed line changes what the audit applies.
  for (const [name, f] of Object.entries(resource.fields)) if (f.kind === 'lines') lines.add(name);
  return { header, lines };
}

/** The line fields compared for a change: what a client writes, less the line's remark. */
const comparedLineFields = (f: LinesField): [string, FieldDef][] =>
  Object.entries(f.fields).filter(([name, lf]) => !lf.serverManaged && name !== 'remark') as [string, FieldDef][];

function sameLines(f: LinesField, next: readonly StoredRecord[], stored: readonly StoredRecord[]): boolean {
  if (next.length !== stored.length) return false;
  const fields = comparedLineFields(f);
  return next.every((line, i) => fields.every(([name, lf]) => sameValue(lf, line[name], stored[i][name])));
}

/**
 * Whether a modify changes what the record creates: a watched header field written with another
 * value, or a lines field replaced by different lines. `values` and `lines` are the write as the
 * hooks left it (their computed totals and expanded lines included).
 */
export function changesValue(args: {
  resource: ResourceDef;
  values: StoredRecord;
  lines: ReadonlyMap<string, readonly StoredRecord[]>;
  current: StoredRecord;
}): boolean {
  const { resource, values, current } = args;
  const watched = watchedFields(resource);
  for (const name of watched.header) {
    const f = resource.fields[name];
    if (f && Object.hasOwn(values, name) && !sameValue(f, values[name], current[name])) return true;
  }
  for (const name of watched.lines) {
    const next = args.lines.get(name);
    const f = resource.fields[name];
    if (!next || f?.kind !== 'lines') continue;
    if (!sameLines(f, next, (current[name] as StoredRecord[] | undefined) ?? [])) return true;
  }
  return false;
}

/** The makers after `userId` wrote the record (each once, in the order they came). */
export function withMaker(makers: unknown, userId: number | null): number[] {
  const list = Array.isArray(makers) ? makers.map(Number) : [];
  return userId === null || list.includes(userId) ? list : [...list, userId];
}

/** One value of a record against its threshold. */
interface ValueCheck {
  readonly kind: ValueKind;
  readonly amount: bigint;
  readonly threshold: bigint;
}

async function checksOf(args: { db: DbOrTx; resource: ResourceDef; record: StoredRecord; tenantId: number }): Promise<ValueCheck[]> {
  const amounts = createdAmounts(args.resource, args.record);
  if (amounts.length === 0) return [];
  const thresholds = await valueThresholds(args.db, args.tenantId);
  return amounts.map((a) => ({ ...a, threshold: thresholds[a.kind] }));
}

/** The record's makers: its `valueMakers`, and its creator whatever the list says (a row written before the list existed). */
const makersOf = (record: StoredRecord): number[] =>
  withMaker(record.valueMakers, record.createdBy === null || record.createdBy === undefined ? null : Number(record.createdBy));

/**
 * The rule, on the action that applies the value: `record` is the row locked FOR UPDATE and
 * re-read in the action's transaction. Refuses (409 `approval.secondPerson`) a maker above the
 * threshold of any value the record creates.
 */
export async function assertValueApproved(args: { db: DbOrTx; resource: ResourceDef; record: StoredRecord; actor: Actor }): Promise<void> {
  const { actor } = args;
  if (actor.userId === null || !makersOf(args.record).includes(actor.userId)) return;
  const checks = await checksOf({ db: args.db, resource: args.resource, record: args.record, tenantId: actor.tenantId });
  const above = checks.find((c) => c.amount > c.threshold);
  if (!above) return;
  throw new AppError('conflict', 'approval.secondPerson', { values: refusalValues(above, actor.locale) });
}

/** The slots of the refusal: the kind, the amount and the threshold as the kind writes them. */
function refusalValues(check: ValueCheck, locale: Locale): Record<string, string> {
  return {
    kind: valueKindLabel(check.kind, locale),
    amount: formatUnits(check.kind, check.amount),
    threshold: formatUnits(check.kind, check.threshold),
  };
}

/** The `approval` of an info answer (see {@link approvalSchema} for its fields). */
export interface ApprovalAnswer {
  readonly action: string;
  readonly values: readonly { kind: ValueKind; amount: number; threshold: number; above: boolean }[];
  readonly required: boolean;
  readonly makers: readonly number[];
  readonly mayApprove: boolean;
}

/** Who may run the value's action on a record, for the caller: the info answer's `approval`. */
export async function approvalOf(args: {
  db: DbOrTx;
  resource: ResourceDef;
  record: StoredRecord;
  actor: Actor;
}): Promise<ApprovalAnswer | null> {
  const action = approvalAction(args.resource);
  if (action === null) return null;
  const checks = await checksOf({ db: args.db, resource: args.resource, record: args.record, tenantId: args.actor.tenantId });
  const required = checks.some((c) => c.amount > c.threshold);
  const makers = makersOf(args.record);
  const userId = args.actor.userId;
  return {
    action,
    values: checks.map((c) => ({
      kind: c.kind,
      amount: unitsNumber(c.kind, c.amount),
      threshold: unitsNumber(c.kind, c.threshold),
      above: c.amount > c.threshold,
    })),
    required,
    makers,
    mayApprove: !required || userId === null || !makers.includes(userId),
  };
}

/** The OpenAPI schema of {@link ApprovalAnswer}. */
export const approvalSchema = {
  type: 'object',
  description:
    'The value approval rule on this record, when read alone (info, saveNew, modify, actions; server/crud/value-approval.ts): ' +
    'what it creates against the merchant thresholds, ' +
    'who made or changed its amounts, and whether the caller may run the action that applies it',
  additionalProperties: false,
  required: ['action', 'values', 'required', 'makers', 'mayApprove'],
  properties: {
    action: { type: 'string', description: 'The state action that applies the value' },
    values: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['kind', 'amount', 'threshold', 'above'],
        properties: {
          kind: { type: 'string', enum: [...VALUE_KINDS] },
          amount: { type: 'number', description: 'Value created: yuan, or points' },
          threshold: { type: 'number', description: "The merchant's threshold of the kind" },
          above: { type: 'boolean' },
        },
      },
    },
    required: { type: 'boolean', description: 'Some value is above its threshold: a second person must approve' },
    makers: { type: 'array', items: { type: 'integer' }, description: 'Users who created or changed its amounts' },
    mayApprove: { type: 'boolean', description: 'The caller may run the action as far as this rule goes' },
  },
} as const;
