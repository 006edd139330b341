import { and, eq, getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  detailSections,
  formSections,
  labelKey,
  optionKey,
  tableOwner,
  type FieldDef,
  type ResourceDef,
  type StateAction,
} from '../../resources/define';
import { acceptsImagesOnly, fileFieldPaths } from '../../resources/contract/upload.types';
import { RESOURCES } from '../../resources/index';
import { activities } from '../../resources/promotion/activity.resource';
import { ACTIVITY_KINDS } from '../../resources/promotion/kinds/index';
import { prepareContractCards, type ContractCards } from '../helpers/card-fixtures';
import { pick, type Bilingual } from '../../resources/messages/bilingual';
import { buildRegistry, servedResources, type ResourceRuntime } from '../../server/crud/resource-registry';
import { SERVER_HOOKS } from '../../server/modules/resource-hooks';
import { drawNumber } from '../../server/crud/numbering';
import { objectRelations } from '../../server/crud/object-relations';
import { PLATFORM_REFERENCES } from '../../server/crud/platform-references';
import { isClientWritable, validateWrite } from '../../server/crud/record.validate';
import { readRefs, writeRefs } from '../../server/crud/route-access';
import {
  applyingMembers,
  editableInState,
  fieldApplies,
  hasFieldStateRules,
  isConditional,
  memberValueOf,
} from '../../resources/field-rules';
import {
  applyingBody,
  canApplyInView,
  compareForSort,
  filterValueFor,
  invalidValue,
  matchesFilter,
  sampleBody,
  scalarSample,
} from '../helpers/crud-samples';
import { anonymousClient, createTenant, createUser, signIn, type ApiClient, type ApiResponse, type TestTenant } from '../helpers/fixtures';
import { startTestApp, testClock, type TestApp } from '../helpers/test-app';
import { proveTimeline } from '../helpers/timeline-contract';
import { postValue } from '../../server/modules/ledger';

/**
 * The contract of the declaration engine, proved for every declared resource (DESIGN.md §6):
 * create, read back, filter by every filterable field, sort by every sortable field, page by
 * number and by cursor, modify with its version, delete, every state action from an allowed
 * and a forbidden state, every operation with and without its permission, another tenant's
 * ids, an invalid value of every field (with the fields it depends on set so that it applies),
 * the declared field state rules (a locked field refused, the others changed), and the derived
 * i18n keys in both locales.
 *
 * Conditional fields (`when`) are sampled to fit their conditions (crud-samples.ts). Cross-field
 * rules a declaration cannot state live in server hooks; the few resources with such rules give
 * a valid body fragment here.
 */
type Override = (ctx: {
  refs: Readonly<Record<string, number>>;
  seed: number;
}) => Record<string, unknown> | Promise<Record<string, unknown>>;
const OVERRIDES: Readonly<Record<string, Override>> = {
  // A code prefix is at most 6 capitals or digits.
  // A digits-only code needs at least 12 digits (the hook's rule), whatever the sample drew.
  'coupon-init': () => ({ codePrefix: 'QA', codeAlphabet: 'DIGITS', codeLength: 16 }),
  // A cash coupon with no goods listed (the scope's lists are given by RELATION_OVERRIDES).
  'coupon-template': () => ({ lineType: 'all_cash', rule: { cashValue: 10 }, goodsScope: 'ALL', storeScope: 'ALL', totalQuantity: null }),
  // Lines name a real coupon of the member, issued for the record: the audit uses it.
  'coupon-write-off': async ({ refs, seed }) => ({
    lines: [{ code: await newCouponCode(refs.member, seed), orderNo: `WO-${seed}`, discount: 5 }],
  }),
  // Price <= face value, enough serial digits, and numbers come from the allocator.
  'card-template': () => ({
    number: undefined,
    validityType: 'MONTHS',
    validityMonths: 12,
    faceValue: 100,
    price: 95,
    cardNumberPrefix: 'GC',
    cardNumberLength: 16,
  }),
  // Lines may only cite an enabled reason, in its direction; an audit posts positive points
  // (a deduction from a member with no points would rightly be refused).
  'score-adjust-reason': () => ({ enabled: true, direction: 'both' }),
  // Lines name a real member (made in beforeAll): the audit posts to the member's account.
  'score-adjust': ({ refs, seed }) => ({ lines: [{ member: refs.member, points: 10 + seed, reason: refs['score-adjust-reason'] }] }),
  // Card documents name real cards (prepareContractCards in beforeAll): a sale bill sells one card
  // in stock by number (its own per seed, so each audit has a card to activate), top-ups and
  // adjustments name a sold rechargeable card; their line totals are the server's.
  'imprest-card-sale-bill': ({ refs, seed }) => {
    const number = cards.inStock[seed % cards.inStock.length];
    return {
      buyerType: 'COMPANY',
      companyName: `Buyer ${seed}`,
      discount: 0,
      lines: [{ mode: 'RANGE', template: refs['card-template'], startNumber: number, endNumber: number }],
    };
  },
  'prepay-card-pay': ({ refs, seed }) => ({ lines: [{ card: refs['prepay-card'], amount: 10 + seed, gift: 1 }] }),
  'prepay-card-adjust-reason': () => ({ enabled: true, direction: 'both' }),
  'prepay-card-adjust': ({ refs, seed }) => ({
    lines: [{ card: refs['prepay-card'], amount: 1 + seed, reason: refs['prepay-card-adjust-reason'] }],
  }),
  'store-value-adjust-reason': () => ({ enabled: true, direction: 'both' }),
  'store-value-adjust': ({ refs, seed }) => ({
    lines: [{ member: refs.member, principal: 10 + seed, gift: 0, reason: refs['store-value-adjust-reason'] }],
  }),
  // A member receives one opening balance: each record names a member of its own.
  'store-value-init': async ({ seed }) => ({ member: await newMember(seed), principal: 10 + seed, gift: 1 }),
  // An identity per member and channel (the hook's rule): each record names a member of its own.
  'member-channel-identity': async ({ seed }) => ({ member: await newMember(seed), channel: 'WECHAT', externalId: `oOPENID-${seed}` }),
  // The card design within both wallets' limits (its hook): short texts, https buttons, no 1×1 images.
  ...Object.fromEntries(
    ['member-card', 'alipay-member-card'].map((name) => [
      name,
      () => ({
        brandName: '星河',
        title: '星河卡',
        notice: '出示会员码',
        prerogative: '积分',
        logo: null,
        background: null,
        numberPrefix: 'QA',
        activationMode: 'ONE_CLICK',
        openForm: ['MOBILE'],
        alipayButtons: { buttons: [{ text: '商城', url: 'https://shop.example.com' }] },
      }),
    ]),
  ),
  // Members picked by hand (a filter must match someone); a tag every member can take.
  // A group and a system tag need a valid condition tree; a member holds a tag once.
  'customer-group': () => ({ rule: JSON.stringify({ metric: 'state', operator: 'in', value: ['using'] }) }),
  'member-tag': () => ({ tagType: 'MANUAL' }),
  'member-tag-link': async ({ seed }) => ({ member: await newMember(seed) }),
  'batch-operate': ({ refs }) => ({ operation: 'addTag', tag: 'newcomer', selectionMode: 'picked', lines: [{ member: refs.member }] }),
  // Free levels form a ladder: distinct ranks, thresholds rising with the rank.
  // Activities: a window in order, no time windows, every goods, an effective-free reward (points only), a kind of the view's entry.
  ...Object.fromEntries(activities.resources.map((r) => [r.name, () => activityContractBody(r)])),
  // A marketing theme shows live activities only (its picker's rule): an audited one, made once.
  topic: async () => ({ activities: [await auditedActivity()], beginTime: '2026-01-01 00:00:00', endTime: '2036-01-01 00:00:00' }),
  // A pay-to-join rule: the highest amount above the lowest, a window WeChat accepts (at most 90 days);
  // its gift coupon must be effective (the relation case sets it, RELATION_OVERRIDES).
  'wechat-pay-rule': () => ({
    merchantIds: '1900000109',
    leastCost: 1,
    maxCost: 1000,
    beginTime: '2026-01-01 00:00:00',
    endTime: '2026-03-01 00:00:00',
    giftCoupon: null,
    jumpUrl: null,
  }),
  level: () => {
    levelRank += 1;
    return { levelType: 'FREE', rankOrder: levelRank, growthThreshold: levelRank * 100 };
  },
};
let levelRank = 0;

