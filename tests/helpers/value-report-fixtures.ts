import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { payFromHolder, postValue, readBalance, refundPayment, type ValueHolder } from '../../server/modules/ledger';
import type { Generated } from './report-fixtures';
import type { TestApp } from './test-app';

/**
 * What the reports over the value ledger (stored value, cards) post in their tests: random
 * entries of a holder through the ledger's own functions, each dated back some days, as a
 * merchant's history would hold them.
 */

/** Cents of a ledger amount. */
export const cents = (value: string | number) => Math.round(Number(value) * 100);
/** Yuan of cents, as the ledger takes them. */
export const yuan = (c: number) => (c / 100).toFixed(2);

/** A random posting: its kind (of those given), amount, gift, sign, store (index or none) and age. */
export const valueEntry = <K extends string>(kinds: readonly [K, ...K[]]) =>
  fc.record({
    kind: fc.constantFrom(...kinds),
    cents: fc.integer({ min: 1, max: 50_000 }),
    gift: fc.integer({ min: 0, max: 3_000 }),
    negative: fc.boolean(),
    store: fc.option(fc.nat({ max: 1 }), { nil: null, freq: 4 }),
    daysAgo: fc.integer({ min: 0, max: 730 }),
  });

/** The postings of one test file: payments that may still be refunded, and a serial for request numbers. */
export interface ValuePostings {
  /** Request numbers of payments and the cents each has left to refund. */
  readonly payments: { requestNo: string; left: number }[];
  serial: number;
}

/**
 * Posts one generated entry for `holder` through the value ledger, then dates it back: a payment
 * takes what the balance covers, a refund goes back against an earlier payment, a void writes the
 * balance off, an adjustment deducting takes principal only; what cannot happen (nothing to take,
 * refund or void) is a credit of `credit` (a recharge, a card's top-up) instead.
 */
export async function postValueEntry(args: {
  t: TestApp;
  tenantId: number;
  holder: ValueHolder;
  storeId: number | null;
  entry: Generated<ReturnType<typeof valueEntry>>;
  postings: ValuePostings;
  credit: 'recharge' | 'topup';
}): Promise<void> {
  const { t, tenantId, holder, storeId, entry: e, postings } = args;
  postings.serial += 1;
  const serial = postings.serial;
  const posted = await t.database.db.transaction(async (tx) => {
    const balance = await readBalance({ db: tx, tenantId, holder });
    const base = { tx, tenantId, storeId };
    const take = Math.min(e.cents, cents(balance.balance));
    const refundable = postings.payments.find((p) => p.left > 0);
    if (e.kind === 'pay' && take > 0) {
      const requestNo = `RPT-PAY-${tenantId}-${serial}`;
      postings.payments.push({ requestNo, left: take });
      return payFromHolder({ ...base, holder, amount: yuan(take), requestNo, sourceType: 'payment', channel: 'store' });
    }
    if (e.kind === 'refund' && refundable) {
      const amount = Math.min(e.cents, refundable.left);
      refundable.left -= amount;
      return refundPayment({
        ...base,
        paymentRequestNo: refundable.requestNo,
        refundNo: `RPT-REF-${tenantId}-${serial}`,
        amount: yuan(amount),
      });
    }
    if (e.kind === 'void' && take > 0) {
      const written = { principal: yuan(-cents(balance.principal)), gift: yuan(-cents(balance.gift)) };
      return postValue({ ...base, holder, ...written, kind: 'void', sourceType: 'void' });
    }
    if (e.kind === 'adjust') {
      const deduct = Math.min(e.cents, cents(balance.principal));
      const principal = e.negative && deduct > 0 ? -deduct : e.cents;
      return postValue({ ...base, holder, principal: yuan(principal), gift: '0.00', kind: 'adjust', sourceType: 'adjustment' });
    }
    return postValue({ ...base, holder, principal: yuan(e.cents), gift: yuan(e.gift), kind: args.credit, sourceType: args.credit });
  });
  await t.database.db.execute(sql`update value_entries set occurred_at = now() - make_interval(days => ${e.daysAgo})
    where tenant_id = ${tenantId} and id = ${posted.id}`);
}
