import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { AppError } from '../../http/envelope';
import { formatInstant } from '../../crud/zoned-time';
import { idempotent, type IdempotentResult } from '../idempotency/idempotency.service';
import { centsToString } from '../../money/money';
import { drawCode, drawRandomCents } from './coupon-codes';
import type { Locale } from '../../../resources/messages/bilingual';
import { couponSettings, type CouponSettings } from './coupon-settings';
import { checkDirectIssue } from './coupon-worth';
import { validityAt } from './coupon-windows';
import { readTemplate, type TemplateRow } from './template-terms';
import { recordEvents } from '../webhooks/outbox';

/** Where an issued coupon came from (the `source` of resources/coupons/coupon.resource.ts). */
export const COUPON_SOURCES = ['ACTIVITY', 'MANUAL', 'BATCH', 'EXCHANGE', 'THIRD_PARTY'] as const;
export type CouponSource = (typeof COUPON_SOURCES)[number];

/** Most coupons one request issues; larger batches are several requests (or a batch job). */
export const ISSUE_MAX = 1000;

export interface IssueInput {
  /** The caller's number: the same number twice issues once. */
  readonly requestNo: string;
  readonly templateId: number;
  readonly memberId: number;
  /** Default 1. */
  readonly quantity?: number;
  /** Default MANUAL. */
  readonly source?: CouponSource;
  /** The campaign, exchange or partner order that issued them. */
  readonly sourceRef?: string | null;
}

export interface IssuedCoupon {
  readonly id: number;
  readonly code: string;
  readonly faceValue: string | null;
  readonly validFrom: string;
  readonly validTo: string;
}

export interface IssueAnswer {
  readonly requestNo: string;
  readonly templateId: number;
  readonly memberId: number;
  readonly coupons: readonly IssuedCoupon[];
}

/** The member must exist in the tenant and be in use; locked for share so a freeze waits. */
export async function guardCouponMember(tx: DbOrTx, tenantId: number, memberId: number): Promise<void> {
  const result = await tx.execute<{ state: string }>(sql`select state from members
    where tenant_id = ${tenantId} and id = ${memberId} for share`);
  if (result.rows.length === 0) throw new AppError('notFound', 'coupons.memberNotFound', { values: { memberId } });
  const state = String(result.rows[0].state);
  if (state.toLowerCase() !== 'using') throw new AppError('conflict', 'coupons.memberBlocked', { values: { state } });
}

/**
 * Takes `quantity` from the template's total with one conditional update of its counter row
 * (`issued_count`): concurrent issues wait on the row and re-read it, so the total is never
 * passed. Refusals: 404 unknown template, 409 not effective, 409 not enough left.
 */
async function takeFromTotal(tx: DbOrTx, tenantId: number, templateId: number, quantity: number): Promise<void> {
  const taken = await tx.execute(sql`update coupon_templates set issued_count = issued_count + ${quantity}
    where tenant_id = ${tenantId} and id = ${templateId} and state = 'EFFECTIVE'
      and (total_quantity is null or issued_count + ${quantity} <= total_quantity)
    returning id`);
  if (taken.rows.length > 0) return;
  const template = await readTemplate(tx, tenantId, templateId);
  if (!template) throw new AppError('notFound', 'coupons.templateNotFound', { values: { templateId } });
  if (template.state !== 'EFFECTIVE') throw new AppError('conflict', 'coupons.templateNotEffective', { values: { name: template.name } });
  throw new AppError('conflict', 'coupons.soldOut', {
    values: { name: template.name, left: Math.max(0, (template.totalQuantity ?? 0) - template.issuedCount), quantity },
  });
}

/**
 * Takes `quantity` from each member's limit with one upsert of the members' counter rows: the
 * conflict update only happens while the new count stays within the limit, and locks the row, so
 * concurrent issues to one member never pass it. 409 `coupons.memberLimit` when any member is at it.
 */
