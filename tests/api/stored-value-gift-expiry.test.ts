import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireDueGiftLots } from '../../server/modules/ledger';
import type { ApiClient } from '../helpers/fixtures';
import { ledgerBreaches } from '../helpers/ledger-fixtures';
import { createMembers } from '../helpers/points-fixtures';
import { createCatalogue, saveSettings, startStoredValueScene, type Catalogue } from '../helpers/stored-value-fixtures';
import { testClock, type TestApp } from '../helpers/test-app';

/**
 * Gift portions expire (`store-value-manage.giftValidityDays`): each gift given expires at the end
 * of the day that many days later in the tenant's time zone (Asia/Shanghai here), spent oldest
 * first; an `expire` entry takes off what is left, lazily before a posting and by the hourly job.
 * The clock stands at exact seconds.
 */

const clock = testClock();
let t: TestApp;
let tenantId: number;
let admin: ApiClient;
let till: ApiClient;
let catalogue: Catalogue;
let serial = 0;
const no = (prefix: string) => `${prefix}-${(serial += 1)}-${Date.now()}`;

// Given on 10 March (Shanghai), valid 3 days: there through 13 March, gone at 14 March 00:00 Shanghai.
const DAY_1 = new Date('2026-03-10T10:00:00+08:00');
const DAY_2 = new Date('2026-03-11T09:00:00+08:00');
const DAY_3 = new Date('2026-03-12T12:00:00+08:00');
const EXPIRY_1 = new Date('2026-03-14T00:00:00+08:00');
const before = (at: Date) => new Date(at.getTime() - 1000);

beforeAll(async () => {
  clock.set(DAY_1);
  const scene = await startStoredValueScene({ clock });
  ({ t, admin, till } = scene);
  tenantId = scene.tenant.tenantId;
  catalogue = await createCatalogue(admin);
  await saveSettings(admin, 'store-value-manage', { giftValidityDays: 3 });
});
afterAll(async () => t?.close());

const member = async () => (await createMembers({ client: admin, count: 1 }))[0];
const ok = async (path: string, body: Record<string, unknown>) => {
  const res = await till.post(path, { body });
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data as Record<string, number>;
};
const recharge = (memberId: number, amount: string, giftAmount: string) =>
  ok('/v1/stored-value/recharge', { requestNo: no('R'), channel: 'store', memberId, amount, giftAmount });
const pay = (memberId: number, amount: string, requestNo = no('P')) =>
  till.post('/v1/stored-value/pay', { body: { requestNo, memberId, amount, storeId: catalogue.stores[0] } });
const balance = async (memberId: number) => {
  const res = await till.get('/v1/stored-value/balance', { query: { memberId } });
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return { principal: res.body.data.principal as number, gift: res.body.data.gift as number };
};
const entries = async (memberId: number) => {
  const result = await t.database.db.execute<{ kind: string; gift_delta: string; occurred_at: Date | string }>(sql`select kind,
      gift_delta, occurred_at from value_entries where tenant_id = ${tenantId} and member_id = ${memberId} order by id`);
  return result.rows.map((row) => ({ kind: row.kind, gift: String(row.gift_delta), at: new Date(row.occurred_at).toISOString() }));
};

