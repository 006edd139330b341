import { prepayCardAdjustReasonResource } from '../../../resources/deposit/prepay-card-adjust-reason.resource';
import { prepayCardAdjustResource } from '../../../resources/deposit/prepay-card-adjust.resource';
import type { RecordOf } from '../../../resources/record-of';
import { defineServerHooks, type HookContext, type SavedLine } from '../../crud/server-hooks.define';
import { postLinesOnAudit } from '../document-audit/post-lines';
import { reasonKeys, reasonRefusal, reasonsById } from '../document-audit/reason-checks';
import { AppError, badInput, type FieldError } from '../../http/envelope';
import { centsToString, toCents } from '../../money/money';
import { cardHolder, postValue, spendValue, type PostedValueEntry } from './card-balance';
import { cardStateText, lockCards, syncCardBalance, type CardRow } from './card-store';

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

const REASON_KEYS = reasonKeys('cards');

/** Field errors of the lines: zero amounts, a disabled reason, a reason used the wrong way. */
async function checkLines(ctx: HookContext, lines: readonly AdjustLine[]): Promise<FieldError[]> {
  const reasons = await reasonsById({ ctx, reasons: prepayCardAdjustReasonResource, ids: lines.map((line) => line.reason) });
  const issues: FieldError[] = [];
  lines.forEach((line, i) => {
    const cents = toCents(String(line.amount)) ?? 0n;
    if (cents === 0n) issues.push({ field: `lines.${i}.amount`, key: 'cards.amountZero' });
    const refusal = reasonRefusal({ reason: reasons.get(line.reason), adds: cents > 0n, deducts: cents < 0n, keys: REASON_KEYS });
    if (refusal)
      issues.push({ field: `lines.${i}.${refusal.on === 'reason' ? 'reason' : 'amount'}`, key: refusal.key, values: refusal.values });
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
      let cards = new Map<number, CardRow>();
      await postLinesOnAudit({
        ctx,
        lines: record.lines,
        lock: async () => {
          cards = await lockCards({ tx: db, tenantId: actor.tenantId, ids: record.lines.map((line) => line.card) });
        },
        post: async (line) => {
          const card = cards.get(line.card)!;
          if (card.state === 'IN_STOCK' || card.state === 'VOIDED') {
            throw new AppError('conflict', 'cards.notActive', { values: { card: card.number, state: cardStateText(locale, card.state) } });
          }
          const posted = await postLine(ctx, line, card);
          await syncCardBalance({ tx: db, tenantId: actor.tenantId, cardId: card.id, balance: posted.balanceAfter });
        },
        refusedKey: 'cards.lineRefused',
        subject: async (line) => ({ subject: cards.get(line.card)?.number ?? String(line.card) }),
      });
    },
  },
});
