import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postValue, type ValueChannel, type ValueEntryKind } from '../../server/modules/ledger';
import { createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { createMembers } from '../helpers/points-fixtures';
import { ok, saveValueReason, startValueDocsScene } from '../helpers/stored-value-docs-fixtures';
import type { TestApp } from '../helpers/test-app';
import { downloadTask, readSheet } from '../helpers/workbooks';

/**
 * The stored-value inquiry and history (deposit/store-value-query, store-value-hst-detail): the
 * members' accounts through the inquiry view, and the ledger's entries filtered by member, days,
 * kind, channel, store and source, with totals over the filter by channel and kind, and an
 * export holding exactly what the list shows.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let a: number;
let b: number;
let store: number;

interface Entry {
  id: number;
  memberId: number;
  kind: string;
  channel: string | null;
  sourceType: string;
  storeId: number | null;
  storeName: string | null;
  principalDelta: number;
  giftDelta: number;
  amount: number;
  balanceAfter: number;
}

const query = (filters: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  ok(admin.post('/v1/store-value-hst-detail/query', { body: { filters, pageSize: 200, ...extra } }));

/** One posting through the ledger, as a till or a document would post it. */
const post = (args: { member: number; principal: string; gift: string; kind: ValueEntryKind; channel?: ValueChannel; storeId?: number }) =>
  t.database.db.transaction((tx) =>
    postValue({
      tx,
      tenantId: tenant.tenantId,
      holder: { kind: 'member', memberId: args.member },
      principal: args.principal,
      gift: args.gift,
      kind: args.kind,
      channel: args.channel ?? null,
      storeId: args.storeId ?? null,
      sourceType: args.kind === 'recharge' ? 'recharge' : 'payment',
    }),
  );

/** Cents of a JSON money number, to add exactly. */
const cents = (value: number) => Math.round(value * 100);

beforeAll(async () => {
  ({ t, tenant, admin } = await startValueDocsScene());
  [a, b] = await createMembers({ client: admin, count: 2 });
  const area = await ok(admin.post('/v1/area/saveNew', { body: { code: 'SVH', name: '储值区域' } }));
  store = (await ok(admin.post('/v1/store/saveNew', { body: { code: 'SVH1', name: '储值门店', type: 'GAS_STATION', area: area.id } }))).id;
  await post({ member: a, principal: '100.00', gift: '10.00', kind: 'recharge', channel: 'store', storeId: store });
  await post({ member: a, principal: '50.00', gift: '0.00', kind: 'recharge', channel: 'weixin' });
  await post({ member: b, principal: '20.00', gift: '0.00', kind: 'recharge', channel: 'alipay', storeId: store });
  await post({ member: a, principal: '-30.50', gift: '0.00', kind: 'pay', channel: 'store', storeId: store });
  // An audited adjustment document (no channel) and an opening balance.
  const reason = await saveValueReason(admin, { code: 'H', name: '历史', direction: 'both' });
  const doc = await ok(admin.post('/v1/store-value-adjust/saveNew', { body: { lines: [{ member: b, principal: 0, gift: 5, reason }] } }));
  await ok(admin.post('/v1/store-value-adjust/audit', { query: { id: doc.id } }));
  const init = await ok(admin.post('/v1/store-value-init/saveNew', { body: { member: b, principal: 7, gift: 0 } }));
  await ok(admin.post('/v1/store-value-init/audit', { query: { id: init.id } }));
});

afterAll(async () => t?.close());

describe('stored-value history', () => {
  it('lists every member entry newest first with member, store and running balances', async () => {
    const all = await query({});
    expect(all.total).toBe(6);
    const records = all.records as Entry[];
    expect(records.map((r) => r.id)).toEqual([...records.map((r) => r.id)].sort((x, y) => y - x));
    expect(records[0]).toMatchObject({ memberId: b, kind: 'init', sourceType: 'init', principalDelta: 7, balanceAfter: 32 });
    const pay = records.find((r) => r.kind === 'pay');
    expect(pay).toMatchObject({ memberId: a, amount: -30.5, storeName: '储值门店', balanceAfter: 129.5 });
  });

  it('filters by member, kind, channel, store, source and days', async () => {
    const byMember = (await query({ memberId: a })).records as Entry[];
    expect(byMember.map((r) => r.memberId)).toEqual([a, a, a]);
    expect(((await query({ kind: 'recharge' })).records as Entry[]).map((r) => r.channel).sort()).toEqual(['alipay', 'store', 'weixin']);
    expect(((await query({ channel: 'store' })).records as Entry[]).map((r) => r.kind).sort()).toEqual(['pay', 'recharge']);
    expect(((await query({ storeId: store })).records as Entry[]).every((r) => r.storeId === store)).toBe(true);
    expect((await query({ storeId: store })).total).toBe(3);
    expect(((await query({ sourceType: 'adjustment' })).records as Entry[]).map((r) => [r.memberId, r.giftDelta])).toEqual([[b, 5]]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    expect((await query({ occurredAt: ['2000-01-01', today] })).total).toBe(6);
    expect((await query({ occurredAt: ['2000-01-01', '2000-01-02'] })).total).toBe(0);
    const paged = await query({}, { pageSize: 4 });
    expect(paged.records).toHaveLength(4);
    const rest = await query({}, { pageSize: 4, cursor: paged.nextCursor });
    expect(rest.records).toHaveLength(2);
    expect((await admin.post('/v1/store-value-hst-detail/query', { body: { filters: { kind: 'gift' } } })).status).toBe(400);
  });

  it('totals the whole filter, by channel and by kind, exactly', async () => {
    const all = await query({});
    const records = all.records as Entry[];
    const sum = (rows: Entry[], pick: (r: Entry) => number) => rows.reduce((s, r) => s + cents(pick(r)), 0) / 100;
    expect(all.totals).toEqual({
      entries: 6,
      principal: sum(records, (r) => r.principalDelta),
      gift: sum(records, (r) => r.giftDelta),
      amount: sum(records, (r) => r.amount),
      amountIn: 192,
      amountOut: 30.5,
    });
    expect(all.totals.amount).toBe(161.5);
    const byKind = Object.fromEntries(
      (all.groups.kind as { key: string; amount: number; entries: number }[]).map((k) => [k.key, [k.entries, k.amount]]),
    );
    expect(byKind).toEqual({ recharge: [3, 180], pay: [1, -30.5], adjust: [1, 5], init: [1, 7] });
    const byChannel = Object.fromEntries(
      (all.groups.channel as { key: string | null; amount: number }[]).map((c) => [String(c.key), c.amount]),
    );
    expect(byChannel).toEqual({ store: 79.5, weixin: 50, alipay: 20, null: 12 });
    const mine = await query({ memberId: a, channel: 'store' });
    expect(mine.totals).toMatchObject({ entries: 2, amount: 79.5, amountIn: 110, amountOut: 30.5 });
  });

  it('exports exactly what the query lists, in the caller’s language', async () => {
    const filters = { memberId: a };
    const listed = (await query(filters)).records as Entry[];
    const { taskId } = await ok(admin.post('/v1/store-value-hst-detail/export', { body: { filters }, headers: { locale: 'en_US' } }));
    const task = await ok(admin.get(`/v1/file-task/info/${taskId}`));
    expect(task).toMatchObject({ state: 'succeeded', module: 'storedValue', processed: listed.length });
    const file = await downloadTask({ app: t.app, client: admin, taskId, locale: 'en_US' });
    const [header, ...rows] = await readSheet(file.bytes);
    expect(header.slice(0, 4)).toEqual(['Time', 'Member number', 'Member name', 'Kind']);
    expect(rows.map((row) => [row[3], row[4], row[7], row[8], row[10]])).toEqual(
      listed.map((r) => [
        r.kind === 'pay' ? 'Payment' : 'Recharge',
        r.channel === 'store' ? 'Store' : 'WeChat',
        r.principalDelta,
        r.giftDelta,
        r.balanceAfter,
      ]),
    );
  });

  it('refuses readers without a stored-value read grant', async () => {
    await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'points-only',
      grants: [{ resourceId: '积分/积分查询', action: '账户信息查看' }],
    });
    const other = await signIn(t.app, { tenant: tenant.code, login: 'points-only', password: tenant.adminPassword });
    expect((await other.post('/v1/store-value-hst-detail/query', { body: {} })).status).toBe(403);
    expect((await other.post('/v1/store-value-hst-detail/export', { body: {} })).status).toBe(403);
    expect((await other.get('/v1/store-value-hst-detail/stores')).status).toBe(403);
    const names = await ok(admin.get('/v1/store-value-hst-detail/stores', { query: { keyword: '储值' } }));
    expect(names).toEqual([{ id: store, title: '储值门店' }]);
  });
});

describe('stored-value inquiry', () => {
  it('lists the members’ accounts with filters and the totals row', async () => {
    const page = await ok(admin.post('/v1/store-value-query/query', { body: { pageSize: 50 } }));
    const byMember = Object.fromEntries((page.records as { memberId: number; balance: number }[]).map((r) => [r.memberId, r.balance]));
    expect(byMember).toEqual({ [a]: 129.5, [b]: 32 });
    expect(page.totals).toMatchObject({ balance: 161.5, principalIn: 177, giftIn: 15, principalOut: 30.5 });
    const one = await ok(admin.post('/v1/store-value-query/query', { body: { filters: { memberId: a } } }));
    expect(one.records).toEqual([expect.objectContaining({ memberId: a, principal: 119.5, gift: 10 })]);
    expect((await admin.post('/v1/store-value-query/freeze', { query: { id: one.records[0].id }, body: { reason: 'x' } })).status).not.toBe(
      200,
    );
  });
});
