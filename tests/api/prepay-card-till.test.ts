import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardByNumber, createStore, createTemplate, draftSale, makeCards, soldCards, type MadeBatch } from '../helpers/card-fixtures';
import { createTenant, createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { entryCount, ledgerBreaches } from '../helpers/ledger-fixtures';
import { createMembers } from '../helpers/points-fixtures';
import { startTestApp, testClock, type TestApp, type TestClock } from '../helpers/test-app';

/**
 * The till's prepaid-card entry points: pay (number + secret, or the bound member), refund
 * (cumulative, never above the payment), balance. Every refusal names its reason in the caller's
 * language and changes nothing; a request number pays once, whatever the concurrency.
 */

let t: TestApp;
let clock: TestClock;
let tenant: TestTenant;
let admin: ApiClient;
let store: number;
let elsewhere: number;
let template: { id: number; name: string };

const pay = (body: Record<string, unknown>) => admin.post('/v1/prepay-card/pay', { body });
const refund = (body: Record<string, unknown>) => admin.post('/v1/prepay-card/refund', { body });
const balanceOf = async (number: string) =>
  (await admin.get('/v1/prepay-card/balance', { query: { number } })).body.data as Record<string, unknown>;

let requestSerial = 0;
const requestNo = () => `POS-${Date.now()}-${(requestSerial += 1)}`;

async function oneCard(): Promise<MadeBatch['cards'][number]> {
  const batch = await soldCards(admin, { templateId: template.id, storeId: store, quantity: 1 });
  return batch.cards[0];
}

beforeAll(async () => {
  clock = testClock();
  t = await startTestApp({ clock });
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  store = await createStore(admin);
  elsewhere = await createStore(admin, '不适用门店');
  template = await createTemplate(admin, { stores: [store] });
});

afterAll(async () => t?.close());

describe('paying with a card', () => {
  it('pays by number and secret, answers the balance, and the same requestNo pays once', async () => {
    const card = await oneCard();
    const no = requestNo();
    const first = await pay({ requestNo: no, number: card.number, secret: card.secret, amount: '35.5', storeId: store });
    expect(first.body.code, JSON.stringify(first.body)).toBe(2000);
    expect(first.body.data).toMatchObject({ requestNo: no, cardNumber: card.number, amount: '35.50', balance: '64.50' });
    const entries = await entryCount(t, tenant.tenantId);
    const again = await pay({ requestNo: no, number: card.number, secret: card.secret, amount: 35.5, storeId: store });
    expect(again.body.data).toEqual(first.body.data);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await entryCount(t, tenant.tenantId)).toBe(entries);
    const other = await pay({ requestNo: no, number: card.number, secret: card.secret, amount: 1, storeId: store });
    expect(other.status).toBe(409);
    expect(await balanceOf(card.number)).toMatchObject({ balance: '64.50', state: 'ACTIVATED', expired: false });
    expect((await cardByNumber(admin, card.number)).balance).toBe(64.5);
  });

  it('refuses a wrong secret, a frozen card, another store and too little balance, with the numbers, changing nothing', async () => {
    const card = await oneCard();
    const entries = await entryCount(t, tenant.tenantId);
    const wrong = await pay({ requestNo: requestNo(), number: card.number, secret: '0000000000000000', amount: 1, storeId: store });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields[0]).toMatchObject({ field: 'secret', msg: '卡号或卡密不正确' });
    const unknown = await pay({ requestNo: requestNo(), number: 'NOSUCHCARD', secret: card.secret, amount: 1, storeId: store });
    expect(unknown.body.data.fields[0].msg).toBe('卡号或卡密不正确');

    const notHere = await pay({ requestNo: requestNo(), number: card.number, secret: card.secret, amount: 1, storeId: elsewhere });
    expect(notHere.status).toBe(409);
    expect(notHere.body.msg).toBe(`卡 ${card.number} 不能在此门店使用`);

    const tooMuch = await pay({ requestNo: requestNo(), number: card.number, secret: card.secret, amount: '100.01', storeId: store });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.msg).toContain('余额不足');
    expect(tooMuch.body.msg).toContain('100.00');
    expect(tooMuch.body.msg).toContain('100.01');

    const record = await cardByNumber(admin, card.number);
    const frozen = await admin.post('/v1/prepay-card/freeze', { query: { id: record.id as number }, body: { reason: '挂失' } });
    expect(frozen.body.code, JSON.stringify(frozen.body)).toBe(2000);
    const refused = await admin.post('/v1/prepay-card/pay', {
      body: { requestNo: requestNo(), number: card.number, secret: card.secret, amount: 1, storeId: store },
      headers: { locale: 'en_US' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(`Card ${card.number} is frozen and cannot be used`);
    expect(await entryCount(t, tenant.tenantId)).toBe(entries);
    expect(await balanceOf(card.number)).toMatchObject({ balance: '100.00', state: 'FROZEN' });
  });

  it('refuses an expired card', async () => {
    const card = await oneCard();
    const { validTo } = await balanceOf(card.number);
    clock.set(new Date(new Date(`${String(validTo)}T23:00:00+08:00`).getTime() + 2 * 3600 * 1000));
    try {
      const res = await pay({ requestNo: requestNo(), number: card.number, secret: card.secret, amount: 1, storeId: store });
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe(`卡 ${card.number} 已于 ${String(validTo)} 过期`);
    } finally {
      clock.set(null);
    }
  });

  it('pays by the bound member without a secret', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const batch = await makeCards(admin, { templateId: template.id, storeId: store, quantity: 1 });
    const bill = await draftSale(admin, {
      store,
      buyerType: 'MEMBER',
      member,
      lines: [{ mode: 'QUANTITY', template: template.id, quantity: 1 }],
    });
    await admin.post('/v1/imprest-card-sale-bill/audit', { query: { id: bill.id } });
    const res = await pay({ requestNo: requestNo(), memberId: member, amount: 20, storeId: store });
    expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
    expect(res.body.data).toMatchObject({ cardNumber: batch.cards[0].number, balance: '80.00' });
    const [stranger] = await createMembers({ client: admin, count: 1 });
    const notTheirs = await pay({ requestNo: requestNo(), number: batch.cards[0].number, memberId: stranger, amount: 1, storeId: store });
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body.data.fields[0].field).toBe('memberId');
  });

  it('pays the last yuan once under 64 simultaneous payments', async () => {
    const card = await oneCard();
    const drain = await pay({ requestNo: requestNo(), number: card.number, secret: card.secret, amount: 99, storeId: store });
    expect(drain.body.code).toBe(2000);
    const answers = await Promise.all(
      Array.from({ length: 64 }, () =>
        pay({ requestNo: requestNo(), number: card.number, secret: card.secret, amount: 1, storeId: store }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(63);
    expect(await balanceOf(card.number)).toMatchObject({ balance: '0.00', state: 'USED_UP' });
    expect(await ledgerBreaches(t, tenant.tenantId)).toEqual([]);
  });
});

describe('guessing a secret', () => {
  const wrongSecret = (number: string, i: number) =>
    pay({ requestNo: requestNo(), number, secret: String(1000000000000000 + i), amount: 1, storeId: store });

  it('locks a number after 5 wrong secrets in 15 minutes, even for the right secret, for 15 minutes; other cards pay on', async () => {
    const card = await oneCard();
    const other = await oneCard();
    const start = new Date(Date.now() + 3_600_000);
    clock.set(start);
    try {
      for (let i = 0; i < 4; i += 1) {
        const wrong = await wrongSecret(card.number, i);
        expect(wrong.status).toBe(400);
        expect(wrong.body.data.fields[0]).toMatchObject({ field: 'secret', msg: '卡号或卡密不正确' });
      }
      const fifth = await wrongSecret(card.number, 4);
      expect(fifth.status).toBe(429);
      expect(fifth.body.msg).toBe('该卡号的卡密输错次数过多，已锁定，请 15 分钟后再试');
      const entries = await entryCount(t, tenant.tenantId);
      clock.set(new Date(start.getTime() + 10 * 60_000));
      const right = await admin.post('/v1/prepay-card/pay', {
        body: { requestNo: requestNo(), number: card.number, secret: card.secret, amount: 1, storeId: store },
        headers: { locale: 'en_US' },
      });
      expect(right.status).toBe(429);
      expect(right.body.msg).toBe('Too many wrong secrets for this card number: it is locked, try again in 5 minutes');
      expect(await entryCount(t, tenant.tenantId)).toBe(entries);
      const elsewhere = await pay({ requestNo: requestNo(), number: other.number, secret: other.secret, amount: 1, storeId: store });
      expect(elsewhere.body.code, JSON.stringify(elsewhere.body)).toBe(2000);

      clock.set(new Date(start.getTime() + 15 * 60_000 + 1000));
      const after = await pay({ requestNo: requestNo(), number: card.number, secret: card.secret, amount: 1, storeId: store });
      expect(after.body.code, JSON.stringify(after.body)).toBe(2000);
      expect(after.body.data).toMatchObject({ balance: '99.00' });
    } finally {
      clock.set(null);
    }
  });

  it('counts wrong secrets within the window only, starts again after a right one, and locks unknown numbers alike', async () => {
    const card = await oneCard();
    const start = new Date(Date.now() + 7_200_000);
    clock.set(start);
    try {
      for (let i = 0; i < 4; i += 1) expect((await wrongSecret(card.number, i)).status).toBe(400);
      clock.set(new Date(start.getTime() + 16 * 60_000));
      for (let i = 0; i < 3; i += 1) expect((await wrongSecret(card.number, i)).status).toBe(400);
      const right = await pay({ requestNo: requestNo(), number: card.number, secret: card.secret, amount: 1, storeId: store });
      expect(right.body.code, JSON.stringify(right.body)).toBe(2000);
      for (let i = 0; i < 4; i += 1) expect((await wrongSecret(card.number, i)).status).toBe(400);

      const unknown = 'NOSUCHCARD-GUESS';
      const answers = [];
      for (let i = 0; i < 6; i += 1) answers.push((await wrongSecret(unknown, i)).status);
      expect(answers).toEqual([400, 400, 400, 400, 429, 429]);
    } finally {
      clock.set(null);
    }
  });
});

describe('refunds', () => {
  it('refund in parts, never above the payment, once per refundNo; the card comes back from used up', async () => {
    const card = await oneCard();
    const paid = requestNo();
    await pay({ requestNo: paid, number: card.number, secret: card.secret, amount: 100, storeId: store });
    expect(await balanceOf(card.number)).toMatchObject({ balance: '0.00', state: 'USED_UP' });
    const first = await refund({ refundNo: `${paid}-R1`, requestNo: paid, amount: '30', storeId: store });
    expect(first.body.code, JSON.stringify(first.body)).toBe(2000);
    expect(first.body.data).toMatchObject({ amount: '30.00', refundedTotal: '30.00', paidTotal: '100.00', balance: '30.00' });
    const replay = await refund({ refundNo: `${paid}-R1`, requestNo: paid, amount: 30, storeId: store });
    expect(replay.body.data).toEqual(first.body.data);
    const over = await refund({ refundNo: `${paid}-R2`, requestNo: paid, amount: '70.01' });
    expect(over.status).toBe(409);
    expect(over.body.msg).toContain('70.01');
    const rest = await refund({ refundNo: `${paid}-R3`, requestNo: paid, amount: '70' });
    expect(rest.body.data).toMatchObject({ refundedTotal: '100.00', balance: '100.00' });
    expect(await balanceOf(card.number)).toMatchObject({ balance: '100.00', state: 'ACTIVATED' });
    const unknown = await refund({ refundNo: 'R-X', requestNo: 'NO-SUCH-PAYMENT', amount: 1 });
    expect(unknown.status).toBe(404);
    expect(await ledgerBreaches(t, tenant.tenantId)).toEqual([]);
  });
});

describe('permissions', () => {
  it('lets a reader query a balance but not pay', async () => {
    const card = await oneCard();
    await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'card-reader',
      grants: [{ resourceId: '储值/预付卡查询', action: '预付卡查看' }],
    });
    const reader = await signIn(t.app, { tenant: tenant.code, login: 'card-reader', password: tenant.adminPassword });
    const balance = await reader.get('/v1/prepay-card/balance', { query: { number: card.number } });
    expect(balance.body.code).toBe(2000);
    const refused = await reader.post('/v1/prepay-card/pay', {
      body: { requestNo: requestNo(), number: card.number, secret: card.secret, amount: 1, storeId: store },
    });
    expect(refused.status).toBe(403);
    const missing = await admin.get('/v1/prepay-card/balance', { query: { number: 'NOPE' } });
    expect(missing.status).toBe(404);
  });
});
