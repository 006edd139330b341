import { sql } from 'drizzle-orm';
import { shownState } from '../../../resources/state-timeline';
import { couponResource } from '../../../resources/coupons/coupon.resource';
import type { Db, DbOrTx } from '../../db/connection';
import { AppError } from '../../http/envelope';
import { formatInstant } from '../../crud/zoned-time';
import { idempotent, type IdempotentResult } from '../idempotency/idempotency.service';
import { postPoints } from '../points/points.ledger';
import { toCents } from '../../money/money';
import { readBasket, type BasketInput } from './basket.input';
import { couponSettings } from './coupon-settings';
import { guardCouponMember } from './issue.service';
import { readTemplate, readTemplates } from './template-terms';
import { mayStack, useOn, type CouponUse, type NotUsableReason } from './use-rules';
import { recordEvent } from '../webhooks/outbox';

/** The points ledger's source of a points coupon's points (redeemed: earn; its order returned: reverse). */
export const COUPON_POINTS_SOURCE = 'coupon';

/** A coupon row as the till services read it. */
interface CouponRow extends Record<string, unknown> {
  readonly id: number;
  readonly code: string;
  readonly template: number;
  readonly member: number;
  readonly state: string;
  readonly face_value: string | null;
  readonly valid_from: Date;
  readonly valid_to: Date;
  readonly order_no: string | null;
  readonly discount: string | null;
}

const COUPON_COLUMNS = sql`id, code, template, member, state, face_value, valid_from, valid_to, order_no, discount`;
const faceOf = (row: CouponRow): bigint | null => (row.face_value === null ? null : toCents(String(row.face_value)));

/** The state a coupon shows at `now` (its validity decides between NOT_STARTED, UNUSED and EXPIRED). */
export function couponShownState(row: Pick<CouponRow, 'state' | 'valid_from' | 'valid_to'>, now: Date): string {
  const timeline = couponResource.states.timeline;
  return String(shownState({ timeline, stored: row.state, start: new Date(row.valid_from), end: new Date(row.valid_to), now }));
}

/** Why a coupon in this shown state cannot be redeemed (409 key), or null when it is UNUSED. */
export function stateRefusal(shown: string): string | null {
  const keys: Record<string, string> = {
    USED: 'coupons.alreadyUsed',
    VOIDED: 'coupons.voided',
    EXPIRED: 'coupons.expired',
    NOT_STARTED: 'coupons.notStarted',
  };
  return keys[shown] ?? null;
}

export interface CheckInput extends BasketInput {
  readonly memberId: number;
  readonly pointsAsCash?: boolean;
}

export interface CouponCheck {
  readonly couponId: number;
  readonly code: string;
  readonly templateId: number;
  readonly templateName: string;
  readonly lineType: string;
  readonly validTo: string;
  readonly usable: boolean;
  readonly reason: NotUsableReason | null;
  readonly stacks: boolean;
  readonly use: CouponUse | null;
}

/**
 * Which of a member's coupons (those usable now: UNUSED) apply to a basket at a store, and what
 * each would take off; the others of them with the reason. Reads only.
 */
export async function checkCoupons(input: { db: Db; tenantId: number; now: Date; zone: string; body: CheckInput }): Promise<CouponCheck[]> {
  const { db, tenantId, now, body } = input;
  const member = await db.execute(sql`select 1 from members where tenant_id = ${tenantId} and id = ${body.memberId}`);
  if (member.rows.length === 0) throw new AppError('notFound', 'coupons.memberNotFound', { values: { memberId: body.memberId } });
  const basket = await readBasket(db, tenantId, body);
  const settings = await couponSettings(db, tenantId);
  const coupons = await db.execute<CouponRow>(sql`select ${COUPON_COLUMNS} from coupons
    where tenant_id = ${tenantId} and member = ${body.memberId} and state = 'ISSUED' and valid_from <= ${now} and valid_to > ${now}
    order by valid_to, id limit 200`);
  const templates = await readTemplates(db, tenantId, [...new Set(coupons.rows.map((c) => Number(c.template)))]);
  return coupons.rows.map((c) => {
    const template = templates.get(Number(c.template))!;
    const outcome = useOn({
      template,
      faceCents: faceOf(c),
      basket,
      storeId: body.storeId,
      pointsAsCash: body.pointsAsCash ?? false,
      settings,
      now,
    });
    return {
      couponId: Number(c.id),
      code: c.code,
      templateId: template.id,
      templateName: template.name,
      lineType: template.lineType,
      validTo: formatInstant(new Date(c.valid_to), input.zone),
      usable: outcome.usable,
      reason: outcome.usable ? null : outcome.reason,
      stacks: settings.stackCoupons && template.stackWithCoupons,
      use: outcome.usable ? outcome.use : null,
    };
  });
}

