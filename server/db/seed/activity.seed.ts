import { and, asc, eq, sql } from 'drizzle-orm';
import { batchOperateResource } from '../../../resources/member/batch-operate.resource';
import { memberResource } from '../../../resources/member/member.resource';
import { scoreAdjustReasonResource } from '../../../resources/score/score-adjust-reason.resource';
import { scoreAdjustResource } from '../../../resources/score/score-adjust.resource';
import { systemActor } from '../../crud/actor';
import { drawNumber } from '../../crud/numbering';
import { logStateChange } from '../../crud/state-history';
import { deriveLinesTable, deriveTable } from '../../crud/table.derive';
import { applyToMember, type BatchDeps } from '../../modules/batch/batch-operations';
import { storedValues } from '../../modules/batch/batch-outcome';
import { postPoints } from '../../modules/points/points.ledger';
import { ADJUSTMENT_SOURCE, adjustmentKey } from '../../modules/points/score-adjust.hooks';
import { recordReturn, recordSale } from '../../modules/sale/sale.service';
import type { Db, DbOrTx } from '../connection';
import { users } from '../schema/core.schema';
import { insertRows } from './datum.seed';
import type { DemoSeeder } from './seeders';

/**
 * What a person needs to try every built points and member screen on the demo merchant, made
 * through the real services (after the members, datum and levels seeders):
 *
 * - adjustment reasons, so the adjustment form's reason picker offers something;
 * - adjustment documents in both states: one not audited (INITIAL, to audit), one audited
 *   (EFFECTED) whose lines went through the points ledger as an audit posts them;
 * - sales posted through the sales service (`recordSale`: points, growth, levels following under
 *   the real-time rule, upgrade incentives) and one return, for score-query and score-home;
 * - an audited batch operation document (grant points) with its per-member results.
 *
 * Deterministic: every demo database holds the same documents.
 */

const REASONS = [
  { code: 'COMPLAINT', name: '客诉补偿', direction: 'increase', remark: '服务投诉后的积分补偿' },
  { code: 'CORRECTION', name: '积分纠错', direction: 'both', remark: '系统或人工差错的更正' },
  { code: 'OFFLINE', name: '线下活动奖励', direction: 'increase', remark: '门店线下活动赠送' },
  { code: 'VIOLATION', name: '违规扣减', direction: 'decrease', remark: '违规获取积分的扣回' },
] as const;

export interface DemoMember {
  readonly id: number;
  readonly store: number | null;
}

export async function membersInUse(tx: DbOrTx, tenantId: number): Promise<DemoMember[]> {
  const m = deriveTable(memberResource);
  const rows = await tx
    .select({ id: m.id, store: m.registerStore })
    .from(m)
    .where(and(eq(m.tenantId, tenantId), eq(m.state, 'using')))
    .orderBy(asc(m.id));
  return rows.map((r) => ({ id: Number(r.id), store: r.store === null ? null : Number(r.store) }));
}

export async function adminOf(tx: DbOrTx, tenantId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.login, 'admin')));
  return row ? Number(row.id) : null;
}

/** Inserts a document and its lines as the engine stores them; answers its id and number. */
async function insertDocument(args: {
  tx: DbOrTx;
  tenantId: number;
  resource: typeof scoreAdjustResource | typeof batchOperateResource;
  values: Record<string, unknown>;
  lines: readonly Record<string, unknown>[];
  userId: number | null;
}): Promise<{ id: number; number: string }> {
  const { tx, tenantId, resource } = args;
  const number = await drawNumber({ db: tx, tenantId, resource });
  const t = deriveTable(resource);
  const [made] = await tx
    .insert(t)
    .values({ tenantId, number, createdBy: args.userId, updatedBy: args.userId, ...args.values } as never)
    .returning({ id: t.id });
  const id = Number(made.id);
  if (args.lines.length > 0) {
    const lt = deriveLinesTable(resource, 'lines');
    await tx.insert(lt).values(args.lines.map((line, i) => ({ tenantId, parentId: id, lineNo: i + 1, ...line })) as never);
  }
  return { id, number };
}

async function seedAdjustments(args: { tx: DbOrTx; tenantId: number; members: readonly DemoMember[]; userId: number | null }) {
  const { tx, tenantId, members, userId } = args;
  const reasons = await insertRows({
    tx,
    tenantId,
    resource: scoreAdjustReasonResource,
    rows: REASONS.map((r) => ({ ...r, enabled: true, createdBy: userId, updatedBy: userId })),
  });
  const reason = (code: string) => reasons.get(code) as number;
  // To audit: a complaint compensation and a correction.
  const draft = [
    { member: members[0].id, points: 200, reason: reason('COMPLAINT'), remark: '加油排队过久' },
    { member: members[1].id, points: 50, reason: reason('CORRECTION'), remark: null },
  ];
  await insertDocument({
    tx,
    tenantId,
    resource: scoreAdjustResource,
    values: { store: members[0].store, totalPoints: 250, lineCount: 2, state: 'INITIAL', remark: '待审核的调整单' },
    lines: draft,
    userId,
  });
  // Audited: its lines posted through the ledger exactly as an audit posts them.
  const effected = [
    { member: members[2].id, points: 300, reason: reason('OFFLINE'), remark: '门店开业活动' },
    { member: members[3].id, points: 120, reason: reason('OFFLINE'), remark: '门店开业活动' },
    { member: members[4].id, points: -15, reason: reason('VIOLATION'), remark: '重复积分扣回' },
  ];
  const auditedAt = new Date();
  const doc = await insertDocument({
    tx,
    tenantId,
    resource: scoreAdjustResource,
    values: { store: members[2].store, totalPoints: 405, lineCount: 3, state: 'EFFECTED', auditedAt, remark: '开业活动奖励' },
    lines: effected,
    userId,
  });
  for (const [i, line] of effected.entries()) {
    await postPoints({
      tx,
      tenantId,
      memberId: line.member,
      delta: line.points,
      kind: 'adjust',
      sourceType: ADJUSTMENT_SOURCE,
      sourceId: doc.number,
      storeId: members[2].store,
      operatorId: userId,
      remark: line.remark,
      idempotencyKey: adjustmentKey(doc.id, i + 1),
      capAtBalance: line.points < 0,
      now: auditedAt,
    });
  }
  await logStateChange({
    db: tx,
    tenantId,
    resource: scoreAdjustResource,
    recordId: doc.id,
    action: 'audit',
    from: 'INITIAL',
    to: 'EFFECTED',
    reason: null,
    userId,
  });
}

