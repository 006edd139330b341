import { defineServerHooks, type HookContext, type SavedLine } from '../../crud/server-hooks.define';
import { badInput, type FieldError } from '../../http/envelope';
import { memberLabel, membersInLockOrder } from '../document-audit/member-lines';
import { postLinesOnAudit } from '../document-audit/post-lines';
import { reasonKeys, reasonRefusal, reasonsById } from '../document-audit/reason-checks';
import { assertMemberCanTransact } from './member-guard';
import { lockAccount, postPoints } from './points.ledger';
import type { RecordOf } from '../../../resources/record-of';
import { scoreAdjustReasonResource } from '../../../resources/score/score-adjust-reason.resource';
import { scoreAdjustResource } from '../../../resources/score/score-adjust.resource';

/** A points adjustment document as the hooks read it, and one of its lines as a save carries it. */
type ScoreAdjust = RecordOf<typeof scoreAdjustResource>;
type AdjustLine = SavedLine<ScoreAdjust, 'lines'>;

/**
 * Server side of points adjustment documents (score-adjust.resource.ts):
 *
 * - The document number (`SA` + 8 digits) is drawn by the engine on saveNew (the declaration's
 *   `numbering`), in the save's own transaction.
 * - Every save checks the lines the declaration cannot: points are never 0, the reason is enabled
 *   and allows the line's direction. The header's net points and line count follow the lines.
 * - `audit` (INITIAL -> EFFECTED) runs after the engine's conditional state update, in the same
 *   transaction (../document-audit/post-lines.ts): each line is posted to the points ledger with
 *   the key `adjust:<id>:<lineNo>`. A second, concurrent audit never gets here (its update finds
 *   the state moved and answers 409). A line the ledger refuses (not enough points, a member who
 *   may not transact) throws, which rolls back the state change and every posting before it:
 *   nothing is applied.
 */

/** The ledger's source type of adjustment postings. */
export const ADJUSTMENT_SOURCE = 'adjustment';
/** The idempotency key of one line's posting. */
export const adjustmentKey = (documentId: number, lineNo: number) => `adjust:${documentId}:${lineNo}`;

const REASON_KEYS = reasonKeys('scoreAdjust');

/** Field errors of the lines: zero points, a disabled reason, a reason used the wrong way. */
async function checkLines(ctx: HookContext, lines: readonly AdjustLine[]): Promise<FieldError[]> {
  const reasons = await reasonsById({ ctx, reasons: scoreAdjustReasonResource, ids: lines.map((line) => line.reason) });
  const issues: FieldError[] = [];
  lines.forEach((line, i) => {
    const points = line.points;
    if (points === 0) issues.push({ field: `lines.${i}.points`, key: 'scoreAdjust.pointsZero' });
    const refusal = reasonRefusal({ reason: reasons.get(line.reason), adds: points > 0, deducts: points < 0, keys: REASON_KEYS });
    if (refusal)
      issues.push({ field: `lines.${i}.${refusal.on === 'reason' ? 'reason' : 'points'}`, key: refusal.key, values: refusal.values });
  });
  return issues;
}

/** Net points and line count of the lines. */
function totalsOf(lines: readonly AdjustLine[]): { totalPoints: number; lineCount: number } {
  return { totalPoints: lines.reduce((sum, line) => sum + line.points, 0), lineCount: lines.length };
}

/**
 * Posts the lines of an audited document. The members' accounts are locked first, in id order,
 * so two documents touching the same members in different orders wait for each other instead of
 * deadlocking; then each line is checked and posted in line order.
 */
async function applyLines(ctx: HookContext & { record: ScoreAdjust }): Promise<void> {
  const { db, actor, record } = ctx;
  const tenantId = actor.tenantId;
  await postLinesOnAudit({
    ctx,
    lines: record.lines,
    refusedKey: 'scoreAdjust.lineRefused',
    async lock() {
      for (const memberId of membersInLockOrder(record.lines)) await lockAccount({ tx: db, tenantId, memberId });
    },
    async post(line, now) {
      await assertMemberCanTransact({ tx: db, tenantId, memberId: line.member });
      await postPoints({
        tx: db,
        tenantId,
        memberId: line.member,
        delta: line.points,
        kind: 'adjust',
        sourceType: ADJUSTMENT_SOURCE,
        sourceId: record.number,
        storeId: record.store,
        operatorId: actor.userId,
        remark: line.remark === '' ? null : line.remark,
        idempotencyKey: adjustmentKey(record.id, line.lineNo),
        now,
      });
    },
    subject: async (line) => ({ member: await memberLabel({ db, tenantId, memberId: line.member }) }),
  });
}

export const scoreAdjustHooks = defineServerHooks(scoreAdjustResource, {
  async beforeSave(ctx) {
    const { values, lines } = ctx;
    const rows = lines.get('lines');
    if (!rows) return;
    const issues = await checkLines(ctx, rows);
    if (issues.length > 0) throw badInput('error.fieldsInvalid', issues);
    Object.assign(values, totalsOf(rows));
  },

  afterAction: {
    audit: (ctx) => applyLines(ctx),
  },
});
