import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { FILTER_FIELDS, MAX_BATCH_MEMBERS } from '../../../resources/member/batch-operate.resource';
import type { ImportedMember, ImportedValue, ImportResolution } from '../../../resources/contract/batch.types';
import { memberResource } from '../../../resources/member/member.resource';
import type { Locale } from '../../../resources/messages/bilingual';
import { rangeKeys } from '../../crud/column.derive';
import { filterConditions } from '../../crud/query.filters';
import { deriveTable } from '../../crud/table.derive';
import type { DbOrTx } from '../../db/connection';
import { AppError, badInput, type FieldError } from '../../http/envelope';
import { readFirstColumn } from '../files/first-column';
import { fileRefused } from '../files/resource-files.routes';

/**
 * Which members a batch operation document lists, for its two modes that are not a hand-made
 * pick: the stored filter (expanded with the member list's own filter semantics, so the
 * document lists exactly the members the list would show) and an imported workbook of mobiles
 * or member numbers.
 */

/** Reads a document field's value after a write: the written one when present, else the stored one. */
type ValueOf = (name: string) => unknown;

const members = () => deriveTable(memberResource);

/** The member list's filters a document's stored filter stands for (empty conditions left out). */
export function memberFilters(valueOf: ValueOf): Record<string, unknown> {
  const range = rangeKeys('filterRegistered');
  const from = valueOf(range.from) ?? null;
  const to = valueOf(range.to) ?? null;
  const channel = valueOf('filterChannel');
  const filters: Record<string, unknown> = {
    [FILTER_FIELDS.filterMobilePrefix]: valueOf('filterMobilePrefix'),
    [FILTER_FIELDS.filterLevel]: valueOf('filterLevel'),
    [FILTER_FIELDS.filterState]: valueOf('filterState'),
    [FILTER_FIELDS.filterStore]: valueOf('filterStore'),
    // The member list filters channels by a list of values.
    [FILTER_FIELDS.filterChannel]: channel === null || channel === undefined ? null : [channel],
    [FILTER_FIELDS.filterRegistered]: from === null && to === null ? null : [from, to],
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== null && value !== undefined && value !== ''));
}

/**
 * The ids of the members matching a stored filter, in id order. 400 when no condition is set
 * (a filter on nothing would list every member), when nothing matches, or when more members
 * match than one document may list.
 */
export async function expandFilter(args: {
  db: DbOrTx;
  tenantId: number;
  valueOf: ValueOf;
  zone: string;
  locale: Locale;
}): Promise<number[]> {
  const filters = memberFilters(args.valueOf);
  const refuse = (key: string, values?: Record<string, string | number>): AppError =>
    badInput('error.fieldsInvalid', [{ field: 'selectionMode', key, values }]);
  if (Object.keys(filters).length === 0) throw refuse('batch.filterEmpty');
  const t = members();
  const { conditions, issues } = filterConditions({ resource: memberResource, t, filters, zone: args.zone, locale: args.locale });
  if (issues.length > 0) throw badInput('error.fieldsInvalid', issues);
  const rows = await args.db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.tenantId, args.tenantId), ...conditions))
    .orderBy(asc(t.id))
    .limit(MAX_BATCH_MEMBERS + 1);
  if (rows.length === 0) throw refuse('batch.filterNoMatch');
  if (rows.length > MAX_BATCH_MEMBERS) throw refuse('batch.tooManyMembers', { max: MAX_BATCH_MEMBERS, count: `${MAX_BATCH_MEMBERS}+` });
  return rows.map((row) => Number(row.id));
}

/**
 * The lines a save writes: one per member, in order, with a fresh result. Refuses (400, on the
 * line) a member listed twice and a list longer than a document may hold.
 */
export function freshLines(memberIds: readonly number[]): { member: number; result: 'pending'; message: null; messageValues: null }[] {
  const seen = new Map<number, number>();
  const issues: FieldError[] = [];
  memberIds.forEach((id, i) => {
    const first = seen.get(id);
    if (first === undefined) seen.set(id, i + 1);
    else issues.push({ field: `lines.${i}.member`, key: 'batch.duplicateMember', values: { line: first } });
  });
  if (issues.length > 0) throw badInput('error.fieldsInvalid', issues);
  if (memberIds.length === 0) throw badInput('error.fieldsInvalid', [{ field: 'lines', key: 'batch.noMembers' }]);
  if (memberIds.length > MAX_BATCH_MEMBERS) {
    throw badInput('error.fieldsInvalid', [
      { field: 'lines', key: 'batch.tooManyMembers', values: { max: MAX_BATCH_MEMBERS, count: memberIds.length } },
    ]);
  }
  return memberIds.map((member) => ({ member, result: 'pending' as const, message: null, messageValues: null }));
}

// ---------------------------------------------------------------------------------------------
// Imported workbooks
// ---------------------------------------------------------------------------------------------

/** A mobile number as members store it. */
const MOBILE = new RegExp(memberResource.fields.mobile.pattern?.regex ?? '^1\\d{10}$');

// What an imported workbook resolves to is the contract's (the edit screen reads it).
export type { ImportedMember, ImportedValue, ImportResolution };

/** The values of the first column of an imported workbook (files/first-column.ts), up to a document's limit. */
export function readImportedValues(bytes: Buffer): Promise<ImportedValue[]> {
  return readFirstColumn({
    bytes,
    max: MAX_BATCH_MEMBERS,
    tooMany: () => fileRefused('batch.tooManyMembers', { max: MAX_BATCH_MEMBERS, count: `${MAX_BATCH_MEMBERS}+` }),
    noValues: 'batch.import.noValues',
  });
}

/** Finds the members the values name: a mobile number by mobile, anything else by member number. */
export async function resolveImported(args: { db: DbOrTx; tenantId: number; values: readonly ImportedValue[] }): Promise<ImportResolution> {
  const t = members();
  const mobiles = [...new Set(args.values.map((v) => v.value).filter((v) => MOBILE.test(v)))];
  const numbers = [...new Set(args.values.map((v) => v.value).filter((v) => !MOBILE.test(v)))];
  const wanted: SQL[] = [];
  if (mobiles.length > 0) wanted.push(inArray(t.mobile, mobiles));
  if (numbers.length > 0) wanted.push(inArray(t.memberNumber, numbers));
  const rows = await args.db
    .select({ id: t.id, memberNumber: t.memberNumber, name: t.name, mobile: t.mobile })
    .from(t)
    .where(and(eq(t.tenantId, args.tenantId), or(...wanted)));
  const found = new Map<string, ImportedMember>();
  for (const row of rows) {
    const member: ImportedMember = {
      id: Number(row.id),
      memberNumber: String(row.memberNumber),
      name: String(row.name),
      mobile: String(row.mobile),
    };
    found.set(member.mobile, member);
    found.set(member.memberNumber, member);
  }
  const listed = new Map<number, ImportedMember>();
  const unknown: ImportedValue[] = [];
  for (const value of args.values) {
    const member = found.get(value.value);
    if (!member) unknown.push(value);
    else if (!listed.has(member.id)) listed.set(member.id, member);
  }
  return { members: [...listed.values()], unknown };
}
