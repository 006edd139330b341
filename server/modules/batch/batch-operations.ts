import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BatchOperation } from '../../../resources/member/batch-operate.resource';
import { memberResource } from '../../../resources/member/member.resource';
import type { Actor } from '../../crud/actor';
import { runAction } from '../../crud/crud.operations';
import type { EngineRegistry } from '../../crud/resource-registry';
import { deriveTable } from '../../crud/table.derive';
import type { Database, DbOrTx } from '../../db/connection';
import { AppError } from '../../http/envelope';
import { applyLevelChange } from '../levels/level-change';
import { assertMemberCanTransact } from '../points/member-guard';
import { postPoints } from '../points/points.ledger';
import { postValue } from '../ledger';
import { couponSettings } from '../coupons/coupon-settings';
import { issueCoupons } from '../coupons/issue.service';
import { failed, refusal, succeeded, type LineOutcome } from './batch-outcome';

/**
 * What each operation of a batch document does to one member, inside the transaction of that
 * member's line. Every operation goes through the module that owns the change, so a batch can
 * never do what a single change could not:
 *
 * - freeze / unfreeze: the member resource's own state action (engine `runAction`): its
 *   from-states, the reason, the state history;
 * - changeLevel: `applyLevelChange` with the cause `manual` and the document as the source;
 * - grantPoints: `postPoints` (kind `adjust`, source `batch`) with the key
 *   `batch:<documentId>:<memberId>`, so a member is granted once per document whatever happens;
 * - addTag: the tag is appended unless the member already has it;
 * - grantValue: `postValue` (kind `adjust`, source `batch`) with the key
 *   `batch-value:<documentId>:<memberId>`;
 * - grantCoupon: the coupons module's `issueCoupons` (source BATCH) with the key
 *   `batch-coupon:<documentId>:<memberId>`, within the template's limits.
 *
 * A refusal (a frozen member cannot be frozen again, a cancelled member cannot earn points)
 * becomes the line's failure; the other lines go on.
 */

/** What the batch job needs from the app. */
export interface BatchDeps {
  readonly database: Database;
  readonly registry: EngineRegistry;
  readonly log: FastifyBaseLogger;
}

/** The parts of a document its operation reads. */
export interface BatchDocument {
  readonly tenantId: number;
  readonly id: number;
  readonly number: string;
  readonly operation: BatchOperation;
  readonly reason: string | null;
  readonly targetLevel: number | null;
  /** The target level's name, for the line message. */
  readonly targetLevelName: string | null;
  readonly tag: string | null;
  readonly points: number | null;
  /** grantValue: the principal and gift each member receives (decimal text). */
  readonly valuePrincipal: string | null;
  readonly valueGift: string | null;
  /** grantCoupon: the template and how many coupons each member receives. */
  readonly couponTemplate: number | null;
  readonly couponCount: number | null;
  readonly remark: string | null;
  /** Who audited it: the operator of every change. */
  readonly operatorId: number | null;
}

/** One member's change. */
interface MemberChange {
  readonly tx: DbOrTx;
  readonly deps: BatchDeps;
  /** The auditor, the actor of the engine's state actions on the members. */
  readonly actor: Actor;
  readonly doc: BatchDocument;
  readonly memberId: number;
  /** The member's state, read with the row locked. */
  readonly state: string;
}

/** The idempotency key of a document's points for one member. */
export const batchPointsKey = (documentId: number, memberId: number) => `batch:${documentId}:${memberId}`;

/** The idempotency key of a document's stored value for one member. */
export const batchValueKey = (documentId: number, memberId: number) => `batch-value:${documentId}:${memberId}`;

/** The idempotency key of a document's coupons for one member. */
export const batchCouponKey = (documentId: number, memberId: number) => `batch-coupon:${documentId}:${memberId}`;

/** The ledger's source type of batch postings. */
export const BATCH_SOURCE = 'batch';

const stateKey = (state: string) => `res.member.state.${state}`;

/** A line refused because of the member's state, naming the state and what could not be done. */
const stateRefused = (state: string, actionKey: string) => failed('batch.line.stateRefused', { stateKey: stateKey(state), actionKey });