async function takeFromMemberLimit(
  tx: DbOrTx,
  tenantId: number,
  template: TemplateRow,
  memberIds: readonly number[],
  quantity: number,
): Promise<void> {
  const limit = template.perMemberLimit;
  if (limit !== null && quantity > limit) throw memberLimit(template, limit);
  const within = limit === null ? sql`` : sql`where coupon_member_counts.issued + excluded.issued <= ${limit}`;
  const taken = await tx.execute(sql`insert into coupon_member_counts (tenant_id, template_id, member_id, issued)
    select ${tenantId}, ${template.id}, m, ${quantity} from unnest(${toPgArray(memberIds.map(String))}::bigint[]) as m order by m
    on conflict (tenant_id, template_id, member_id) do update set issued = coupon_member_counts.issued + excluded.issued ${within}
    returning member_id`);
  if (taken.rows.length < memberIds.length) throw memberLimit(template, limit!);
}

const memberLimit = (template: TemplateRow, limit: number) =>
  new AppError('conflict', 'coupons.memberLimit', { values: { name: template.name, limit } });

/** A coupon row as inserted, with its member. */
type InsertedCoupon = { id: number; code: string; member: number; face_value: string | null; valid_from: Date; valid_to: Date };

/**
 * Inserts `count` coupons for each of `memberIds` with fresh random codes, in one statement per
 * round; a code that collides with one of the tenant's (the unique index) is skipped by `on
 * conflict do nothing` and drawn again for its member, so the loop ends with exactly `count` rows
 * per member.
 */
async function insertCoupons(args: {
  tx: DbOrTx;
  tenantId: number;
  template: TemplateRow;
  memberIds: readonly number[];
  count: number;
  source: CouponSource;
  sourceRef: string | null;
  settings: CouponSettings;
  now: Date;
  operatorId: number | null;
}): Promise<InsertedCoupon[]> {
  const { tx, tenantId, template, settings, now } = args;
  const validity = validityAt({ template, defaultDays: settings.defaultValidDays, now, zone: settings.timeZone });
  if (validity.to.getTime() <= now.getTime())
    throw new AppError('conflict', 'coupons.templateExpired', { values: { name: template.name } });
  const face = (): string | null => {
    if (template.random) return centsToString(drawRandomCents(template.random.min, template.random.max, template.random.distribution));
    return template.faceCents === null ? null : centsToString(template.faceCents);
  };
  const rows: InsertedCoupon[] = [];
  const missing = new Map(args.memberIds.map((id) => [id, args.count]));
  for (let round = 0; [...missing.values()].some((n) => n > 0); round++) {
    if (round >= 10) throw new AppError('conflict', 'coupons.codesExhausted');
    const owners = [...missing].flatMap(([member, n]) => Array.from({ length: n }, () => String(member)));
    const codes = owners.map(() => drawCode(settings));
    const faces = codes.map(face);
    const result = await tx.execute<InsertedCoupon>(sql`
      insert into coupons (tenant_id, code, template, line_type, member, source, source_ref, face_value, state,
        issued_at, valid_from, valid_to, created_by, updated_by)
      select ${tenantId}, c.code, ${template.id}, ${template.lineType}, c.member::bigint, ${args.source}, ${args.sourceRef},
        c.face::numeric, 'ISSUED', ${now}, ${validity.from}, ${validity.to}, ${args.operatorId}, ${args.operatorId}
      from unnest(${toPgArray(codes)}::text[], ${toPgArray(faces)}::text[], ${toPgArray(owners)}::text[]) as c(code, face, member)
      on conflict (tenant_id, code) do nothing
      returning id, code, member, face_value, valid_from, valid_to`);
    for (const row of result.rows) {
      const member = Number(row.member);
      rows.push({ ...row, member });
      missing.set(member, missing.get(member)! - 1);
    }
  }
  // Every coupon is issued here (the route, a till, a batch document, an activity's gift, a group send).
  await recordEvents(tx, {
    tenantId,
    events: rows.map((row) => ({
      type: 'COUPON_ISSUED' as const,
      memberId: row.member,
      data: {
        memberId: row.member,
        couponId: Number(row.id),
        code: row.code,
        templateId: template.id,
        source: args.source,
        faceValue: row.face_value,
        validFrom: new Date(row.valid_from).toISOString(),
        validTo: new Date(row.valid_to).toISOString(),
      },
    })),
  });
  return rows;
}