/** A valid activity body for the base, a kind's view or an entry's list view (resources/promotion). */
async function activityContractBody(resource: ResourceDef): Promise<Record<string, unknown>> {
  const family = resource.fixedFilter?.family;
  const kind = resource.fixedFilter?.kind ?? ACTIVITY_KINDS.find((k) => family === undefined || k.family === family)?.value;
  // Points for coupons gives coupons: of an effective template; so does a bulk coupon issue, to a
  // group, a third-party issuing campaign, through its application (with a coupon budget, so its
  // maker may audit it alone), a coupon code export, and a claim campaign.
  const claim = kind === 'MINI_PROGRAM_GAIN_COUPON' || kind === 'WEI_XIN_COUPON' || kind === 'OPEN_SCREEN_COUPON';
  const coupon =
    ['SCORE_GAIN_COUPON', 'GROUP_COUPON', 'THIRD_PARTY_ISSUE', 'EXPORT_CODE_SEND_COUPON'].includes(String(kind)) || claim
      ? await effectiveCouponTemplate()
      : null;
  const bulk = kind === 'GROUP_COUPON' ? { groupSendGroup: await contractGroup(), groupSendTemplate: coupon, groupSendCount: 1 } : {};
  const third =
    kind === 'THIRD_PARTY_ISSUE'
      ? { thirdApplication: await contractApplication(), thirdTemplate: coupon, thirdMaxPerRequest: 1, thirdSettlementPrice: 0 }
      : {};
  // A coupon code export names its template and its codes.
  const codes = kind === 'EXPORT_CODE_SEND_COUPON' ? { codeTemplate: coupon, codeCount: 5, codeLength: 12 } : {};
  // A claim campaign has a stock (its coupon budget).
  // A splash-screen coupon campaign also names its group.
  const claimed = claim
    ? { claimTemplate: coupon, claimCount: 1, ...(kind === 'OPEN_SCREEN_COUPON' ? { openScreenGroup: await contractGroup() } : {}) }
    : {};
  return {
    ...(claim ? { budget: { totalCoupons: 100 } } : {}),
    birthdayGives: resource.fixedFilter?.birthdayGives ?? 'POINTS',
    ...(resource.fixedFilter?.kind === undefined ? { kind } : {}),
    beginTime: '2026-01-01 00:00:00',
    endTime: '2036-01-01 00:00:00',
    dayTimes: [],
    goodsScope: 'ALL',
    // The reward is a part of the kind's rule (sampled members the kind does not have are dropped);
    // a top-up kind and a gift card campaign give by their tiers, a payment offer by its tiers or rate.
    rule: {
      rewardPoints: 10,
      rewardCouponTemplate: coupon,
      inviteeCouponTemplate: null,
      topUpTiers: { tiers: [{ threshold: 100, giftAmount: 10 }] },
      topUpCouponTemplate: null,
      topUpRepeat: 'EVERY',
      // A stored-value payment offer takes off by its tiers or its rate.
      payTiers: { tiers: [{ threshold: 100, off: 10 }] },
      payThreshold: 0,
      payRate: 9.5,
      payCouponStacking: 'STACK',
      // A gift card campaign: 10% off from 2 cards.
      cardSaleTiers: { tiers: [{ minCards: 2, discountPercent: 10 }] },
      ...bulk,
      ...third,
      ...codes,
      ...claimed,
    },
    ...(kind === 'THIRD_PARTY_ISSUE' ? { budget: { totalCoupons: 1 } } : {}),
  };
}

let application: number | null = null;
/** An application, made once (a third-party issuing campaign names the one that issues). */
async function contractApplication(): Promise<number> {
  if (application === null) {
    const grants = RESOURCES.find((r) => r.name === 'application')?.fields.grants as { options: Record<string, unknown> };
    const body = { name: 'Contract partner', kind: 'OTHER', stores: [], grants: Object.keys(grants.options).slice(0, 1) };
    const created = await okData(admin.post('/v1/application/saveNew', { body }));
    application = created.id as number;
  }
  return application;
}

let customerGroup: number | null = null;
/** A customer group, made once (a bulk coupon issue sends to one). */
async function contractGroup(): Promise<number> {
  if (customerGroup === null) {
    const created = await okData(
      admin.post('/v1/customer-group/saveNew', {
        body: { name: 'Contract group', rule: JSON.stringify({ metric: 'state', operator: 'in', value: ['using'] }) },
      }),
    );
    customerGroup = created.id as number;
  }
  return customerGroup;
}

let liveActivity: number | null = null;
/** An audited activity whose window holds every instant the contract stands at, made once. */
async function auditedActivity(): Promise<number> {
  if (liveActivity === null) {
    const base = activities.base;
    const created = await okData(admin.post(`/v1/${base.name}/saveNew`, { body: await validBody(base), headers: headers() }));
    await okData(admin.post(`/v1/${base.name}/audit`, { query: { id: created.id }, headers: headers() }));
    liveActivity = created.id as number;
  }
  return liveActivity;
}

/** A member of its own for a record that may name a member once. */
async function newMember(seed: number): Promise<number> {
  const mobile = `1360${String(seed).padStart(7, '0')}`;
  return (await okData(admin.post('/v1/member/saveNew', { body: { name: `Contract member ${seed}`, mobile, channel: 'store' } }))).id;
}

let couponTemplate: number | null = null;
/** An effective coupon template, made once. */
async function effectiveCouponTemplate(): Promise<number> {
  if (couponTemplate === null) {
    const created = await okData(
      admin.post('/v1/coupon-template/saveNew', { body: { name: 'Contract coupon', lineType: 'all_cash', rule: { cashValue: 10 } } }),
    );
    await okData(admin.post('/v1/coupon-template/enable', { query: { id: created.id } }));
    couponTemplate = created.id as number;
  }
  return couponTemplate;
}
/** A fresh coupon of `member` (an effective template made once), for a write-off line. */
async function newCouponCode(member: number, seed: number): Promise<string> {
  const templateId = await effectiveCouponTemplate();
  const issued = await okData(admin.post('/v1/coupons/issue', { body: { requestNo: `contract-${seed}`, templateId, memberId: member } }));
  return issued.coupons[0].code as string;
}

const registry = buildRegistry(servedResources(SERVER_HOOKS));
/** Settings objects (one record per tenant or centre) and read-only lists have their own shapes. */
// A view of a settings object is its base's one record from another entry (the Alipay card
// design): the base runs the contract, the view's sharing is tested with it (member-card.test.ts).
const settingsRuntimes = registry.runtimes.filter((r) => r.resource.singleton && r.resource.viewOf === undefined);
/** Settings shown under a second entry (`defineView` of a singleton): the same record, proved below. */
const settingsViewRuntimes = registry.runtimes.filter((r) => r.resource.singleton && r.resource.viewOf !== undefined);
const readOnlyRuntimes = registry.runtimes.filter((r) => !r.resource.singleton && r.resource.readOnly);
const crudRuntimes = registry.runtimes.filter((r) => !r.resource.singleton && !r.resource.readOnly);
/** Reads of a resource whose read list is empty need only a session (§6 free screens). */
const readsAreFree = (runtime: ResourceRuntime) => readRefs(runtime).length === 0;

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let stranger: ApiClient;
let centre: number;
let strangerCentre: number;
const refs: Record<string, number> = {};
let cards: ContractCards;
/** Uploads for file fields by `<table owner>:<field path>`. */
const uploads: Record<string, number> = {};
/** A 1×1 PNG: a valid upload for image fields and for fields that accept anything. */
const SAMPLE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
let seed = 0;

const headers = () => ({ marketingCenter: String(centre), time_zone: 'Asia/Shanghai' });

async function okData(promise: Promise<ApiResponse>) {
  const res = await promise;
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data;
}

/** A valid body of a resource, creating the records its relations need first. */
async function validBody(resource: ResourceDef, n = ++seed): Promise<Record<string, unknown>> {
  const targets = Object.values(resource.fields).flatMap((f) =>
    f.kind === 'relation'
      ? [f.resource]
      : f.kind === 'lines'
        ? Object.values(f.fields).flatMap((lf) => (lf.kind === 'relation' ? [lf.resource] : []))
        : f.kind === 'object'
          ? objectRelations(f).map((r) => r.field.resource)
          : [],
  );
  for (const target of targets) {
    if (refs[target] === undefined && target !== resource.name) {
      const runtime = registry.get(target);
      refs[target] = (
        await okData(admin.post(`/v1/${target}/saveNew`, { body: await validBody(runtime.resource), headers: headers() }))
      ).id;
    }
  }
  // A file field keeps an upload made for it (server/modules/uploads): one per resource and field.
  for (const { path, field } of fileFieldPaths(resource)) {
    const key = `${tableOwner(resource).name}:${path}`;
    uploads[key] ??= Number(
      (
        await okData(
          admin.post(`/v1/${resource.name}/upload`, {
            query: { field: path, fileName: acceptsImagesOnly(field) ? 'sample.png' : 'sample.bin' },
            body: SAMPLE_PNG,
            headers: { ...headers(), 'content-type': acceptsImagesOnly(field) ? 'image/png' : 'application/octet-stream' },
          }),
        )
      ).id,
    );
    refs[`upload:${path}`] = uploads[key];
  }
  return sampleBody({ resource, seed: n, refs, overrides: await OVERRIDES[resource.name]?.({ refs, seed: n }) });
}

async function createRecord(resource: ResourceDef) {
  return okData(admin.post(`/v1/${resource.name}/saveNew`, { body: await validBody(resource), headers: headers() }));
}

