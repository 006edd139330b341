import { and, eq, inArray } from 'drizzle-orm';
import type { Locale } from '../../../resources/messages/bilingual';
import type { RecordOf } from '../../../resources/record-of';
import { defineServerHooks, type HookContext, type SavedLine } from '../../crud/server-hooks.define';
import { deriveTable } from '../../crud/table.derive';
import type { DbOrTx } from '../../db/connection';
import { AppError, badInput, type FieldError } from '../../http/envelope';
import { translate } from '../i18n/translate';
import { assertMemberCanTransact } from './member-guard';
import { lockAccount, postPoints } from './points.ledger';
import { memberResource } from '../../../resources/member/member.resource';
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
 *   transaction: each line is posted to the points ledger with the key `adjust:<id>:<lineNo>`.
 *   A second, concurrent audit never gets here (its update finds the state moved and answers
 *   409). A line the ledger refuses (not enough points, a member who may not transact) throws,
 *   which rolls back the state change and every posting before it: nothing is applied.
 */

/** The ledger's source type of adjustment postings. */
export const ADJUSTMENT_SOURCE = 'adjustment';
/** The idempotency key of one line's posting. */
export const adjustmentKey = (documentId: number, lineNo: number) => `adjust:${documentId}:${lineNo}`;

interface ReasonRow {
  id: number;
  name: string;
  direction: string;
  enabled: boolean | null;
}

/** The reasons the lines cite, by id (the engine has already checked they exist). */
async function reasonsOf(ctx: HookContext, lines: readonly AdjustLine[]): Promise<Map<number, ReasonRow>> {
  const ids = [...new Set(lines.map((line) => line.reason))];
  if (ids.length === 0) return new Map();
  const t = deriveTable(scoreAdjustReasonResource);
  const rows = await ctx.db
    .select({ id: t.id, name: t.name, direction: t.direction, enabled: t.enabled })
    .from(t)
    .where(and(eq(t.tenantId, ctx.actor.tenantId), inArray(t.id, ids)));
  return new Map((rows as ReasonRow[]).map((row) => [Number(row.id), row]));
}

/** Field errors of the lines: zero points, a disabled reason, a reason used the wrong way. */
async function checkLines(ctx: HookContext, lines: readonly AdjustLine[]): Promise<FieldError[]> {
  const reasons = await reasonsOf(ctx, lines);
  const issues: FieldError[] = [];
  lines.forEach((line, i) => {
    const points = line.points;
    if (points === 0) issues.push({ field: `lines.${i}.points`, key: 'scoreAdjust.pointsZero' });
    const reason = reasons.get(line.reason);
    if (!reason) return;
    const values = { reason: reason.name };
    if (reason.enabled === false) issues.push({ field: `lines.${i}.reason`, key: 'scoreAdjust.reasonDisabled', values });
    else if (reason.direction === 'increase' && points < 0)
      issues.push({ field: `lines.${i}.points`, key: 'scoreAdjust.reasonIncreaseOnly', values });
    else if (reason.direction === 'decrease' && points > 0)
      issues.push({ field: `lines.${i}.points`, key: 'scoreAdjust.reasonDecreaseOnly', values });
  });
  return issues;
}

/** Net points and line count of the lines. */
function totalsOf(lines: readonly AdjustLine[]): { totalPoints: number; lineCount: number } {
  return { totalPoints: lines.reduce((sum, line) => sum + line.points, 0), lineCount: lines.length };
}

/** Member state as the member declaration words it (`res.member.state.*`); the code otherwise. */
function stateText(locale: Locale, state: string | number | undefined): string {
  const key = `res.member.state.${String(state)}`;
  const text = translate(locale, key);
  return text === key ? String(state) : text;
}

/** How a refusal names a member: `name (member number)`, or the id when the member is gone. */
async function memberLabel(args: { db: DbOrTx; tenantId: number; memberId: number }): Promise<string> {
  const m = deriveTable(memberResource);
  const [row] = await args.db
    .select({ name: m.name, number: m.memberNumber })
    .from(m)
    .where(and(eq(m.tenantId, args.tenantId), eq(m.id, args.memberId)));
  return row ? `${String(row.name)} ${String(row.number)}` : String(args.memberId);
}

/**
 * Posts the lines of an audited document. The members' accounts are locked first, in id order,
 * so two documents touching the same members in different orders wait for each other instead of
 * deadlocking; then each line is checked and posted in line order.
 */
async function applyLines(ctx: HookContext & { record: ScoreAdjust }): Promise<void> {
  const { db, actor, record } = ctx;
  const tenantId = actor.tenantId;
  const lines = record.lines;
  const members = [...new Set(lines.map((line) => line.member))].sort((a, b) => a - b);
  const locale = actor.locale;
  for (const memberId of members) await lockAccount({ tx: db, tenantId, memberId });
  const now = new Date();
  for (const line of lines) {
    const memberId = line.member;
    const lineNo = line.lineNo;
    try {
      await assertMemberCanTransact({ tx: db, tenantId, memberId });
      await postPoints({
        tx: db,
        tenantId,
        memberId,
        delta: line.points,
        kind: 'adjust',
        sourceType: ADJUSTMENT_SOURCE,
        sourceId: record.number,
        storeId: record.store,
        operatorId: actor.userId,
        remark: line.remark === '' ? null : line.remark,
        idempotencyKey: adjustmentKey(record.id, lineNo),
        now,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const values =
        error.key === 'points.memberBlocked' ? { ...error.values, state: stateText(locale, error.values.state) } : error.values;
      throw new AppError(error.kind === 'notFound' ? 'conflict' : error.kind, 'scoreAdjust.lineRefused', {
        values: { line: lineNo, member: await memberLabel({ db, tenantId, memberId }), reason: translate(locale, error.key, values) },
      });
    }
  }
  const t = ctx.table;
  await db
    .update(t)
    .set({ auditedAt: now })
    .where(and(eq(t.tenantId, tenantId), eq(t.id, record.id)));
  record.auditedAt = now;
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
