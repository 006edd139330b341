import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valueAdjustmentKey } from '../../server/modules/stored-value-docs/store-value-adjust.hooks';
import { createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { ledgerBreaches } from '../helpers/ledger-fixtures';
import { createMembers } from '../helpers/points-fixtures';
import {
  entriesOfSource,
  holding,
  memberLabelOf,
  saveValueReason,
  startValueDocsScene,
  valueOf,
} from '../helpers/stored-value-docs-fixtures';
import type { TestApp } from '../helpers/test-app';
import { setValueThresholds } from '../helpers/value-approval-fixtures';

/**
 * Stored-value adjustment documents (deposit/store-value-adjust): drafted with lines of signed
 * principal and gift changes, audited once into the value ledger in the transaction of the state
 * change, refused whole (naming the line) when a portion would go below zero, maker-checker above
 * the tenant's threshold, and applied exactly once under 64 simultaneous audits.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let checker: ApiClient;
let viewer: ApiClient;
let reasons: { both: number; increase: number; decrease: number; disabled: number };

interface Line {
  member: number;
  principal: string | number;
  gift: string | number;
  reason?: number;
  remark?: string;
}

async function draft(lines: readonly Line[], extra: Record<string, unknown> = {}, client: ApiClient = admin) {
  const res = await client.post('/v1/store-value-adjust/saveNew', {
    body: { remark: 'test', ...extra, lines: lines.map((line) => ({ reason: reasons.both, ...line })) },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data as { id: number; number: string; state: string; version: number };
}

const audit = (id: number, client: ApiClient = admin, locale?: string) =>
  client.post('/v1/store-value-adjust/audit', { query: { id }, ...(locale ? { headers: { locale } } : {}) });

const entriesOf = (number: string) => entriesOfSource({ t, tenant, sourceType: 'adjustment', sourceId: number });
const value = (memberId: number) => valueOf({ t, tenant, memberId });

/** Sets the tenant's stored-value approval threshold (yuan) in the value approval rule. */
const setThreshold = (threshold: number) => setValueThresholds(admin, { storedValueThreshold: threshold });

beforeAll(async () => {
  ({ t, tenant, admin, checker } = await startValueDocsScene());
  await createUser(t.database, {
    tenantId: tenant.tenantId,
    login: 'value-doc-viewer',
    grants: [{ resourceId: '储值/储值调整单', action: '单据查看' }],
  });
  viewer = await signIn(t.app, { tenant: tenant.code, login: 'value-doc-viewer', password: tenant.adminPassword });
  reasons = {
    both: await saveValueReason(admin, { code: 'OTHER', name: '其他', direction: 'both' }),
    increase: await saveValueReason(admin, { code: 'COMP', name: '补偿', direction: 'increase' }),
    decrease: await saveValueReason(admin, { code: 'FIX', name: '冲正', direction: 'decrease' }),
    disabled: await saveValueReason(admin, { code: 'OLD', name: '旧原因', direction: 'both', enabled: false }),
  };
  // Most documents here move small amounts: below this, the maker may audit.
  await setThreshold(1000);
});

afterAll(async () => t?.close());

describe('stored-value adjustment documents', () => {
  it('numbers a draft, totals its lines exactly, and posts every line once on audit', async () => {
    const [a, b] = await createMembers({ client: admin, count: 2 });
    const doc = await draft([
      { member: a, principal: '100.10', gift: '20.20', reason: reasons.increase, remark: '补偿' },
      { member: b, principal: 0, gift: '0.30' },
      { member: a, principal: '-0.10', gift: '-0.20', reason: reasons.decrease },
    ]);
    expect(doc.number).toMatch(/^VA\d{8}$/);
    expect(doc).toMatchObject({ state: 'INITIAL', totalPrincipal: 100, totalGift: 20.3, absoluteTotal: 120.9, lineCount: 3 });

    const res = await audit(doc.id);
    expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
    expect(res.body.data).toMatchObject({ state: 'EFFECTED', number: doc.number });
    expect(res.body.data.auditedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // Posted in member order, each member's lines in line order.
    const posted = await entriesOf(doc.number);
    expect(posted).toEqual(
      expect.arrayContaining([
        { member: a, principal: '100.10', gift: '20.20', kind: 'adjust', key: valueAdjustmentKey(doc.id, 1) },
        { member: b, principal: '0.00', gift: '0.30', kind: 'adjust', key: valueAdjustmentKey(doc.id, 2) },
        { member: a, principal: '-0.10', gift: '-0.20', kind: 'adjust', key: valueAdjustmentKey(doc.id, 3) },
      ]),
    );
    expect(posted).toHaveLength(3);
    expect(await value(a)).toEqual(holding('100.00', '20.00'));
    expect(await value(b)).toEqual(holding('0.00', '0.30'));
    expect(await ledgerBreaches(t, tenant.tenantId)).toEqual([]);
  });

  it('refuses lines that move nothing, disabled reasons and reasons used against their direction, naming the field', async () => {
    const [a] = await createMembers({ client: admin, count: 1 });
    const res = await admin.post('/v1/store-value-adjust/saveNew', {
      body: {
        lines: [
          { member: a, principal: 0, gift: 0, reason: reasons.both },
          { member: a, principal: 5, gift: 0, reason: reasons.disabled },
          { member: a, principal: 5, gift: -1, reason: reasons.increase },
          { member: a, principal: 0, gift: 5, reason: reasons.decrease },
        ],
      },
    });
    expect(res.status).toBe(400);
    const fields = (res.body.data.fields as { field: string; msg: string }[]).map((f) => f.field);
    expect(fields).toEqual(['lines.0.principal', 'lines.1.reason', 'lines.2.gift', 'lines.3.gift']);
    expect(res.body.data.fields[0].msg).toBe('本金变动和赠送金变动不能同时为 0');
    expect(res.body.data.fields[1].msg).toContain('旧原因');
    expect(res.body.data.fields[2].msg).toBe('调整原因“补偿”只能用于增加储值');
    const en = await admin.post('/v1/store-value-adjust/saveNew', {
      headers: { locale: 'en_US' },
      body: { lines: [{ member: a, principal: 0, gift: 0, reason: reasons.both }] },
    });
    expect(en.body.data.fields[0]).toMatchObject({ field: 'lines.0.principal', msg: 'Change the principal, the gift or both' });
    // Money has at most 2 decimals: the engine refuses a third before any of that.
    const cents = await admin.post('/v1/store-value-adjust/saveNew', {
      body: { lines: [{ member: a, principal: '1.005', gift: 0, reason: reasons.both }] },
    });
    expect(cents.status).toBe(400);
    expect(cents.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['lines.0.principal']);
  });

  it('refuses the whole audit when a line would take a portion below zero, applying nothing', async () => {
    const [a, b] = await createMembers({ client: admin, count: 2 });
    expect((await audit((await draft([{ member: a, principal: 50, gift: 10 }])).id)).body.code).toBe(2000);

    const doc = await draft([
      { member: b, principal: 40, gift: 0 },
      { member: a, principal: -30, gift: 0 },
      { member: a, principal: 0, gift: '-10.01' },
    ]);
    const res = await audit(doc.id);
    expect(res.status).toBe(409);
    const who = await memberLabelOf(admin, a);
    expect(res.body.msg).toMatch(new RegExp(`^第 3 行（会员 ${who}）无法调整：.*10\\.00.*10\\.01.*。整单未生效$`));
    const en = await audit(doc.id, admin, 'en_US');
    expect(en.body.msg).toMatch(new RegExp(`^Line 3 \\(member ${who}\\) cannot be applied: .*Nothing was applied$`));

    expect(await entriesOf(doc.number)).toEqual([]);
    expect(await value(a)).toEqual(holding('50.00', '10.00'));
    expect(await value(b)).toEqual(holding('0.00', '0.00'));
    expect((await admin.get(`/v1/store-value-adjust/info/${doc.id}`)).body.data).toMatchObject({ state: 'INITIAL', auditedAt: null });
  });

  it('refuses the audit for a member who is not in use', async () => {
    const [a, frozen] = await createMembers({ client: admin, count: 2, frozen: [1] });
    const doc = await draft([
      { member: a, principal: 10, gift: 0 },
      { member: frozen, principal: 10, gift: 0 },
    ]);
    const res = await audit(doc.id);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(`第 2 行（会员 ${await memberLabelOf(admin, frozen)}）无法调整：会员状态为冻结，不能储值或消费。整单未生效`);
    expect(await value(a)).toEqual(holding('0.00', '0.00'));
  });

  it('freezes an audited document: no edit, no delete, no second audit; a cited reason stays', async () => {
    const [a] = await createMembers({ client: admin, count: 1 });
    const doc = await draft([{ member: a, principal: 10, gift: 0 }]);
    const audited = await audit(doc.id);
    const version = audited.body.data.version as number;
    expect((await admin.post('/v1/store-value-adjust/modify', { body: { id: doc.id, version, remark: 'late' } })).status).toBe(409);
    expect((await admin.post('/v1/store-value-adjust/delete', { query: { id: doc.id } })).status).toBe(409);
    expect((await audit(doc.id)).status).toBe(409);
    expect(await entriesOf(doc.number)).toHaveLength(1);
    expect((await admin.post('/v1/store-value-adjust-reason/delete', { query: { id: reasons.both } })).status).toBe(409);
  });

  it('lets a viewer read documents but not draft or audit them', async () => {
    const [a] = await createMembers({ client: admin, count: 1 });
    const doc = await draft([{ member: a, principal: 1, gift: 0 }]);
    expect((await viewer.post('/v1/store-value-adjust/query', { body: { filters: { state: 'INITIAL' } } })).body.code).toBe(2000);
    expect((await viewer.get(`/v1/store-value-adjust/info/${doc.id}`)).body.data.lines).toHaveLength(1);
    expect((await audit(doc.id, viewer)).status).toBe(403);
    const body = { lines: [{ member: a, principal: 1, gift: 0, reason: reasons.both }] };
    expect((await viewer.post('/v1/store-value-adjust/saveNew', { body })).status).toBe(403);
  });
});

describe('maker-checker above the approval threshold', () => {
  it('lets the maker audit at or below the threshold', async () => {
    const [a] = await createMembers({ client: admin, count: 1 });
    const doc = await draft([
      { member: a, principal: 600, gift: 0 },
      { member: a, principal: -100, gift: 300 },
    ]);
    expect((await admin.get(`/v1/store-value-adjust/info/${doc.id}`)).body.data.absoluteTotal).toBe(1000);
    expect((await audit(doc.id)).body.code).toBe(2000);
  });

  it('refuses the maker above it (409, localized) and lets another user audit', async () => {
    const [a] = await createMembers({ client: admin, count: 1 });
    const doc = await draft([{ member: a, principal: '1000.01', gift: 0 }]);
    const res = await audit(doc.id);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('需要第二人审核：该单据创建储值 1000.01，超过审批阈值 1000.00，而您创建或修改过它的金额');
    const en = await audit(doc.id, admin, 'en_US');
    expect(en.body.msg).toBe(
      'Needs a second person: this document creates 1000.01 of stored value, above the approval threshold of 1000.00, and you created or changed its amounts',
    );
    expect(await value(a)).toEqual(holding('0.00', '0.00'));
    const checked = await audit(doc.id, checker);
    expect(checked.body.code, JSON.stringify(checked.body)).toBe(2000);
    expect(await value(a)).toEqual(holding('1000.01', '0.00'));
  });

  it('refuses the last editor too', async () => {
    const [a] = await createMembers({ client: admin, count: 1 });
    const doc = await draft([{ member: a, principal: 5, gift: 0 }]);
    // The checker raises it above the threshold: now both are makers.
    const edited = await checker.post('/v1/store-value-adjust/modify', {
      body: { id: doc.id, version: doc.version, lines: [{ member: a, principal: 0, gift: 2000, reason: reasons.both }] },
    });
    expect(edited.body.code, JSON.stringify(edited.body)).toBe(2000);
    expect((await audit(doc.id, checker)).status).toBe(409);
    expect((await audit(doc.id, admin)).status).toBe(409);
    await createUser(t.database, { tenantId: tenant.tenantId, login: 'third', grants: 'all' });
    const third = await signIn(t.app, { tenant: tenant.code, login: 'third', password: tenant.adminPassword });
    expect((await audit(doc.id, third)).body.code).toBe(2000);
    expect(await value(a)).toEqual(holding('0.00', '2000.00'));
  });
});

describe('exactly once', () => {
  it('applies a document once under 64 simultaneous audits', async () => {
    const members = await createMembers({ client: admin, count: 3 });
    const doc = await draft(members.map((member, i) => ({ member, principal: `${i + 1}.11`, gift: '0.01' })));
    const answers = await Promise.all(Array.from({ length: 64 }, () => audit(doc.id, checker)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(63);
    expect(await entriesOf(doc.number)).toHaveLength(3);
    for (const [i, member] of members.entries()) expect(await value(member)).toEqual(holding(`${i + 1}.11`, '0.01'));
    expect(await ledgerBreaches(t, tenant.tenantId)).toEqual([]);
  });
});