/** The value a sent value reads back as. */
function expected(f: FieldDef, sent: unknown): unknown {
  if (sent === null || sent === undefined) return null;
  switch (f.kind) {
    case 'money':
    case 'decimal':
      return Number(sent);
    case 'weekdays':
      return [...new Set(sent as number[])].sort((a, b) => a - b);
    case 'lines':
      // Top-level lines answer their `lineNo` besides the fields; lines inside an object do not.
      return (sent as Record<string, unknown>[]).map((line) =>
        expect.objectContaining(Object.fromEntries(Object.entries(line).map(([k, v]) => [k, f.fields[k] ? expected(f.fields[k], v) : v]))),
      );
    case 'object':
      return expectedMembers(f.fields, sent as Record<string, unknown>);
    case 'secret':
      // Never the secret itself: its mask.
      return expect.stringMatching(/^••••/);
    default:
      return sent;
  }
}

/** The server's clock: the system's, set to exact seconds by the cases of states that follow time. */
const clock = testClock();
/** The members of an object (or a line) a sent value reads back as; absent members answer null. */
function expectedMembers(fields: Readonly<Record<string, FieldDef>>, sent: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, expected(f, sent[name] ?? f.defaultValue)]));
}

beforeAll(async () => {
  t = await startTestApp({ clock });
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  centre = (await okData(admin.post('/v1/marketing-center/saveNew', { body: { code: 'MC', name: 'Centre' } }))).id;
  refs.member = (
    await okData(admin.post('/v1/member/saveNew', { body: { name: 'Contract member', mobile: '13700000001', channel: 'store' } }))
  ).id;
  cards = await prepareContractCards(admin);
  Object.assign(refs, {
    store: cards.store,
    'card-template': cards.template,
    'prepay-card-batch': cards.batch,
    'prepay-card': cards.activated,
  });
  const other = await createTenant(t.database);
  stranger = await signIn(t.app, { tenant: other.code, login: other.adminLogin, password: other.adminPassword });
  strangerCentre = (await okData(stranger.post('/v1/marketing-center/saveNew', { body: { code: 'MC', name: 'Other' } }))).id;
});

afterAll(async () => {
  await t?.close();
});

it('proves every declared resource (the list grows; each one is proved below)', () => {
  expect(registry.runtimes.map((r) => r.resource.name)).toEqual(RESOURCES.map((r) => r.name));
  expect(crudRuntimes.length + settingsRuntimes.length + settingsViewRuntimes.length + readOnlyRuntimes.length).toBe(RESOURCES.length);
});

/**
 * True when the declaration itself names a state lock on a field: the field's own `editableIn`,
 * or that of a form section of its table owner holding it. Read straight from the declaration
 * (not through field-rules.ts) so that a rule the engine stops seeing shows here as a lost case.
 */
function declaresFieldLocks(resource: ResourceDef): boolean {
  const sections = tableOwner(resource).form ?? [];
  return Object.entries(resource.fields).some(
    ([name, f]) => f.editableIn !== undefined || sections.some((s) => s.editableIn !== undefined && s.fields.includes(name)),
  );
}

/**
 * The states a client can bring a record into (by routed actions from the initial state) that
 * `states.editableIn` leaves out, so the whole record is locked there. A state that follows time
 * is proved by the timeline case at every boundary second (helpers/timeline-contract.ts).
 */
function reachableLockedStates(resource: ResourceDef): string[] {
  const states = resource.states;
  if (!states?.editableIn || states.timeline) return [];
  const editableIn = states.editableIn;
  return stateNames(resource).filter(
    (state) => !editableIn.includes(state) && pathTo({ resource, from: states.initial, goal: [state] }) !== null,
  );
}

/** The values of a resource's state field. */
function stateNames(resource: ResourceDef): string[] {
  return resource.states ? Object.keys((resource.fields[resource.states.field] as { options: object }).options) : [];
}

const namesOf = (runtimes: readonly ResourceRuntime[]) => runtimes.map((r) => r.resource.name);

it('generates a state lock case for every resource whose declaration locks, and for no other', () => {
  // A field or form section with `editableIn`: the field lock case.
  const fieldLocked = crudRuntimes.filter((r) => r.resource.states !== undefined && hasFieldStateRules(r.resource));
  expect(namesOf(fieldLocked)).toEqual(namesOf(crudRuntimes.filter((r) => declaresFieldLocks(r.resource))));
  // States that lock the whole record: each one a client can reach gets the record lock case;
  // a state timeline proves its locked states itself.
  const recordLocked = crudRuntimes.filter((r) => reachableLockedStates(r.resource).length > 0);
  const declared = crudRuntimes.filter((r) => {
    const states = r.resource.states;
    return states?.editableIn !== undefined && !states.timeline && stateNames(r.resource).some((s) => !states.editableIn!.includes(s));
  });
  expect(namesOf(recordLocked)).toEqual(namesOf(declared));
  const timelineLocked = crudRuntimes.filter((r) => r.resource.states?.timeline && r.resource.states.editableIn);
  // Printed so the count of generated lock cases is in the run's output.
  console.info(
    `state lock cases: ${fieldLocked.length} field (${namesOf(fieldLocked).join(', ')}), ` +
      `${recordLocked.length} record (${namesOf(recordLocked).join(', ')}), ${timelineLocked.length} by timeline`,
  );
  expect(fieldLocked.length + recordLocked.length + timelineLocked.length).toBeGreaterThan(0);
});

