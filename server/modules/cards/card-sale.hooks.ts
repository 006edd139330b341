import { and, eq, gte, inArray, lte, notInArray, sql } from 'drizzle-orm';
import { cardTemplateType } from '../../../resources/catalog/card-template-types';
import { imprestCardSaleBillResource } from '../../../resources/deposit/imprest-card-sale-bill.resource';
import { pick } from '../../../resources/messages/bilingual';
import { memberResource } from '../../../resources/member/member.resource';
import type { RecordOf } from '../../../resources/record-of';
import { valueAfterWrite } from '../../crud/required-when';
import { defineServerHooks, type HookContext, type SavedLine } from '../../crud/server-hooks.define';
import { deriveTable } from '../../crud/table.derive';
import type { DbOrTx } from '../../db/connection';
import { AppError, badInput, type FieldError } from '../../http/envelope';
import { centsToString, toCents } from '../../money/money';
import { cardHolder, postValue } from './card-balance';
import { cardSalePromotion, recordCardSalePromotion } from './card-sale-promotion';
import { viewableTypes } from './card-template.hooks';
import {
  cardStateText,
  cardTable,
  lineRefused,
  stampAudited,
  syncCardBalance,
  templatesById,
  todayIn,
  type TemplateRow,
} from './card-store';

/** A sale bill as the hooks read it, and one of its lines as a save carries it. */
type SaleBill = RecordOf<typeof imprestCardSaleBillResource>;
type SaleLine = SavedLine<SaleBill, 'lines'>;

/**
 * Server side of card sale bills (imprest-card-sale-bill.resource.ts):
 *
 * - Every save checks the lines (a range of one length, in order; a quantity the store has in
 *   stock now) and fills in each line's card count (the template's cards in the range), face value
 *   and price, and the bill's totals; the discount may not exceed the price total. Whether the
 *   template is enabled and every card is still in stock is decided by the audit, which is when
 *   the cards move (a draft reserves nothing).
 * - `audit` runs after the engine's conditional state update (INITIAL -> EFFECTED), so of any
 *   number of concurrent audits exactly one gets here. It locks the cards of every line, refuses
 *   the whole audit if one is not in stock at the bill's store (naming the line), activates them
 *   (validity from the template, holder = the buying member) and posts each card's face value to
 *   the ledger (kind `sale`, principal, key `card-sale:<card id>`: a card is sold once ever).
 *   The bonus cards of the bill's gift card campaign are sold the same way, as one more quantity
 *   line at no price, and the campaign's giving is recorded once (card-sale-promotion.ts).
 * - Every save with lines applies the gift card campaign in progress (card-sale-promotion.ts):
 *   each line's share of its discount, the bill's campaign, discount and bonus cards; what the
 *   buyer pays is the price total less the campaign's discount and the manual discount.
 * - Per card type: saving and auditing a bill need, for every line's template, its card type's
 *   permission (卡模板查看 or 卡模板维护, the pickers' own rule), else 403 naming the type.
 */

/** The ledger's source type of sale postings. */
export const CARD_SALE_SOURCE = 'card-sale';

const times = (money: string, count: number) => centsToString((toCents(money) ?? 0n) * BigInt(count));

/** Cards of a template whose numbers lie in a range (numbers of one length compare as text). */
function inRange(template: number, start: string, end: string) {
  const c = cardTable();
  return and(eq(c.template, template), gte(c.number, start), lte(c.number, end), sql`length(${c.number}) = ${start.length}`);
}

async function countInRange(ctx: HookContext, line: SaleLine): Promise<number> {
  const c = cardTable();
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(c)
    .where(and(eq(c.tenantId, ctx.actor.tenantId), inRange(line.template, line.startNumber ?? '', line.endNumber ?? '')));
  return Number(row.n);
}

async function inStockCount(ctx: HookContext, store: number, template: number): Promise<number> {
  const c = cardTable();
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(c)
    .where(and(eq(c.tenantId, ctx.actor.tenantId), eq(c.template, template), eq(c.store, store), eq(c.state, 'IN_STOCK')));
  return Number(row.n);
}

