import { and, eq, sql } from 'drizzle-orm';
import { levelResource, type LevelType } from '../../../resources/member/level.resource';
import { upgradeIncentiveResource } from '../../../resources/member/upgrade-incentive.resource';
import { deriveTable } from '../../crud/table.derive';
import type { DbOrTx } from '../../db/connection';
import { memberLevelChanges } from '../../db/schema/levels.schema';
import { AppError } from '../../http/envelope';
import { postPoints } from '../points/points.ledger';
import { fireMemberEvent } from '../activities/events/member-events';
import { recordEvent } from '../webhooks/outbox';

/**
 * The one way a member's level changes (DOMAIN.md "Levels and growth"). Whatever decides it —
 * growth value reaching a threshold, the monthly evaluation, buying a paid level, staff
 * assigning a special one, a paid term running out — calls `applyLevelChange` inside its own
 * transaction. The change is recorded with its cause in `member_level_changes`, the member's
 * `level` moves, and when the level rises the level's enabled upgrade incentives are granted:
 * their points through the points ledger (idempotency key `incentive:<member>:<level>`) and
 * their coupons as described.
 *
 * Incentives are granted once per member and level, ever: a member who drops and climbs back
 * is not paid twice for the same level. The member row is locked for the whole change, so
 * concurrent changes of one member are serialised.
 */

/** What caused a level change (`register`: a new member's entry level). */
export type LevelChangeCause = 'register' | 'growth' | 'evaluation' | 'purchase' | 'assign' | 'expiry' | 'manual';
/** Whether the member went up, down, or sideways (between a paid and a special level). */
export type LevelDirection = 'up' | 'down' | 'same';

export interface LevelChangeInput {
  /** The caller's transaction: the change commits or rolls back with the caller's work. */
  readonly tx: DbOrTx;
  readonly tenantId: number;
  readonly memberId: number;
  readonly toLevelId: number;
  readonly cause: LevelChangeCause;
  /** The growth value that decided the change (growth and evaluation causes). */
  readonly growthValue?: number | null;
  /** The document or order behind the change (`paid-level-order:12`). */
  readonly sourceRef?: string | null;
  readonly operatorId?: number | null;
  readonly remark?: string | null;
  /** The clock; tests fix it. */
  readonly now?: Date;
  /**
   * The member is being registered in the caller's transaction: the level is part of the record
   * created, so the member's version stays the version it was created with.
   */
  readonly registering?: boolean;
}

export interface LevelChangeResult {
  /** False when the member already held the level: nothing was recorded or granted. */
  readonly changed: boolean;
  /** The recorded change, when there was one. */
  readonly changeId: number | null;
  readonly fromLevelId: number | null;
  readonly toLevelId: number;
  readonly direction: LevelDirection | null;
  /** Points granted by this change (0 when none, or already granted for this level). */
  readonly incentivePoints: number;
  /** Coupons granted by this change, as the incentives describe them; null when none. */
  readonly incentiveCoupons: string | null;
}

interface LevelRow {
  readonly id: number;
  readonly levelType: LevelType;
  readonly rankOrder: number;
  readonly state: string;
}

// Paid and special levels sit above the free ladder; between them there is no order.
const TYPE_TIER: Readonly<Record<LevelType, number>> = { FREE: 0, PAID: 1, SPECIAL: 1 };

/** How a change from one level to another reads. */
export function directionOf(
  from: Pick<LevelRow, 'levelType' | 'rankOrder'> | null,
  to: Pick<LevelRow, 'levelType' | 'rankOrder'>,
): LevelDirection {
  if (!from) return 'up';
  const tier = TYPE_TIER[to.levelType] - TYPE_TIER[from.levelType];
  if (tier !== 0) return tier > 0 ? 'up' : 'down';
  if (from.levelType !== to.levelType) return 'same';
  return to.rankOrder > from.rankOrder ? 'up' : to.rankOrder < from.rankOrder ? 'down' : 'same';
}

/** The idempotency key of the incentive points of a member reaching a level. */
export const incentiveKey = (memberId: number, levelId: number) => `incentive:${memberId}:${levelId}`;

async function levelOf(tx: DbOrTx, tenantId: number, id: number): Promise<LevelRow | null> {
  const t = deriveTable(levelResource);
  const [row] = await tx
    .select({ id: t.id, levelType: t.levelType, rankOrder: t.rankOrder, state: t.state })
    .from(t)
    .where(and(eq(t.tenantId, tenantId), eq(t.id, id)));
  return row
    ? { id: Number(row.id), levelType: row.levelType as LevelType, rankOrder: Number(row.rankOrder), state: String(row.state) }
    : null;
}

/** Whether an earlier change already granted this level's incentives to the member. */
async function grantedBefore(tx: DbOrTx, input: LevelChangeInput): Promise<boolean> {
  const t = memberLevelChanges;
  const rows = await tx
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.tenantId, input.tenantId),
        eq(t.memberId, input.memberId),
        eq(t.toLevelId, input.toLevelId),
        sql`(${t.incentivePoints} > 0 or ${t.incentiveCoupons} is not null)`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The points a member reaching the level would be granted now: the sum of its enabled upgrade
 * incentives' points. What a person's change of members' levels can give (the value approval
 * rule of a batch changeLevel document, server/modules/batch).
 */