describe.each(crudRuntimes.map((runtime) => [runtime.resource.name, runtime] as const))('%s', (name, runtime: ResourceRuntime) => {
  const { resource } = runtime;
  const url = (op: string) => `/v1/${name}/${op}`;
  let a: Record<string, any>;
  let b: Record<string, any>;
  let reader: ApiClient;
  let nobody: ApiClient;

  beforeAll(async () => {
    a = await createRecord(resource);
    b = await createRecord(resource);
    const password = tenant.adminPassword;
    await createUser(t.database, { tenantId: tenant.tenantId, login: `${name}-reader`, grants: readRefs(runtime) });
    await createUser(t.database, { tenantId: tenant.tenantId, login: `${name}-nobody`, grants: [] });
    reader = await signIn(t.app, { tenant: tenant.code, login: `${name}-reader`, password });
    nobody = await signIn(t.app, { tenant: tenant.code, login: `${name}-nobody`, password });
  });

  const query = (body: Record<string, unknown>, client = admin) => client.post(url('query'), { body, headers: headers() });

  it('creates a record and reads back what was sent', async () => {
    const body = await validBody(resource);
    const created = await okData(admin.post(url('saveNew'), { body, headers: headers() }));
    const info = await okData(admin.get(url(`info/${created.id}`), { headers: headers() }));
    expect(info).toEqual(created);
    expect(created.version).toBe(1);
    if (resource.states) expect(created[resource.states.field]).toBe(resource.states.initial);
    for (const [key, value] of Object.entries(body)) {
      const f = resource.fields[key];
      if (value === undefined || !isClientWritable(resource, key, f)) continue;
      // A hook may normalise a value (upper-case codes); what it wrote is what info shows.
      if (f.kind === 'text' && typeof value === 'string' && String(created[key]).toLowerCase() === value.toLowerCase()) continue;
      // An object answers the members that apply to the record (a kind's rule: its kind's).
      const own =
        f.kind === 'object'
          ? applyingMembers(f, memberValueOf({ f, value, valueOf: (n) => resource.fixedFilter?.[n] ?? body[n] ?? null }))
          : f;
      expect(created[key], key).toEqual(expected(own, value));
    }
  });

  // Cases are generated for the resources they apply to: a resource without filterable fields,
  // searchable text or states gets no filter, keyword or state case (never one that passes by
  // asserting nothing).
  const filterable = Object.entries(resource.fields).filter(([, f]) => f.filter);
  const searchableText = Object.entries(resource.fields).filter(([, f]) => f.searchable && f.kind === 'text');
  const states = resource.states;

  if (filterable.length > 0)
    it('filters by every filterable field', async () => {
      // A field the valid body leaves empty (a hook clears it for the chosen kind) has no value to filter by.
      const withValue = filterable.filter(([field]) => a[field] !== null && a[field] !== undefined);
      expect(withValue.length, 'filterable fields with a value').toBeGreaterThan(0);
      for (const [field, f] of withValue) {
        const filter = filterValueFor(f, a[field]);
        const data = await okData(query({ filters: { [field]: filter }, pageSize: 200 }));
        const ids = data.records.map((r: { id: number }) => r.id);
        expect(ids, `${field} ${JSON.stringify(filter)}`).toContain(a.id);
        for (const record of data.records)
          expect(matchesFilter(f, record[field], filter), `${field}: ${JSON.stringify(record[field])}`).toBe(true);
      }
    });

  if (searchableText.length > 0)
    it('searches by keyword in searchable fields', async () => {
      const found = searchableText.find(([name]) => typeof a[name] === 'string');
      expect(found, 'a searchable text field with a value').toBeDefined();
      const [field] = found!;
      const keyword = String(a[field]).slice(0, 4);
      const data = await okData(query({ keyword, pageSize: 200 }));
      expect(data.records.map((r: { id: number }) => r.id)).toContain(a.id);
    });

  it('sorts by every sortable field, both ways', async () => {
    const sortable = [
      ...Object.entries(resource.fields)
        .filter(([, f]) => f.sortable)
        .map(([field]) => field),
      resource.list.defaultSort.field,
    ];
    const fallback = resource.list.defaultSort.field;
    for (const field of new Set(sortable)) {
      // The default sort follows as the next key; asking it in the same direction makes the
      // whole order (ending with the id tiebreak) exactly reversible.
      const sorters = (order: 'asc' | 'desc') => [{ field, order }, ...(field === fallback ? [] : [{ field: fallback, order }])];
      const asc = (await okData(query({ sorters: sorters('asc'), pageSize: 200 }))).records;
      const desc = (await okData(query({ sorters: sorters('desc'), pageSize: 200 }))).records;
      expect(
        desc.map((r: { id: number }) => r.id),
        field,
      ).toEqual([...asc].reverse().map((r: { id: number }) => r.id));
      const f = resource.fields[field];
      // A state that follows time sorts in its life cycle's order (proved with the timeline).
      const timed = states?.timeline !== undefined && field === states.field;
      if (f && f.kind !== 'text' && f.kind !== 'longText' && !timed) {
        for (let i = 1; i < asc.length; i += 1) expect(compareForSort(asc[i - 1][field], asc[i][field]), field).toBeLessThanOrEqual(0);
      }
    }
  });

  it('pages by page number and by cursor alike', async () => {
    const first = await okData(query({ page: 1, pageSize: 1 }));
    const second = await okData(query({ page: 2, pageSize: 1 }));
    const next = await okData(query({ cursor: first.nextCursor, pageSize: 1 }));
    expect(first.total).toBeGreaterThanOrEqual(2);
    expect(first.totalIsEstimate).toBe(false);
    expect(next.records).toEqual(second.records);
    expect(next.records[0].id).not.toBe(first.records[0].id);
  });

  // A record locked from its creation is proved by the record lock case below.
  const editableWhenNew = !states?.editableIn || states.editableIn.includes(states.initial);
  if (editableWhenNew)
    it('modifies with the version and refuses a stale one', async () => {
      // A free-text field first: the least likely to meet a cross-field rule of a hook.
      const candidates = Object.entries(resource.fields).filter(
        ([key, f]) =>
          isClientWritable(resource, key, f) &&
          !f.readOnlyAfterCreate &&
          !f.unique &&
          !isConditional(resource, key) &&
          f.kind !== 'lines' &&
          f.kind !== 'relation' &&
          f.kind !== 'tree' &&
          scalarSample({ f, seed: 99, name: key, refs }) !== undefined,
      );
      const rank = (kind: string) => (['longText', 'text'].indexOf(kind) === -1 ? 2 : ['longText', 'text'].indexOf(kind));
      const field = [...candidates].sort((x, y) => rank(x[1].kind) - rank(y[1].kind))[0];
      const fresh = await createRecord(resource);
      const change = field ? { [field[0]]: scalarSample({ f: field[1] as never, seed: 99, name: field[0], refs }) } : {};
      const res = await admin.post(url('modify'), { body: { id: fresh.id, version: fresh.version, ...change }, headers: headers() });
      expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
      expect(res.body.data.version).toBe(2);
      if (field) expect(res.body.data[field[0]]).toEqual(expected(field[1], change[field[0]]));
      const stale = await admin.post(url('modify'), { body: { id: fresh.id, version: 1, ...change }, headers: headers() });
      expect(stale.status).toBe(409);
    });

  // Generated only for a resource with fields its states lock (counted above).
  if (states && hasFieldStateRules(resource))
    it('refuses to change a field its state locks, and changes the others', async () => {
      const editable = (state: string) => !states.editableIn || states.editableIn.includes(state);
      const writable = Object.entries(resource.fields).filter(
        ([key, f]) =>
          isClientWritable(resource, key, f) &&
          !f.readOnlyAfterCreate &&
          !f.unique &&
          f.kind !== 'lines' &&
          f.kind !== 'relation' &&
          f.kind !== 'tree' &&
          !isConditional(resource, key),
      );
      // A state the record can be edited in, where some field is locked and some other is not.
      const state = stateNames(resource).find(
        (s) =>
          editable(s) &&
          writable.some(([key]) => !editableInState(resource, key, s)) &&
          writable.some(([key]) => editableInState(resource, key, s)),
      );
      expect(state, 'a state with locked and free fields').toBeDefined();
      const fresh = await createRecord(resource);
      await moveTo(resource, fresh, [state!]);
      let record = await okData(admin.get(url(`info/${fresh.id}`), { headers: headers() }));
      expect(record[states.field]).toBe(state);
      const changeOf = ([key, f]: [string, FieldDef]) => {
        const value = [99, 98, 97]
          .map((n) => scalarSample({ f: f as never, seed: n, name: key, refs }))
          .find((v) => v !== undefined && JSON.stringify(expected(f, v)) !== JSON.stringify(record[key]));
        return value === undefined ? null : { [key]: value };
      };
      const locked = writable
        .filter(([key]) => !editableInState(resource, key, state))
        .map(changeOf)
        .find((c) => c !== null);
      expect(locked, 'a locked field to change').toBeDefined();
      // The whole record sent back unchanged passes; one locked field changed is refused, named.
      const same = await admin.post(url('modify'), { body: { ...record }, headers: headers() });
      expect(same.body.code, JSON.stringify(same.body)).toBe(2000);
      record = same.body.data;
      const refused = await admin.post(url('modify'), { body: { id: record.id, version: record.version, ...locked }, headers: headers() });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.data.fields.map((e: { field: string }) => e.field)).toEqual(Object.keys(locked!));
      const free = writable
        .filter(([key]) => editableInState(resource, key, state))
        .map(changeOf)
        .find((c) => c !== null);
      expect(free, 'a free field to change').toBeDefined();
      const changed = await okData(
        admin.post(url('modify'), { body: { id: record.id, version: record.version, ...free }, headers: headers() }),
      );
      const [key] = Object.keys(free!);
      expect(changed[key]).toEqual(expected(resource.fields[key], free![key]));
    });

  // States that lock the whole record (`states.editableIn`), each reached as a client would.
  const lockedStates = reachableLockedStates(resource);
  if (states && lockedStates.length > 0)
    it('refuses any change in a state that locks the record', async () => {
      for (const state of lockedStates) {
        const fresh = await createRecord(resource);
        await moveTo(resource, fresh, [state]);
        const record = await okData(admin.get(url(`info/${fresh.id}`), { headers: headers() }));
        expect(record[states.field], 'the state reached').toBe(state);
        // Even the record sent back unchanged is refused.
        for (const body of [{ id: record.id, version: record.version }, { ...record }]) {
          const refused = await admin.post(url('modify'), { body, headers: headers() });
          expect(refused.status, `modify in ${state}: ${JSON.stringify(refused.body)}`).toBe(409);
        }
        // No modify was applied. A job of the record may still write its own progress, and end
        // it by a server action (a batch document's run: RUNNING -> EFFECTED), which counts a version.
        const after = await okData(admin.get(url(`info/${fresh.id}`), { headers: headers() }));
        const movedOnByServer = Object.values(states.actions)
          .filter((action) => action.server === true && action.from.includes(state))
          .map((action) => action.to);
        if (after[states.field] === state) expect(after.version).toBe(record.version);
        else expect(movedOnByServer, `${state} -> ${after[states.field]}`).toContain(after[states.field]);
      }
    });

  it('deletes where the declaration allows it', async () => {
    const fresh = await createRecord(resource);
    const res = await admin.post(url('delete'), { query: { id: fresh.id }, headers: headers() });
    if (resource.deletable === false) {
      expect(res.status).toBe(404);
      return;
    }
    const deletable = !resource.states?.deletableIn || resource.states.deletableIn.includes(resource.states.initial);
    expect(res.status, JSON.stringify(res.body)).toBe(deletable ? 200 : 409);
    expect((await admin.get(url(`info/${fresh.id}`), { headers: headers() })).status).toBe(deletable ? 404 : 200);
  });

  // States that follow time: the shown state at the window's boundary seconds (detail, list,
  // filter, sort) and the preconditions by the shown state (tests/helpers/timeline-contract.ts).
  if (states?.timeline)
    it('shows the state its window gives at every boundary second, and acts by it', async () => {
      await proveTimeline({ resource, client: admin, clock, body: await validBody(resource), headers: headers() });
    });

  // A stored state the actions lead to is the shown one only without a timeline (above).
  if (states && !states.timeline && routedActions(resource).length > 0)
    it('moves the state only from the allowed states', async () => {
      for (const [action, def] of routedActions(resource)) {
        // Reach a state the action accepts by applying other actions from the initial state.
        const fresh = await createRecord(resource);
        const path = pathTo({ resource, from: states.initial, goal: def.from });
        expect(path, `${action} is reachable`).not.toBeNull();
        // Actions that take a reason get one (a missing required reason is refused: members test).
        const body = (name: string) => (states.actions[name].reason ? { reason: `contract ${name}` } : undefined);
        for (const step of path ?? [])
          await okData(admin.post(url(step), { query: { id: fresh.id }, body: body(step), headers: headers() }));
        const moved = await okData(admin.post(url(action), { query: { id: fresh.id }, body: body(action), headers: headers() }));
        expect(moved[states.field]).toBe(def.to);
        if (!def.from.includes(def.to)) {
          const again = await admin.post(url(action), { query: { id: fresh.id }, body: body(action), headers: headers() });
          expect(again.status).toBe(409);
        }
      }
    });

  const serverActions = Object.entries(resource.states?.actions ?? {}).filter(([, def]) => def.server);
  if (serverActions.length > 0)
    it('gives a server action (a job moves it) no route', async () => {
      for (const [action] of serverActions) {
        expect((await admin.post(url(action), { query: { id: a.id }, headers: headers() })).status).toBe(404);
      }
    });

  it('answers each operation by permission: reader reads only, no grant nothing', async () => {
    const actions = routedActions(resource).map(([name]) => name);
    const calls = (client: ApiClient) => [
      client.post(url('query'), { body: {}, headers: headers() }),
      client.get(url(`info/${a.id}`), { headers: headers() }),
      client.get(url('options'), { headers: headers() }),
      client.post(url('saveNew'), { body: {}, headers: headers() }),
      client.post(url('modify'), { body: { id: a.id, version: a.version }, headers: headers() }),
      ...(resource.deletable === false ? [] : [client.post(url('delete'), { query: { id: b.id }, headers: headers() })]),
      ...actions.map((action) => client.post(url(action), { query: { id: b.id }, headers: headers() })),
    ];
    const readerStatuses = (await Promise.all(calls(reader))).map((r) => r.status);
    const writes = readerStatuses.length - 3;
    // A reader who also holds the write action (a resource whose read list includes it) is not "read only".
    const readerWrites = writeRefs(runtime).some((w) =>
      readRefs(runtime).some((r) => r.resourceId === w.resourceId && r.action === w.action),
    );
    expect(readerStatuses.slice(0, 3)).toEqual([200, 200, 200]);
    if (!readerWrites) expect(readerStatuses.slice(3)).toEqual(Array(writes).fill(403));
    const reads = readsAreFree(runtime) ? 200 : 403;
    expect((await Promise.all(calls(nobody))).map((r) => r.status)).toEqual([reads, reads, reads, ...Array(writes).fill(403)]);
  });

  it("answers another tenant's ids with 404 and never lists them", async () => {
    const own = { marketingCenter: String(strangerCentre) };
    expect((await stranger.get(url(`info/${a.id}`), { headers: own })).status).toBe(404);
    expect((await stranger.post(url('modify'), { body: { id: a.id, version: a.version }, headers: own })).status).toBe(404);
    if (resource.deletable !== false) expect((await stranger.post(url('delete'), { query: { id: a.id }, headers: own })).status).toBe(404);
    for (const [action] of routedActions(resource)) {
      expect((await stranger.post(url(action), { query: { id: a.id }, headers: own })).status).toBe(404);
    }
    const listed = await okData(stranger.post(url('query'), { body: { pageSize: 200 }, headers: own }));
    expect(listed.records.map((r: { id: number }) => r.id)).not.toContain(a.id);
    expect((await admin.get(url(`info/${a.id}`), { headers: headers() })).status).toBe(200);
  });

  // A record naming one marketing centre is changed only by users of that centre (issue 24 §5).
  const centreField = Object.entries(resource.fields).find(
    ([field, f]) =>
      resource.scope !== 'marketingCenter' &&
      f.kind === 'relation' &&
      f.resource === 'marketing-center' &&
      !f.multiple &&
      isClientWritable(resource, field, f),
  )?.[0];
  if (centreField)
    it("answers a user of another marketing centre 404 on every read, change and action of a centre's record", async () => {
      const record = await okData(
        admin.post(url('saveNew'), { body: { ...(await validBody(resource)), [centreField]: centre }, headers: headers() }),
      );
      const elsewhere = (
        await okData(admin.post('/v1/marketing-center/saveNew', { body: { code: `E${(seed += 1)}`, name: `Elsewhere ${name}` } }))
      ).id as number;
      const login = `${name}-elsewhere`;
      await createUser(t.database, {
        tenantId: tenant.tenantId,
        login,
        grants: [...readRefs(runtime), ...writeRefs(runtime)],
        marketingCenterIds: [elsewhere],
      });
      const user = await signIn(t.app, { tenant: tenant.code, login, password: tenant.adminPassword });
      const own = { marketingCenter: String(elsewhere), time_zone: 'Asia/Shanghai' };
      // Not read: not in the list, its picker or its detail.
      const listed = await okData(user.post(url('query'), { body: { pageSize: 200 }, headers: own }));
      expect(listed.records.map((r: { id: number }) => r.id)).not.toContain(record.id);
      const offered = await okData(user.get(url('options'), { query: { id: String(record.id) }, headers: own }));
      expect(offered.map((o: { id: number }) => o.id)).not.toContain(record.id);
      const statuses = [
        (await user.get(url(`info/${record.id}`), { headers: own })).status,
        (await user.post(url('modify'), { body: { id: record.id, version: record.version }, headers: own })).status,
        ...(resource.deletable === false ? [] : [(await user.post(url('delete'), { query: { id: record.id }, headers: own })).status]),
      ];
      for (const [action] of routedActions(resource)) {
        statuses.push((await user.post(url(action), { query: { id: record.id }, body: { reason: 'x' }, headers: own })).status);
      }
      expect(statuses).toEqual(statuses.map(() => 404));
      expect((await admin.get(url(`info/${record.id}`), { headers: headers() })).body.data.version).toBe(record.version);
    });

  const invalidable = Object.entries(resource.fields).filter(
    ([field, f]) => isClientWritable(resource, field, f) && canApplyInView(resource, field),
  );
  if (invalidable.length > 0)
    it('refuses an invalid value of every field, naming the field', async () => {
      for (const [field, f] of invalidable) {
        const body = { ...applyingBody({ resource, name: field, body: await validBody(resource), seed, refs }), [field]: invalidValue(f) };
        const res = await admin.post(url('saveNew'), { body, headers: headers() });
        expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
        const named = (res.body.data?.fields ?? []).map((e: { field: string }) => e.field.split('.')[0]);
        expect(named, field).toContain(field);
      }
    });
});

