import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardByNumber, createStore, createTemplate, soldCards } from '../helpers/card-fixtures';
import { createUser, signIn, type ApiClient, type ApiResponse, type TestTenant } from '../helpers/fixtures';
import { ledgerBreaches } from '../helpers/ledger-fixtures';
import { createMembers, pointsOf } from '../helpers/points-fixtures';
import { ok, startValueDocsScene } from '../helpers/stored-value-docs-fixtures';
import type { TestApp } from '../helpers/test-app';
import { setValueThresholds } from '../helpers/value-approval-fixtures';

/**
 * The value approval rule under random sequences (issue 24 item 7): value-creating documents
 * (stored-value, points and card adjustments, batch grants of coupons) drafted, edited (amounts
 * or only the remark) and audited by random users of different roles, till recharges with random
 * gifts and coupons issued directly in random numbers. A model of
 * who made or changed each document's amounts is the oracle of every answer: an audit succeeds
 * exactly when the user may write the document, it is still a draft, and its value is within
 * the threshold or the user is no maker; a till gift, or coupons issued directly, are refused
 * exactly when they are above the threshold. After each run: no audited value above the threshold was audited by a maker, the
 * answers' `valueMakers` are the model's, and every balance equals its entries. fast-check runs
 * with a fixed seed, so a failure replays.
 */

/** The thresholds of the runs (yuan, yuan, points, yuan): small, so both sides are drawn often. */
const THRESHOLD = 100;
const DOCS = ['store-value-adjust', 'score-adjust', 'prepay-card-adjust', 'batch-operate'] as const;
/** The face value of the coupons granted and issued (yuan): 1 to 20 of them are drawn. */
const COUPON_FACE = 10;
type DocResource = (typeof DOCS)[number];

/** Users: 0 and 1 hold every permission, 2 writes points adjustments only, 3 only reads (batch-operate: coupon grants). */
const USERS = 4;
const WRITES: readonly (readonly DocResource[])[] = [DOCS, DOCS, ['score-adjust'], []];

type Command =
  | { readonly type: 'draft'; readonly user: number; readonly doc: DocResource; readonly a: number; readonly b: number }
  | {
      readonly type: 'edit';
      readonly user: number;
      readonly target: number;
      readonly remarkOnly: boolean;
      readonly a: number;
      readonly b: number;
    }
  | { readonly type: 'audit'; readonly user: number; readonly target: number }
  | { readonly type: 'till'; readonly user: number; readonly amount: number; readonly gift: number }
  | { readonly type: 'coupons'; readonly user: number; readonly quantity: number };

const user = fc.nat({ max: USERS - 1 });
const amount = fc.integer({ min: 0, max: 2 * THRESHOLD });
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ type: fc.constant('draft' as const), user, doc: fc.constantFrom(...DOCS), a: amount, b: amount }) },
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('edit' as const), user, target: fc.nat(), remarkOnly: fc.boolean(), a: amount, b: amount }),
  },
  { weight: 4, arbitrary: fc.record({ type: fc.constant('audit' as const), user, target: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('till' as const),
      user: fc.nat({ max: 1 }),
      amount: fc.integer({ min: 1, max: 50 }),
      gift: amount,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('coupons' as const), user: fc.nat({ max: 1 }), quantity: fc.integer({ min: 1, max: 20 }) }),
  },
);

/** A document as the model knows it. */
interface ModelDoc {
  readonly resource: DocResource;
  readonly id: number;
  version: number;
  /** The value it creates, in yuan or points. */
  value: number;
  /** Users (by index) who created it or changed its amounts. */
  readonly makers: Set<number>;
  audited: boolean;
  auditor?: number;
}

let t: TestApp;
let tenant: TestTenant;
let clients: ApiClient[];
let userIds: number[];
let card: number;
let couponTemplate: number;
const reasons = {} as Record<DocResource, number>;
let run = 0;
/** What the runs exercised: each outcome must have happened at least once. */
const seen = {
  refusedMaker: 0,
  auditedBySecond: 0,
  auditedBelow: 0,
  forbidden: 0,
  remarkOnly: 0,
  tillRefused: 0,
  tillGiven: 0,
  couponsRefused: 0,
  couponsIssued: 0,
  grantsAudited: 0,
};