/** The lines with their counts and amounts, and the problems found. */
async function priceLines(
  ctx: HookContext,
  lines: readonly SaleLine[],
  store: number | null | undefined,
): Promise<{ lines: SaleLine[]; issues: FieldError[] }> {
  const templates = await templatesById({ db: ctx.db, tenantId: ctx.actor.tenantId, ids: lines.map((line) => line.template) });
  const issues: FieldError[] = [];
  const wanted = new Map<number, number>();
  const priced: SaleLine[] = [];
  for (const [i, line] of lines.entries()) {
    const template = templates.get(line.template);
    let count = 0;
    if (line.mode === 'RANGE') {
      const start = line.startNumber ?? '';
      const end = line.endNumber ?? '';
      if (start.length !== end.length) issues.push({ field: `lines.${i}.endNumber`, key: 'cards.rangeLength' });
      else if (start > end) issues.push({ field: `lines.${i}.endNumber`, key: 'cards.rangeOrder' });
      else count = await countInRange(ctx, line);
    } else {
      count = line.quantity ?? 0;
      wanted.set(line.template, (wanted.get(line.template) ?? 0) + count);
      if (store != null && template) {
        const available = await inStockCount(ctx, store, line.template);
        const required = wanted.get(line.template) ?? 0;
        if (available < required) issues.push({ field: `lines.${i}.quantity`, key: 'cards.stockShort', values: { required, available } });
      }
    }
    const face = template?.faceValue ?? '0';
    const price = template?.price ?? '0';
    const { lineNo: _lineNo, ...rest } = line;
    void _lineNo;
    priced.push({ ...rest, cardCount: count, faceAmount: times(face, count), amount: times(price, count) });
  }
  return { lines: priced, issues };
}

/** Refuses (403) lines whose templates are of a card type the caller may not see. */
async function assertSellableTypes(ctx: HookContext, lines: readonly { template: number }[]): Promise<void> {
  const allowed = viewableTypes(ctx.actor.grants);
  const templates = await templatesById({ db: ctx.db, tenantId: ctx.actor.tenantId, ids: lines.map((line) => line.template) });
  for (const template of templates.values()) {
    if (allowed.some((type) => type === template.cardTemplateType)) continue;
    const name = cardTemplateType(template.cardTemplateType)?.name;
    const type = name ? pick(name, ctx.actor.locale) : template.cardTemplateType;
    throw new AppError('forbidden', 'cards.saleTypeForbidden', { values: { type } });
  }
}

function sum(lines: readonly SaleLine[], key: 'faceAmount' | 'amount'): bigint {
  return lines.reduce((total, line) => total + (toCents(String(line[key] ?? '0')) ?? 0n), 0n);
}

// ---------------------------------------------------------------------------------------------
// Audit
// ---------------------------------------------------------------------------------------------

/** What selling a line reads of it (a bill's line, or its campaign's bonus cards). */
type SellableLine = Pick<SaleBill['lines'][number], 'lineNo' | 'mode' | 'template' | 'startNumber' | 'endNumber' | 'quantity'>;

/** The bill's lines, then its bonus cards as one more quantity line of their template. */
function sellableLines(bill: SaleBill): SellableLine[] {
  const lines: SellableLine[] = [...bill.lines];
  if (bill.bonusTemplate !== null && (bill.bonusCards ?? 0) > 0)
    lines.push({
      lineNo: bill.lines.length + 1,
      mode: 'QUANTITY',
      template: bill.bonusTemplate,
      startNumber: null,
      endNumber: null,
      quantity: bill.bonusCards,
    });
  return lines;
}

interface SoldCard {
  readonly id: number;
  readonly faceValue: string;
}

/** `[validFrom, validTo]` of cards sold today from a template. */
async function validityOf(tx: DbOrTx, template: TemplateRow, today: string): Promise<[string, string | null]> {
  if (template.validityType === 'FIXED') return [template.validPeriodFrom ?? today, template.validPeriodTo];
  const months = template.validityMonths ?? 12;
  const result = await tx.execute<{ to: string }>(
    sql`select ((${today}::date + make_interval(months => ${months}))::date - 1)::text as to`,
  );
  return [today, result.rows[0].to];
}

/** Who bought, in words, for the card's buyer column. */
async function buyerOf(ctx: HookContext, bill: SaleBill): Promise<string> {
  if (bill.buyerType !== 'MEMBER' || bill.member === null) return bill.companyName ?? '';
  const m = deriveTable(memberResource);
  const [row] = await ctx.db
    .select({ name: m.name, number: m.memberNumber })
    .from(m)
    .where(and(eq(m.tenantId, ctx.actor.tenantId), eq(m.id, bill.member)));
  return row ? `${String(row.name)} ${String(row.number)}` : '';
}