export interface RedeemInput extends CheckInput {
  /** The caller's number: the same number twice redeems once and answers the first answer. */
  readonly requestNo: string;
  readonly code: string;
  readonly orderNo: string;
}

export interface RedeemAnswer extends CouponUse {
  readonly requestNo: string;
  readonly couponId: number;
  readonly code: string;
  readonly orderNo: string;
  readonly usedAt: string;
}

/**
 * Logs a coupon's state change like the engine's state actions do (its history in coupon-list).
 * Every redemption (the till's, a write-off document's) is logged here, so this is where the
 * member's webhooks hear of it.
 */
export async function logCouponChange(
  tx: DbOrTx,
  args: {
    tenantId: number;
    couponId: number;
    action: string;
    from: string;
    to: string;
    userId: number | null;
    now: Date;
    reason?: string | null;
  },
) {
  await tx.execute(sql`insert into state_changes (tenant_id, resource, record_id, action, from_state, to_state, reason, user_id, at)
    values (${args.tenantId}, 'coupon', ${args.couponId}, ${args.action}, ${args.from}, ${args.to}, ${args.reason ?? null}, ${args.userId}, ${args.now})`);
  if (args.to !== 'USED') return;
  const used = await tx.execute<{
    member: number;
    code: string;
    order_no: string | null;
    used_store: number | null;
    discount: string | null;
  }>(sql`select member, code, order_no, used_store, discount from coupons where tenant_id = ${args.tenantId} and id = ${args.couponId}`);
  const coupon = used.rows[0];
  if (!coupon) return;
  await recordEvent(tx, {
    tenantId: args.tenantId,
    type: 'COUPON_REDEEMED',
    memberId: Number(coupon.member),
    data: {
      memberId: Number(coupon.member),
      couponId: args.couponId,
      code: coupon.code,
      orderNo: coupon.order_no,
      storeId: coupon.used_store === null ? null : Number(coupon.used_store),
      discount: coupon.discount,
    },
  });
}

/**
 * Redeems a coupon against an order, once per request number. The coupon must be the member's,
 * UNUSED at this instant, usable at the store and time, allowed beside the order's other coupons
 * and points as cash, and take something off the basket; then one conditional update
 * (`state = 'ISSUED'` and inside its validity) marks it used: of any number of concurrent
 * redemptions exactly one passes it, the others get 409 `coupons.alreadyUsed`. A points coupon
 * posts its points to the member in the same transaction.
 */
/**
 * Turns a code a till presents that is not one of the merchant's coupons (a code handed out by a
 * code campaign, activities/codes) into the member's coupon in the caller's transaction; answers
 * the coupon's code, or null when it knows no such code. Registered by the module holding such
 * codes (`registerCodeResolver`), so this module does not depend on it.
 */
export type CodeResolver = (args: {
  tx: DbOrTx;
  tenantId: number;
  operatorId: number | null;
  zone: string;
  now: Date;
  code: string;
  memberId: number;
}) => Promise<string | null>;

const codeResolvers = new Set<CodeResolver>();

/** Adds a resolver of codes that are not coupons yet (once per resolver, however often called). */
export function registerCodeResolver(resolver: CodeResolver): void {
  codeResolvers.add(resolver);
}

/** The coupon under a presented code: a coupon's own code, else a code a resolver turns into the member's coupon. */
async function couponByCode(tx: DbOrTx, args: Omit<Parameters<CodeResolver>[0], 'tx'>): Promise<CouponRow | undefined> {
  const read = async (code: string) =>
    (await tx.execute<CouponRow>(sql`select ${COUPON_COLUMNS} from coupons where tenant_id = ${args.tenantId} and code = ${code}`)).rows[0];
  const coupon = await read(args.code);
  if (coupon) return coupon;
  for (const resolve of codeResolvers) {
    const code = await resolve({ tx, ...args });
    if (code !== null) return read(code);
  }
  return undefined;
}