describe.each(settingsRuntimes.map((runtime) => [runtime.resource.name, runtime] as const))(
  '%s (settings)',
  (name, runtime: ResourceRuntime) => {
    const { resource } = runtime;
    const url = (op: string) => `/v1/${name}/${op}`;

    it('answers the defaults before the first save, then saves with the version read', async () => {
      const defaults = await okData(admin.get(url('get'), { headers: headers() }));
      expect(defaults).toMatchObject({ id: null, version: 0 });
      for (const [field, f] of Object.entries(resource.fields)) {
        // A conditional field's default holds only while it applies; otherwise it is null.
        const applies = fieldApplies({ resource, name: field, valueOf: (n) => defaults[n] });
        if (f.defaultValue !== undefined) expect(defaults[field], field).toEqual(applies ? expected(f, f.defaultValue) : null);
      }
      const body = await validBody(resource);
      const saved = await okData(admin.post(url('save'), { body: { ...body, version: 0 }, headers: headers() }));
      expect(saved.version).toBe(1);
      for (const [key, value] of Object.entries(body)) {
        if (value !== undefined) expect(saved[key], key).toEqual(expected(resource.fields[key], value));
      }
      expect(await okData(admin.get(url('get'), { headers: headers() }))).toEqual(saved);
      const stale = await admin.post(url('save'), { body: { ...body, version: 0 }, headers: headers() });
      expect(stale.status).toBe(409);
      expect((await okData(admin.post(url('save'), { body: { ...body, version: 1 }, headers: headers() }))).version).toBe(2);
      // Another tenant has its own settings.
      const theirs = await okData(stranger.get(url('get'), { headers: { marketingCenter: String(strangerCentre) } }));
      expect(theirs.id === null || theirs.id !== saved.id).toBe(true);
    });

    it('answers by permission: reader reads only, no grant nothing', async () => {
      const password = tenant.adminPassword;
      await createUser(t.database, { tenantId: tenant.tenantId, login: `${name}-reader`, grants: readRefs(runtime) });
      await createUser(t.database, { tenantId: tenant.tenantId, login: `${name}-nobody`, grants: [] });
      const reader = await signIn(t.app, { tenant: tenant.code, login: `${name}-reader`, password });
      const nobody = await signIn(t.app, { tenant: tenant.code, login: `${name}-nobody`, password });
      const calls = (client: ApiClient) => [
        client.get(url('get'), { headers: headers() }),
        client.post(url('save'), { body: { version: 0 }, headers: headers() }),
      ];
      expect((await Promise.all(calls(reader))).map((r) => r.status)).toEqual([200, 403]);
      expect((await Promise.all(calls(nobody))).map((r) => r.status)).toEqual([readsAreFree(runtime) ? 200 : 403, 403]);
    });

    const writable = Object.entries(resource.fields).filter(([field, f]) => isClientWritable(resource, field, f));
    if (writable.length > 0)
      it('refuses an invalid value of every field, naming the field', async () => {
        const { version } = await okData(admin.get(url('get'), { headers: headers() }));
        for (const [field, f] of writable) {
          const res = await admin.post(url('save'), {
            body: {
              ...applyingBody({ resource, name: field, body: await validBody(resource), seed, refs }),
              [field]: invalidValue(f),
              version,
            },
            headers: headers(),
          });
          expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
          expect(
            (res.body.data?.fields ?? []).map((e: { field: string }) => e.field.split('.')[0]),
            field,
          ).toContain(field);
        }
      });
  },
);