describe('gift portion expiry', () => {
  it('keeps a gift until the second before its expiry and takes it off at that second with an expire entry (hourly job)', async () => {
    clock.set(DAY_1);
    const m = await member();
    await recharge(m, '100.00', '30.00');

    clock.set(before(EXPIRY_1));
    await expireDueGiftLots({ db: t.database.db, now: clock.now() });
    expect(await balance(m)).toEqual({ principal: 100, gift: 30 });
    expect((await entries(m)).map((e) => e.kind)).toEqual(['recharge']);

    clock.set(EXPIRY_1);
    expect(await expireDueGiftLots({ db: t.database.db, now: clock.now() })).toBeGreaterThanOrEqual(1);
    expect(await balance(m)).toEqual({ principal: 100, gift: 0 });
    expect((await entries(m)).at(-1)).toEqual({ kind: 'expire', gift: '-30.00', at: EXPIRY_1.toISOString() });
    // Run again: nothing more to expire.
    await expireDueGiftLots({ db: t.database.db, now: clock.now() });
    expect((await entries(m)).filter((e) => e.kind === 'expire')).toHaveLength(1);
    expect(await ledgerBreaches(t, tenantId)).toEqual([]);
  });

  it('spends gift oldest first, and a posting expires what is due first (lazily), so expired gift cannot pay', async () => {
    const m = await member();
    clock.set(DAY_1);
    await recharge(m, '10.00', '20.00'); // lot A: 20, gone at EXPIRY_1
    clock.set(DAY_2);
    await recharge(m, '10.00', '5.00'); // lot B: 5, gone a day after lot A
    clock.set(DAY_3);
    const paid = await pay(m, '35.00'); // principal 20, gift 15 from lot A
    expect(paid.body.data).toMatchObject({ principalPaid: 20, giftPaid: 15, principal: 0, gift: 10 });

    // At lot A's expiry its 5 left go first: 5 remain (lot B), so 6 is refused with the numbers.
    clock.set(EXPIRY_1);
    const refused = await pay(m, '6.00');
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.msg).toContain('5.00');
    const last = await pay(m, '5.00');
    expect(last.body.data).toMatchObject({ giftPaid: 5, gift: 0, balance: 0 });
    expect((await entries(m)).map((e) => `${e.kind} ${e.gift}`)).toEqual([
      'recharge 20.00',
      'recharge 5.00',
      'pay -15.00',
      'expire -5.00',
      'pay -5.00',
    ]);
    expect(await ledgerBreaches(t, tenantId)).toEqual([]);
  });

  it('gives refunded gift back with the expiry of the gift its payment spent: after that expiry it goes back and expires at once, never as principal', async () => {
    const m = await member();
    clock.set(DAY_1);
    await recharge(m, '10.00', '10.00');
    clock.set(DAY_2);
    const requestNo = no('P');
    const paid = await pay(m, '15.00', requestNo); // principal 10, gift 5
    expect(paid.body.data).toMatchObject({ principalPaid: 10, giftPaid: 5 });

    // Before the expiry: 3 of gift back, still valid until EXPIRY_1.
    clock.set(DAY_3);
    const early = await ok('/v1/stored-value/refund', { refundNo: no('F'), requestNo, amount: '3.00' });
    expect(early).toMatchObject({ giftRefunded: 3, principalRefunded: 0, gift: 8 });

    // After it: the 8 of gift held expire first; the refund gives back 2 of gift (expired since:
    // it expires at once) and 10 of principal.
    clock.set(EXPIRY_1);
    const late = await ok('/v1/stored-value/refund', { refundNo: no('F'), requestNo, amount: '12.00' });
    expect(late).toMatchObject({ giftRefunded: 2, principalRefunded: 10, principal: 10, gift: 0, balance: 10 });
    expect(await balance(m)).toEqual({ principal: 10, gift: 0 });
    expect((await entries(m)).map((e) => `${e.kind} ${e.gift}`)).toEqual([
      'recharge 10.00',
      'pay -5.00',
      'refund 3.00',
      'expire -5.00',
      'expire -3.00',
      'refund 2.00',
      'expire -2.00',
    ]);
    expect(await ledgerBreaches(t, tenantId)).toEqual([]);
  });

  it('never expires gift when no validity is set', async () => {
    await saveSettings(admin, 'store-value-manage', { giftValidityDays: null });
    const m = await member();
    clock.set(DAY_1);
    await recharge(m, '1.00', '1.00');
    clock.set(new Date('2036-03-10T00:00:00+08:00'));
    await expireDueGiftLots({ db: t.database.db, now: clock.now() });
    expect(await balance(m)).toEqual({ principal: 1, gift: 1 });
    await saveSettings(admin, 'store-value-manage', { giftValidityDays: 3 });
  });
});