/** The operation's label key, for messages. */
const operationKey = (doc: BatchDocument) => `res.batch-operate.operation.${doc.operation}`;

/** Freeze or unfreeze through the member resource's own action, in a savepoint of the line's transaction. */
function memberAction(action: 'freeze' | 'unfreeze') {
  return async (change: MemberChange): Promise<LineOutcome> => {
    const runtime = change.deps.registry.get(memberResource.name);
    const def = runtime.resource.states?.actions[action];
    if (!def) throw new Error(`member resource has no ${action} action`);
    if (!def.from.includes(change.state)) return stateRefused(change.state, `res.member.action.${action}`);
    // Handed the line's transaction, the engine opens a savepoint rather than a transaction.
    await runAction({
      db: change.tx,
      registry: change.deps.registry,
      runtime,
      actor: change.actor,
      id: change.memberId,
      action,
      body: { reason: change.doc.reason },
    });
    return succeeded();
  };
}

async function changeLevel(change: MemberChange): Promise<LineOutcome> {
  const { doc } = change;
  if (doc.targetLevel === null) throw new Error(`batch ${doc.id}: changeLevel without a target level`);
  const result = await applyLevelChange({
    tx: change.tx,
    tenantId: doc.tenantId,
    memberId: change.memberId,
    toLevelId: doc.targetLevel,
    cause: 'manual',
    sourceRef: `batch-operate:${doc.number}`,
    operatorId: doc.operatorId,
    remark: doc.remark,
  });
  return result.changed
    ? succeeded('batch.line.levelChanged', { level: doc.targetLevelName ?? String(doc.targetLevel) })
    : succeeded('batch.line.levelUnchanged');
}

async function addTag(change: MemberChange): Promise<LineOutcome> {
  const { doc } = change;
  if (doc.tag === null) throw new Error(`batch ${doc.id}: addTag without a tag`);
  const m = deriveTable(memberResource);
  const tags = sql`coalesce(${m.tags}, '{}'::text[])`;
  const added = await change.tx
    .update(m)
    .set({
      tags: sql`array_append(${tags}, ${doc.tag}::text)`,
      version: sql`${m.version} + 1`,
      updatedAt: sql`now()`,
      updatedBy: doc.operatorId,
    })
    .where(and(eq(m.tenantId, doc.tenantId), eq(m.id, change.memberId), sql`not (${doc.tag}::text = any(${tags}))`))
    .returning({ id: m.id });
  return added.length > 0 ? succeeded() : succeeded('batch.line.alreadyTagged');
}

async function grantPoints(change: MemberChange): Promise<LineOutcome> {
  const { doc, tx, memberId } = change;
  if (doc.points === null) throw new Error(`batch ${doc.id}: grantPoints without points`);
  try {
    // The points module decides who may earn (a frozen or cancelled member may not).
    await assertMemberCanTransact({ tx, tenantId: doc.tenantId, memberId });
  } catch (error) {
    if (error instanceof AppError && error.key === 'points.memberBlocked') return stateRefused(change.state, operationKey(doc));
    throw error;
  }
  const entry = await postPoints({
    tx,
    tenantId: doc.tenantId,
    memberId,
    delta: doc.points,
    kind: 'adjust',
    sourceType: BATCH_SOURCE,
    sourceId: doc.number,
    operatorId: doc.operatorId,
    remark: doc.remark,
    idempotencyKey: batchPointsKey(doc.id, memberId),
  });
  return entry.replayed
    ? succeeded('batch.line.alreadyGranted')
    : succeeded('batch.line.pointsGranted', { points: entry.delta, balance: entry.balanceAfter });
}

/**
 * Stored value through the value ledger (kind `adjust`, source `batch`, key
 * `batch-value:<documentId>:<memberId>`): a member not in use fails the line, named by their state.
 */
