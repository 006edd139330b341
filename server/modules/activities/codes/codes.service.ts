/**
 * Coupon code export (EXPORT_CODE_SEND_COUPON, issue 28 item 1; README.md): the codes generated
 * on the campaign's audit, and the bind of one code to a member, which gives the member the
 * campaign's coupon through the engine's giving (`events/give.ts`: budget and limits, the coupon
 * issue service, `activity_awards` keyed by the code), exactly once per code.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/connection';
import { formatInstant } from '../../../crud/zoned-time';
import { AppError } from '../../../http/envelope';
import type { PreparedActivity } from '../../../../resources/promotion/activity-engine';
import { exportCodeKind } from '../../../../resources/promotion/kinds/export-code.kind';
import { NO_GOODS } from '../../../../resources/promotion/kinds/rule-reading';
import { loadActivities } from '../activity.loader';
import { giveOnce } from '../events/give';
import { assertOpenFor } from '../third-party/third-party.service';
import type { CodeResolver } from '../../coupons/redeem.service';

/** 32 letters and digits without the look-alikes 0 O 1 I: one random byte's low 5 bits pick one, unbiased. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Codes inserted per statement. */
const BATCH = 5000;
/** Rounds of drawing before giving up (only a length too short for the count would need them). */
const MOST_ROUNDS = 20;

/** `count` random codes of `length` characters. */
export function randomCodes(count: number, length: number): string[] {
  const bytes = randomBytes(count * length);
  const codes: string[] = [];
  for (let i = 0; i < count; i++) {
    let code = '';
    for (let j = 0; j < length; j++) code += ALPHABET[bytes[i * length + j]! & 31];
    codes.push(code);
  }
  return codes;
}

const readRule = (rule: unknown) => exportCodeKind.engine.read((rule ?? {}) as Parameters<typeof exportCodeKind.engine.read>[0], NO_GOODS);

/**
 * Generates the campaign's codes (its rule's count and length), in the audit's transaction: the
 * codes it lacks (a partner's imported codes are not counted) are drawn and inserted, a code another campaign of the merchant holds skipped
 * (the unique index) and drawn again, so the campaign ends with exactly its count of codes unique
 * per merchant. Running it again (an audit repeated) adds nothing.
 */
export async function generateCodes(tx: DbOrTx, tenantId: number, activityId: number, rule: unknown): Promise<number> {
  const { codeCount, codeLength } = readRule(rule);
  const have = await tx.execute<{ n: string }>(
    sql`select count(*) as n from coupon_codes where tenant_id = ${tenantId} and activity_id = ${activityId} and batch_id is null`,
  );
  let missing = codeCount - Number(have.rows[0]?.n ?? 0);
  for (let round = 0; missing > 0; round++) {
    if (round >= MOST_ROUNDS) throw new AppError('conflict', 'codes.exhausted', { values: { length: codeLength } });
    for (let from = 0; from < missing;) {
      const size = Math.min(BATCH, missing - from);
      const codes = randomCodes(size, codeLength);
      const inserted = await tx.execute(sql`insert into coupon_codes (tenant_id, activity_id, code)
        select ${tenantId}, ${activityId}, code from unnest(${`{${codes.join(',')}}`}::text[]) as code
        on conflict (tenant_id, code) do nothing`);
      from += size;
      missing -= inserted.rowCount ?? 0;
    }
  }
  return codeCount;
}

/** Who binds: the app or till's user, in its zone. */
export interface CodeBinder {
  readonly tenantId: number;
  readonly userId: number | null;
  readonly zone: string;
}

export interface BindAnswer {
  readonly code: string;
  readonly activityId: number;
  readonly memberId: number;
  readonly coupon: { readonly id: number; readonly code: string; readonly validFrom: string; readonly validTo: string };
}

type CodeActivity = PreparedActivity & { readonly rule: Extract<PreparedActivity['rule'], { kind: 'EXPORT_CODE_SEND_COUPON' }> };

/**
 * Binds a code to a member: the code's row is locked, so of concurrent binds of one code one
 * gives the coupon and the others find it bound (409 `codes.alreadyBound`); an unknown code 404.
 * The campaign must be running and the member inside its scope (409); its budget and limits and
 * the template's stock apply (409, nothing bound).
 */