async function seedSales(args: { tx: DbOrTx; tenantId: number; members: readonly DemoMember[]; userId: number }) {
  const { tx, tenantId, members, userId } = args;
  // The sales service runs its own (nested: a savepoint here) transaction under the idempotency rule.
  const db = tx as unknown as Db;
  const buyers = members.slice(5, 29);
  let first: string | null = null;
  for (const [i, member] of buyers.entries()) {
    const amount = ((i * 7919) % 90000) / 100 + 30;
    const orderNo = `DEMO-S${String(i + 1).padStart(4, '0')}`;
    first ??= orderNo;
    await recordSale({
      db,
      tenantId,
      operatorId: userId,
      sale: {
        orderNo,
        memberId: member.id,
        storeId: member.store,
        lines: [
          { goodsCode: '92#', quantity: 1, amount: amount.toFixed(2) },
          { goodsCode: 'SHOP', quantity: 2, amount: '18.00' },
        ],
      },
    });
  }
  if (first) await recordReturn({ db, tenantId, operatorId: userId, ret: { returnNo: 'DEMO-R0001', orderNo: first, amount: '18.00' } });
}

async function seedBatch(args: { tx: DbOrTx; tenantId: number; userId: number | null }) {
  const { tx, tenantId, userId } = args;
  // Five members in use and one frozen one: the frozen member's line fails, as a real run would.
  const m = deriveTable(memberResource);
  const using = await tx
    .select({ id: m.id })
    .from(m)
    .where(and(eq(m.tenantId, tenantId), eq(m.state, 'using')))
    .orderBy(sql`${m.id} desc`)
    .limit(5);
  const frozen = await tx
    .select({ id: m.id })
    .from(m)
    .where(and(eq(m.tenantId, tenantId), eq(m.state, 'blocked')))
    .orderBy(asc(m.id))
    .limit(1);
  const memberIds = [...using, ...frozen].map((r) => Number(r.id));
  if (memberIds.length === 0) return;
  const now = new Date();
  const doc = await insertDocument({
    tx,
    tenantId,
    resource: batchOperateResource,
    values: {
      operation: 'grantPoints',
      points: 100,
      remark: '会员日赠送积分',
      selectionMode: 'picked',
      memberCount: memberIds.length,
      state: 'RUNNING',
      auditedAt: now,
    },
    lines: memberIds.map((member) => ({ member, result: 'pending' })),
    userId,
  });
  // Grant points needs neither the app's registry nor a request: only the ledger.
  const deps = { database: null, registry: null, log: null } as unknown as BatchDeps;
  let succeeded = 0;
  const lt = deriveLinesTable(batchOperateResource, 'lines');
  for (const [i, memberId] of memberIds.entries()) {
    const outcome = await applyToMember({
      tx,
      deps,
      actor: { ...systemActor({ tenantId }), userId },
      doc: {
        tenantId,
        id: doc.id,
        number: doc.number,
        operation: 'grantPoints',
        reason: null,
        targetLevel: null,
        targetLevelName: null,
        tag: null,
        points: 100,
        valuePrincipal: null,
        valueGift: null,
        couponTemplate: null,
        couponCount: null,
        remark: '会员日赠送积分',
        operatorId: userId,
      },
      memberId,
    });
    if (outcome.result === 'succeeded') succeeded += 1;
    await tx
      .update(lt)
      .set({ result: outcome.result, message: outcome.key, messageValues: storedValues(outcome) } as never)
      .where(and(eq(lt.tenantId, tenantId), eq(lt.parentId, doc.id), eq(lt.lineNo, i + 1)));
  }
  const t = deriveTable(batchOperateResource);
  await tx
    .update(t)
    .set({
      state: 'EFFECTED',
      succeededCount: succeeded,
      failedCount: memberIds.length - succeeded,
      processedCount: memberIds.length,
      finishedAt: new Date(),
    } as never)
    .where(and(eq(t.tenantId, tenantId), eq(t.id, doc.id)));
  await logStateChange({
    db: tx,
    tenantId,
    resource: batchOperateResource,
    recordId: doc.id,
    action: 'audit',
    from: 'INITIAL',
    to: 'RUNNING',
    reason: null,
    userId,
  });
}

/** Seeds the demo merchant's documents and sales (after members). */
export async function seedActivity(input: { tx: DbOrTx; tenantId: number }): Promise<void> {
  const { tx, tenantId } = input;
  const members = await membersInUse(tx, tenantId);
  const userId = await adminOf(tx, tenantId);
  if (members.length < 5 || userId === null) return;
  await seedAdjustments({ tx, tenantId, members, userId });
  await seedSales({ tx, tenantId, members, userId });
  await seedBatch({ tx, tenantId, userId });
}

export const activitySeeder: DemoSeeder = { name: 'activity', after: ['members'], seed: seedActivity };