/** Locks and checks the cards of one line; answers them or throws the line's refusal. */
async function cardsOfLine(args: {
  ctx: HookContext;
  bill: SaleBill;
  line: SellableLine;
  template: TemplateRow;
  taken: readonly number[];
}): Promise<{ id: number; number: string }[]> {
  const { ctx, bill, line, template, taken } = args;
  const { db, actor } = ctx;
  const locale = actor.locale;
  const c = cardTable();
  const columns = { id: c.id, number: c.number, state: c.state, store: c.store };
  const ofTenant = eq(c.tenantId, actor.tenantId);
  if (line.mode === 'RANGE') {
    const rows = await db
      .select(columns)
      .from(c)
      .where(and(ofTenant, inRange(line.template, line.startNumber ?? '', line.endNumber ?? '')))
      .orderBy(c.id)
      .for('update');
    const subject = `${line.startNumber ?? ''} – ${line.endNumber ?? ''}`;
    if (rows.length === 0) throw lineRefused({ locale, line: line.lineNo, subject, reason: new AppError('conflict', 'cards.rangeEmpty') });
    for (const row of rows) {
      if (row.state !== 'IN_STOCK' || Number(row.store) !== bill.store || taken.includes(Number(row.id))) {
        const state = cardStateText(locale, String(row.state));
        const reason = new AppError('conflict', 'cards.notInStock', { values: { card: String(row.number), state } });
        throw lineRefused({ locale, line: line.lineNo, subject: String(row.number), reason });
      }
    }
    return rows.map((row) => ({ id: Number(row.id), number: String(row.number) }));
  }
  const quantity = line.quantity ?? 0;
  // SKIP LOCKED: two bills auditing at once take different cards instead of waiting on the same.
  const rows = await db
    .select(columns)
    .from(c)
    .where(
      and(
        ofTenant,
        eq(c.template, line.template),
        eq(c.store, bill.store),
        eq(c.state, 'IN_STOCK'),
        taken.length > 0 ? notInArray(c.id, [...taken]) : undefined,
      ),
    )
    .orderBy(c.number)
    .limit(quantity)
    .for('update', { skipLocked: true });
  if (rows.length < quantity) {
    const reason = new AppError('conflict', 'cards.stockShort', { values: { required: quantity, available: rows.length } });
    throw lineRefused({ locale, line: line.lineNo, subject: template.name, reason });
  }
  return rows.map((row) => ({ id: Number(row.id), number: String(row.number) }));
}

async function sellCards(ctx: HookContext & { record: SaleBill }): Promise<void> {
  const { db, actor, record: bill } = ctx;
  const tenantId = actor.tenantId;
  const locale = actor.locale;
  const now = actor.now ?? new Date();
  const today = todayIn(actor.timeZone, now);
  const lines = sellableLines(bill);
  const templates = await templatesById({ db, tenantId, ids: lines.map((line) => line.template) });
  const buyer = await buyerOf(ctx, bill);
  const c = cardTable();
  const sold: SoldCard[] = [];
  for (const line of lines) {
    const template = templates.get(line.template);
    if (!template || template.state !== 'ENABLED') {
      const reason = new AppError('conflict', 'cards.templateNotEnabled');
      throw lineRefused({ locale, line: line.lineNo, subject: template?.name ?? String(line.template), reason });
    }
    const [validFrom, validTo] = await validityOf(db, template, today);
    if (validTo !== null && validTo < today) {
      const reason = new AppError('conflict', 'cards.templateValidityEnded', { values: { template: template.name } });
      throw lineRefused({ locale, line: line.lineNo, subject: template.name, reason });
    }
    const cards = await cardsOfLine({ ctx, bill, line, template, taken: sold.map((card) => card.id) });
    await db
      .update(c)
      .set({
        state: 'ACTIVATED',
        saleBill: bill.id,
        soldAt: now,
        validFrom,
        validTo,
        member: bill.buyerType === 'MEMBER' ? bill.member : null,
        buyer,
        updatedAt: now,
        updatedBy: actor.userId,
      })
      .where(
        and(
          eq(c.tenantId, tenantId),
          inArray(
            c.id,
            cards.map((card) => card.id),
          ),
        ),
      );
    for (const card of cards) sold.push({ id: card.id, faceValue: template.faceValue });
  }
  for (const card of sold) {
    const posted = await postValue({
      tx: db,
      tenantId,
      holder: cardHolder(card.id),
      principal: card.faceValue,
      gift: '0',
      kind: 'sale',
      sourceType: CARD_SALE_SOURCE,
      sourceId: bill.number,
      storeId: bill.store,
      operatorId: actor.userId,
      idempotencyKey: `card-sale:${card.id}`,
      now,
    });
    await syncCardBalance({ tx: db, tenantId, cardId: card.id, balance: posted.balanceAfter });
  }
  if (bill.activity !== null)
    await recordCardSalePromotion({
      tx: db,
      tenantId,
      activityId: bill.activity,
      memberId: bill.buyerType === 'MEMBER' ? bill.member : null,
      billNumber: bill.number,
      at: now,
      localDay: today,
      storeId: bill.store,
      paidAmount: String(bill.paidAmount ?? '0'),
      discount: String(bill.activityDiscount ?? '0'),
      bonusCards: bill.bonusCards ?? 0,
      bonusFace: String(bill.bonusFace ?? '0'),
    });
  await stampAudited(ctx);
}