/**
 * Issues `quantity` coupons of one template to each of many members in the caller's transaction,
 * in a fixed number of statements (a group send's batch): the members are locked for share and
 * those not in use left out (answered in `unavailable` with their state, undefined for no such
 * member); for the others, all or nothing, the template's total is taken once, the members'
 * limits by one multi-row upsert of their counters (every row within the limit, else 409
 * `coupons.memberLimit`), the coupons inserted in one statement per round with their events. A
 * refusal throws the first reason found; the caller rolls back its savepoint and may issue member
 * by member (`issueWithin`) to learn each member's own.
 */
export async function issueToMembers(input: {
  tx: DbOrTx;
  tenantId: number;
  operatorId: number | null;
  now: Date;
  templateId: number;
  memberIds: readonly number[];
  quantity: number;
  source: CouponSource;
  sourceRef: string | null;
  /** The caller locked the members and left out those not in use (`membersInUse`): not read again. */
  checked?: boolean;
}): Promise<{ coupons: InsertedCoupon[]; unavailable: Map<number, string | undefined> }> {
  const { tx, tenantId, quantity } = input;
  const { inUse: memberIds, unavailable } = input.checked
    ? { inUse: input.memberIds, unavailable: new Map<number, string | undefined>() }
    : await membersInUse(tx, tenantId, input.memberIds);
  if (memberIds.length === 0) return { coupons: [], unavailable };
  await takeFromTotal(tx, tenantId, input.templateId, quantity * memberIds.length);
  const template = (await readTemplate(tx, tenantId, input.templateId))!;
  await takeFromMemberLimit(tx, tenantId, template, memberIds, quantity);
  const settings = await couponSettings(tx, tenantId);
  return { coupons: await insertCoupons({ ...input, memberIds, template, count: quantity, settings }), unavailable };
}

/**
 * Locks many members for share (in id order: a freeze waits for the caller's transaction) and
 * splits them into those in use and the others, with their state (undefined: no such member).
 */
export async function membersInUse(
  tx: DbOrTx,
  tenantId: number,
  memberIds: readonly number[],
): Promise<{ inUse: number[]; unavailable: Map<number, string | undefined> }> {
  const states = await tx.execute<{ id: string; state: string }>(sql`select id, state from members
    where tenant_id = ${tenantId} and id = any(${toPgArray(memberIds.map(String))}::bigint[]) order by id for share`);
  const stateOf = new Map(states.rows.map((row) => [Number(row.id), String(row.state)]));
  const unavailable = new Map<number, string | undefined>();
  const inUse = memberIds.filter((id) => {
    const state = stateOf.get(id);
    if (state?.toLowerCase() === 'using') return true;
    unavailable.set(id, state);
    return false;
  });
  return { inUse, unavailable };
}

/** A PostgreSQL array literal of texts (codes are capitals and digits, values decimals; null stays NULL). */
const toPgArray = (values: readonly (string | null)[]): string => `{${values.map((v) => (v === null ? 'NULL' : `"${v}"`)).join(',')}}`;

/**
 * Issues `quantity` coupons of a template to a member, once per request number (the idempotency
 * rule): in one transaction the key is claimed, the member checked, the template's total and the
 * member's limit taken by conditional updates of their counter rows, and the coupons inserted
 * with random codes and the validity computed now. Any refusal rolls everything back.
 */
export async function issueCoupons(input: {
  /** The pool, or a caller's transaction (the key's work then runs in a savepoint of it). */
  db: DbOrTx;
  tenantId: number;
  operatorId: number | null;
  now: Date;
  /** The caller's time zone, in which the answer's instants are written. */
  zone: string;
  body: IssueInput;
  /** The keys' namespace: the till route's by default; a batch document keeps its own, out of callers' reach. */
  operation?: string;
  /**
   * A direct issue (the route, console or till) in the caller's language: checked against the
   * value approval threshold (coupon-worth.ts `checkDirectIssue`), in the key's transaction so a
   * replay answers the first answer. A batch document's issue is audited by the document instead.
   */
  direct?: { readonly locale: Locale };
}): Promise<IdempotentResult<IssueAnswer>> {
  const { db, tenantId, body } = input;
  const quantity = body.quantity ?? 1;
  const source = body.source ?? 'MANUAL';
  return idempotent({
    db,
    tenantId,
    operation: input.operation ?? 'coupons.issue',
    key: body.requestNo,
    keyField: 'requestNo',
    request: { templateId: body.templateId, memberId: body.memberId, quantity, source, sourceRef: body.sourceRef ?? null },
    run: async (tx) => {
      if (input.direct) await checkDirectIssue({ db: tx, tenantId, templateId: body.templateId, quantity, locale: input.direct.locale });
      return issueWithin({ tx, tenantId, operatorId: input.operatorId, now: input.now, zone: input.zone, body });
    },
  });
}

