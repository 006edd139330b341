import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustmentKey } from '../../server/modules/points/score-adjust.hooks';
import { createTenant, createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { createMembers, pointsOf } from '../helpers/points-fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Points adjustment documents (score/score-adjust): drafted with lines, audited once into the
 * points ledger in the same transaction as the state change, refused whole when a line cannot
 * be applied, frozen after audit, and applied exactly once under 64 simultaneous audits.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let viewer: ApiClient;
let reasons: { both: number; increase: number; decrease: number; disabled: number };

async function saveReason(body: Record<string, unknown>): Promise<number> {
  const res = await admin.post('/v1/score-adjust-reason/saveNew', { body });
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data.id as number;
}

interface Line {
  member: number;
  points: number;
  reason?: number;
  remark?: string;
}

async function draft(lines: readonly Line[], extra: Record<string, unknown> = {}) {
  const res = await admin.post('/v1/score-adjust/saveNew', {
    body: { remark: 'test', ...extra, lines: lines.map((line) => ({ reason: reasons.both, ...line })) },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data as { id: number; number: string; state: string; version: number; totalPoints: number; lineCount: number };
}

/** How a refusal names a member: name and member number. */
async function memberLabel(id: number): Promise<string> {
  const res = await admin.get(`/v1/member/info/${id}`);
  return `${res.body.data.name} ${res.body.data.memberNumber}`;
}

const audit = (id: number, client: ApiClient = admin) => client.post('/v1/score-adjust/audit', { query: { id } });

async function entriesOf(number: string) {
  const result = await t.database.db.execute<{ member_id: number; delta: number; kind: string; idempotency_key: string }>(sql`
    select member_id, delta, kind, idempotency_key from points_entries
    where tenant_id = ${tenant.tenantId} and source_type = 'adjustment' and source_id = ${number} order by id`);
  return result.rows.map((r) => ({ member: Number(r.member_id), delta: Number(r.delta), kind: r.kind, key: r.idempotency_key }));
}

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  await createUser(t.database, {
    tenantId: tenant.tenantId,
    login: 'doc-viewer',
    grants: [{ resourceId: '积分/积分调整单', action: '单据查看' }],
  });
  viewer = await signIn(t.app, { tenant: tenant.code, login: 'doc-viewer', password: tenant.adminPassword });
  reasons = {
    both: await saveReason({ code: 'OTHER', name: '其他', direction: 'both' }),
    increase: await saveReason({ code: 'COMP', name: '活动补偿', direction: 'increase' }),
    decrease: await saveReason({ code: 'FRAUD', name: '违规扣减', direction: 'decrease' }),
    disabled: await saveReason({ code: 'OLD', name: '旧原因', direction: 'both', enabled: false }),
  };
});

afterAll(async () => t?.close());

describe('points adjustment documents', () => {
  it('numbers a draft, totals its lines, and posts every line once on audit', async () => {
    const [a, b] = await createMembers({ client: admin, count: 2 });
    const doc = await draft([
      { member: a, points: 120, reason: reasons.increase, remark: '补偿' },
      { member: b, points: 30 },
      { member: a, points: -20, reason: reasons.decrease },
    ]);
    expect(doc.number).toMatch(/^SA\d{8}$/);
    expect(doc).toMatchObject({ state: 'INITIAL', totalPoints: 130, lineCount: 3 });

    const res = await audit(doc.id);
    expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
    expect(res.body.data).toMatchObject({ state: 'EFFECTED', number: doc.number });
    expect(res.body.data.auditedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect(await entriesOf(doc.number)).toEqual([
      { member: a, delta: 120, kind: 'adjust', key: adjustmentKey(doc.id, 1) },
      { member: b, delta: 30, kind: 'adjust', key: adjustmentKey(doc.id, 2) },
      { member: a, delta: -20, kind: 'adjust', key: adjustmentKey(doc.id, 3) },
    ]);
    expect(await pointsOf({ t, tenant, memberId: a })).toEqual({ balance: 100, sum: 100, lots: 100 });
    expect(await pointsOf({ t, tenant, memberId: b })).toEqual({ balance: 30, sum: 30, lots: 30 });

    // The ledger read the score-query screens use shows the entries with their source.
    const ledger = await admin.post('/v1/points-entries/query', { body: { filters: { memberId: a, sourceType: 'adjustment' } } });
    expect(ledger.body.data.totals).toEqual({ earned: 120, spent: 20 });
    expect(ledger.body.data.records.map((r: { sourceId: string }) => r.sourceId)).toEqual([doc.number, doc.number]);
  });

  it('refuses zero points, disabled reasons and reasons used against their direction, naming the line', async () => {
    const [a] = await createMembers({ client: admin, count: 1 });
    const res = await admin.post('/v1/score-adjust/saveNew', {
      body: {
        lines: [
          { member: a, points: 0, reason: reasons.both },
          { member: a, points: 5, reason: reasons.disabled },
          { member: a, points: -5, reason: reasons.increase },
          { member: a, points: 5, reason: reasons.decrease },
        ],
      },
    });
    expect(res.status).toBe(400);
    const fields = (res.body.data.fields as { field: string; msg: string }[]).map((f) => f.field);
    expect(fields).toEqual(['lines.0.points', 'lines.1.reason', 'lines.2.points', 'lines.3.points']);
    // A member that is not the merchant's is refused before any of that.
    const stranger = await admin.post('/v1/score-adjust/saveNew', {
      body: { lines: [{ member: 999_999_999, points: 5, reason: reasons.both }] },
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['lines.0.member']);
    expect(res.body.data.fields[1].msg).toContain('旧原因');
    const empty = await admin.post('/v1/score-adjust/saveNew', { body: { lines: [] } });
    expect(empty.status).toBe(400);
  });

  it('refuses the whole audit when a line would overdraw, applying nothing', async () => {
    const [a, b] = await createMembers({ client: admin, count: 2 });
    const grant = await draft([{ member: a, points: 50 }]);
    expect((await audit(grant.id)).body.code).toBe(2000);

    const doc = await draft([
      { member: b, points: 40 },
      { member: a, points: -30 },
      { member: a, points: -30 },
    ]);
    const res = await audit(doc.id);
    expect(res.status).toBe(409);
    const who = await memberLabel(a);
    expect(res.body.msg).toBe(`第 3 行（会员 ${who}）无法调整：积分不足：当前余额 20，需要 30。整单未生效`);
    const en = await admin.post('/v1/score-adjust/audit', { query: { id: doc.id }, headers: { locale: 'en_US' } });
    expect(en.body.msg).toBe(
      `Line 3 (member ${who}) cannot be applied: Not enough points: the balance is 20, 30 needed. Nothing was applied`,
    );

    expect(await entriesOf(doc.number)).toEqual([]);
    expect(await pointsOf({ t, tenant, memberId: a })).toEqual({ balance: 50, sum: 50, lots: 50 });
    expect(await pointsOf({ t, tenant, memberId: b })).toEqual({ balance: 0, sum: 0, lots: 0 });
    const info = await admin.get(`/v1/score-adjust/info/${doc.id}`);
    expect(info.body.data).toMatchObject({ state: 'INITIAL', auditedAt: null });

    // Fixed by editing the draft, it audits.
    const fixed = await admin.post('/v1/score-adjust/modify', {
      body: {
        id: doc.id,
        version: info.body.data.version,
        lines: [
          { member: b, points: 40, reason: reasons.both },
          { member: a, points: -50, reason: reasons.both },
        ],
      },
    });
    expect(fixed.body.code, JSON.stringify(fixed.body)).toBe(2000);
    expect(fixed.body.data).toMatchObject({ totalPoints: -10, lineCount: 2 });
    expect((await audit(doc.id)).body.code).toBe(2000);
    expect(await pointsOf({ t, tenant, memberId: a })).toEqual({ balance: 0, sum: 0, lots: 0 });
  });

  it('refuses the audit when a member may not transact', async () => {
    const [a, frozen] = await createMembers({ client: admin, count: 2, frozen: [1] });
    const doc = await draft([
      { member: a, points: 10 },
      { member: frozen, points: 10 },
    ]);
    const res = await audit(doc.id);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(`第 2 行（会员 ${await memberLabel(frozen)}）无法调整：会员状态为冻结，不能积分或用分。整单未生效`);
    expect(await entriesOf(doc.number)).toEqual([]);
    expect(await pointsOf({ t, tenant, memberId: a })).toEqual({ balance: 0, sum: 0, lots: 0 });
  });

  it('freezes an audited document: no edit, no delete, no second audit', async () => {
    const [a] = await createMembers({ client: admin, count: 1 });
    const doc = await draft([{ member: a, points: 10 }]);
    const audited = await audit(doc.id);
    const version = audited.body.data.version as number;
    const edit = await admin.post('/v1/score-adjust/modify', { body: { id: doc.id, version, remark: 'late' } });
    expect(edit.status).toBe(409);
    const remove = await admin.post('/v1/score-adjust/delete', { query: { id: doc.id } });
    expect(remove.status).toBe(409);
    const again = await audit(doc.id);
    expect(again.status).toBe(409);
    expect(await entriesOf(doc.number)).toHaveLength(1);

    // A draft can be deleted; a reason cited by a document cannot.
    const other = await draft([{ member: a, points: 1 }]);
    expect((await admin.post('/v1/score-adjust/delete', { query: { id: other.id } })).body.code).toBe(2000);
    const reason = await admin.post('/v1/score-adjust-reason/delete', { query: { id: reasons.both } });
    expect(reason.status).toBe(409);
  });

  it('lets a viewer read documents but not draft or audit them', async () => {
    const [a] = await createMembers({ client: admin, count: 1 });
    const doc = await draft([{ member: a, points: 10 }]);
    expect((await viewer.post('/v1/score-adjust/query', { body: { filters: { state: 'INITIAL' } } })).body.code).toBe(2000);
    expect((await viewer.get(`/v1/score-adjust/info/${doc.id}`)).body.data.lines).toHaveLength(1);
    expect((await audit(doc.id, viewer)).status).toBe(403);
    expect(
      (await viewer.post('/v1/score-adjust/saveNew', { body: { lines: [{ member: a, points: 1, reason: reasons.both }] } })).status,
    ).toBe(403);
  });

  it('applies a document exactly once under 64 simultaneous audits', async () => {
    const members = await createMembers({ client: admin, count: 3 });
    const doc = await draft(members.map((member, i) => ({ member, points: 10 * (i + 1) })));
    const answers = await Promise.all(Array.from({ length: 64 }, () => audit(doc.id)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(63);
    expect(await entriesOf(doc.number)).toHaveLength(3);
    for (const [i, member] of members.entries()) {
      expect(await pointsOf({ t, tenant, memberId: member })).toEqual({ balance: 10 * (i + 1), sum: 10 * (i + 1), lots: 10 * (i + 1) });
    }
  });
});

describe('points inquiry and overview reads', () => {
  it('lists accounts with filters and sorting, looks up stores, and sums the overview', async () => {
    const store = await admin.post('/v1/store/saveNew', {
      body: { code: 'PT01', name: '积分门店', type: 'GAS_STATION', area: (await area()).id },
    });
    expect(store.body.code, JSON.stringify(store.body)).toBe(2000);
    const storeId = store.body.data.id as number;
    const [rich, poor] = await createMembers({ client: admin, count: 2 });
    const doc = await draft(
      [
        { member: rich, points: 900 },
        { member: poor, points: 5 },
      ],
      { store: storeId },
    );
    expect((await audit(doc.id)).body.code).toBe(2000);

    const byMember = await admin.post('/v1/points-accounts/query', { body: { filters: { memberId: rich } } });
    expect(byMember.body.data).toMatchObject({ total: 1, records: [{ memberId: rich, balance: 900, totalEarned: 900, totalSpent: 0 }] });
    const richInfo = (await admin.get(`/v1/member/info/${rich}`)).body.data;
    for (const keyword of [richInfo.mobile.slice(0, 7), richInfo.memberNumber, richInfo.name]) {
      const found = await admin.post('/v1/points-accounts/query', { body: { filters: { keyword }, pageSize: 200 } });
      const row = found.body.data.records.find((r: { memberId: number }) => r.memberId === rich);
      expect(row, keyword).toMatchObject({ memberName: richInfo.name, mobile: richInfo.mobile, memberNumber: richInfo.memberNumber });
    }
    const nobody = await admin.post('/v1/points-accounts/query', { body: { filters: { keyword: '没有这个人' } } });
    expect(nobody.body.data).toMatchObject({ total: 0, records: [] });
    const rich800 = await admin.post('/v1/points-accounts/query', {
      body: { filters: { balance: [800, null] }, sorters: [{ field: 'balance', order: 'desc' }], pageSize: 5 },
    });
    const balances = rich800.body.data.records.map((r: { balance: number }) => r.balance);
    expect(balances[0]).toBe(900);
    expect(balances.every((b: number) => b >= 800)).toBe(true);
    expect([...balances].sort((a, b) => b - a)).toEqual(balances);
    const bad = await admin.post('/v1/points-accounts/query', { body: { sorters: [{ field: 'password', order: 'asc' }] } });
    expect(bad.status).toBe(400);

    const names = await admin.get('/v1/points-entries/stores', { query: { id: [storeId] } });
    expect(names.body.data).toEqual([{ id: storeId, title: '积分门店' }]);
    const found = await admin.get('/v1/points-entries/stores', { query: { keyword: '积分' } });
    expect(found.body.data.map((s: { id: number }) => s.id)).toContain(storeId);

    const overview = await admin.post('/v1/points/overview', { body: {} });
    expect(overview.body.code, JSON.stringify(overview.body)).toBe(2000);
    const data = overview.body.data;
    expect(data.daily).toHaveLength(30);
    expect(data.month.issued).toBeGreaterThanOrEqual(905);
    // Today is the chart's last day (the day before too, should the test straddle midnight).
    const lastTwo = data.daily.slice(-2).reduce((sum: number, d: { issued: number }) => sum + d.issued, 0);
    expect(lastTwo).toBeGreaterThanOrEqual(905);
    expect(data.daily.every((d: { date: string }) => /^\d{4}-\d{2}-\d{2}$/.test(d.date))).toBe(true);
    expect(data.topStores[0]).toMatchObject({ storeId, storeName: '积分门店', issued: 905 });
    const ledger = await t.database.db.execute<{ outstanding: number }>(sql`select coalesce(sum(balance), 0) as outstanding
      from points_accounts where tenant_id = ${tenant.tenantId}`);
    expect(data.outstanding).toBe(Number(ledger.rows[0].outstanding));

    // The document viewer may not read accounts or the overview: those are other permissions.
    expect((await viewer.post('/v1/points-accounts/query', { body: {} })).status).toBe(403);
    expect((await viewer.post('/v1/points/overview', { body: {} })).status).toBe(403);
  });
});

/** An area for the test store. */
async function area(): Promise<{ id: number }> {
  const res = await admin.post('/v1/area/saveNew', { body: { code: `A${Date.now() % 100000}`, name: `区域${Date.now() % 100000}` } });
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data;
}