describe.each(readOnlyRuntimes.map((runtime) => [runtime.resource.name, runtime] as const))(
  '%s (read-only)',
  (name, runtime: ResourceRuntime) => {
    const url = (op: string) => `/v1/${name}/${op}`;

    it('lists and filters for readers, and offers no write route', async () => {
      const password = tenant.adminPassword;
      await createUser(t.database, { tenantId: tenant.tenantId, login: `${name}-reader`, grants: readRefs(runtime) });
      await createUser(t.database, { tenantId: tenant.tenantId, login: `${name}-nobody`, grants: [] });
      const reader = await signIn(t.app, { tenant: tenant.code, login: `${name}-reader`, password });
      const nobody = await signIn(t.app, { tenant: tenant.code, login: `${name}-nobody`, password });
      const listed = await okData(reader.post(url('query'), { body: { pageSize: 5 }, headers: headers() }));
      expect(listed).toMatchObject({ totalIsEstimate: false });
      expect((await nobody.post(url('query'), { body: {}, headers: headers() })).status).toBe(readsAreFree(runtime) ? 200 : 403);
      expect((await reader.get(url('info/987654321'), { headers: headers() })).status).toBe(404);
      for (const op of ['saveNew', 'modify', 'delete'])
        expect((await admin.post(url(op), { body: {}, headers: headers() })).status, op).toBe(404);
    });
  },
);

/**
 * Safe deletes, for every relation the declarations hold (DESIGN.md §6 contract style): a fresh
 * target, a record pointing at it through the relation; deleting the target is refused with
 * 409 naming the referrer; once the referrer is gone, the target deletes. Relations to a
 * resource that has no delete route (members, settings, read-only lists) need no check.
 */
const hasDeleteRoute = (resource: ResourceDef) => resource.deletable !== false && !resource.readOnly && !resource.singleton;

/**
 * Body fragments that make a referrer keep a relation its hooks would otherwise clear; `direct`
 * writes the record straight into its table (a filter that no member matches yet is refused by
 * the batch hook, and a matching member would point at the target too).
 */
/** A third-party issuing campaign's rule naming the referenced application and template. */
const thirdRule = (r: Readonly<Record<string, number>>) => ({
  thirdApplication: r.application,
  thirdTemplate: r['coupon-template'],
  thirdMaxPerRequest: 1,
  thirdSettlementPrice: 0,
});

const RELATION_OVERRIDES: Readonly<
  Record<
    string,
    {
      body: (refs: Readonly<Record<string, number>>) => Record<string, unknown>;
      direct?: boolean;
      /** The state the target is in (set in its table) while the referrer is saved; restored after. */
      targetState?: string;
    }
  >
> = {
  // Only paid levels are sold in some stores.
  'level.suitStores': { body: (r) => ({ levelType: 'PAID', price: 100, termMonths: 12, growthThreshold: null, suitStores: [r.store] }) },
  // Each operation keeps its own parameter, each selection mode its own filter.
  'batch-operate.targetLevel': { body: (r) => ({ operation: 'changeLevel', tag: null, targetLevel: r.level }) },
  // Stored directly: a save grants from an effective template only, and only a draft can be deleted.
  'batch-operate.couponTemplate': {
    body: (r) => ({ operation: 'grantCoupon', tag: null, couponTemplate: r['coupon-template'], couponCount: 1 }),
    direct: true,
  },
  // A sale bill's line sells an enabled template only (its picker's rule), and only a draft
  // template can be deleted: the template is enabled while the bill is saved, then put back.
  'imprest-card-sale-bill.lines.template': { body: () => ({}), targetState: 'ENABLED' },
  // Its campaign's bonus template (server-managed, written after the save): its lines sell that template too.
  'imprest-card-sale-bill.bonusTemplate': { body: () => ({}), targetState: 'ENABLED' },
  'batch-operate.filterLevel': { body: (r) => ({ selectionMode: 'filtered', filterLevel: r.level, lines: undefined }), direct: true },
  'batch-operate.filterStore': { body: (r) => ({ selectionMode: 'filtered', filterStore: r.store, lines: undefined }), direct: true },
  // A coupon template lists stores and goods only when its scope names them; each line type keeps its own goods.
  'coupon-template.stores': { body: (r) => ({ storeScope: 'INCLUDE', stores: [r.store] }) },
  'coupon-template.goods': { body: (r) => ({ goodsScope: 'INCLUDE', goods: [r.product] }) },
  'coupon-template.categories': { body: (r) => ({ goodsScope: 'EXCLUDE', categories: [r.catogory] }) },
  'coupon-template.brands': { body: (r) => ({ goodsScope: 'INCLUDE', brands: [r.brand] }) },
  'coupon-template.rule.pickupGoods': { body: (r) => ({ lineType: 'goods', rule: { pickupGoods: r.product, pickupQuantity: 1 } }) },
  'coupon-template.rule.exchangeGoods': {
    body: (r) => ({ lineType: 'exchange_goods', rule: { exchangeGoods: r.product, exchangePrice: 1 } }),
  },
  // An activity holds each rule field only for its kind; a reward's template must be effective (stored directly).
  'activity.goods': { body: (r) => ({ kind: 'SCORE_DOUBLING', rule: { doublingMultiple: 2 }, goodsScope: 'INCLUDE', goods: [r.product] }) },
  'activity.categories': {
    body: (r) => ({ kind: 'SCORE_DOUBLING', rule: { doublingMultiple: 2 }, goodsScope: 'EXCLUDE', categories: [r.catogory] }),
  },
  'activity.brands': { body: (r) => ({ kind: 'SCORE_DOUBLING', rule: { doublingMultiple: 2 }, goodsScope: 'INCLUDE', brands: [r.brand] }) },
  // The kinds' relations are members of their rule (`rule.<member>`, server/crud/object-relations.ts).
  'activity.rule.giftGoods': {
    body: (r) => ({ kind: 'GOODS_AMOUNT_GIFT', rule: { giftThresholdAmount: 10, giftQuantity: 1, giftGoods: r.product } }),
  },
  'activity.rule.exchangeGoods': {
    body: (r) => ({ kind: 'SCORE_EXCHANGE_GOODS', rule: { goodsPointsCost: 10, exchangeQuantity: 1, exchangeGoods: r.product } }),
  },
  'activity.rule.usedCouponTemplates': {
    body: (r) => ({
      kind: 'USE_COUPON_SEND_COUPON',
      rule: { usedCouponTemplates: [r['coupon-template']], rewardPoints: 1, rewardCouponTemplate: null },
    }),
  },
  'activity.rule.rewardCouponTemplate': {
    body: (r) => ({ kind: 'REGISTER_GIFT', rule: { rewardCouponTemplate: r['coupon-template'] } }),
    direct: true,
  },
  'activity.rule.inviteeCouponTemplate': {
    body: (r) => ({ kind: 'INVITE_GIFT', rule: { inviteeCouponTemplate: r['coupon-template'] } }),
    direct: true,
  },
  'activity.rule.topUpCouponTemplate': {
    body: (r) => ({
      kind: 'STORE_VALUE_ACTIVE',
      rule: {
        topUpTiers: { tiers: [{ threshold: 100, couponCount: 1 }] },
        topUpCouponTemplate: r['coupon-template'],
        topUpRepeat: 'EVERY',
      },
    }),
    direct: true,
  },
  // A gift card campaign counts card templates and gives bonus cards of an enabled one (enabled while saved, then put back).
  'activity.rule.cardSaleTemplates': {
    body: (r) => ({
      kind: 'GIFT_CARD_ACTIVITY',
      rule: {
        cardSaleTemplates: [r['card-template']],
        cardSaleBonusTemplate: null,
        cardSaleTiers: { tiers: [{ minCards: 1, discountPercent: 10 }] },
      },
    }),
  },
  'activity.rule.cardSaleBonusTemplate': {
    body: (r) => ({
      kind: 'GIFT_CARD_ACTIVITY',
      rule: { cardSaleBonusTemplate: r['card-template'], cardSaleTiers: { tiers: [{ minCards: 1, bonusCards: 1 }] } },
    }),
    targetState: 'ENABLED',
  },
  // A bulk coupon issue names its group and an effective template (stored directly).
  'activity.rule.groupSendGroup': {
    body: (r) => ({
      kind: 'GROUP_COUPON',
      rule: { groupSendGroup: r['customer-group'], groupSendTemplate: r['coupon-template'], groupSendCount: 1 },
    }),
    direct: true,
  },
  'activity.rule.groupSendTemplate': {
    body: (r) => ({
      kind: 'GROUP_COUPON',
      rule: { groupSendGroup: r['customer-group'], groupSendTemplate: r['coupon-template'], groupSendCount: 1 },
    }),
    direct: true,
  },
  // A splash-screen coupon campaign names its group, an effective template and a stock (stored directly).
  'activity.rule.openScreenGroup': {
    body: (r) => ({
      kind: 'OPEN_SCREEN_COUPON',
      rule: { openScreenGroup: r['customer-group'], claimTemplate: r['coupon-template'], claimCount: 1 },
      budget: { totalCoupons: 10 },
    }),
    direct: true,
  },
  // A claim campaign names an effective template and has a stock (stored directly).
  'activity.rule.claimTemplate': {
    body: (r) => ({
      kind: 'MINI_PROGRAM_GAIN_COUPON',
      rule: { claimTemplate: r['coupon-template'], claimCount: 1 },
      budget: { totalCoupons: 10 },
    }),
    direct: true,
  },
  // A theme shows audited activities only: the activity is audited while the theme is saved, then put back.
  'topic.activities': { body: (r) => ({ activities: [r.activity] }), targetState: 'AUDITED' },
  // A third-party issuing campaign names its application and an effective template (stored directly).
  'activity.rule.thirdApplication': {
    body: (r) => ({ kind: 'THIRD_PARTY_ISSUE', rule: thirdRule(r) }),
    direct: true,
  },
  'activity.rule.thirdTemplate': {
    body: (r) => ({ kind: 'THIRD_PARTY_ISSUE', rule: thirdRule(r) }),
    direct: true,
  },
  // A coupon code export names an effective template (stored directly).
  'activity.rule.codeTemplate': {
    body: (r) => ({ kind: 'EXPORT_CODE_SEND_COUPON', rule: { codeTemplate: r['coupon-template'], codeCount: 1, codeLength: 12 } }),
    direct: true,
  },
  // A pay-to-join rule gives an effective template only: enabled while the rule is saved, then put back.
  'wechat-pay-rule.giftCoupon': { body: (r) => ({ giftCoupon: r['coupon-template'] }), targetState: 'EFFECTIVE' },
  'activity.rule.upgradeToLevels': {
    body: (r) => ({ kind: 'UPGRADE_GIFT', rule: { upgradeToLevels: [r.level], rewardPoints: 1, rewardCouponTemplate: null } }),
  },
};