export async function redeemCoupon(input: {
  db: Db;
  tenantId: number;
  operatorId: number | null;
  now: Date;
  zone: string;
  body: RedeemInput;
}): Promise<IdempotentResult<RedeemAnswer>> {
  const { db, tenantId, now, body } = input;
  return idempotent({
    db,
    tenantId,
    operation: 'coupons.redeem',
    key: body.requestNo,
    keyField: 'requestNo',
    request: {
      code: body.code,
      memberId: body.memberId,
      orderNo: body.orderNo,
      storeId: body.storeId,
      pointsAsCash: body.pointsAsCash ?? false,
      freight: body.freight === undefined || body.freight === null ? null : String(toCents(String(body.freight))),
      lines: body.lines.map((l) => ({ goodsId: l.goodsId, quantity: String(l.quantity), amount: String(toCents(String(l.amount))) })),
    },
    run: async (tx) => {
      const coupon = await couponByCode(tx, {
        tenantId,
        operatorId: input.operatorId,
        zone: input.zone,
        now,
        code: body.code,
        memberId: body.memberId,
      });
      if (!coupon) throw new AppError('notFound', 'coupons.codeNotFound', { values: { code: body.code } });
      if (Number(coupon.member) !== body.memberId) throw new AppError('conflict', 'coupons.notMembers', { values: { code: body.code } });
      const refused = stateRefusal(couponShownState(coupon, now));
      if (refused) throw new AppError('conflict', refused, { values: { code: body.code } });
      await guardCouponMember(tx, tenantId, body.memberId);
      const basket = await readBasket(tx, tenantId, body);
      const settings = await couponSettings(tx, tenantId);
      const template = (await readTemplate(tx, tenantId, Number(coupon.template)))!;
      const others = await tx.execute<{ template: string }>(sql`select template from coupons
        where tenant_id = ${tenantId} and order_no = ${body.orderNo} and state = 'USED' and id <> ${coupon.id}`);
      const otherTemplates = await readTemplates(
        tx,
        tenantId,
        others.rows.map((o) => Number(o.template)),
      );
      for (const other of others.rows) {
        if (!mayStack(settings, template, otherTemplates.get(Number(other.template))!)) {
          throw new AppError('conflict', 'coupons.noStacking', { values: { code: body.code, orderNo: body.orderNo } });
        }
      }
      const outcome = useOn({
        template,
        faceCents: faceOf(coupon),
        basket,
        storeId: body.storeId,
        pointsAsCash: body.pointsAsCash ?? false,
        settings,
        now,
      });
      if (!outcome.usable) throw new AppError('conflict', `coupons.notUsable.${outcome.reason}`, { values: { code: body.code } });
      const used = await tx.execute(sql`update coupons set state = 'USED', used_at = ${now}, used_store = ${body.storeId},
          order_no = ${body.orderNo}, discount = ${outcome.use.discount}::numeric, version = version + 1, updated_at = ${now},
          updated_by = ${input.operatorId}
        where tenant_id = ${tenantId} and id = ${coupon.id} and state = 'ISSUED' and valid_from <= ${now} and valid_to > ${now}
        returning id`);
      if (used.rows.length === 0) throw new AppError('conflict', 'coupons.alreadyUsed', { values: { code: body.code } });
      await logCouponChange(tx, {
        tenantId,
        couponId: Number(coupon.id),
        action: 'redeem',
        from: 'UNUSED',
        to: 'USED',
        userId: input.operatorId,
        now,
      });
      if (outcome.use.points > 0) {
        await postPoints({
          tx,
          tenantId,
          memberId: body.memberId,
          delta: outcome.use.points,
          kind: 'earn',
          sourceType: COUPON_POINTS_SOURCE,
          sourceId: body.code,
          storeId: body.storeId,
          operatorId: input.operatorId,
          idempotencyKey: `coupon-redeem:${coupon.id}:${body.requestNo}`,
          now,
        });
      }
      const answer: RedeemAnswer = {
        requestNo: body.requestNo,
        couponId: Number(coupon.id),
        code: coupon.code,
        orderNo: body.orderNo,
        usedAt: formatInstant(now, input.zone),
        ...outcome.use,
      };
      return answer;
    },
  });
}

