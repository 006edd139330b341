import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardByNumber, createStore, createTemplate, draftSale, makeCards, soldCards } from '../helpers/card-fixtures';
import { createTenant, createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { ledgerBreaches } from '../helpers/ledger-fixtures';
import { createMembers, pointsOf } from '../helpers/points-fixtures';
import { holding, ok, saveValueReason, startValueDocsScene, valueOf } from '../helpers/stored-value-docs-fixtures';
import type { TestApp } from '../helpers/test-app';
import { setValueThresholds } from '../helpers/value-approval-fixtures';

/**
 * The one approval rule of value (issue 24 item 1; server/crud/value-approval.ts): every finding
 * of the attack through the API, each audited by the user who created it, is refused above the
 * merchant's threshold of its kind and applied by a second person; a remark-only edit makes no
 * maker; below the threshold the maker still audits; a till gift above the threshold is refused;
 * the settings move the thresholds for their own merchant only.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let checker: ApiClient;
let store: number;

const audit = (resource: string, id: number, client: ApiClient = admin, locale?: string) =>
  client.post(`/v1/${resource}/audit`, { query: { id }, ...(locale ? { headers: { locale } } : {}) });

const info = async (resource: string, id: number, client: ApiClient = admin) => ok(client.get(`/v1/${resource}/info/${id}`));

const zh = (kind: string, amount: string, threshold: string) =>
  `需要第二人审核：该单据创建${kind} ${amount}，超过审批阈值 ${threshold}，而您创建或修改过它的金额`;
const en = (kind: string, amount: string, threshold: string) =>
  `Needs a second person: this document creates ${amount} of ${kind}, above the approval threshold of ${threshold}, and you created or changed its amounts`;

/** Each kind's name in the refusal, in both languages. */
const KIND_NAMES = { storedValue: ['储值', 'stored value'], cardValue: ['预付卡余额', 'card value'], points: ['积分', 'points'] } as const;

/**
 * Checks the maker's refusal (409 naming the kind, the amount and the default threshold in both
 * languages, nothing applied) and that the second person applies it.
 */
async function refusedToMakerThenApplied(args: {
  resource: string;
  id: number;
  kind: keyof typeof KIND_NAMES;
  amount: string;
}): Promise<void> {
  const [zhKind, enKind] = KIND_NAMES[args.kind];
  // The merchant's default thresholds: 10000.00 yuan, 10000 points.
  const threshold = args.kind === 'points' ? '10000' : '10000.00';
  const self = await audit(args.resource, args.id);
  expect(self.status, JSON.stringify(self.body)).toBe(409);
  expect(self.body.msg).toBe(zh(zhKind, args.amount, threshold));
  expect((await audit(args.resource, args.id, admin, 'en_US')).body.msg).toBe(en(enKind, args.amount, threshold));
  expect((await info(args.resource, args.id)).state).toBe('INITIAL');
  await ok(audit(args.resource, args.id, checker));
  expect((await info(args.resource, args.id)).state).toBe('EFFECTED');
}

/** A card of a new template, sold (activated with its face value of 100). */
async function soldCard(): Promise<Record<string, unknown>> {
  const template = await createTemplate(admin);
  const batch = await soldCards(admin, { templateId: template.id, storeId: store, quantity: 1 });
  return cardByNumber(admin, batch.cards[0].number);
}

beforeAll(async () => {
  ({ t, tenant, admin, checker } = await startValueDocsScene());
  store = await createStore(admin, '审批门店');
});
afterAll(async () => t?.close());

describe('the findings of the attack, each audited by its creator', () => {
  it('an opening balance of 10,000,000 principal + 10,000,000 gift', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const doc = await ok(admin.post('/v1/store-value-init/saveNew', { body: { member, principal: '10000000', gift: '10000000' } }));
    expect(doc.valueMakers).toEqual([doc.createdBy]);
    // The detail says what it creates, the threshold, and that its maker may not audit it.
    expect((await info('store-value-init', doc.id)).approval).toEqual({
      action: 'audit',
      values: [{ kind: 'storedValue', amount: 20_000_000, threshold: 10_000, above: true }],
      required: true,
      makers: [doc.createdBy],
      mayApprove: false,
    });
    expect((await info('store-value-init', doc.id, checker)).approval).toMatchObject({ required: true, mayApprove: true });
    await refusedToMakerThenApplied({ resource: 'store-value-init', id: doc.id, kind: 'storedValue', amount: '20000000.00' });
    expect(await valueOf({ t, tenant, memberId: member })).toEqual(holding('10000000.00', '10000000.00'));
  });

  it('a card adjustment of +20,000', async () => {
    const card = await soldCard();
    const reason = await ok(
      admin.post('/v1/prepay-card-adjust-reason/saveNew', { body: { code: 'VA1', name: '审批测试', direction: 'both' } }),
    );
    const doc = await ok(
      admin.post('/v1/prepay-card-adjust/saveNew', { body: { lines: [{ card: card.id, amount: 20_000, reason: reason.id }] } }),
    );
    await refusedToMakerThenApplied({ resource: 'prepay-card-adjust', id: doc.id, kind: 'cardValue', amount: '20000.00' });
    expect(await cardByNumber(admin, String(card.number))).toMatchObject({ balance: 20_100 });
  });

  it('a points adjustment of +10,000,000', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const reason = await ok(admin.post('/v1/score-adjust-reason/saveNew', { body: { code: 'VA2', name: '审批测试', direction: 'both' } }));
    const doc = await ok(admin.post('/v1/score-adjust/saveNew', { body: { lines: [{ member, points: 10_000_000, reason: reason.id }] } }));
    await refusedToMakerThenApplied({ resource: 'score-adjust', id: doc.id, kind: 'points', amount: '10000000' });
    expect(await pointsOf({ t, tenant, memberId: member })).toMatchObject({ balance: 10_000_000 });
  });

  it('a card top-up paying 0.01 with a 1,000,000 gift', async () => {
    const card = await soldCard();
    const doc = await ok(
      admin.post('/v1/prepay-card-pay/saveNew', {
        body: { store, payMethod: 'CASH', lines: [{ card: card.id, amount: '0.01', gift: 1_000_000 }] },
      }),
    );
    await refusedToMakerThenApplied({ resource: 'prepay-card-pay', id: doc.id, kind: 'cardValue', amount: '1000000.00' });
  });

  it('a till recharge of 0.01 with a 1,000,000 gift: refused, naming the gift (a till has no second person)', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const body = { requestNo: `VA-R-${Date.now()}`, memberId: member, channel: 'store', amount: '0.01', giftAmount: '1000000.00' };
    const refused = await admin.post('/v1/stored-value/recharge', { body });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.msg).toBe('giftAmount：赠送储值 1000000.00 超过审批阈值 10000.00，收银台没有第二人审核，请改用调整单据');
    const english = await admin.post('/v1/stored-value/recharge', {
      body: { ...body, requestNo: `${body.requestNo}-en` },
      headers: { locale: 'en_US' },
    });
    expect(english.body.msg).toBe(
      'giftAmount: a gift of 1000000.00 of stored value is above the approval threshold of 10000.00; a till has no second person, use an adjustment document instead',
    );
    expect(await valueOf({ t, tenant, memberId: member })).toEqual(holding('0.00', '0.00'));
    // At the threshold the gift is given.
    await ok(admin.post('/v1/stored-value/recharge', { body: { ...body, requestNo: `${body.requestNo}-ok`, giftAmount: '10000.00' } }));
    expect(await valueOf({ t, tenant, memberId: member })).toEqual(holding('0.01', '10000.00'));
  });

  it('a stored-value adjustment drafted by C, raised to 50,000 by A, its remark edited by B, audited by A: refused; B audits', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const reason = await saveValueReason(admin, { code: 'VA3', name: '审批测试', direction: 'both' });
    await createUser(t.database, { tenantId: tenant.tenantId, login: 'drafter', grants: 'all' });
    const drafter = await signIn(t.app, { tenant: tenant.code, login: 'drafter', password: tenant.adminPassword });
    const drafted = await ok(
      drafter.post('/v1/store-value-adjust/saveNew', { body: { lines: [{ member, principal: 10, gift: 0, reason }] } }),
    );
    const raised = await ok(
      admin.post('/v1/store-value-adjust/modify', {
        body: { id: drafted.id, version: drafted.version, lines: [{ member, principal: 50_000, gift: 0, reason }] },
      }),
    );
    // The old rule knew only the creator and the last editor: A, who raised it, was neither.
    const remarked = await ok(
      checker.post('/v1/store-value-adjust/modify', { body: { id: drafted.id, version: raised.version, remark: '复核' } }),
    );
    expect(remarked.valueMakers).toEqual([drafted.createdBy, raised.updatedBy]);
    expect(remarked.valueMakers).not.toContain(remarked.updatedBy);
    await refusedToMakerThenApplied({ resource: 'store-value-adjust', id: drafted.id, kind: 'storedValue', amount: '50000.00' });
    expect(await valueOf({ t, tenant, memberId: member })).toEqual(holding('50000.00', '0.00'));
  });

  it('a card sale bill whose face value is above what is paid (a discount)', async () => {
    const template = await createTemplate(admin);
    const batch = await makeCards(admin, { templateId: template.id, storeId: store, quantity: 2 });
    await setValueThresholds(admin, { cardValueThreshold: 100 });
    try {
      // Two cards of face 100 sold at 95 with a discount of 90: 200 posted for 100 paid.
      const bill = await draftSale(admin, {
        store,
        discount: 90,
        lines: [{ mode: 'RANGE', template: template.id, startNumber: batch.firstNumber, endNumber: batch.lastNumber }],
      });
      expect((await info('imprest-card-sale-bill', bill.id)).approval.values).toEqual([
        { kind: 'cardValue', amount: 100, threshold: 100, above: false },
      ]);
      // A bigger discount creates more than the threshold beyond what is paid.
      const current = await info('imprest-card-sale-bill', bill.id);
      const changed = await ok(
        checker.post('/v1/imprest-card-sale-bill/modify', { body: { id: bill.id, version: current.version, discount: 150 } }),
      );
      expect(changed.valueMakers).toEqual([bill.createdBy, changed.updatedBy]);
      expect((await audit('imprest-card-sale-bill', bill.id, checker)).status).toBe(409);
      expect((await audit('imprest-card-sale-bill', bill.id, admin)).body.msg).toBe(zh('预付卡余额', '160.00', '100.00'));
      await createUser(t.database, { tenantId: tenant.tenantId, login: 'third', grants: 'all' });
      const third = await signIn(t.app, { tenant: tenant.code, login: 'third', password: tenant.adminPassword });
      await ok(audit('imprest-card-sale-bill', bill.id, third));
    } finally {
      await setValueThresholds(admin, { cardValueThreshold: 10_000 });
    }
  });
});