interface RelationCase {
  readonly referrer: ResourceRuntime;
  /** `brand`, `lines.reason`, or the tree parent. */
  readonly path: string;
  readonly target: ResourceRuntime;
  readonly tree: boolean;
}

const relationCases: RelationCase[] = registry.runtimes
  .filter((r) => r.resource.viewOf === undefined)
  .flatMap((referrer) =>
    Object.entries(referrer.resource.fields).flatMap(([name, f]): RelationCase[] => {
      if (f.kind === 'relation') return [{ referrer, path: name, target: registry.get(f.resource), tree: false }];
      if (f.kind === 'tree') return [{ referrer, path: name, target: referrer, tree: true }];
      // A relation member of an object (a kind's rule naming a coupon template): `rule.<member>`.
      if (f.kind === 'object')
        return objectRelations(f).map((r) => ({
          referrer,
          path: [name, ...r.path].join('.'),
          target: registry.get(r.field.resource),
          tree: false,
        }));
      if (f.kind !== 'lines') return [];
      return Object.entries(f.fields).flatMap(([inner, lf]) =>
        lf.kind === 'relation' ? [{ referrer, path: `${name}.${inner}`, target: registry.get(lf.resource), tree: false }] : [],
      );
    }),
  )
  .filter((c) => hasDeleteRoute(c.target.resource));

/** Applies actions until the record is in one of the goal states (no-op when it is). */
async function moveTo(resource: ResourceDef, record: Record<string, any>, goal: readonly string[] | undefined): Promise<void> {
  const states = resource.states;
  if (!states || !goal) return;
  const path = pathTo({ resource, from: record[states.field], goal });
  expect(path, `${resource.name} reaches ${goal.join('/')}`).not.toBeNull();
  for (const step of path ?? []) {
    const reason = states.actions[step].reason ? { reason: 'contract' } : undefined;
    await okData(admin.post(`/v1/${resource.name}/${step}`, { query: { id: record.id }, body: reason, headers: headers() }));
  }
}

/** Creates a record through its API, or straight into its table (read-only, or `direct`). */
async function createReferrer(runtime: ResourceRuntime, body: Record<string, unknown>, direct = false): Promise<Record<string, any>> {
  // A read-only resource or a settings object has no saveNew: its row is written to the table.
  if (!runtime.resource.readOnly && runtime.resource.singleton === undefined && !direct)
    return okData(admin.post(`/v1/${runtime.resource.name}/saveNew`, { body, headers: headers() }));
  const { set, issues } = validateWrite({ resource: runtime.resource, body, mode: 'create', locale: 'zh_CN', zone: 'Asia/Shanghai' });
  expect(issues).toEqual([]);
  const values: Record<string, unknown> = { ...set.values, tenantId: tenant.tenantId };
  const numbering = runtime.resource.numbering;
  if (numbering) values[numbering.field] = await drawNumber({ db: t.database.db, tenantId: tenant.tenantId, resource: runtime.resource });
  // A settings object holds one row per tenant: the earlier one (the settings tests') makes way.
  if (runtime.resource.singleton !== undefined)
    await t.database.db.delete(runtime.table).where(eq(runtime.table.tenantId, tenant.tenantId));
  const [row] = await t.database.db.insert(runtime.table).values(values).returning();
  return row as Record<string, any>;
}

/** Removes a referrer: through its delete route when it has one, else from its table. */
async function removeReferrer(runtime: ResourceRuntime, record: Record<string, any>): Promise<void> {
  const { resource } = runtime;
  if (hasDeleteRoute(resource)) {
    await moveTo(resource, record, resource.states?.deletableIn);
    await okData(admin.post(`/v1/${resource.name}/delete`, { query: { id: record.id }, headers: headers() }));
    return;
  }
  for (const lines of runtime.lineTables.values()) {
    await t.database.db.delete(lines).where(and(eq(lines.tenantId, tenant.tenantId), eq(lines.parentId, record.id)));
  }
  await t.database.db.delete(runtime.table).where(and(eq(runtime.table.tenantId, tenant.tenantId), eq(runtime.table.id, record.id)));
}

