import { and, eq, inArray, sql } from 'drizzle-orm';
import { cardTemplateResource } from '../../../resources/deposit/card-template.resource';
import { prepayCardResource } from '../../../resources/deposit/prepay-card.resource';
import type { CardState } from '../../../resources/deposit/card-states';
import type { Locale } from '../../../resources/messages/bilingual';
import { deriveTable } from '../../crud/table.derive';
import type { HookContext } from '../../crud/server-hooks.define';
import type { DbOrTx } from '../../db/connection';
import { AppError } from '../../http/envelope';
import { translate } from '../i18n/translate';

/**
 * Reading and locking cards and their templates for the money paths (sale, top-up, adjustment,
 * till pay and refund), and the words a refusal uses. Every path that moves a card's value locks
 * the card rows first (`FOR UPDATE`, in id order, so two documents touching the same cards wait
 * instead of deadlocking), then checks, then posts.
 */

export const cardTable = () => deriveTable(prepayCardResource);
export const templateTable = () => deriveTable(cardTemplateResource);

/** A card as the money paths read it. */
export interface CardRow {
  readonly id: number;
  readonly number: string;
  readonly state: CardState;
  readonly template: number;
  readonly cardType: string;
  readonly store: number | null;
  readonly member: number | null;
  readonly faceValue: string;
  readonly validTo: string | null;
}

/** A template as the money paths read it. */
export interface TemplateRow {
  readonly id: number;
  readonly name: string;
  readonly cardTemplateType: string;
  readonly state: string;
  readonly faceValue: string;
  readonly price: string;
  readonly rechargeable: boolean;
  readonly validityType: string;
  readonly validityMonths: number | null;
  readonly validPeriodFrom: string | null;
  readonly validPeriodTo: string | null;
  readonly stores: number[] | null;
  readonly cardNumberPrefix: string | null;
  readonly cardNumberLength: number;
}

function cardColumns() {
  const c = cardTable();
  return {
    id: c.id,
    number: c.number,
    state: c.state,
    template: c.template,
    cardType: c.cardType,
    store: c.store,
    member: c.member,
    faceValue: c.faceValue,
    validTo: c.validTo,
  };
}

const toCard = (row: Record<string, unknown>): CardRow => ({
  id: Number(row.id),
  number: String(row.number),
  state: row.state as CardState,
  template: Number(row.template),
  cardType: String(row.cardType),
  store: row.store === null ? null : Number(row.store),
  member: row.member === null ? null : Number(row.member),
  faceValue: String(row.faceValue),
  validTo: row.validTo === null ? null : String(row.validTo),
});

/**
 * Locks the cards with these ids (in id order) and returns them by id; missing ids are absent.
 * `lock: false` only reads them (a save's early check; the audit locks and checks again).
 */