export async function bindCode(input: { db: Db; binder: CodeBinder; now: Date; code: string; memberId: number }): Promise<BindAnswer> {
  const code = input.code.trim().toUpperCase();
  return input.db.transaction(async (tx) => {
    const answer = await bindWithin({ tx, binder: input.binder, now: input.now, code, memberId: input.memberId, rebind: false });
    if (!answer) throw new AppError('notFound', 'codes.notFound', { values: { code } });
    return answer;
  });
}

/**
 * The bind in the caller's transaction: null when the merchant has no such code. With `rebind`,
 * a code already bound answers its coupon (the till's redemption by the code: the coupon's own
 * member check then refuses another member) instead of 409 `codes.alreadyBound`.
 */
async function bindWithin(input: {
  tx: DbOrTx;
  binder: CodeBinder;
  now: Date;
  code: string;
  memberId: number;
  rebind: boolean;
}): Promise<BindAnswer | null> {
  const { tx, binder, now, memberId, code } = input;
  const found = await tx.execute<{ id: string; activity_id: string; coupon_id: string | null; member_id: string | null }>(sql`
    select id, activity_id, coupon_id, member_id from coupon_codes where tenant_id = ${binder.tenantId} and code = ${code} for update`);
  const row = found.rows[0];
  if (!row) return null;
  if (row.coupon_id !== null) {
    if (!input.rebind) throw new AppError('conflict', 'codes.alreadyBound', { values: { code } });
    return {
      ...(await boundCoupon(tx, binder, Number(row.coupon_id))),
      code,
      activityId: Number(row.activity_id),
      memberId: Number(row.member_id),
    };
  }
  const [loaded] = await loadActivities(tx, binder.tenantId, [Number(row.activity_id)]);
  if (loaded?.rule.kind !== 'EXPORT_CODE_SEND_COUPON') return null;
  const activity = loaded as CodeActivity;
  const context = await assertOpenFor(tx, { tenantId: binder.tenantId, activity, memberId, now, prefix: 'codes' });
  const given = await giveOnce({
    tx,
    tenantId: binder.tenantId,
    activity,
    memberId,
    awards: [{ type: 'coupon', templateId: activity.rule.couponTemplateId, count: 1 }],
    source: 'code',
    sourceNo: code,
    now,
    localDate: context.facts.localDate,
    zone: context.zone,
    operatorId: binder.userId,
    couponSource: 'THIRD_PARTY',
  });
  if (!given.given) throw new AppError('conflict', `codes.${given.reason}`, { values: { name: activity.name } });
  const couponId = given.couponIds[0]!;
  await tx.execute(sql`update coupon_codes set member_id = ${memberId}, coupon_id = ${couponId}, bound_at = ${now}
    where tenant_id = ${binder.tenantId} and id = ${Number(row.id)}`);
  return { ...(await boundCoupon(tx, binder, couponId)), code, activityId: activity.id, memberId };
}

/** The coupon a code became, as the bind answers it. */
async function boundCoupon(tx: DbOrTx, binder: CodeBinder, couponId: number): Promise<Pick<BindAnswer, 'coupon'>> {
  const coupon = await tx.execute<{ code: string; valid_from: Date; valid_to: Date }>(sql`select code, valid_from, valid_to
    from coupons where tenant_id = ${binder.tenantId} and id = ${couponId}`);
  const c = coupon.rows[0]!;
  return {
    coupon: {
      id: couponId,
      code: c.code,
      validFrom: formatInstant(new Date(c.valid_from), binder.zone),
      validTo: formatInstant(new Date(c.valid_to), binder.zone),
    },
  };
}

/**
 * A till redeeming a code that is not yet a coupon (../../coupons/redeem.service.ts
 * `registerCodeResolver`): the code is bound to the redeeming member in the redemption's
 * transaction (the bind's rules: campaign running, member in scope, budget and limits) and the
 * coupon it became is redeemed; a code bound before answers its coupon.
 */
export const redeemableCode: CodeResolver = async ({ tx, tenantId, operatorId, zone, now, code, memberId }) => {
  const answer = await bindWithin({
    tx,
    binder: { tenantId, userId: operatorId, zone },
    now,
    code: code.trim().toUpperCase(),
    memberId,
    rebind: true,
  });
  return answer?.coupon.code ?? null;
};