describe('safe deletes of every declared relation', () => {
  it('covers every reference the server checks before a delete', () => {
    // What the delete route refuses on (server/crud/inbound-references.ts), read from the registry.
    // Declared referrers are proved by the relation cases, platform tables by the platform cases.
    const checked = registry.runtimes
      .filter((r) => r.resource.viewOf === undefined && hasDeleteRoute(r.resource))
      .flatMap((r) => r.referrers.flatMap((ref) => ref.paths.map((path) => `${ref.resource ?? 'platform'}.${path} -> ${r.resource.name}`)));
    const proved = [
      ...relationCases.map((c) => `${c.referrer.resource.name}.${c.path} -> ${tableOwner(c.target.resource).name}`),
      ...PLATFORM_REFERENCES.map((p) => `platform.${p.column.name} -> ${tableOwner(registry.get(p.resource).resource).name}`),
    ];
    expect([...new Set(proved)].sort()).toEqual([...new Set(checked)].sort());
    // Both shapes of reference are among them: a relation inside lines and a multiple relation.
    expect(relationCases.some((c) => c.path.includes('.'))).toBe(true);
    expect(
      relationCases.some(
        (c) =>
          c.referrer.resource.fields[c.path]?.kind === 'relation' &&
          (c.referrer.resource.fields[c.path] as { multiple?: boolean }).multiple,
      ),
    ).toBe(true);
  });

  it.each(relationCases.map((c) => [`${c.referrer.resource.name}.${c.path} -> ${c.target.resource.name}`, c] as const))(
    '%s',
    async (_, c) => {
      const { referrer, target } = c;
      const targetUrl = (op: string) => `/v1/${target.resource.name}/${op}`;
      const x = await createRecord(target.resource);
      // The referrer's other relations point where the contract's records do; this one at x.
      await validBody(referrer.resource);
      const pointing = { ...refs, [tableOwner(target.resource).name]: x.id, [target.resource.name]: x.id };
      const n = ++seed;
      const special = RELATION_OVERRIDES[`${referrer.resource.name}.${c.path}`];
      const body = c.tree
        ? { ...(await validBody(referrer.resource)), [c.path]: x.id }
        : sampleBody({
            resource: referrer.resource,
            seed: n,
            refs: pointing,
            overrides: { ...(await OVERRIDES[referrer.resource.name]?.({ refs: pointing, seed: n })), ...special?.body(pointing) },
          });
      const stateField = target.resource.states?.field;
      const setTargetState = (state: unknown) =>
        t.database.db
          .update(target.table)
          .set({ [stateField!]: state })
          .where(and(eq(target.table.tenantId, tenant.tenantId), eq(target.table.id, x.id)));
      if (special?.targetState) await setTargetState(special.targetState);
      const r = await createReferrer(referrer, body, special?.direct);
      if (special?.targetState) await setTargetState(x[stateField!]);
      // A relation its engine owns (a member's level) is never in a body: the engine writes it.
      if (referrer.resource.fields[c.path]?.serverManaged) {
        await t.database.db
          .update(referrer.table)
          .set({ [c.path]: x.id })
          .where(and(eq(referrer.table.tenantId, tenant.tenantId), eq(referrer.table.id, r.id)));
      }
      await moveTo(target.resource, x, target.resource.states?.deletableIn);

      const refused = await admin.post(targetUrl('delete'), { query: { id: x.id }, headers: headers() });
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      const named = `${target.resource.title[0]}「${String(x[target.resource.titleField])}」`;
      expect(refused.body.msg).toBe(
        c.tree ? `${named}下还有 1 条下级数据，不能删除` : `${named}被 1 条${tableOwner(referrer.resource).title[0]}引用，不能删除`,
      );
      expect((await admin.get(targetUrl(`info/${x.id}`), { headers: headers() })).status).toBe(200);

      await removeReferrer(referrer, r);
      const deleted = await admin.post(targetUrl('delete'), { query: { id: x.id }, headers: headers() });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      expect((await admin.get(targetUrl(`info/${x.id}`), { headers: headers() })).status).toBe(404);
    },
  );

  /** A row of each hand-written table that points at a record (platform-references.ts). */
  const PLATFORM_ROWS: Readonly<Record<string, (id: number) => Promise<unknown>>> = {
    member_level_changes: (id) =>
      t.database.pool.query(
        `insert into member_level_changes (tenant_id, member_id, to_level_id, direction, cause) values ($1, $2, $3, 'up', 'manual')`,
        [tenant.tenantId, refs.member, id],
      ),
    points_entries: (id) =>
      t.database.pool.query(
        `insert into points_entries (tenant_id, member_id, delta, balance_after, kind, source_type, store_id) values ($1, $2, 0, 0, 'adjust', 'adjustment', $3)`,
        [tenant.tenantId, refs.member, id],
      ),
    sales_transactions: (id) =>
      t.database.pool.query(
        `insert into sales_transactions (tenant_id, order_no, member_id, store_id, amount, points, lines, response) values ($1, $2, $3, $4, 0, 0, '[]', '{}')`,
        [tenant.tenantId, `contract-${id}`, refs.member, id],
      ),
    group_send_runs: (id) =>
      t.database.pool.query(`insert into group_send_runs (tenant_id, activity_id, state) values ($1, $2, 'DONE')`, [tenant.tenantId, id]),
    meituan_voucher_consumptions: (id) =>
      t.database.pool.query(
        `insert into meituan_voucher_consumptions (tenant_id, request_id, store_id, code, count, deal_id, deal_title, unit_price, amount, response, call_id)
         values ($1, $2, $3, '0123456789', 1, 'D1', '双人套餐', 99, 99, '{}', 0)`,
        [tenant.tenantId, `contract-${id}`, id],
      ),
    wechat_member_cards: (id) =>
      t.database.pool.query(
        `insert into wechat_member_cards (tenant_id, card_id, code, open_id, pay_rule_id) values ($1, 'pcard', $2, 'o-contract', $3)`,
        [tenant.tenantId, `contract-${id}`, id],
      ),
    users: (id) => createUser(t.database, { tenantId: tenant.tenantId, login: `centre-user-${id}`, grants: [], marketingCenterIds: [id] }),
    // Through the money ledger itself: a recharge in the store.
    value_entries: (id) =>
      t.database.db.transaction((tx) =>
        postValue({
          tx,
          tenantId: tenant.tenantId,
          holder: { kind: 'member', memberId: refs.member },
          principal: '1.00',
          gift: '0',
          kind: 'recharge',
          sourceType: 'recharge',
          storeId: id,
          requireMemberInUse: false,
        }),
      ),
  };

  it.each(PLATFORM_REFERENCES.map((p) => [`${getTableName(p.table)}.${p.column.name} -> ${p.resource}`, p] as const))(
    'platform table: %s',
    async (_, p) => {
      const target = registry.get(p.resource);
      const tableName = getTableName(p.table);
      const write = PLATFORM_ROWS[tableName];
      expect(write, `a row writer for ${tableName}`).toBeDefined();
      const x = await createRecord(target.resource);
      await write(x.id);
      await moveTo(target.resource, x, target.resource.states?.deletableIn);
      const refused = await admin.post(`/v1/${target.resource.name}/delete`, { query: { id: x.id }, headers: headers() });
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toBe(
        `${target.resource.title[0]}「${String(x[target.resource.titleField])}」被 1 条${p.title[0]}引用，不能删除`,
      );
    },
  );
});

/** The state actions a client may call (a server action has no route). */
function routedActions(resource: ResourceDef): [string, StateAction][] {
  return Object.entries(resource.states?.actions ?? {}).filter(([, def]) => !def.server);
}

/** The shortest list of actions a client may call leading from a state to one of the goal states. */
function pathTo(args: { resource: ResourceDef; from: string; goal: readonly string[] }): string[] | null {
  const actions = routedActions(args.resource);
  const queue: [string, string[]][] = [[args.from, []]];
  const seen = new Set([args.from]);
  while (queue.length > 0) {
    const [state, path] = queue.shift()!;
    if (args.goal.includes(state)) return path;
    for (const [name, def] of actions) {
      if (def.from.includes(state) && !seen.has(def.to)) {
        seen.add(def.to);
        queue.push([def.to, [...path, name]]);
      }
    }
  }
  return null;
}

/**
 * The texts the screens ask the message map for, written out here from each declaration with the
 * browser's key conventions (`labelKey` / `optionKey` of define.ts as the field registry uses them,
 * `res.<name>.section.<key>` and `res.<name>.action.<action>` as the generic screens build them),
 * each with the text the declaration gives it. Deliberately not `resourceMessages`, which is what
 * the server registers: the check compares what the server serves with the declarations.
 */
function declaredTexts(resource: ResourceDef): [string, Bilingual][] {
  const texts: [string, Bilingual][] = [[`res.${resource.name}`, resource.title]];
  const field = (key: string, f: FieldDef, option: (value: string) => string) => {
    texts.push([key, f.label]);
    if (f.help) texts.push([`${key}.help`, f.help]);
    if (f.kind === 'text' && f.pattern) texts.push([`${key}.pattern`, f.pattern.message]);
    if (f.kind === 'enum') for (const [value, o] of Object.entries(f.options)) texts.push([option(value), o.label]);
    if (f.kind === 'lines' || f.kind === 'object') {
      for (const [inner, lf] of Object.entries(f.fields)) field(`${key}.${inner}`, lf, (value) => `${key}.${inner}.${value}`);
    }
  };
  for (const [name, f] of Object.entries(resource.fields))
    field(labelKey(resource.name, name), f, (value) => optionKey(resource.name, name, value));
  for (const section of [...formSections(resource), ...detailSections(resource)])
    texts.push([`res.${resource.name}.section.${section.key}`, section.title]);
  for (const [name, action] of Object.entries(resource.states?.actions ?? {})) {
    texts.push([`res.${resource.name}.action.${name}`, action.label]);
    if (action.confirm) texts.push([`res.${resource.name}.action.${name}.confirm`, action.confirm]);
  }
  return texts;
}

describe('i18n of the declarations', () => {
  it.each(['zh_CN', 'en_US'] as const)(
    'GET /v1/i18n/gets (%s) serves every label, option, section and action text as declared',
    async (locale) => {
      const served: Record<string, string> = await okData(anonymousClient(t.app).get('/v1/i18n/gets', { query: { locale } }));
      const expectedTexts = RESOURCES.flatMap(declaredTexts);
      expect(expectedTexts.length).toBeGreaterThan(RESOURCES.length * 5);
      const wrong = expectedTexts
        .filter(([key, text]) => served[key] !== pick(text, locale))
        .map(([key, text]) => ({ key, served: served[key], declared: pick(text, locale) }));
      expect(wrong).toEqual([]);
    },
  );
});

// After the settings cases: those start from a merchant that never saved its settings.
describe.each(settingsViewRuntimes.map((runtime) => [runtime.resource.name, runtime] as const))(
  '%s (settings view)',
  (name, runtime: ResourceRuntime) => {
    it('reads the very record of the settings it shows', async () => {
      const owner = runtime.resource.viewOf!;
      const body = await validBody(registry.get(owner).resource);
      const current = (await okData(admin.get(`/v1/${owner}/get`, { headers: headers() }))) as { version: number };
      const saved = await okData(admin.post(`/v1/${owner}/save`, { body: { ...body, version: current.version }, headers: headers() }));
      expect(await okData(admin.get(`/v1/${name}/get`, { headers: headers() }))).toEqual(
        await okData(admin.get(`/v1/${owner}/get`, { headers: headers() })),
      );
      expect(saved).toMatchObject({ version: current.version + 1 });
    });
  },
);