async function grantValue(change: MemberChange): Promise<LineOutcome> {
  const { doc, tx, memberId } = change;
  if (doc.valuePrincipal === null || doc.valueGift === null) throw new Error(`batch ${doc.id}: grantValue without amounts`);
  // As for points: a member not in use is named with their state (the ledger would refuse too).
  if (change.state.toLowerCase() !== 'using') return stateRefused(change.state, operationKey(doc));
  const entry = await postValue({
    tx,
    tenantId: doc.tenantId,
    holder: { kind: 'member', memberId },
    principal: doc.valuePrincipal,
    gift: doc.valueGift,
    kind: 'adjust',
    sourceType: BATCH_SOURCE,
    sourceId: doc.number,
    operatorId: doc.operatorId,
    remark: doc.remark,
    idempotencyKey: batchValueKey(doc.id, memberId),
  });
  return entry.replayed
    ? succeeded('batch.line.valueAlreadyGranted')
    : succeeded('batch.line.valueGranted', { principal: entry.principalDelta, gift: entry.giftDelta, balance: entry.balanceAfter });
}

/**
 * Coupons through the coupons module's idempotent issue (source BATCH, the document's number as
 * the source reference, key `batch-coupon:<documentId>:<memberId>`) in the line's transaction:
 * the template's total and per-member limit hold as for any issue, and their refusals (limit
 * reached, sold out, template stopped, member not in use) fail the line with the reason.
 */
async function grantCoupon(change: MemberChange): Promise<LineOutcome> {
  const { doc, tx, memberId } = change;
  if (doc.couponTemplate === null || doc.couponCount === null) throw new Error(`batch ${doc.id}: grantCoupon without a template`);
  const settings = await couponSettings(tx, doc.tenantId);
  const result = await issueCoupons({
    db: tx,
    tenantId: doc.tenantId,
    operatorId: doc.operatorId,
    now: new Date(),
    zone: settings.timeZone,
    // Its own key space: a till's request number can never take a document's key.
    operation: 'batch.grantCoupon',
    body: {
      requestNo: batchCouponKey(doc.id, memberId),
      templateId: doc.couponTemplate,
      memberId,
      quantity: doc.couponCount,
      source: 'BATCH',
      sourceRef: doc.number,
    },
  });
  const codes = result.answer.coupons.map((c) => c.code).join(', ');
  return result.replayed
    ? succeeded('batch.line.couponsAlreadyGranted', { codes })
    : succeeded('batch.line.couponsGranted', { count: result.answer.coupons.length, codes });
}

/** A member who has left (cancelled) takes no more level or tag changes. */
async function unlessCanceled(change: MemberChange, apply: (change: MemberChange) => Promise<LineOutcome>): Promise<LineOutcome> {
  if (change.state.toLowerCase() === 'canceled') return failed('batch.line.memberCanceled');
  return apply(change);
}

const OPERATIONS: Readonly<Record<BatchOperation, (change: MemberChange) => Promise<LineOutcome>>> = {
  freeze: memberAction('freeze'),
  unfreeze: memberAction('unfreeze'),
  changeLevel: (change) => unlessCanceled(change, changeLevel),
  addTag: (change) => unlessCanceled(change, addTag),
  grantPoints,
  grantValue,
  grantCoupon,
};

/**
 * Applies the document's operation to one member inside `tx` (the line's transaction). The
 * member row is locked first, so the state checked is the state changed. A refusal of the
 * module called is returned as the line's failure (its partial work rolled back with the
 * savepoint); anything else is thrown and stops the run.
 */
export async function applyToMember(args: {
  tx: DbOrTx;
  deps: BatchDeps;
  actor: Actor;
  doc: BatchDocument;
  memberId: number;
}): Promise<LineOutcome> {
  const locked = await args.tx.execute<{ state: string }>(sql`select state from members
    where tenant_id = ${args.doc.tenantId} and id = ${args.memberId} for update`);
  if (locked.rows.length === 0) return failed('batch.line.memberMissing');
  const state = String(locked.rows[0].state);
  try {
    return await args.tx.transaction((sp) => OPERATIONS[args.doc.operation]({ ...args, tx: sp, state }));
  } catch (error) {
    if (error instanceof AppError && error.kind !== 'internal') return refusal(error);
    throw error;
  }
}
