import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recomputeChangedMembers } from '../../server/modules/audiences/audience.changed';
import { createTenant, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { newMember as member, okData } from '../helpers/audience-fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * System tags kept up after the events that change them (issue 29 item 1): a sale, a return, a
 * change of the member's own fields and a tag a person puts on mark the member, in the changing
 * transaction; the background run re-evaluates the merchant's system tags for the marked members
 * only, gives and takes the rule's links and counts, never a person's link, and leaves no mark.
 * A merchant without a system tag is never marked.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let seq = 0;
const ZONE = { time_zone: 'Asia/Shanghai' };
const CTX = { now: new Date(), timeZone: 'Asia/Shanghai' };

/** A sale of the member as the till's sale leaves it; answers its order number. */
async function sale(tenantId: number, memberId: number, amount: string): Promise<string> {
  seq += 1;
  const orderNo = `CHG-${seq}`;
  await t.database.db.execute(sql`insert into sales_transactions (tenant_id, order_no, member_id, amount, points, lines, response)
    values (${tenantId}, ${orderNo}, ${memberId}, ${amount}, 0, '[]'::jsonb, '{}'::jsonb)`);
  return orderNo;
}

async function marked(tenantId: number): Promise<number[]> {
  const rows = await t.database.db.execute<{ member_id: string }>(
    sql`select member_id from audience_changed_members where tenant_id = ${tenantId} order by member_id`,
  );
  return rows.rows.map((row) => Number(row.member_id));
}

async function holders(tagId: number): Promise<[number, string][]> {
  const links = await okData(admin.post('/v1/member-tag-link/query', { body: { filters: { tag: tagId }, page: 1, pageSize: 50 } }));
  return (links.records as { member: number; source: string }[])
    .map((r): [number, string] => [r.member, r.source])
    .sort((a, b) => a[0] - b[0]);
}

const countOf = async (tagId: number) => (await okData(admin.get(`/v1/member-tag/info/${tagId}`, { headers: ZONE }))).memberCount as number;

let spender: number;
let other: number;
let bigSpend: number;
let alipay: number;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  spender = await member(admin);
  other = await member(admin);
  const spendRule = { metric: 'spendAmount', operator: 'gt', value: 1000, window: '1m' };
  bigSpend = (
    await okData(admin.post('/v1/member-tag/saveNew', { body: { name: '大额', tagType: 'SYSTEM', rule: JSON.stringify(spendRule) } }))
  ).id as number;
  const channelRule = { metric: 'channel', operator: 'in', value: ['alipay'] };
  alipay = (
    await okData(admin.post('/v1/member-tag/saveNew', { body: { name: '支付宝', tagType: 'SYSTEM', rule: JSON.stringify(channelRule) } }))
  ).id as number;
  for (const tag of [bigSpend, alipay]) await okData(admin.post('/v1/member-tag/recompute', { query: { id: tag }, headers: ZONE }));
  // What the set-up marked is taken before each case looks.
  await recomputeChangedMembers({ db: t.database.db, ctx: CTX });
});

afterAll(async () => {
  await t?.close();
});

describe('system tags after the events that change them', () => {
  it('gives the tag after a sale and takes it back after the return, for the member who bought only', async () => {
    const orderNo = await sale(tenant.tenantId, spender, '1200.00');
    expect(await marked(tenant.tenantId)).toEqual([spender]);
    expect(await recomputeChangedMembers({ db: t.database.db, ctx: CTX })).toEqual({ members: 1 });
    expect(await holders(bigSpend)).toEqual([[spender, 'RULE']]);
    expect(await countOf(bigSpend)).toBe(1);
    expect(await marked(tenant.tenantId)).toEqual([]);

    await t.database.db.execute(sql`update sales_transactions set returned_amount = amount
      where tenant_id = ${tenant.tenantId} and order_no = ${orderNo}`);
    expect(await marked(tenant.tenantId)).toEqual([spender]);
    await recomputeChangedMembers({ db: t.database.db, ctx: CTX });
    expect(await holders(bigSpend)).toEqual([]);
    expect(await countOf(bigSpend)).toBe(0);
  });

  it('follows a change of the member made on the member form', async () => {
    const before = await okData(admin.get(`/v1/member/info/${other}`, { headers: ZONE }));
    await okData(admin.post('/v1/member/modify', { body: { id: other, version: before.version, channel: 'alipay' }, headers: ZONE }));
    expect(await marked(tenant.tenantId)).toEqual([other]);
    await recomputeChangedMembers({ db: t.database.db, ctx: CTX });
    expect(await holders(alipay)).toEqual([[other, 'RULE']]);
  });

  it('never takes off a tag a person put on, and re-evaluates a member a person tagged', async () => {
    const manual = await okData(admin.post('/v1/member-tag-link/saveNew', { body: { member: spender, tag: bigSpend } }));
    expect(manual.source).toBe('MANUAL');
    expect(await marked(tenant.tenantId)).toEqual([spender]);
    await recomputeChangedMembers({ db: t.database.db, ctx: CTX });
    expect(await holders(bigSpend)).toEqual([[spender, 'MANUAL']]);
    expect(await countOf(bigSpend)).toBe(1);
  });

  it('shares the marked members between two runs at once, each member re-evaluated once', async () => {
    const many: number[] = [];
    for (let i = 0; i < 12; i += 1) many.push(await member(admin));
    await recomputeChangedMembers({ db: t.database.db, ctx: CTX });
    for (const id of many) await sale(tenant.tenantId, id, '1500.00');
    expect(await marked(tenant.tenantId)).toEqual([...many].sort((a, b) => a - b));
    const runs = await Promise.all([
      recomputeChangedMembers({ db: t.database.db, ctx: CTX, batch: 3 }),
      recomputeChangedMembers({ db: t.database.db, ctx: CTX, batch: 3 }),
    ]);
    expect(runs[0].members + runs[1].members).toBe(many.length);
    expect((await holders(bigSpend)).filter(([, source]) => source === 'RULE').map(([id]) => id)).toEqual(many);
    expect(await countOf(bigSpend)).toBe(many.length + 1);
  });

  it('marks nobody of a merchant without a system tag', async () => {
    const plain = await createTenant(t.database);
    const plainAdmin = await signIn(t.app, { tenant: plain.code, login: plain.adminLogin, password: plain.adminPassword });
    const id = await member(plainAdmin);
    await sale(plain.tenantId, id, '5000.00');
    expect(await marked(plain.tenantId)).toEqual([]);
  });
});