beforeAll(async () => {
  const scene = await startValueDocsScene();
  ({ t, tenant } = scene);
  const { admin, checker } = scene;
  await setValueThresholds(admin, {
    storedValueThreshold: THRESHOLD,
    cardValueThreshold: THRESHOLD,
    pointsThreshold: THRESHOLD,
    couponValueThreshold: THRESHOLD,
  });
  const view = (resourceId: string) => ({ resourceId, action: '单据查看' as const });
  const clerk = await createUser(t.database, {
    tenantId: tenant.tenantId,
    login: 'points-clerk',
    grants: [view('积分/积分调整单'), { resourceId: '积分/积分调整单', action: '配置维护' }],
  });
  const reader = await createUser(t.database, {
    tenantId: tenant.tenantId,
    login: 'doc-reader',
    grants: [view('积分/积分调整单'), view('储值/储值调整单'), view('储值/预付卡调整单')],
  });
  clients = [
    admin,
    checker,
    await signIn(t.app, { tenant: tenant.code, login: 'points-clerk', password: tenant.adminPassword }),
    await signIn(t.app, { tenant: tenant.code, login: 'doc-reader', password: tenant.adminPassword }),
  ];
  const reasonOf = (client: ApiClient, resource: string, code: string) =>
    ok(client.post(`/v1/${resource}-reason/saveNew`, { body: { code, name: code, direction: 'both' } }));
  const svReason = await reasonOf(admin, 'store-value-adjust', 'PR1');
  const pointsReason = await reasonOf(checker, 'score-adjust', 'PR2');
  reasons['store-value-adjust'] = Number(svReason.id);
  reasons['score-adjust'] = Number(pointsReason.id);
  reasons['prepay-card-adjust'] = Number((await reasonOf(admin, 'prepay-card-adjust', 'PR3')).id);
  userIds = [Number(svReason.createdBy), Number(pointsReason.createdBy), clerk.userId, reader.userId];
  const store = await createStore(admin, '随机门店');
  const template = await createTemplate(admin);
  const batch = await soldCards(admin, { templateId: template.id, storeId: store, quantity: 1 });
  card = Number((await cardByNumber(admin, batch.cards[0].number)).id);
  couponTemplate = Number(
    (
      await ok(
        admin.post('/v1/coupon-template/saveNew', { body: { name: '随机券', lineType: 'all_cash', rule: { cashValue: COUPON_FACE } } }),
      )
    ).id,
  );
  await ok(admin.post('/v1/coupon-template/enable', { query: { id: couponTemplate } }));
});
afterAll(async () => t?.close());

/** A document's amounts (its lines, or a grant's parameters) and the value they create, from two drawn numbers (at least 1 in total). */
function linesOf(args: { resource: DocResource; member: number; a: number; b: number }): {
  body: Record<string, unknown>;
  value: number;
} {
  const { resource, member } = args;
  if (resource === 'batch-operate') {
    // One member, 1 to 20 coupons of the template: 10 to 200 yuan.
    const couponCount = 1 + (args.a % 20);
    const body = { operation: 'grantCoupon', selectionMode: 'picked', couponTemplate, couponCount, lines: [{ member }] };
    return { body, value: COUPON_FACE * couponCount };
  }
  const a = args.a + args.b === 0 ? 1 : args.a;
  const reason = reasons[resource];
  if (resource === 'store-value-adjust') return { body: { lines: [{ member, principal: a, gift: args.b, reason }] }, value: a + args.b };
  const amount = Math.max(1, a);
  if (resource === 'score-adjust') return { body: { lines: [{ member, points: amount, reason }] }, value: amount };
  return { body: { lines: [{ card, amount, reason }] }, value: amount };
}

const mayWrite = (userIndex: number, resource: DocResource) => WRITES[userIndex].includes(resource);

