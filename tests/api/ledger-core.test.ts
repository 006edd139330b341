import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, TestTenant } from '../helpers/fixtures';
import { createMembers, startPointsScene } from '../helpers/points-fixtures';
import { entryCount, ledgerBreaches } from '../helpers/ledger-fixtures';
import type { TestApp } from '../helpers/test-app';
import { AppError } from '../../server/http/envelope';
import { payFromHolder, postValue, readBalance, refundPayment, spendValue, type ValueHolder } from '../../server/modules/ledger';
import { positiveCents, signedCents } from '../../server/money/money';

/**
 * The money ledger's core on the real database: portions kept apart (principal spent first,
 * gift given back first on a refund), refusals with the numbers that change nothing, frozen
 * members and accounts, idempotency keys, payments refunded cumulatively, and concurrency on
 * the last yuan.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let serial = 0;
const no = (prefix: string) => `${prefix}-${(serial += 1)}-${Date.now()}`;

beforeAll(async () => {
  ({ t, tenant, admin } = await startPointsScene());
});
afterAll(async () => t?.close());

const inTx = <T>(work: (tx: Parameters<Parameters<TestApp['database']['db']['transaction']>[0]>[0]) => Promise<T>) =>
  t.database.db.transaction(work);

async function member(options: { frozen?: boolean } = {}): Promise<ValueHolder> {
  const [id] = await createMembers({ client: admin, count: 1, frozen: options.frozen ? [0] : [] });
  return { kind: 'member', memberId: id };
}

const recharge = (holder: ValueHolder, principal: string, gift = '0') =>
  inTx((tx) =>
    postValue({ tx, tenantId: tenant.tenantId, holder, principal, gift, kind: 'recharge', channel: 'store', sourceType: 'recharge' }),
  );

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const balanceOf = (holder: ValueHolder) => readBalance({ db: t.database.db, tenantId: tenant.tenantId, holder });

describe('ledger core', () => {
  it('keeps principal and gift apart: a spend takes principal first, then gift', async () => {
    const holder = await member();
    expect(await balanceOf(holder)).toEqual({ principal: '0.00', gift: '0.00', balance: '0.00', frozen: false });
    const posted = await recharge(holder, '100.00', '20.50');
    expect(posted).toMatchObject({
      principalDelta: '100.00',
      giftDelta: '20.50',
      principalAfter: '100.00',
      giftAfter: '20.50',
      balanceAfter: '120.50',
    });
    const spent = await inTx((tx) => spendValue({ tx, tenantId: tenant.tenantId, holder, amount: '110.25', sourceType: 'payment' }));
    expect(spent).toMatchObject({
      principalDelta: '-100.00',
      giftDelta: '-10.25',
      principalAfter: '0.00',
      giftAfter: '10.25',
      balanceAfter: '10.25',
    });
    expect(await balanceOf(holder)).toEqual({ principal: '0.00', gift: '10.25', balance: '10.25', frozen: false });
    expect(await ledgerBreaches(t, tenant.tenantId)).toEqual([]);
  });

  it('refuses a spend beyond the balance with the numbers and changes nothing', async () => {
    const holder = await member();
    await recharge(holder, '10.00');
    const before = await entryCount(t, tenant.tenantId);
    const error = await refusal(
      inTx((tx) => spendValue({ tx, tenantId: tenant.tenantId, holder, amount: '10.01', sourceType: 'payment' })),
    );
    expect(error.kind).toBe('conflict');
    expect(error.key).toBe('ledger.insufficient');
    expect(error.values).toEqual({ balance: '10.00', required: '10.01' });
    expect(await entryCount(t, tenant.tenantId)).toBe(before);
    expect((await balanceOf(holder)).balance).toBe('10.00');
  });

  it('refuses bad amounts with 400 naming the field', async () => {
    const holder = await member();
    for (const amount of ['abc', '1.234', '0', '-5']) {
      const error = await refusal(
        inTx((tx) => spendValue({ tx, tenantId: tenant.tenantId, holder, amount, field: 'payAmount', sourceType: 'payment' })),
      );
      expect(error.kind).toBe('badInput');
      expect(error.fields[0].field).toBe('payAmount');
    }
    const none = await refusal(
      inTx((tx) =>
        postValue({ tx, tenantId: tenant.tenantId, holder, principal: '0', gift: '0.00', kind: 'adjust', sourceType: 'adjustment' }),
      ),
    );
    expect(none.key).toBe('ledger.noChange');
  });

  it('lets a frozen member neither recharge nor pay, but takes a refund back', async () => {
    const holder = await member({ frozen: true });
    const error = await refusal(recharge(holder, '5.00'));
    expect(error.key).toBe('ledger.memberBlocked');
    expect(await balanceOf(holder)).toMatchObject({ balance: '0.00' });
  });

  it('refuses decreases of a frozen account, and increases when the caller asks', async () => {
    const holder = await member();
    await recharge(holder, '30.00');
    await t.database.pool.query(`update value_accounts set state = 'FROZEN' where tenant_id = $1 and member_id = $2`, [
      tenant.tenantId,
      (holder as { memberId: number }).memberId,
    ]);
    expect(
      (await refusal(inTx((tx) => spendValue({ tx, tenantId: tenant.tenantId, holder, amount: '1', sourceType: 'payment' })))).key,
    ).toBe('ledger.accountFrozen');
    const refused = inTx((tx) =>
      postValue({
        tx,
        tenantId: tenant.tenantId,
        holder,
        principal: '1',
        gift: '0',
        kind: 'recharge',
        sourceType: 'recharge',
        refuseIncreaseWhenFrozen: true,
      }),
    );
    expect((await refusal(refused)).key).toBe('ledger.accountFrozen');
    expect(await balanceOf(holder)).toEqual({ principal: '30.00', gift: '0.00', balance: '30.00', frozen: true });
  });

  it('posts once per idempotency key: a replay returns the first entry', async () => {
    const holder = await member();
    const key = no('KEY');
    const post = () =>
      inTx((tx) =>
        postValue({
          tx,
          tenantId: tenant.tenantId,
          holder,
          principal: '7.00',
          gift: '1.00',
          kind: 'recharge',
          sourceType: 'recharge',
          idempotencyKey: key,
        }),
      );
    const first = await post();
    const again = await post();
    expect(again).toEqual({ ...first, replayed: true });
    expect(await balanceOf(holder)).toMatchObject({ balance: '8.00' });
  });

  it('posts a key once even when two holders race for it: the other gets the first entry, and nothing moves twice', async () => {
    const [a, b] = [await member(), await member()];
    const key = no('RACE');
    const post = (holder: ValueHolder) =>
      inTx((tx) =>
        postValue({
          tx,
          tenantId: tenant.tenantId,
          holder,
          principal: '3.00',
          gift: '0',
          kind: 'recharge',
          sourceType: 'recharge',
          idempotencyKey: key,
        }),
      );
    const results = await Promise.all([post(a), post(b), post(a), post(b)]);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    const balances = [(await balanceOf(a)).balance, (await balanceOf(b)).balance].sort();
    expect(balances).toEqual(['0.00', '3.00']);
    expect(await ledgerBreaches(t, tenant.tenantId)).toEqual([]);
  });

  it('refunds a payment cumulatively, gift back first, never more than was paid', async () => {
    const holder = await member();
    await recharge(holder, '50.00', '30.00');
    await inTx((tx) => spendValue({ tx, tenantId: tenant.tenantId, holder, amount: '40.00', sourceType: 'payment' }));
    // Now 10.00 principal + 30.00 gift: a payment of 25 takes 10 principal and 15 gift.
    const requestNo = no('PAY');
    const pay = () =>
      inTx((tx) =>
        payFromHolder({ tx, tenantId: tenant.tenantId, holder, amount: '25', requestNo, sourceType: 'payment', channel: 'store' }),
      );
    const paid = await pay();
    expect(paid).toMatchObject({ principalDelta: '-10.00', giftDelta: '-15.00', balanceAfter: '15.00', replayed: false });
    expect(await pay()).toEqual({ ...paid, replayed: true });
    const other = await refusal(
      inTx((tx) => payFromHolder({ tx, tenantId: tenant.tenantId, holder, amount: '26', requestNo, sourceType: 'payment' })),
    );
    expect(other.key).toBe('ledger.paymentNoReused');

    const refund = (refundNo: string, amount: string) =>
      inTx((tx) => refundPayment({ tx, tenantId: tenant.tenantId, paymentRequestNo: requestNo, refundNo, amount }));
    const first = await refund(no('RF'), '20.00');
    // The payment took 15.00 of gift: that goes back first, the other 5.00 to principal.
    expect(first).toMatchObject({ principalDelta: '5.00', giftDelta: '15.00', refundedTotal: '20.00', paidTotal: '25.00' });
    const refundNo = no('RF');
    const second = await refund(refundNo, '4.00');
    expect(second).toMatchObject({ principalDelta: '4.00', giftDelta: '0.00', refundedTotal: '24.00' });
    expect(await refund(refundNo, '4.00')).toMatchObject({ id: second.id, replayed: true });
    const over = await refusal(refund(no('RF'), '1.01'));
    expect(over.key).toBe('ledger.refundExceedsPayment');
    expect(over.values).toEqual({ paid: '25.00', refunded: '24.00', left: '1.00', amount: '1.01' });
    expect(await balanceOf(holder)).toEqual({ principal: '9.00', gift: '30.00', balance: '39.00', frozen: false });
    const missing = await refusal(
      inTx((tx) => refundPayment({ tx, tenantId: tenant.tenantId, paymentRequestNo: no('NONE'), refundNo: no('RF'), amount: '1' })),
    );
    expect(missing.kind).toBe('notFound');
    expect(await ledgerBreaches(t, tenant.tenantId)).toEqual([]);
  });

  it('lets exactly one of 16 concurrent payments take the last yuan', async () => {
    const holder = await member();
    await recharge(holder, '1.00');
    const results = await Promise.allSettled(
      Array.from({ length: 16 }, () =>
        inTx((tx) =>
          payFromHolder({ tx, tenantId: tenant.tenantId, holder, amount: '1.00', requestNo: no('LAST'), sourceType: 'payment' }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as AppError).key).toBe('ledger.insufficient');
    expect(await balanceOf(holder)).toMatchObject({ balance: '0.00' });
    expect(await ledgerBreaches(t, tenant.tenantId)).toEqual([]);
  });

  it('keeps a card balance on its own account', async () => {
    const card: ValueHolder = { kind: 'card', cardId: 900_000 + serial };
    await inTx((tx) =>
      postValue({ tx, tenantId: tenant.tenantId, holder: card, principal: '100', gift: '0', kind: 'sale', sourceType: 'card-sale' }),
    );
    expect(await balanceOf(card)).toEqual({ principal: '100.00', gift: '0.00', balance: '100.00', frozen: false });
  });
});

describe('ledger money', () => {
  it('reads amounts exactly as cents and refuses what is not money, naming the field', () => {
    expect(signedCents('12.5', 'amount')).toBe(1250n);
    expect(signedCents(' 12.50 ', 'amount')).toBe(1250n);
    expect(signedCents(0.3, 'amount')).toBe(30n);
    expect(signedCents('-3', 'amount')).toBe(-300n);
    expect(signedCents('999999999999.99', 'amount')).toBe(99_999_999_999_999n);
    for (const bad of ['1e3', '12.345', 'abc', '', '1,000.00', 12.345, Number.NaN, Number.POSITIVE_INFINITY]) {
      const error = (() => {
        try {
          signedCents(bad, 'giftAmount');
          return null;
        } catch (e) {
          return e as AppError;
        }
      })();
      expect(error?.kind, String(bad)).toBe('badInput');
      expect(error?.fields[0].field).toBe('giftAmount');
    }
    expect(() => signedCents('1000000000000.00', 'amount')).toThrow(AppError);
    expect(() => positiveCents('0.00', 'amount')).toThrow(AppError);
  });
});
