import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declareEntry } from '../../resources/catalog/declare';
import type { GroupDecl, PermissionRef } from '../../resources/catalog/types';
import { defineResource, defineView, field } from '../../resources/define';
import { resourceMessages } from '../../resources/resource-messages';
import { buildRegistry, mountResources } from '../../server/crud/resource-registry';
import { defineServerHooks } from '../../server/crud/server-hooks.define';
import { deriveLinesTable, deriveTable } from '../../server/crud/table.derive';
import { ok } from '../../server/http/envelope';
import { answers, objectOf } from '../../server/http/openapi.schemas';
import { operationIdOf, resourceTags } from '../../server/crud/crud.openapi';
import { createDerivedTables } from '../helpers/derived-ddl';
import { createTenant, createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * A resource declared here, in the test, gets a working API with no other code: its table is
 * created from the same derivation drizzle-kit uses, and the engine serves it once mounted.
 * It uses every field kind, lines, a tree, states, marketing-centre scope and every hook. A
 * second one (an offer) uses the field rules: fields, sections and line fields that apply only
 * under conditions (`when`), and fields locked in some states (`editableIn`).
 */

const RID = '测试/小部件';
const READ: PermissionRef = { resourceId: RID, action: '资料查看' };
const WRITE: PermissionRef = { resourceId: RID, action: '配置维护' };

const gadget = defineResource({
  name: 'crud-gadget',
  table: 'crud_gadgets',
  title: ['小部件', 'Gadget'],
  route: { group: 'datum', entry: 'crud-gadget', screens: { list: 'crud-gadget' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'marketingCenter',
  fields: {
    code: field.text({
      label: ['编码', 'Code'],
      required: true,
      unique: true,
      maxLength: 20,
      filter: 'prefix',
      sortable: true,
      searchable: true,
      readOnlyAfterCreate: true,
    }),
    name: field.text({ label: ['名称', 'Name'], required: true, maxLength: 40, filter: 'contains', sortable: true, searchable: true }),
    number: field.text({ label: ['单号', 'Number'], unique: true, serverManaged: true, maxLength: 20, filter: 'prefix' }),
    note: field.longText({ label: ['说明', 'Note'], maxLength: 50 }),
    qty: field.integer({ label: ['数量', 'Quantity'], min: 0, max: 1000, filter: 'range', sortable: true }),
    big: field.integer({ label: ['大数', 'Big number'], min: 0, max: 1_000_000_000_000 }),
    amount: field.money({ label: ['金额', 'Amount'], min: 0, max: 99999, filter: 'range', sortable: true }),
    rate: field.decimal({ label: ['比例', 'Rate'], decimals: 3, min: 0, max: 10 }),
    active: field.boolean({ label: ['启用', 'Active'], filter: 'eq', defaultValue: true }),
    color: field.enum({
      label: ['颜色', 'Colour'],
      options: { RED: { label: ['红', 'Red'] }, GREEN: { label: ['绿', 'Green'] } },
      filter: 'in',
      sortable: true,
    }),
    tags: field.enum({
      label: ['标签', 'Tags'],
      multiple: true,
      options: { A: { label: ['甲', 'A'] }, B: { label: ['乙', 'B'] }, C: { label: ['丙', 'C'] } },
      filter: 'in',
    }),
    birthday: field.date({ label: ['生日', 'Birthday'], filter: 'range', sortable: true }),
    startsAt: field.datetime({ label: ['开始时间', 'Starts at'], filter: 'range', sortable: true }),
    period: field.dateRange({ label: ['有效期', 'Period'], filter: 'range' }),
    openAt: field.time({ label: ['开门时间', 'Opens at'] }),
    days: field.weekdays({ label: ['营业日', 'Days'], filter: 'eq' }),
    parent: field.tree({ label: ['上级', 'Parent'], maxDepth: 3, filter: 'eq' }),
    area: field.relation({ label: ['区域', 'Area'], resource: 'area', filter: 'eq' }),
    photo: field.file({ label: ['图片', 'Photo'] }),
    state: field.enum({
      label: ['状态', 'Status'],
      options: { DRAFT: { label: ['草稿', 'Draft'] }, ACTIVE: { label: ['生效', 'Active'] }, STOPPED: { label: ['停止', 'Stopped'] } },
      serverManaged: true,
      filter: 'eq',
    }),
    lines: field.lines({
      label: ['明细', 'Lines'],
      maxLines: 5,
      fields: {
        item: field.text({ label: ['品名', 'Item'], required: true, maxLength: 20 }),
        count: field.integer({ label: ['件数', 'Count'], required: true, min: 1 }),
        price: field.money({ label: ['单价', 'Price'], min: 0 }),
      },
    }),
  },
  titleField: 'name',
  treeField: 'parent',
  numbering: { field: 'number', prefix: 'GD', digits: 6 },
  list: { defaultSort: { field: 'code', order: 'asc' }, pageSize: 10 },
  states: {
    field: 'state',
    initial: 'DRAFT',
    editableIn: ['DRAFT'],
    deletableIn: ['DRAFT'],
    actions: {
      activate: { label: ['生效', 'Activate'], from: ['DRAFT'], to: 'ACTIVE', confirm: ['确定生效？', 'Activate it?'] },
      stop: { label: ['停止', 'Stop'], from: ['ACTIVE'], to: 'STOPPED', danger: true },
    },
  },
});

const OFFER_RID = '测试/优惠';
const OFFER_READ: PermissionRef = { resourceId: OFFER_RID, action: '资料查看' };
const OFFER_WRITE: PermissionRef = { resourceId: OFFER_RID, action: '配置维护' };

/** The offer: its kind decides its fields; once published its money and gift terms are locked. */
const offer = defineResource({
  name: 'crud-offer',
  table: 'crud_offers',
  title: ['优惠', 'Offer'],
  route: { group: 'datum', entry: 'crud-offer', screens: { list: 'crud-offer' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    name: field.text({ label: ['名称', 'Name'], required: true, maxLength: 40 }),
    kind: field.enum({
      label: ['类型', 'Kind'],
      required: true,
      options: { DISCOUNT: { label: ['折扣', 'Discount'] }, GIFT: { label: ['赠品', 'Gift'] }, POINTS: { label: ['积分', 'Points'] } },
    }),
    rate: field.decimal({ label: ['折扣率', 'Rate'], required: true, when: { field: 'kind', in: ['DISCOUNT'] }, min: 0.1, max: 1 }),
    points: field.integer({
      label: ['积分', 'Points'],
      required: true,
      when: { field: 'kind', in: ['POINTS'] },
      min: 1,
      max: 1000,
      defaultValue: 10,
    }),
    channels: field.enum({
      label: ['渠道', 'Channels'],
      multiple: true,
      options: { APP: { label: ['小程序', 'App'] }, STORE: { label: ['门店', 'Store'] } },
    }),
    appBanner: field.text({ label: ['小程序横幅', 'App banner'], when: { field: 'channels', in: ['APP'] }, maxLength: 20 }),
    giftName: field.text({ label: ['赠品名称', 'Gift name'], required: true, maxLength: 20 }),
    giftStock: field.integer({ label: ['赠品库存', 'Gift stock'], min: 0 }),
    limited: field.boolean({ label: ['限时', 'Limited'], defaultValue: false }),
    period: field.dateRange({ label: ['活动期间', 'Period'], required: true, when: { field: 'limited', in: [true] } }),
    budget: field.money({ label: ['预算', 'Budget'], min: 0, editableIn: ['DRAFT'] }),
    state: field.enum({
      label: ['状态', 'Status'],
      options: {
        DRAFT: { label: ['草稿', 'Draft'] },
        PUBLISHED: { label: ['已发布', 'Published'] },
        CLOSED: { label: ['已结束', 'Closed'] },
      },
      serverManaged: true,
    }),
    lines: field.lines({
      label: ['明细', 'Lines'],
      editableIn: ['DRAFT'],
      fields: {
        type: field.enum({
          label: ['类型', 'Type'],
          required: true,
          options: { GOODS: { label: ['商品', 'Goods'] }, CASH: { label: ['现金', 'Cash'] } },
        }),
        sku: field.text({ label: ['商品编码', 'SKU'], required: true, when: { field: 'type', in: ['GOODS'] }, maxLength: 20 }),
        amount: field.money({ label: ['金额', 'Amount'], required: true, when: { field: 'type', in: ['CASH'] }, min: 0.01 }),
      },
    }),
  },
  titleField: 'name',
  list: { defaultSort: { field: 'name', order: 'asc' } },
  form: [
    { key: 'main', title: ['基本信息', 'Basics'], fields: ['name', 'kind', 'rate', 'points', 'channels', 'appBanner'] },
    // The whole section applies to gifts only, and is locked once published.
    {
      key: 'gift',
      title: ['赠品', 'Gift'],
      fields: ['giftName', 'giftStock', 'limited', 'period'],
      when: { field: 'kind', in: ['GIFT'] },
      editableIn: ['DRAFT'],
    },
    { key: 'money', title: ['预算', 'Money'], fields: ['budget', 'lines'] },
  ],
  states: {
    field: 'state',
    initial: 'DRAFT',
    editableIn: ['DRAFT', 'PUBLISHED'],
    actions: {
      publish: { label: ['发布', 'Publish'], from: ['DRAFT'], to: 'PUBLISHED' },
      close: { label: ['结束', 'Close'], from: ['PUBLISHED'], to: 'CLOSED' },
    },
  },
});

/**
 * Kits point at gadgets three ways: a multiple relation (bigint[]), relations inside lines, and
 * through a view of the kits' table (which must not count the same kit twice).
 */
const kit = defineResource({
  name: 'crud-kit',
  table: 'crud_kits',
  title: ['套件', 'Kit'],
  route: { group: 'datum', entry: 'crud-kit', screens: { list: 'crud-kit' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    name: field.text({ label: ['名称', 'Name'], required: true, maxLength: 40 }),
    open: field.boolean({ label: ['开放', 'Open'], defaultValue: true, filter: 'eq' }),
    gadgets: field.relation({ label: ['小部件', 'Gadgets'], resource: 'crud-gadget', multiple: true, filter: 'eq' }),
    lines: field.lines({
      label: ['明细', 'Lines'],
      fields: {
        gadget: field.relation({ label: ['小部件', 'Gadget'], resource: 'crud-gadget', required: true }),
        count: field.integer({ label: ['件数', 'Count'], min: 1 }),
      },
    }),
  },
  titleField: 'name',
  list: { defaultSort: { field: 'name', order: 'asc' } },
});

const openKits = defineView(kit, {
  name: 'crud-kit-open',
  title: ['开放套件', 'Open kit'],
  route: { group: 'datum', entry: 'crud-kit-open', screens: { list: 'crud-kit-open' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fixedFilter: { open: true },
});

const testEntry = (entry: string, title: readonly [string, string]) =>
  declareEntry({
    entry,
    title,
    resourceId: RID,
    resourceTitleEn: 'Gadgets',
    actions: ['资料查看', '配置维护'],
    screens: [{ name: entry, title }],
  });

const testGroup: GroupDecl = {
  group: 'datum',
  title: ['测试', 'Test'],
  resourceRoot: '测试',
  resourceRootEn: 'Test',
  entries: [
    testEntry('crud-gadget', ['小部件', 'Gadgets']),
    testEntry('crud-kit', ['套件', 'Kits']),
    testEntry('crud-kit-open', ['开放套件', 'Open kits']),
    declareEntry({
      entry: 'crud-offer',
      title: ['优惠', 'Offers'],
      resourceId: OFFER_RID,
      resourceTitleEn: 'Offers',
      actions: ['资料查看', '配置维护'],
      screens: [{ name: 'crud-offer', title: ['优惠', 'Offers'] }],
    }),
  ],
};

/** How many times the activate hook ran (it must run once per real transition). */
let activations = 0;
/** While above 0, the activate hook holds its transaction until this many other callers wait on a lock. */
let awaitedWaiters = 0;

/**
 * Resolves once `count` other sessions of this database wait on a lock (the concurrent callers
 * queued behind the transaction that holds the record), so their overlap is certain rather than
 * likely; fails after 30 s.
 */
async function othersWaitingOnLocks(count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await t.database.pool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0].n >= count) return;
    if (Date.now() > deadline) throw new Error(`only ${rows[0].n} of ${count} callers waited on the record`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const gadgetHooks = defineServerHooks('crud-gadget', {
  // Rows named hidden… are invisible to reads (a row filter narrows what a caller sees).
  rowFilter: ({ table, operation }) => (operation === 'write' ? undefined : sql`${table.name} not like 'hidden%'`),
  beforeSave: ({ values }) => {
    if (typeof values.code === 'string') values.code = values.code.toUpperCase();
  },
  afterAction: {
    activate: async ({ record }) => {
      // Runs inside the transaction of the state update: under the concurrency case it holds that
      // transaction until the other callers are queued behind it.
      if (awaitedWaiters > 0) await othersWaitingOnLocks(awaitedWaiters);
      activations += 1;
      expect(record.state).toBe('ACTIVE');
    },
  },
  routes: (app, engine) => {
    app.get(
      '/v1/crud-gadget/ping',
      {
        config: { requires: [READ] },
        // A hook route describes itself like any other (the response check holds every answer to it).
        schema: {
          operationId: operationIdOf(engine.resource, 'ping'),
          tags: resourceTags(engine.resource),
          summary: 'Ping',
          response: answers(objectOf({ resourceId: { type: 'string' } })),
        },
      },
      async () => ok({ resourceId: engine.resourceId }),
    );
  },
});

mountResources({ resources: [gadget, offer, kit, openKits], catalog: [testGroup], hooks: [gadgetHooks] });

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let writer: ApiClient;
let reader: ApiClient;
let nobody: ApiClient;
let limited: ApiClient;
let stranger: ApiClient;
let c1: number;
let c2: number;
let areaId: number;
let strangerArea: number;
let strangerCentre: number;
/** A file uploaded for the gadget's photo: what a `file` field keeps (server/modules/uploads). */
let photoId: string;

const inC1 = (extra: Record<string, string> = {}) => ({ headers: { marketingCenter: String(c1), ...extra } });

async function expectOk(promise: Promise<{ status: number; body: any }>) {
  const res = await promise;
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data;
}

let seq = 0;
const newCode = () => `g${++seq}`;
const create = (body: Record<string, unknown> = {}, client = writer) =>
  expectOk(client.post('/v1/crud-gadget/saveNew', { body: { code: newCode(), name: `Gadget ${seq}`, ...body }, ...inC1() }));

beforeAll(async () => {
  t = await startTestApp();
  await createDerivedTables(t.database, {
    gadgets: deriveTable(gadget),
    gadgetLines: deriveLinesTable(gadget, 'lines'),
    offers: deriveTable(offer),
    offerLines: deriveLinesTable(offer, 'lines'),
    kits: deriveTable(kit),
    kitLines: deriveLinesTable(kit, 'lines'),
  });
  tenant = await createTenant(t.database);
  const password = tenant.adminPassword;
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password });
  c1 = (await expectOk(admin.post('/v1/marketing-center/saveNew', { body: { code: 'C1', name: 'East' } }))).id;
  c2 = (await expectOk(admin.post('/v1/marketing-center/saveNew', { body: { code: 'C2', name: 'West' } }))).id;
  areaId = (await expectOk(admin.post('/v1/area/saveNew', { body: { code: 'A1', name: 'North' } }))).id;
  const users = [
    { login: 'writer', grants: [READ, WRITE, OFFER_READ, OFFER_WRITE] },
    { login: 'reader', grants: [READ] },
    { login: 'nobody', grants: [] },
    { login: 'limited', grants: [READ, WRITE], marketingCenterIds: [c1] },
  ];
  for (const u of users) await createUser(t.database, { tenantId: tenant.tenantId, ...u });
  [writer, reader, nobody, limited] = await Promise.all(users.map((u) => signIn(t.app, { tenant: tenant.code, login: u.login, password })));
  const other = await createTenant(t.database);
  await createUser(t.database, { tenantId: other.tenantId, login: 'writer', grants: [READ, WRITE] });
  stranger = await signIn(t.app, { tenant: other.code, login: 'writer', password });
  const otherAdmin = await signIn(t.app, { tenant: other.code, login: other.adminLogin, password });
  strangerArea = (await expectOk(otherAdmin.post('/v1/area/saveNew', { body: { code: 'A9', name: 'Elsewhere' } }))).id;
  strangerCentre = (await expectOk(otherAdmin.post('/v1/marketing-center/saveNew', { body: { code: 'C9', name: 'Far' } }))).id;
  photoId = (
    await expectOk(
      writer.post('/v1/crud-gadget/upload', {
        query: { field: 'photo', fileName: 'abc.txt' },
        body: Buffer.from('a photo'),
        headers: { 'content-type': 'text/plain' },
      }),
    )
  ).id;
});

afterAll(async () => {
  await t?.close();
});

const fullBody = () => ({
  code: newCode(),
  name: `Full ${seq}`,
  note: '说明',
  qty: 7,
  big: 900_000_000_000,
  amount: '12.50',
  rate: 1.005,
  active: false,
  color: 'GREEN',
  tags: ['A', 'C'],
  birthday: '1990-02-28',
  startsAt: '2024-05-01 08:30:00',
  period: ['2024-01-01', '2024-12-31'],
  openAt: '09:30',
  days: [5, 1, 3],
  area: areaId,
  photo: photoId,
  lines: [
    { item: 'Tea', count: 2, price: 3.5 },
    { item: 'Cake', count: 1 },
  ],
});

describe('a resource declared in a test', () => {
  it('creates, reads back every field kind exactly, and runs beforeSave', async () => {
    const body = fullBody();
    const created = await expectOk(writer.post('/v1/crud-gadget/saveNew', { body, ...inC1({ time_zone: 'Asia/Shanghai' }) }));
    expect(created).toMatchObject({
      code: body.code.toUpperCase(),
      note: '说明',
      qty: 7,
      big: 900_000_000_000,
      amount: 12.5,
      rate: 1.005,
      active: false,
      color: 'GREEN',
      tags: ['A', 'C'],
      birthday: '1990-02-28',
      startsAt: '2024-05-01 08:30:00',
      period: ['2024-01-01', '2024-12-31'],
      openAt: '09:30',
      days: [1, 3, 5],
      parent: null,
      area: areaId,
      photo: photoId,
      state: 'DRAFT',
      marketingCenterId: c1,
      version: 1,
      lines: [
        { lineNo: 1, item: 'Tea', count: 2, price: 3.5 },
        { lineNo: 2, item: 'Cake', count: 1, price: null },
      ],
    });
    // The instant is stored once and shown in each caller's zone.
    const utc = await expectOk(writer.get(`/v1/crud-gadget/info/${created.id}`, inC1({ time_zone: 'UTC' })));
    expect(utc.startsAt).toBe('2024-05-01 00:30:00');
    expect(utc.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Money stays exact in the database (numeric), never a float.
    const stored = await t.database.pool.query('select amount::text, rate::text from crud_gadgets where id = $1', [created.id]);
    expect(stored.rows[0]).toEqual({ amount: '12.50', rate: '1.005' });
  });

  it('refuses an invalid value of every field kind, naming each field with its label', async () => {
    const res = await writer.post('/v1/crud-gadget/saveNew', {
      body: {
        code: '',
        name: 'x'.repeat(41),
        note: 'n'.repeat(51),
        qty: 1.5,
        big: -1,
        amount: '1.005',
        rate: 11,
        active: 'yes',
        color: 'BLUE',
        tags: ['Z'],
        birthday: '2023-02-29',
        startsAt: 'soon',
        period: ['2024-02-01', '2024-01-01'],
        openAt: '24:00',
        days: [0],
        parent: 987654,
        area: strangerArea,
        photo: 5,
        lines: [{ item: 'ok', count: 0, bogus: 1 }],
        wings: 2,
      },
      ...inC1(),
    });
    expect(res.status).toBe(400);
    const fields = Object.fromEntries((res.body.data.fields as { field: string; msg: string }[]).map((f) => [f.field, f.msg]));
    expect(fields).toMatchObject({
      code: '编码不能为空',
      name: '名称最多 40 个字符',
      note: '说明最多 50 个字符',
      qty: '数量格式不正确',
      big: '大数不能小于 0',
      amount: '金额最多 2 位小数',
      rate: '比例不能大于 10',
      active: '启用格式不正确',
      color: '颜色的取值无效',
      tags: '标签的取值无效',
      birthday: '生日不是有效日期',
      startsAt: '开始时间不是有效日期',
      period: '有效期的开始日期不能晚于结束日期',
      openAt: '开门时间不是有效时间（时:分）',
      days: '营业日的取值无效',
      photo: '图片格式不正确',
      'lines.0.count': '明细 1 件数不能小于 1',
      'lines.0.bogus': '不支持的字段 bogus',
      wings: '不支持的字段 wings',
    });
    // References are checked once the values themselves are valid.
    const refs = await writer.post('/v1/crud-gadget/saveNew', {
      body: { code: newCode(), name: 'r', parent: 987654, area: strangerArea },
      ...inC1({ locale: 'en_US' }),
    });
    expect(refs.status).toBe(400);
    expect(refs.body.data.fields).toEqual([
      { field: 'area', msg: 'Area refers to a record that does not exist' },
      { field: 'parent', msg: 'Parent refers to a record that does not exist' },
    ]);
  });

  it('answers a unique violation with the field and keeps server-managed and read-only fields', async () => {
    const first = await create({ code: 'dup-1' });
    const dup = await writer.post('/v1/crud-gadget/saveNew', { body: { code: 'DUP-1', name: 'again' }, ...inC1() });
    expect(dup.status).toBe(400);
    expect(dup.body.data.fields).toEqual([{ field: 'code', msg: '编码已存在' }]);
    // Another centre has its own codes.
    await expectOk(
      writer.post('/v1/crud-gadget/saveNew', { body: { code: 'dup-1', name: 'other centre' }, headers: { marketingCenter: String(c2) } }),
    );
    const modified = await expectOk(
      writer.post('/v1/crud-gadget/modify', {
        body: { ...first, code: 'CHANGED', state: 'STOPPED', name: 'renamed', createdAt: 'whatever' },
        ...inC1(),
      }),
    );
    expect(modified).toMatchObject({ code: 'DUP-1', state: 'DRAFT', name: 'renamed', version: 2 });
  });

  it('keeps the tree acyclic and within its depth', async () => {
    const a = await create();
    const b = await create({ parent: a.id });
    const c = await create({ parent: b.id });
    const tooDeep = await writer.post('/v1/crud-gadget/saveNew', { body: { code: newCode(), name: 'd', parent: c.id }, ...inC1() });
    expect(tooDeep.body.data.fields).toEqual([{ field: 'parent', msg: '上级超过了最多 3 级的限制' }]);
    const cycle = await writer.post('/v1/crud-gadget/modify', { body: { id: a.id, version: a.version, parent: c.id }, ...inC1() });
    expect(cycle.body.data.fields).toEqual([{ field: 'parent', msg: '上级不能是自己或自己的下级' }]);
    const self = await writer.post('/v1/crud-gadget/modify', { body: { id: a.id, version: a.version, parent: a.id }, ...inC1() });
    expect(self.body.data.fields[0].field).toBe('parent');
    // Moving b (with its child c) under a fresh root keeps depth 3: allowed.
    const root = await create();
    await expectOk(writer.post('/v1/crud-gadget/modify', { body: { id: b.id, version: b.version, parent: root.id }, ...inC1() }));
    const hasChildren = await writer.post('/v1/crud-gadget/delete', { query: { id: root.id }, ...inC1() });
    expect(hasChildren.status).toBe(409);
    expect(hasChildren.body.msg).toBe(`小部件「${root.name}」下还有 1 条下级数据，不能删除`);
  });

  it('modifies with optimistic concurrency and only in editable states', async () => {
    const g = await create({ qty: 1 });
    const v2 = await expectOk(
      writer.post('/v1/crud-gadget/modify', { body: { id: g.id, version: 1, qty: 2, lines: [{ item: 'x', count: 3 }] }, ...inC1() }),
    );
    expect(v2).toMatchObject({ qty: 2, version: 2, lines: [{ lineNo: 1, item: 'x', count: 3, price: null }] });
    const stale = await writer.post('/v1/crud-gadget/modify', { body: { id: g.id, version: 1, qty: 3 }, ...inC1() });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const missingVersion = await writer.post('/v1/crud-gadget/modify', { body: { id: g.id, qty: 3 }, ...inC1() });
    expect(missingVersion.status).toBe(400);
    await expectOk(writer.post('/v1/crud-gadget/activate', { query: { id: g.id }, ...inC1() }));
    const locked = await writer.post('/v1/crud-gadget/modify', { body: { id: g.id, version: 3, qty: 4 }, ...inC1() });
    expect(locked.status).toBe(409);
    expect(locked.body.msg).toBe('当前状态下不能修改');
  });

  it('applies a state action once under concurrent calls, inside its transaction', async () => {
    const g = await create();
    const before = activations;
    awaitedWaiters = 7;
    const results = await Promise.all(
      Array.from({ length: 8 }, () => writer.post('/v1/crud-gadget/activate', { query: { id: g.id }, ...inC1() })),
    ).finally(() => {
      awaitedWaiters = 0;
    });
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    expect(activations - before).toBe(1);
    const wrong = await writer.post('/v1/crud-gadget/activate', { query: { id: g.id }, ...inC1() });
    expect(wrong.body.msg).toBe('当前状态下不能执行“生效”');
    const stopped = await expectOk(writer.post('/v1/crud-gadget/stop', { query: { id: g.id }, ...inC1() }));
    expect(stopped).toMatchObject({ state: 'STOPPED', version: 3 });
    const fromDraft = await writer.post('/v1/crud-gadget/stop', { query: { id: (await create()).id }, ...inC1() });
    expect(fromDraft.status).toBe(409);
  });

  it('deletes only in deletable states, with its lines', async () => {
    const g = await create({ lines: [{ item: 'x', count: 1 }] });
    await expectOk(writer.post('/v1/crud-gadget/delete', { query: { id: g.id }, ...inC1() }));
    expect((await writer.get(`/v1/crud-gadget/info/${g.id}`, inC1())).status).toBe(404);
    const lines = await t.database.pool.query('select count(*)::int as n from crud_gadgets_lines where tenant_id = $1 and parent_id = $2', [
      tenant.tenantId,
      g.id,
    ]);
    expect(lines.rows[0].n).toBe(0);
    const active = await create();
    await expectOk(writer.post('/v1/crud-gadget/activate', { query: { id: active.id }, ...inC1() }));
    const refused = await writer.post('/v1/crud-gadget/delete', { query: { id: active.id }, ...inC1() });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('当前状态下不能删除');
  });
});

describe('field rules of a declaration', () => {
  const saveOffer = (body: Record<string, unknown>) => writer.post('/v1/crud-offer/saveNew', { body: { name: `Offer ${++seq}`, ...body } });
  const modifyOffer = (body: Record<string, unknown>) => writer.post('/v1/crud-offer/modify', { body });
  const fieldsOf = (res: { body: any }) => (res.body.data?.fields ?? []).map((f: { field: string }) => f.field);

  it('requires a conditional field only where it applies, and stores null where it does not', async () => {
    expect(fieldsOf(await saveOffer({ kind: 'DISCOUNT' }))).toEqual(['rate']);
    // A whole section applies to gifts only; a field of it may have a condition of its own.
    expect(fieldsOf(await saveOffer({ kind: 'GIFT' }))).toEqual(['giftName']);
    expect(fieldsOf(await saveOffer({ kind: 'GIFT', giftName: 'Mug', limited: true }))).toEqual(['period']);
    // What does not apply is neither checked nor kept: an invalid gift stock is simply cleared.
    const discount = await expectOk(
      saveOffer({
        kind: 'DISCOUNT',
        rate: 0.8,
        giftName: 'Mug',
        giftStock: 'many',
        limited: true,
        period: ['2024-01-01', '2024-02-01'],
        points: 5,
      }),
    );
    expect(discount).toMatchObject({ rate: 0.8, giftName: null, giftStock: null, limited: null, period: null, points: null });
    const stored = await t.database.pool.query('select period_from, period_to, points from crud_offers where id = $1', [discount.id]);
    expect(stored.rows[0]).toEqual({ period_from: null, period_to: null, points: null });
    // A default applies with its field: points kind, no points sent.
    expect(await expectOk(saveOffer({ kind: 'POINTS' }))).toMatchObject({ points: 10, rate: null });
    // A chain: the period needs a limited gift.
    const gift = await expectOk(saveOffer({ kind: 'GIFT', giftName: 'Mug', limited: true, period: ['2024-01-01', '2024-02-01'] }));
    expect(gift).toMatchObject({ giftName: 'Mug', limited: true, period: ['2024-01-01', '2024-02-01'], rate: null, points: null });
    // A multiple enum decides when any of its values is listed.
    expect(await expectOk(saveOffer({ kind: 'POINTS', channels: ['STORE', 'APP'], appBanner: 'Hi' }))).toMatchObject({ appBanner: 'Hi' });
    expect(await expectOk(saveOffer({ kind: 'POINTS', channels: ['STORE'], appBanner: 'Hi' }))).toMatchObject({ appBanner: null });
  });

  it('decides on modify with the values the record will hold, stored or sent', async () => {
    const made = await expectOk(saveOffer({ kind: 'DISCOUNT', rate: 0.9 }));
    const noGift = await modifyOffer({ id: made.id, version: 1, kind: 'GIFT' });
    expect(noGift.status).toBe(400);
    expect(noGift.body.data.fields).toEqual([{ field: 'giftName', msg: '赠品名称不能为空' }]);
    const gift = await expectOk(modifyOffer({ id: made.id, version: 1, kind: 'GIFT', giftName: 'Cup' }));
    expect(gift).toMatchObject({ kind: 'GIFT', giftName: 'Cup', rate: null, version: 2 });
    // A field the body leaves out keeps its stored value while it applies.
    expect(await expectOk(modifyOffer({ id: made.id, version: 2, name: 'Renamed' }))).toMatchObject({ giftName: 'Cup', kind: 'GIFT' });
    // Turning to points: the stored points are empty (defaults are for new records), so required.
    expect(fieldsOf(await modifyOffer({ id: made.id, version: 3, kind: 'POINTS' }))).toEqual(['points']);
    expect(await expectOk(modifyOffer({ id: made.id, version: 3, kind: 'POINTS', points: 3 }))).toMatchObject({
      points: 3,
      giftName: null,
    });
  });

  it('decides each line on its own values', async () => {
    const bad = await saveOffer({
      kind: 'POINTS',
      lines: [{ type: 'GOODS', sku: 'S1' }, { type: 'CASH' }, { type: 'GOODS', amount: 'x' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual([
      { field: 'lines.1.amount', msg: '明细 2 金额不能为空' },
      { field: 'lines.2.sku', msg: '明细 3 商品编码不能为空' },
    ]);
    const made = await expectOk(
      saveOffer({
        kind: 'POINTS',
        lines: [
          { type: 'GOODS', sku: 'S1', amount: 5 },
          { type: 'CASH', amount: 2.5, sku: 'S2' },
        ],
      }),
    );
    expect(made.lines).toMatchObject([
      { type: 'GOODS', sku: 'S1', amount: null },
      { type: 'CASH', sku: null, amount: 2.5 },
    ]);
  });

  it('locks the fields a state rules out, and lets the others change', async () => {
    const made = await expectOk(
      saveOffer({ kind: 'GIFT', giftName: 'Mug', giftStock: 5, budget: 100, lines: [{ type: 'CASH', amount: 1 }] }),
    );
    // In the initial state everything may change.
    const draft = await expectOk(modifyOffer({ id: made.id, version: 1, budget: 120, giftStock: 6 }));
    const published = await expectOk(writer.post('/v1/crud-offer/publish', { query: { id: made.id } }));
    // The record as read, sent back whole, passes: locked fields unchanged are no change.
    const echoed = await expectOk(modifyOffer({ ...published, name: 'Published offer' }));
    expect(echoed).toMatchObject({ name: 'Published offer', budget: 120, giftStock: 6, version: draft.version + 2 });
    const locked = await writer.post('/v1/crud-offer/modify', {
      body: { id: made.id, version: echoed.version, budget: 150, giftStock: 7, lines: [{ type: 'CASH', amount: 2 }], name: 'x' },
      headers: { locale: 'en_US' },
    });
    expect(locked.status).toBe(400);
    expect(locked.body.data.fields).toEqual([
      { field: 'giftStock', msg: 'Gift stock cannot be changed while the record is Published' },
      { field: 'budget', msg: 'Budget cannot be changed while the record is Published' },
      { field: 'lines', msg: 'Lines cannot be changed while the record is Published' },
    ]);
    // Clearing a locked field by turning its condition off is a change too.
    expect(fieldsOf(await modifyOffer({ id: made.id, version: echoed.version, kind: 'POINTS', points: 4 }))).toEqual([
      'giftName',
      'giftStock',
      'limited',
    ]);
    const renamed = await expectOk(
      modifyOffer({ id: made.id, version: echoed.version, name: 'Still open', budget: '120.00', lines: [{ type: 'CASH', amount: 1 }] }),
    );
    expect(renamed).toMatchObject({ name: 'Still open', budget: 120, giftStock: 6, lines: [{ type: 'CASH', amount: 1 }] });
    await expectOk(writer.post('/v1/crud-offer/close', { query: { id: made.id } }));
    const closed = await modifyOffer({ id: made.id, version: renamed.version + 1, name: 'late' });
    expect(closed.status).toBe(409);
  });

  it('refuses at start-up rules that cannot hold', () => {
    const broken = defineResource({
      ...offer,
      name: 'crud-broken',
      fields: {
        ...offer.fields,
        rate: field.decimal({ label: ['折扣率', 'Rate'], when: { field: 'name', in: ['x'] } }),
        points: field.integer({ label: ['积分', 'Points'], when: { field: 'kind', in: ['NOPE'] }, editableIn: ['GONE'] }),
      },
    });
    expect(() => buildRegistry({ resources: [broken], catalog: [testGroup], hooks: [] })).toThrow(
      /rate: condition field name is not an enum or a boolean; .*NOPE is not a value of kind; .*editableIn state GONE is not an option of state/,
    );
  });
});

describe('document numbers', () => {
  it('draws 50 distinct numbers for 50 concurrent creates, in the declared format', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        writer.post('/v1/crud-gadget/saveNew', { body: { code: `num-${i}`, name: `Numbered ${i}` }, ...inC1() }),
      ),
    );
    expect(results.map((r) => r.body.code)).toEqual(Array(50).fill(2000));
    const numbers = results.map((r) => r.body.data.number as string);
    for (const number of numbers) expect(number).toMatch(/^GD\d{6}$/);
    expect(new Set(numbers).size).toBe(50);
  });

  it("gives a refused save's number back and never takes one from the body", async () => {
    const first = await create();
    // A duplicate code is refused by the unique index, after the number was drawn: rolled back.
    const dup = await writer.post('/v1/crud-gadget/saveNew', { body: { code: first.code, name: 'dup' }, ...inC1() });
    expect(dup.status).toBe(400);
    const next = await create();
    expect(Number(next.number.slice(2))).toBe(Number(first.number.slice(2)) + 1);
    // A server-managed number is not the client's to write.
    const sent = await writer.post('/v1/crud-gadget/saveNew', { body: { code: newCode(), name: 'mine', number: 'GD999999' }, ...inC1() });
    expect(sent.body.data.number).not.toBe('GD999999');
    // Another centre draws from the same tenant counter: numbers never repeat in the tenant.
    const elsewhere = await expectOk(
      writer.post('/v1/crud-gadget/saveNew', { body: { code: newCode(), name: 'c2' }, headers: { marketingCenter: String(c2) } }),
    );
    expect(Number(elsewhere.number.slice(2))).toBeGreaterThan(Number(next.number.slice(2)));
  });
});

describe('safe deletes', () => {
  const kitSave = (body: Record<string, unknown>, locale = 'zh_CN') =>
    writer.post('/v1/crud-kit/saveNew', { body: { name: `Kit ${++seq}`, ...body }, ...inC1({ locale }) });
  const deleteGadget = (id: number, locale = 'zh_CN') => writer.post('/v1/crud-gadget/delete', { query: { id }, ...inC1({ locale }) });

  it('refuses to delete a gadget a kit points to through a multiple relation, naming the kit', async () => {
    const g1 = await create();
    const g2 = await create();
    const k = await expectOk(kitSave({ gadgets: [g1.id, g2.id] }));
    // The kit is also in the open-kits view (same table): it counts once.
    expect(
      (await expectOk(writer.post('/v1/crud-kit-open/query', { body: {}, ...inC1() }))).records.map((r: { id: number }) => r.id),
    ).toContain(k.id);
    const refused = await deleteGadget(g1.id);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(`小部件「${g1.name}」被 1 条套件引用，不能删除`);
    const en = await deleteGadget(g2.id, 'en_US');
    expect(en.body.msg).toBe(`Gadget "${g2.name}" is used by 1 Kit record and cannot be deleted`);
    expect((await writer.get(`/v1/crud-gadget/info/${g1.id}`, inC1())).status).toBe(200);
    // Once the kit no longer names it, the gadget goes.
    await expectOk(writer.post('/v1/crud-kit/modify', { body: { id: k.id, version: k.version, gadgets: [g2.id] }, ...inC1() }));
    await expectOk(deleteGadget(g1.id));
    expect((await deleteGadget(g2.id)).status).toBe(409);
  });

  it('counts the documents whose lines point to a gadget, each once', async () => {
    const g = await create();
    const a = await expectOk(
      kitSave({
        lines: [
          { gadget: g.id, count: 1 },
          { gadget: g.id, count: 2 },
        ],
      }),
    );
    // Through the view, and both through a relation and a line: still one kit.
    const b = await expectOk(
      writer.post('/v1/crud-kit-open/saveNew', { body: { name: `Kit ${++seq}`, gadgets: [g.id], lines: [{ gadget: g.id }] }, ...inC1() }),
    );
    const refused = await deleteGadget(g.id);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(`小部件「${g.name}」被 2 条套件引用，不能删除`);
    await expectOk(writer.post('/v1/crud-kit/delete', { query: { id: a.id }, ...inC1() }));
    expect((await deleteGadget(g.id)).body.msg).toBe(`小部件「${g.name}」被 1 条套件引用，不能删除`);
    await expectOk(writer.post('/v1/crud-kit-open/delete', { query: { id: b.id }, ...inC1() }));
    await expectOk(deleteGadget(g.id));
  });

  it('names every kind of referrer: another resource and the tree below', async () => {
    const parent = await create();
    await create({ parent: parent.id });
    const refused = await deleteGadget(parent.id, 'en_US');
    expect(refused.body.msg).toBe(`Gadget "${parent.name}" still has 1 child record(s) and cannot be deleted`);
    const g = await create();
    await expectOk(kitSave({ gadgets: [g.id] }));
    await expectOk(kitSave({ lines: [{ gadget: g.id }] }));
    expect((await deleteGadget(g.id, 'en_US')).body.msg).toBe(`Gadget "${g.name}" is used by 2 Kit records and cannot be deleted`);
  });

  it('never lets a delete and a concurrent write of a reference both succeed', async () => {
    for (let round = 0; round < 6; round += 1) {
      const g = await create();
      const [removed, saved] = await Promise.all([deleteGadget(g.id), kitSave({ lines: [{ gadget: g.id }] })]);
      if (removed.status === 200) {
        // The kit waited for the delete and then found the gadget gone.
        expect(saved.status, JSON.stringify(saved.body)).toBe(400);
        expect(saved.body.data.fields).toEqual([{ field: 'lines.0.gadget', msg: '明细 1 小部件引用的数据不存在' }]);
      } else {
        expect(removed.status, JSON.stringify(removed.body)).toBe(409);
        expect(saved.status).toBe(200);
      }
      const pointing = await t.database.pool.query(
        'select count(*)::int as n from crud_kits_lines l where l.tenant_id = $1 and l.gadget = $2',
        [tenant.tenantId, g.id],
      );
      const exists = await t.database.pool.query('select count(*)::int as n from crud_gadgets where tenant_id = $1 and id = $2', [
        tenant.tenantId,
        g.id,
      ]);
      // Never a line pointing at nothing.
      if (pointing.rows[0].n > 0) expect(exists.rows[0].n).toBe(1);
    }
  });
});

describe('querying', () => {
  const names = ['Alpha', 'alphabet', 'Beta', 'Gamma', 'hidden one'];
  let made: any[] = [];
  beforeAll(async () => {
    const client = await signIn(t.app, { tenant: tenant.code, login: 'writer', password: tenant.adminPassword });
    made = [];
    for (const [i, name] of names.entries()) {
      made.push(
        await create(
          {
            code: `q-${i}`,
            name,
            qty: i === 3 ? null : i * 10,
            amount: i + 0.5,
            color: i % 2 ? 'RED' : 'GREEN',
            tags: i % 2 ? ['A'] : ['B', 'C'],
            birthday: `2000-01-0${i + 1}`,
            startsAt: `2024-03-0${i + 1} 10:00:00`,
            period: [`2024-0${i + 1}-01`, `2024-0${i + 1}-20`],
            days: [i + 1],
            active: i !== 2,
            area: i === 0 ? areaId : null,
          },
          client,
        ),
      );
    }
  });

  const query = (body: Record<string, unknown>, client = reader) => client.post('/v1/crud-gadget/query', { body, ...inC1() });
  const codesOf = async (body: Record<string, unknown>) => {
    const data = await expectOk(query({ pageSize: 100, ...body }));
    return (data.records as { code: string }[]).map((r) => r.code).filter((c) => c.startsWith('Q-'));
  };

  it('filters by each mode', async () => {
    expect(await codesOf({ filters: { code: 'Q-' } })).toEqual(['Q-0', 'Q-1', 'Q-2', 'Q-3']);
    expect(await codesOf({ filters: { name: 'ALPHA' } })).toEqual(['Q-0', 'Q-1']);
    expect(await codesOf({ filters: { name: '100%_' } })).toEqual([]);
    expect(await codesOf({ filters: { qty: [10, 20] } })).toEqual(['Q-1', 'Q-2']);
    expect(await codesOf({ filters: { qty: [null, 10] } })).toEqual(['Q-0', 'Q-1']);
    expect(await codesOf({ filters: { amount: ['1.5', 2.5] } })).toEqual(['Q-1', 'Q-2']);
    expect(await codesOf({ filters: { active: false } })).toEqual(['Q-2']);
    expect(await codesOf({ filters: { color: ['RED'] } })).toEqual(['Q-1', 'Q-3']);
    expect(await codesOf({ filters: { tags: ['C'] } })).toEqual(['Q-0', 'Q-2']);
    expect(await codesOf({ filters: { birthday: ['2000-01-02', '2000-01-03'] } })).toEqual(['Q-1', 'Q-2']);
    expect(await codesOf({ filters: { startsAt: ['2024-03-02', '2024-03-03'] } })).toEqual(['Q-1', 'Q-2']);
    expect(await codesOf({ filters: { period: ['2024-02-15', '2024-03-05'] } })).toEqual(['Q-1', 'Q-2']);
    expect(await codesOf({ filters: { days: 4 } })).toEqual(['Q-3']);
    expect(await codesOf({ filters: { area: areaId } })).toEqual(['Q-0']);
    expect(await codesOf({ filters: { state: 'DRAFT', code: 'Q-', qty: [0, null] } })).toEqual(['Q-0', 'Q-1', 'Q-2']);
    expect(await codesOf({ keyword: 'bet' })).toEqual(['Q-1', 'Q-2']);
    expect(await codesOf({ keyword: 'q-3' })).toEqual(['Q-3']);
  });

  it('sorts by sortable fields with the id tiebreak, and refuses the others', async () => {
    expect(await codesOf({ filters: { code: 'Q-' }, sorters: [{ field: 'qty', order: 'desc' }] })).toEqual(['Q-3', 'Q-2', 'Q-1', 'Q-0']);
    expect(
      await codesOf({
        filters: { code: 'Q-' },
        sorters: [
          { field: 'color', order: 'asc' },
          { field: 'amount', order: 'desc' },
        ],
      }),
    ).toEqual(['Q-2', 'Q-0', 'Q-3', 'Q-1']);
    const bad = await query({ sorters: [{ field: 'note', order: 'asc' }], filters: { note: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual([{ field: 'filters.note', msg: '不支持按说明筛选' }]);
    const badSort = await query({ sorters: [{ field: 'note', order: 'asc' }] });
    expect(badSort.body.data.fields).toEqual([{ field: 'sorters.note', msg: '不支持按说明排序' }]);
    const badShape = await query({ page: 0, pageSize: 1000, filters: { qty: 'many' } });
    expect(badShape.status).toBe(400);
    expect(badShape.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['page', 'pageSize']);
    const badValue = await query({ filters: { qty: ['x', 1] } });
    expect(badValue.body.data.fields).toEqual([{ field: 'filters.qty', msg: '数量格式不正确' }]);
  });

  it('hides what the row filter hides, in lists, details and pickers', async () => {
    const hidden = made[4];
    expect((await reader.get(`/v1/crud-gadget/info/${hidden.id}`, inC1())).status).toBe(404);
    const options = await expectOk(reader.get('/v1/crud-gadget/options', { query: { keyword: 'hidden' }, ...inC1() }));
    expect(options).toEqual([]);
    const picked = await expectOk(reader.get('/v1/crud-gadget/options', { query: { id: [made[0].id, made[1].id] }, ...inC1() }));
    expect(picked).toEqual([
      { id: made[0].id, title: 'Alpha' },
      { id: made[1].id, title: 'alphabet' },
    ]);
  });
});

describe('paging', () => {
  const centreHeaders = () => ({ headers: { marketingCenter: String(c2) } });

  beforeAll(async () => {
    // 10,050 rows in centre 2, written straight to the table: enough to pass the exact-count limit.
    await t.database.pool.query(
      `
      insert into crud_gadgets (tenant_id, marketing_center_id, code, name, qty, state)
      select $1, $2, 'bulk-' || lpad(n::text, 6, '0'), 'Bulk ' || n, case when n % 7 = 0 then null else n % 13 end, 'DRAFT'
      from generate_series(1, 10050) n`,
      [tenant.tenantId, c2],
    );
    await t.database.pool.query('analyze crud_gadgets');
  });

  it('counts exactly up to 10,000 rows and estimates beyond, flagged', async () => {
    const all = await expectOk(reader.post('/v1/crud-gadget/query', { body: { pageSize: 5 }, ...centreHeaders() }));
    expect(all.totalIsEstimate).toBe(true);
    expect(all.total).toBeGreaterThan(10_000);
    const some = await expectOk(reader.post('/v1/crud-gadget/query', { body: { filters: { code: 'bulk-0001' } }, ...centreHeaders() }));
    expect(some).toMatchObject({ total: 100, totalIsEstimate: false });
  });

  it("keeps a large estimate steady while paging, yet counts a small list's new row at once", async () => {
    const first = await expectOk(reader.post('/v1/crud-gadget/query', { body: { pageSize: 5 }, ...centreHeaders() }));
    expect(first.totalIsEstimate).toBe(true);
    const addRow = (code: string) =>
      t.database.pool.query(
        `insert into crud_gadgets (tenant_id, marketing_center_id, code, name, state) values ($1, $2, $3, $3, 'DRAFT')`,
        [tenant.tenantId, c2, code],
      );
    await addRow('kept-1');
    await t.database.pool.query('analyze crud_gadgets');
    // The planner now plans one row more, but the estimate the first page showed is kept (total-estimates.ts).
    const second = await expectOk(reader.post('/v1/crud-gadget/query', { body: { pageSize: 5, page: 2 }, ...centreHeaders() }));
    expect(second).toMatchObject({ total: first.total, totalIsEstimate: true });
    const few = { body: { filters: { code: 'kept-' } }, ...centreHeaders() };
    expect(await expectOk(reader.post('/v1/crud-gadget/query', few))).toMatchObject({ total: 1, totalIsEstimate: false });
    await addRow('kept-2');
    expect(await expectOk(reader.post('/v1/crud-gadget/query', few))).toMatchObject({ total: 2, totalIsEstimate: false });
  });

  it.each([
    ['code asc', [] as unknown[]],
    ['qty asc (nulls, duplicates)', [{ field: 'qty', order: 'asc' }]],
    [
      'qty desc then name asc',
      [
        { field: 'qty', order: 'desc' },
        { field: 'name', order: 'asc' },
      ],
    ],
  ])('walks the same records by cursor as by page number: %s', async (_, sorters) => {
    const body = { filters: { code: 'bulk-0002' }, sorters, pageSize: 7 };
    const byPage: number[] = [];
    for (let page = 1; page <= 15; page += 1) {
      const data = await expectOk(reader.post('/v1/crud-gadget/query', { body: { ...body, page }, ...centreHeaders() }));
      byPage.push(...data.records.map((r: { id: number }) => r.id));
    }
    const byCursor: number[] = [];
    let cursor: string | null | undefined;
    do {
      const data = await expectOk(
        reader.post('/v1/crud-gadget/query', { body: { ...body, ...(cursor ? { cursor } : {}) }, ...centreHeaders() }),
      );
      byCursor.push(...data.records.map((r: { id: number }) => r.id));
      cursor = data.nextCursor;
    } while (cursor);
    expect(byPage).toHaveLength(100);
    expect(byCursor).toEqual(byPage);
  });

  it('refuses a cursor made for another order', async () => {
    const first = await expectOk(reader.post('/v1/crud-gadget/query', { body: { pageSize: 2 }, ...centreHeaders() }));
    const res = await reader.post('/v1/crud-gadget/query', {
      body: { cursor: first.nextCursor, sorters: [{ field: 'qty', order: 'asc' }] },
      ...centreHeaders(),
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('翻页位置已失效，请从第一页重新查询');
  });

  it('refuses a query whose body is not a JSON object instead of answering every row unfiltered', async () => {
    const filtered = JSON.stringify({ filters: { code: 'bulk-0001' } });
    for (const [payload, type] of [
      [filtered, 'text/plain'],
      ['[1]', 'application/json'],
    ]) {
      const res = await reader.post('/v1/crud-gadget/query', {
        body: Buffer.from(payload),
        headers: { 'content-type': type, marketingCenter: String(c2) },
      });
      expect(res.status).toBe(400);
      expect(res.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['body']);
    }
  });
});

describe('access', () => {
  let g: any;
  beforeAll(async () => {
    g = await create();
  });

  const calls = (client: ApiClient, id: number, headers = inC1()) => [
    client.post('/v1/crud-gadget/query', { body: {}, ...headers }),
    client.get(`/v1/crud-gadget/info/${id}`, headers),
    client.get('/v1/crud-gadget/options', headers),
    client.post('/v1/crud-gadget/saveNew', { body: { code: newCode(), name: 'n' }, ...headers }),
    client.post('/v1/crud-gadget/modify', { body: { id, version: 1, name: 'm' }, ...headers }),
    client.post('/v1/crud-gadget/activate', { query: { id }, ...headers }),
    client.post('/v1/crud-gadget/delete', { query: { id }, ...headers }),
    client.get('/v1/crud-gadget/ping', headers),
  ];

  it('lets a reader read and nothing else, and a user without grants nothing', async () => {
    expect((await Promise.all(calls(reader, g.id))).map((r) => r.status)).toEqual([200, 200, 200, 403, 403, 403, 403, 200]);
    expect((await Promise.all(calls(nobody, g.id))).map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403, 403, 403]);
  });

  it('scopes every call to the marketing centre in the header', async () => {
    const none = await writer.get(`/v1/crud-gadget/info/${g.id}`);
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('请先选择营销中心');
    const otherCentre = { headers: { marketingCenter: String(c2) } };
    const statuses = (await Promise.all(calls(writer, g.id, otherCentre).slice(1))).map((r) => r.status);
    // info, options, saveNew (lands in centre 2), modify, activate, delete, ping
    expect(statuses).toEqual([404, 200, 200, 404, 404, 404, 200]);
    expect((await limited.get(`/v1/crud-gadget/info/${g.id}`, otherCentre)).status).toBe(403);
    expect((await limited.get(`/v1/crud-gadget/info/${g.id}`, inC1())).status).toBe(200);
  });

  it("answers another tenant's ids with 404, and refuses its centre", async () => {
    const own = { headers: { marketingCenter: String(strangerCentre) } };
    const statuses = (await Promise.all(calls(stranger, g.id, own))).map((r) => r.status);
    expect(statuses).toEqual([200, 404, 200, 200, 404, 404, 404, 200]);
    const listed = await expectOk(stranger.post('/v1/crud-gadget/query', { body: { filters: { code: g.code } }, ...own }));
    expect(listed.total).toBe(0);
    // Another tenant's centre in the header is refused before any data is read.
    expect((await stranger.get(`/v1/crud-gadget/info/${g.id}`, inC1())).status).toBe(403);
  });
});

describe('derived texts and documents', () => {
  it('serves every derived key in both locales', async () => {
    const book = resourceMessages([gadget]);
    for (const locale of ['zh_CN', 'en_US'] as const) {
      const map = await expectOk(admin.get('/v1/i18n/gets', { query: { locale } }));
      for (const [key, text] of Object.entries(book)) expect(map[key], key).toBe(locale === 'zh_CN' ? text[0] : text[1]);
    }
  });

  it('documents the derived bodies in the OpenAPI document (paths relative to the service base)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${t.app.config.serviceBase}/docs/json` });
    const doc = res.json();
    const saveNew = doc.paths['/v1/crud-gadget/saveNew'].post;
    const schema = saveNew.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['code', 'name']);
    expect(schema.properties.amount).toMatchObject({ type: 'number' });
    expect(schema.properties.state).toBeUndefined();
    expect(doc.paths['/v1/crud-gadget/activate']).toBeDefined();
  });
});