async function runCommands(commands: readonly Command[], member: number): Promise<ModelDoc[]> {
  const docs: ModelDoc[] = [];
  for (const c of commands) {
    const client = clients[c.user];
    if (c.type === 'draft') {
      const { body, value } = linesOf({ resource: c.doc, member, a: c.a, b: c.b });
      const res = await client.post(`/v1/${c.doc}/saveNew`, { body: { remark: 'r', ...body } });
      if (!mayWrite(c.user, c.doc)) {
        expect(res.status).toBe(403);
        seen.forbidden += 1;
        continue;
      }
      expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
      expect(res.body.data.valueMakers).toEqual([userIds[c.user]]);
      docs.push({
        resource: c.doc,
        id: res.body.data.id,
        version: res.body.data.version,
        value,
        makers: new Set([c.user]),
        audited: false,
      });
    } else if (c.type === 'edit') {
      const doc = docs.length > 0 ? docs[c.target % docs.length] : undefined;
      if (!doc) continue;
      const change = c.remarkOnly ? null : linesOf({ resource: doc.resource, member, a: c.a, b: c.b });
      const body = { id: doc.id, version: doc.version, remark: `r${c.user}`, ...(change ? change.body : {}) };
      const res = await client.post(`/v1/${doc.resource}/modify`, { body });
      if (!mayWrite(c.user, doc.resource)) expect(res.status).toBe(403);
      else if (doc.audited) expect(res.status).toBe(409);
      else {
        expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
        doc.version = res.body.data.version;
        // A grant's amounts are its coupon count alone: the same count again changes nothing.
        if (change && (doc.resource !== 'batch-operate' || change.value !== doc.value)) {
          doc.value = change.value;
          doc.makers.add(c.user);
        } else seen.remarkOnly += 1;
        expect([...res.body.data.valueMakers].sort()).toEqual([...doc.makers].map((i) => userIds[i]).sort());
      }
    } else if (c.type === 'audit') {
      const doc = docs.length > 0 ? docs[c.target % docs.length] : undefined;
      if (!doc) continue;
      const res = await client.post(`/v1/${doc.resource}/audit`, { query: { id: doc.id } });
      expectAudit({ res, doc, userIndex: c.user });
    } else if (c.type === 'coupons') {
      const body = { requestNo: `C${run}-${Math.random()}`, templateId: couponTemplate, memberId: member, quantity: c.quantity };
      const res = await client.post('/v1/coupons/issue', { body });
      if (c.quantity * COUPON_FACE > THRESHOLD) {
        expect(res.status, JSON.stringify(res.body)).toBe(409);
        seen.couponsRefused += 1;
      } else {
        expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
        seen.couponsIssued += 1;
      }
    } else {
      const body = { requestNo: `P${run}-${Math.random()}`, memberId: member, channel: 'store', amount: c.amount, giftAmount: c.gift };
      const res = await client.post('/v1/stored-value/recharge', { body });
      if (c.gift > THRESHOLD) {
        expect(res.status, JSON.stringify(res.body)).toBe(409);
        expect(res.body.msg).toContain('giftAmount');
        seen.tillRefused += 1;
      } else {
        expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
        seen.tillGiven += 1;
      }
    }
  }
  return docs;
}

/** The model's answer to an audit, checked against the server's. */
function expectAudit(args: { res: ApiResponse; doc: ModelDoc; userIndex: number }): void {
  const { res, doc, userIndex } = args;
  if (!mayWrite(userIndex, doc.resource)) {
    expect(res.status).toBe(403);
    return;
  }
  if (doc.audited) {
    expect(res.status).toBe(409);
    return;
  }
  if (doc.value > THRESHOLD && doc.makers.has(userIndex)) {
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.msg).toMatch(/^需要第二人审核/);
    seen.refusedMaker += 1;
    return;
  }
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  doc.audited = true;
  doc.auditor = userIndex;
  if (doc.resource === 'batch-operate') seen.grantsAudited += 1;
  if (doc.value > THRESHOLD) seen.auditedBySecond += 1;
  else seen.auditedBelow += 1;
}

describe('value approval under random sequences of documents, edits, audits and till calls', () => {
  it('never lets one person apply value above the threshold, and keeps every balance equal to its entries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 8, maxLength: 20 }), async (commands) => {
        run += 1;
        const [member] = await createMembers({ client: clients[0], count: 1 });
        const docs = await runCommands(commands, member);
        for (const doc of docs.filter((d) => d.audited)) {
          // What landed: audited within the threshold, or by someone who made nothing of it.
          expect(doc.value <= THRESHOLD || !doc.makers.has(doc.auditor!), `${doc.resource} ${doc.id}`).toBe(true);
          const stored = await ok(clients[0].get(`/v1/${doc.resource}/info/${doc.id}`));
          // A grant runs in the background after its audit.
          expect(doc.resource === 'batch-operate' ? ['RUNNING', 'EFFECTED'] : ['EFFECTED']).toContain(stored.state);
          expect([...stored.valueMakers].sort()).toEqual([...doc.makers].map((i) => userIds[i]).sort());
        }
        const points = await pointsOf({ t, tenant, memberId: member });
        expect(points.balance).toBe(points.sum);
        expect(await ledgerBreaches(t, tenant.tenantId)).toEqual([]);
      }),
      { seed: 24, numRuns: 20, endOnFailure: true },
    );
    for (const [outcome, count] of Object.entries(seen)) expect(count, `${outcome}: ${JSON.stringify(seen)}`).toBeGreaterThan(0);
  });
});