describe('below the threshold, and the settings', () => {
  it('lets the maker audit at or below the threshold', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const doc = await ok(admin.post('/v1/store-value-init/saveNew', { body: { member, principal: '9000', gift: '1000' } }));
    expect((await info('store-value-init', doc.id)).approval).toMatchObject({ required: false, mayApprove: true });
    await ok(audit('store-value-init', doc.id));
    expect(await valueOf({ t, tenant, memberId: member })).toEqual(holding('9000.00', '1000.00'));
  });

  it('follows the thresholds the merchant saves, and only who configures roles saves them', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const reason = await ok(admin.post('/v1/score-adjust-reason/saveNew', { body: { code: 'VA4', name: '阈值测试', direction: 'both' } }));
    const draft = async (points: number) =>
      ok(admin.post('/v1/score-adjust/saveNew', { body: { lines: [{ member, points, reason: reason.id }] } }));
    const big = await draft(50_000);
    expect((await audit('score-adjust', big.id)).status).toBe(409);
    await setValueThresholds(admin, { pointsThreshold: 50_000 });
    try {
      await ok(audit('score-adjust', big.id));
      await setValueThresholds(admin, { pointsThreshold: 0 });
      const one = await draft(1);
      expect((await audit('score-adjust', one.id)).body.msg).toBe(zh('积分', '1', '0'));
    } finally {
      await setValueThresholds(admin, { pointsThreshold: 10_000 });
    }
    // A maker with the documents' rights reads the rule but may not lift it.
    await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'points-maker',
      grants: [
        { resourceId: '积分/积分调整单', action: '单据查看' },
        { resourceId: '积分/积分调整单', action: '配置维护' },
      ],
    });
    const maker = await signIn(t.app, { tenant: tenant.code, login: 'points-maker', password: tenant.adminPassword });
    const rule = await ok(maker.get('/v1/value-approval-setting/get'));
    expect(rule).toMatchObject({ storedValueThreshold: 10_000, cardValueThreshold: 10_000, pointsThreshold: 10_000 });
    expect((await maker.post('/v1/value-approval-setting/save', { body: { ...rule, pointsThreshold: 1_000_000_000 } })).status).toBe(403);
  });

  it("keeps each merchant's thresholds its own", async () => {
    await setValueThresholds(admin, { storedValueThreshold: 0 });
    try {
      const other = await createTenant(t.database);
      const boss = await signIn(t.app, { tenant: other.code, login: other.adminLogin, password: other.adminPassword });
      expect(await ok(boss.get('/v1/value-approval-setting/get'))).toMatchObject({ id: null, storedValueThreshold: 10_000 });
      const [member] = await createMembers({ client: boss, count: 1 });
      const doc = await ok(boss.post('/v1/store-value-init/saveNew', { body: { member, principal: '100', gift: '0' } }));
      await ok(audit('store-value-init', doc.id, boss));
      // Here, with 0, the same document needs a second person.
      const [mine] = await createMembers({ client: admin, count: 1 });
      const own = await ok(admin.post('/v1/store-value-init/saveNew', { body: { member: mine, principal: '100', gift: '0' } }));
      expect((await audit('store-value-init', own.id)).status).toBe(409);
    } finally {
      await setValueThresholds(admin, { storedValueThreshold: 10_000 });
    }
    expect(await ledgerBreaches(t, tenant.tenantId)).toEqual([]);
  });
});
