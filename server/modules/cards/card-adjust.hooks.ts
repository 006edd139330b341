import { and, eq, inArray } from 'drizzle-orm';
import { prepayCardAdjustReasonResource } from '../../../resources/deposit/prepay-card-adjust-reason.resource';
import { prepayCardAdjustResource } from '../../../resources/deposit/prepay-card-adjust.resource';
import type { RecordOf } from '../../../resources/record-of';
import { defineServerHooks, type HookContext, type SavedLine } from '../../crud/server-hooks.define';
import { deriveTable } from '../../crud/table.derive';
import { AppError, badInput, type FieldError } from '../../http/envelope';
import { centsToString, toCents } from '../points/points.rules';
import { cardHolder, postValue, spendValue, type PostedValueEntry } from './card-balance';
import { cardStateText, lineRefused, lockCards, stampAudited, syncCardBalance, type CardRow } from './card-store';

/** A card adjustment as the hooks read it, and one of its lines as a save carries it. */
type CardAdjust = RecordOf<typeof prepayCardAdjustResource>;
type AdjustLine = SavedLine<CardAdjust, 'lines'>;

/**
 * Server side of card adjustment documents (prepay-card-adjust.resource.ts), the card twin of the
 * points adjustment (../points/score-adjust.hooks.ts):
 *
 * - Every save checks the lines: the amount is never 0, the reason is enabled and allows the
 *   line's direction; the header's net amount and line count follow the lines.
 * - `audit` (once, after the engine's conditional state update) locks the cards and posts each
 *   line: an increase to the principal, a decrease taken principal first, then gift (kind
 *   `adjust`, key `card-adjust:<document id>:<line>`). A card that is in stock or voided, or a
 *   decrease beyond the balance, refuses the whole audit naming the line. Frozen or expired cards
 *   may be adjusted: an adjustment is the back office correcting a balance, not a use of the card.
 */

/** The ledger's source type of adjustment postings. */
export const CARD_ADJUST_SOURCE = 'card-adjust';

/** Field errors of the lines: zero amounts, a disabled reason, a reason used the wrong way. */
async function checkLines(ctx: HookContext, lines: readonly AdjustLine[]): Promise<FieldError[]> {
  const ids = [...new Set(lines.map((line) => line.reason))];
  const t = deriveTable(prepayCardAdjustReasonResource);
  const rows =
    ids.length === 0
      ? []
      : await ctx.db
          .select({ id: t.id, name: t.name, direction: t.direction, enabled: t.enabled })
          .from(t)
          .where(and(eq(t.tenantId, ctx.actor.tenantId), inArray(t.id, ids)));
  const reasons = new Map(rows.map((row) => [Number(row.id), row]));
  const issues: FieldError[] = [];
  lines.forEach((line, i) => {
    const cents = toCents(String(line.amount)) ?? 0n;
    if (cents === 0n) issues.push({ field: `lines.${i}.amount`, key: 'cards.amountZero' });
    const reason = reasons.get(line.reason);
    if (!reason) return;
    const values = { reason: String(reason.name) };
    if (reason.enabled === false) issues.push({ field: `lines.${i}.reason`, key: 'cards.reasonDisabled', values });
    else if (reason.direction === 'increase' && cents < 0n)
      issues.push({ field: `lines.${i}.amount`, key: 'cards.reasonIncreaseOnly', values });
    else if (reason.direction === 'decrease' && cents > 0n)
      issues.push({ field: `lines.${i}.amount`, key: 'cards.reasonDecreaseOnly', values });
  });
  return issues;
}

/** Posts one line to its card; a refusal names the card in the ledger's words. */
async function postLine(
  ctx: HookContext & { record: CardAdjust },
  line: CardAdjust['lines'][number],
  card: CardRow,
): Promise<PostedValueEntry> {
  const { db, actor, record } = ctx;
  const common = {
    tx: db,
    tenantId: actor.tenantId,
    holder: cardHolder(card.id),
    kind: 'adjust' as const,
    sourceType: CARD_ADJUST_SOURCE,
    sourceId: record.number,
    storeId: record.store,
    operatorId: actor.userId,
    remark: line.remark || null,
    idempotencyKey: `card-adjust:${record.id}:${line.lineNo}`,
    now: actor.now ?? new Date(),
  };
  const cents = toCents(String(line.amount)) ?? 0n;
  if (cents > 0n) return postValue({ ...common, principal: centsToString(cents), gift: '0' });
  return spendValue({ ...common, amount: centsToString(-cents) });
}

export const prepayCardAdjustHooks = defineServerHooks(prepayCardAdjustResource, {
  async beforeSave(ctx) {
    const { values, lines } = ctx;
    const rows = lines.get('lines');
    if (!rows) return;
    const issues = await checkLines(ctx, rows);
    if (issues.length > 0) throw badInput('error.fieldsInvalid', issues);
    const total = rows.reduce((sum, line) => sum + (toCents(String(line.amount)) ?? 0n), 0n);
    Object.assign(values, { totalAmount: centsToString(total), lineCount: rows.length });
  },

  afterAction: {
    async audit(ctx) {
      const { db, actor, record } = ctx;
      const locale = actor.locale;
      const cards = await lockCards({ tx: db, tenantId: actor.tenantId, ids: record.lines.map((line) => line.card) });
      for (const line of record.lines) {
        const card = cards.get(line.card);
        if (!card) continue;
        if (card.state === 'IN_STOCK' || card.state === 'VOIDED') {
          const reason = new AppError('conflict', 'cards.notActive', {
            values: { card: card.number, state: cardStateText(locale, card.state) },
          });
          throw lineRefused({ locale, line: line.lineNo, subject: card.number, reason });
        }
        try {
          const posted = await postLine(ctx, line, card);
          await syncCardBalance({ tx: db, tenantId: actor.tenantId, cardId: card.id, balance: posted.balanceAfter });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          throw lineRefused({ locale, line: line.lineNo, subject: card.number, reason: error });
        }
      }
      await stampAudited(ctx);
    },
  },
});
