import { prepayCardPayResource } from '../../../resources/deposit/prepay-card-pay.resource';
import { defineServerHooks, type HookContext } from '../../crud/server-hooks.define';
import { badInput, type FieldError } from '../../http/envelope';
import { postLinesOnAudit } from '../document-audit/post-lines';
import { translate } from '../i18n/translate';
import { centsToString, toCents } from '../../money/money';
import { cardHolder, postValue } from './card-balance';
import { fireTopUp } from '../activities/events/top-up';
import { cardRefusal } from './card-guard';
import { lockCards, syncCardBalance, templatesById, todayIn, type CardRow } from './card-store';

/**
 * Server side of card top-up documents (prepay-card-pay.resource.ts):
 *
 * - Every save checks each line's card (activated or used up, not expired, of a rechargeable
 *   template: a line that is not is refused naming it) and sums the totals.
 * - `audit` (after the engine's conditional state update, so once) locks the cards, checks them
 *   again and posts each line: the amount to the principal, the gift to the gift portion (kind
 *   `topup`, key `card-topup:<document id>:<line>`), refusing the whole audit naming the line;
 *   then, for a card a member holds, the card top-up gifts (PREPAY_CARD_CHARGE_GIFT,
 *   ../activities/events/top-up.ts) on the line's amount, once per line: gift value to the
 *   card's gift portion, points and coupons to its member.
 */

/** The ledger's source type of top-up postings. */
export const CARD_TOPUP_SOURCE = 'card-topup';

/** The refusal of each line whose card may not be topped up, in line order. */
async function refusals(ctx: HookContext, cards: ReadonlyMap<number, CardRow>, lineCards: readonly number[]) {
  const { actor, db } = ctx;
  const templates = await templatesById({ db, tenantId: actor.tenantId, ids: [...cards.values()].map((card) => card.template) });
  const today = todayIn(actor.timeZone, actor.now);
  return lineCards.map((id) => {
    const card = cards.get(id);
    return card ? cardRefusal(card, { locale: actor.locale, today, template: templates.get(card.template), topUp: true }) : null;
  });
}

export const prepayCardPayHooks = defineServerHooks(prepayCardPayResource, {
  async beforeSave(ctx) {
    const { values, lines, actor, db } = ctx;
    const rows = lines.get('lines');
    if (!rows) return;
    // Read, not locked: the audit locks and checks again.
    const cards = await lockCards({ tx: db, tenantId: actor.tenantId, ids: rows.map((line) => line.card), lock: false });
    const found = await refusals(
      ctx,
      cards,
      rows.map((line) => line.card),
    );
    const issues: FieldError[] = [];
    found.forEach((refusal, i) => {
      if (refusal)
        issues.push({
          field: `lines.${i}.card`,
          key: 'cards.lineRefused',
          values: {
            line: i + 1,
            subject: cards.get(rows[i].card)?.number ?? '',
            reason: translate(actor.locale, refusal.key, refusal.values),
          },
        });
    });
    if (issues.length > 0) throw badInput('error.fieldsInvalid', issues);
    const total = (key: 'amount' | 'gift') =>
      centsToString(rows.reduce((sum, line) => sum + (toCents(String(line[key] ?? '0')) ?? 0n), 0n));
    Object.assign(values, { totalAmount: total('amount'), totalGift: total('gift'), lineCount: rows.length });
  },

  afterAction: {
    async audit(ctx) {
      const { db, actor, record } = ctx;
      const tenantId = actor.tenantId;
      let cards = new Map<number, CardRow>();
      let found = new Map<number, ReturnType<typeof cardRefusal>>();
      await postLinesOnAudit({
        ctx,
        lines: record.lines,
        lock: async () => {
          cards = await lockCards({ tx: db, tenantId, ids: record.lines.map((line) => line.card) });
          const each = await refusals(
            ctx,
            cards,
            record.lines.map((line) => line.card),
          );
          found = new Map(record.lines.map((line, i) => [line.lineNo, each[i]]));
        },
        post: async (line, now) => {
          const refusal = found.get(line.lineNo);
          if (refusal) throw refusal;
          const posted = await postValue({
            tx: db,
            tenantId,
            holder: cardHolder(line.card),
            principal: line.amount,
            gift: line.gift ?? '0',
            kind: 'topup',
            sourceType: CARD_TOPUP_SOURCE,
            sourceId: record.number,
            storeId: record.store,
            operatorId: actor.userId,
            remark: line.remark || null,
            idempotencyKey: `card-topup:${record.id}:${line.lineNo}`,
            now,
          });
          await syncCardBalance({ tx: db, tenantId, cardId: line.card, balance: posted.balanceAfter });
          const member = cards.get(line.card)?.member ?? null;
          if (member === null) return;
          // The card top-up gifts, once per line (the line's own key), to a card a member holds.
          await fireTopUp({
            tx: db,
            tenantId,
            kind: 'PREPAY_CARD_CHARGE_GIFT',
            memberId: member,
            amountCents: toCents(String(line.amount)) ?? 0n,
            sourceNo: `${record.number}:${line.lineNo}`,
            source: 'card-topup',
            now,
            storeId: record.store,
            operatorId: actor.userId,
            postGiftValue: async ({ tx, cents, idempotencyKey }) => {
              const gift = await postValue({
                tx,
                tenantId,
                holder: cardHolder(line.card),
                principal: '0',
                gift: centsToString(cents),
                kind: 'topup',
                sourceType: CARD_TOPUP_SOURCE,
                sourceId: record.number,
                storeId: record.store,
                operatorId: actor.userId,
                remark: null,
                idempotencyKey,
                now,
              });
              await syncCardBalance({ tx, tenantId, cardId: line.card, balance: gift.balanceAfter });
            },
          });
        },
        refusedKey: 'cards.lineRefused',
        subject: async (line) => ({ subject: cards.get(line.card)?.number ?? String(line.card) }),
      });
    },
  },
});