export async function levelIncentivePoints(args: { db: DbOrTx; tenantId: number; levelId: number }): Promise<number> {
  const t = deriveTable(upgradeIncentiveResource);
  const [row] = await args.db
    .select({ points: sql<string | null>`sum(${t.points})` })
    .from(t)
    .where(and(eq(t.tenantId, args.tenantId), eq(t.level, args.levelId), eq(t.state, 'ENABLED')));
  return Number(row?.points ?? 0);
}

/** Grants the enabled incentives of the level reached, once per member and level. */
async function grantIncentives(input: LevelChangeInput): Promise<{ points: number; coupons: string | null; entryId: number | null }> {
  const none = { points: 0, coupons: null, entryId: null };
  if (await grantedBefore(input.tx, input)) return none;
  const t = deriveTable(upgradeIncentiveResource);
  const incentives = await input.tx
    .select({ name: t.name, points: t.points, couponText: t.couponText })
    .from(t)
    .where(and(eq(t.tenantId, input.tenantId), eq(t.level, input.toLevelId), eq(t.state, 'ENABLED')))
    .orderBy(t.id);
  const points = incentives.reduce((sum, row) => sum + Number(row.points ?? 0), 0);
  const couponList = incentives.map((row) => String(row.couponText ?? '').trim()).filter((text) => text !== '');
  const coupons = couponList.length > 0 ? couponList.join('；') : null;
  if (points <= 0) return { ...none, coupons };
  const entry = await postPoints({
    tx: input.tx,
    tenantId: input.tenantId,
    memberId: input.memberId,
    delta: points,
    kind: 'earn',
    sourceType: 'activity',
    sourceId: `upgrade-incentive:${input.toLevelId}`,
    operatorId: input.operatorId ?? null,
    remark: incentives.map((row) => String(row.name)).join('；'),
    idempotencyKey: incentiveKey(input.memberId, input.toLevelId),
    now: input.now,
  });
  // A replayed key means an earlier change paid these points already.
  return entry.replayed ? { ...none, coupons: null } : { points, coupons, entryId: entry.id };
}

/**
 * Moves a member to a level, records why, and grants the level's upgrade incentives when the
 * level rises. Refuses (404) an unknown member or level, and (409) a disabled level. Calling it
 * again for the level the member already holds changes nothing.
 */
export async function applyLevelChange(input: LevelChangeInput): Promise<LevelChangeResult> {
  const { tx, tenantId, memberId, toLevelId } = input;
  const member = await tx.execute<{ level: number | null }>(sql`select level from members
    where tenant_id = ${tenantId} and id = ${memberId} for no key update`);
  if (member.rows.length === 0) throw new AppError('notFound', 'levelChange.memberNotFound', { values: { member: memberId } });
  const to = await levelOf(tx, tenantId, toLevelId);
  if (!to) throw new AppError('notFound', 'levelChange.levelNotFound', { values: { level: toLevelId } });
  if (to.state !== 'ENABLED') throw new AppError('conflict', 'levelChange.levelDisabled', { values: { level: toLevelId } });
  const fromLevelId = member.rows[0].level === null ? null : Number(member.rows[0].level);
  if (fromLevelId === toLevelId) {
    return { changed: false, changeId: null, fromLevelId, toLevelId, direction: null, incentivePoints: 0, incentiveCoupons: null };
  }
  const from = fromLevelId === null ? null : await levelOf(tx, tenantId, fromLevelId);
  const direction = directionOf(from, to);
  const granted = direction === 'up' ? await grantIncentives(input) : { points: 0, coupons: null, entryId: null };
  const [change] = await tx
    .insert(memberLevelChanges)
    .values({
      tenantId,
      memberId,
      fromLevelId,
      toLevelId,
      direction,
      cause: input.cause,
      growthValue: input.growthValue ?? null,
      incentivePoints: granted.points,
      incentiveCoupons: granted.coupons,
      pointsEntryId: granted.entryId,
      sourceRef: input.sourceRef ?? null,
      operatorId: input.operatorId ?? null,
      remark: input.remark ?? null,
      ...(input.now ? { occurredAt: input.now } : {}),
    })
    .returning({ id: memberLevelChanges.id });
  const version = input.registering ? sql`version` : sql`version + 1`;
  await tx.execute(
    sql`update members set level = ${toLevelId}, version = ${version}, updated_at = now() where tenant_id = ${tenantId} and id = ${memberId}`,
  );
  // A new member's entry level is part of MEMBER_REGISTERED (its levelId), not a change.
  if (input.cause !== 'register') {
    await recordEvent(tx, {
      tenantId,
      type: 'MEMBER_LEVEL_CHANGED',
      memberId,
      data: { memberId, fromLevelId, toLevelId, direction, cause: input.cause, changeId: Number(change.id) },
    });
  }
  // Upgrade gifts (activities, issue 13) fire on a rise, in this transaction, once per member and
  // level, recorded with the change that caused them; a new member's entry level is no upgrade.
  if (direction === 'up' && input.cause !== 'register') {
    await fireMemberEvent({
      tx,
      tenantId,
      memberId,
      event: { kind: 'UPGRADE_GIFT', toLevelId, direction },
      source: 'upgrade',
      sourceNo: `level:${toLevelId}`,
      now: input.now ?? new Date(),
      operatorId: input.operatorId ?? null,
      cause: [`level-change:${Number(change.id)}`, input.cause, input.sourceRef].filter(Boolean).join(' '),
    });
  }
  return {
    changed: true,
    changeId: Number(change.id),
    fromLevelId,
    toLevelId,
    direction,
    incentivePoints: granted.points,
    incentiveCoupons: granted.coupons,
  };
}