// ---------------------------------------------------------------------------------------------
// Gift card campaigns (card-sale-promotion.ts)
// ---------------------------------------------------------------------------------------------

/**
 * The campaign the priced lines get: each line's share of its discount and the campaign's name,
 * the bill's campaign, discount and bonus cards (all cleared when none applies, so a re-save
 * replaces what the last one put, never adds to it).
 */
async function applyCampaign(
  ctx: HookContext,
  priced: readonly SaleLine[],
  store: number | null | undefined,
  member: number | null,
): Promise<{ lines: SaleLine[]; values: Partial<SaleBill>; discountCents: bigint }> {
  const { db, actor } = ctx;
  const applied =
    store === null || store === undefined
      ? null
      : await cardSalePromotion({
          tx: db,
          tenantId: actor.tenantId,
          timeZone: actor.timeZone,
          now: actor.now ?? new Date(),
          storeId: store,
          memberId: member,
          lines: priced.map((line) => ({
            templateId: line.template,
            cards: line.cardCount ?? 0,
            priceCents: toCents(String(line.amount ?? '0')) ?? 0n,
          })),
        });
  if (!applied) {
    return {
      lines: priced.map((line) => ({ ...line, activityName: null, activityDiscount: '0' })),
      values: { activity: null, activityName: null, activityDiscount: '0', bonusTemplate: null, bonusCards: 0, bonusFace: '0' },
      discountCents: 0n,
    };
  }
  const { activity, giving } = applied;
  const lines = priced.map((line, i) => {
    const share = giving.lineDiscounts[i] ?? 0n;
    return { ...line, activityName: share > 0n ? activity.name : null, activityDiscount: centsToString(share) };
  });
  let bonusFace = 0n;
  if (giving.bonusCards > 0 && giving.bonusTemplateId !== null) {
    const templates = await templatesById({ db, tenantId: actor.tenantId, ids: [giving.bonusTemplateId] });
    bonusFace = (toCents(templates.get(giving.bonusTemplateId)?.faceValue ?? '0') ?? 0n) * BigInt(giving.bonusCards);
  }
  return {
    lines,
    values: {
      activity: activity.id,
      activityName: activity.name,
      activityDiscount: centsToString(giving.discountCents),
      bonusTemplate: giving.bonusCards > 0 ? giving.bonusTemplateId : null,
      bonusCards: giving.bonusCards,
      bonusFace: centsToString(bonusFace),
    },
    discountCents: giving.discountCents,
  };
}

export const imprestCardSaleBillHooks = defineServerHooks(imprestCardSaleBillResource, {
  async beforeSave(ctx) {
    const { values, current, lines } = ctx;
    const rows = lines.get('lines');
    const issues: FieldError[] = [];
    let totalPrice = toCents(String(current?.totalPrice ?? '0')) ?? 0n;
    let campaignCents = toCents(String(current?.activityDiscount ?? '0')) ?? 0n;
    if (rows) {
      await assertSellableTypes(ctx, rows);
      const store = valueAfterWrite({ values, current, name: 'store' });
      const priced = await priceLines(ctx, rows, store);
      issues.push(...priced.issues);
      totalPrice = sum(priced.lines, 'amount');
      const buyerType = valueAfterWrite({ values, current, name: 'buyerType' });
      const member = buyerType === 'MEMBER' ? (valueAfterWrite({ values, current, name: 'member' }) ?? null) : null;
      const campaign = await applyCampaign(ctx, priced.lines, store, member);
      campaignCents = campaign.discountCents;
      lines.set('lines', campaign.lines);
      Object.assign(values, campaign.values, {
        cardCount: priced.lines.reduce((n, line) => n + (line.cardCount ?? 0), 0),
        totalFace: centsToString(sum(priced.lines, 'faceAmount')),
        totalPrice: centsToString(totalPrice),
      });
    }
    const discount = toCents(String(valueAfterWrite({ values, current, name: 'discount' }) ?? '0')) ?? 0n;
    // The manual discount comes off what is left after the campaign's.
    const afterCampaign = totalPrice - campaignCents;
    if (discount > afterCampaign)
      issues.push({ field: 'discount', key: 'cards.discountAboveTotal', values: { total: centsToString(afterCampaign) } });
    if (issues.length > 0) throw badInput('error.fieldsInvalid', issues);
    values.paidAmount = centsToString(afterCampaign - discount);
  },

  beforeAction: {
    audit: ({ record, ...ctx }) => assertSellableTypes(ctx, record.lines),
  },

  afterAction: {
    audit: (ctx) => sellCards(ctx),
  },
});