export interface UndoInput {
  /** The caller's return number: the same number twice undoes once. */
  readonly returnNo: string;
  readonly orderNo: string;
  /** Only this coupon of the order; default every coupon the order used. */
  readonly code?: string | null;
}

export interface UndoAnswer {
  readonly returnNo: string;
  readonly orderNo: string;
  readonly coupons: readonly { readonly couponId: number; readonly code: string; readonly state: string }[];
}

/** A member's points balance, its account row locked until the transaction ends (0 without an account). */
async function pointsBalance(tx: DbOrTx, tenantId: number, memberId: number): Promise<number> {
  const found = await tx.execute<{ balance: string | number }>(
    sql`select balance from points_accounts where tenant_id = ${tenantId} and member_id = ${memberId} for update`,
  );
  return Number(found.rows[0]?.balance ?? 0);
}

/**
 * Undoes the redemptions of an order when it is returned, once per return number: each coupon
 * the order used goes back to ISSUED (it shows UNUSED again, or EXPIRED if its validity ended
 * meanwhile), and a points coupon takes its points back, in full: a points coupon whose points
 * the member no longer holds stays USED (answered as such) and nothing is taken. 404 when the order
 * used no coupon (or not that one).
 */
export async function undoRedemption(input: {
  db: Db;
  tenantId: number;
  operatorId: number | null;
  now: Date;
  body: UndoInput;
}): Promise<IdempotentResult<UndoAnswer>> {
  const { db, tenantId, now, body } = input;
  return idempotent({
    db,
    tenantId,
    operation: 'coupons.undo',
    key: body.returnNo,
    keyField: 'returnNo',
    request: { orderNo: body.orderNo, code: body.code ?? null },
    run: async (tx) => {
      const onlyCode = body.code ? sql`and code = ${body.code}` : sql``;
      const used = await tx.execute<CouponRow>(sql`select ${COUPON_COLUMNS} from coupons
        where tenant_id = ${tenantId} and order_no = ${body.orderNo} and state = 'USED' ${onlyCode}
        order by id for update`);
      if (used.rows.length === 0) throw new AppError('notFound', 'coupons.orderNotFound', { values: { orderNo: body.orderNo } });
      const templates = await readTemplates(tx, tenantId, [...new Set(used.rows.map((c) => Number(c.template)))]);
      const shown: UndoAnswer['coupons'][number][] = [];
      for (const c of used.rows) {
        const template = templates.get(Number(c.template))!;
        const points = template.points;
        // A points coupon goes back only with all its points: when the member has spent them
        // since, a take-back capped at the balance would leave them the points and the coupon to
        // redeem again (issue 24 §2). Such a coupon stays used and nothing is taken back.
        if (points > 0 && (await pointsBalance(tx, tenantId, Number(c.member))) < points) {
          shown.push({ couponId: Number(c.id), code: c.code, state: couponShownState(c, now) });
          continue;
        }
        const [row] = (
          await tx.execute<CouponRow>(sql`update coupons set state = 'ISSUED', used_at = null,
            used_store = null, order_no = null, discount = null, version = version + 1, updated_at = ${now}, updated_by = ${input.operatorId}
          where tenant_id = ${tenantId} and id = ${c.id} returning ${COUPON_COLUMNS}`)
        ).rows;
        await logCouponChange(tx, {
          tenantId,
          couponId: Number(row.id),
          action: 'undo',
          from: 'USED',
          to: couponShownState(row, now),
          userId: input.operatorId,
          now,
        });
        if (points > 0) {
          await postPoints({
            tx,
            tenantId,
            memberId: Number(row.member),
            delta: -points,
            kind: 'reverse',
            sourceType: COUPON_POINTS_SOURCE,
            sourceId: row.code,
            operatorId: input.operatorId,
            idempotencyKey: `coupon-undo:${row.id}:${body.returnNo}`,
            now,
          });
        }
        shown.push({ couponId: Number(row.id), code: row.code, state: couponShownState(row, now) });
      }
      const answer: UndoAnswer = {
        returnNo: body.returnNo,
        orderNo: body.orderNo,
        coupons: shown,
      };
      return answer;
    },
  });
}