/**
 * The issuing itself, inside the caller's transaction (the idempotent route's, or a seeder's):
 * the member checked, the template's total and the member's limit taken by conditional updates
 * of their counter rows, the coupons inserted with random codes and the validity computed at `now`.
 */
export async function issueWithin(input: {
  tx: DbOrTx;
  tenantId: number;
  operatorId: number | null;
  now: Date;
  zone: string;
  body: IssueInput;
}): Promise<IssueAnswer> {
  const { tx, tenantId, body } = input;
  const quantity = body.quantity ?? 1;
  await guardCouponMember(tx, tenantId, body.memberId);
  await takeFromTotal(tx, tenantId, body.templateId, quantity);
  const template = (await readTemplate(tx, tenantId, body.templateId))!;
  await takeFromMemberLimit(tx, tenantId, template, [body.memberId], quantity);
  const settings = await couponSettings(tx, tenantId);
  const rows = await insertCoupons({
    tx,
    tenantId,
    template,
    memberIds: [body.memberId],
    count: quantity,
    source: body.source ?? 'MANUAL',
    sourceRef: body.sourceRef ?? null,
    settings,
    now: input.now,
    operatorId: input.operatorId,
  });
  return {
    requestNo: body.requestNo,
    templateId: body.templateId,
    memberId: body.memberId,
    coupons: rows.map((r) => ({
      id: Number(r.id),
      code: r.code,
      faceValue: r.face_value === null ? null : String(r.face_value),
      validFrom: formatInstant(new Date(r.valid_from), input.zone),
      validTo: formatInstant(new Date(r.valid_to), input.zone),
    })),
  };
}

/** The refusals after which fewer coupons may still be given: the template's total or the member's limit. */
const COUNT_REFUSALS: ReadonlySet<string> = new Set(['coupons.soldOut', 'coupons.memberLimit']);

/** How many more coupons of a template the member could be issued now (the total left, the member's limit left), read without locks. */
async function issuableNow(tx: DbOrTx, tenantId: number, templateId: number, memberId: number): Promise<number> {
  const result = await tx.execute<{ left: number | string | null }>(sql`
    select least(t.total_quantity - t.issued_count, t.per_member_limit - coalesce(c.issued, 0)) as left
    from coupon_templates t
    left join coupon_member_counts c on c.tenant_id = t.tenant_id and c.template_id = t.id and c.member_id = ${memberId}
    where t.tenant_id = ${tenantId} and t.id = ${templateId}`);
  const left = result.rows[0]?.left;
  return left === null || left === undefined ? Number.MAX_SAFE_INTEGER : Math.max(0, Number(left));
}

/**
 * Issues as many of `quantity` coupons as the template's total and the member's limit let, at
 * least one: each try is `issueWithin` in a savepoint (all or nothing, so no limit is ever
 * passed); after a sold-out or member-limit refusal it tries what is left, fewer each time, until
 * one fits. Nothing left, or any other refusal (template stopped or expired, member frozen),
 * throws that refusal. An activity's coupon reward gives this way: 1 of 3 when only 1 is left.
 */
export async function issueUpTo(input: Parameters<typeof issueWithin>[0]): Promise<IssueAnswer> {
  let quantity = input.body.quantity ?? 1;
  for (;;) {
    try {
      return await input.tx.transaction((tx) => issueWithin({ ...input, tx, body: { ...input.body, quantity } }));
    } catch (error) {
      if (!(error instanceof AppError) || !COUNT_REFUSALS.has(error.key)) throw error;
      const next = Math.min(quantity - 1, await issuableNow(input.tx, input.tenantId, input.body.templateId, input.body.memberId));
      if (next < 1) throw error;
      quantity = next;
    }
  }
}