export async function lockCards(args: {
  tx: DbOrTx;
  tenantId: number;
  ids: readonly number[];
  lock?: boolean;
}): Promise<Map<number, CardRow>> {
  const ids = [...new Set(args.ids)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  const c = cardTable();
  const query = args.tx
    .select(cardColumns())
    .from(c)
    .where(and(eq(c.tenantId, args.tenantId), inArray(c.id, ids)))
    .orderBy(c.id);
  const rows = args.lock === false ? await query : await query.for('update');
  return new Map(rows.map((row) => [Number(row.id), toCard(row)]));
}

/** One card by its number (not locked), or undefined. */
export async function cardByNumber(args: { db: DbOrTx; tenantId: number; number: string }): Promise<CardRow | undefined> {
  const c = cardTable();
  const [row] = await args.db
    .select(cardColumns())
    .from(c)
    .where(and(eq(c.tenantId, args.tenantId), eq(c.number, args.number)));
  return row ? toCard(row) : undefined;
}

/** The templates with these ids, by id. */
export async function templatesById(args: { db: DbOrTx; tenantId: number; ids: readonly number[] }): Promise<Map<number, TemplateRow>> {
  const ids = [...new Set(args.ids)];
  if (ids.length === 0) return new Map();
  const t = templateTable();
  const rows = await args.db
    .select({
      id: t.id,
      name: t.name,
      cardTemplateType: t.cardTemplateType,
      state: t.state,
      faceValue: t.faceValue,
      price: t.price,
      rechargeable: t.rechargeable,
      validityType: t.validityType,
      validityMonths: t.validityMonths,
      validPeriodFrom: t.validPeriodFrom,
      validPeriodTo: t.validPeriodTo,
      stores: t.stores,
      cardNumberPrefix: t.cardNumberPrefix,
      cardNumberLength: t.cardNumberLength,
    })
    .from(t)
    .where(and(eq(t.tenantId, args.tenantId), inArray(t.id, ids)));
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        name: String(row.name),
        cardTemplateType: String(row.cardTemplateType),
        state: String(row.state),
        faceValue: String(row.faceValue),
        price: String(row.price),
        rechargeable: row.rechargeable === true,
        validityType: String(row.validityType),
        validityMonths: row.validityMonths === null ? null : Number(row.validityMonths),
        validPeriodFrom: row.validPeriodFrom === null ? null : String(row.validPeriodFrom),
        validPeriodTo: row.validPeriodTo === null ? null : String(row.validPeriodTo),
        stores: Array.isArray(row.stores) ? (row.stores as unknown[]).map(Number) : null,
        cardNumberPrefix: row.cardNumberPrefix === null ? null : String(row.cardNumberPrefix),
        cardNumberLength: Number(row.cardNumberLength),
      } satisfies TemplateRow,
    ]),
  );
}

/** Today's date (`yyyy-MM-dd`) in a time zone. */
export function todayIn(zone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** A card state in words (`res.prepay-card.state.FROZEN`). */
export function cardStateText(locale: Locale, state: string): string {
  return translate(locale, `res.prepay-card.state.${state}`);
}

/**
 * The refusal of one document line: 409 `cards.lineRefused` naming the line, the card (or
 * template) and the reason in words, so the whole audit stops and says which line to fix.
 */
export function lineRefused(args: { locale: Locale; line: number; subject: string; reason: AppError | string }): AppError {
  const reason = typeof args.reason === 'string' ? args.reason : translate(args.locale, args.reason.key, args.reason.values);
  return new AppError('conflict', 'cards.lineRefused', { values: { line: args.line, subject: args.subject, reason } });
}

/**
 * Writes the ledger's balance after a posting onto the card (the list's copy) and moves the card
 * between ACTIVATED and USED_UP as its balance reaches or leaves zero. Runs in the posting's
 * transaction while the ledger holds the account row, so concurrent postings write in order.
 */
export async function syncCardBalance(args: { tx: DbOrTx; tenantId: number; cardId: number; balance: string }): Promise<void> {
  const c = cardTable();
  const zero = sql`${args.balance}::numeric = 0`;
  await args.tx
    .update(c)
    .set({
      balance: args.balance,
      state: sql`case when ${c.state} = 'ACTIVATED' and ${zero} then 'USED_UP' when ${c.state} = 'USED_UP' and not ${zero} then 'ACTIVATED' else ${c.state} end`,
      updatedAt: new Date(),
    })
    .where(and(eq(c.tenantId, args.tenantId), eq(c.id, args.cardId)));
}

/** Stamps an audited document's `auditedAt` (the engine has moved its state). */
export async function stampAudited(ctx: HookContext & { record: { id: number; auditedAt: Date | null } }): Promise<void> {
  const now = ctx.actor.now ?? new Date();
  const t = ctx.table;
  await ctx.db
    .update(t)
    .set({ auditedAt: now })
    .where(and(eq(t.tenantId, ctx.actor.tenantId), eq(t.id, ctx.record.id)));
  ctx.record.auditedAt = now;
}
