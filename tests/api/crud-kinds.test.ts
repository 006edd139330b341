import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declareEntry } from '../../resources/catalog/declare';
import type { GroupDecl, PermissionRef } from '../../resources/catalog/types';
import { defineKinds, defineResource, field } from '../../resources/define';
import { buildRegistry, mountResources, servedResources } from '../../server/crud/resource-registry';
import { deriveTable } from '../../server/crud/table.derive';
import { createDerivedTables } from '../helpers/derived-ddl';
import { anonymousClient, createTenant, createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * One table, many kinds (`defineKinds`), on promotions declared here: a base with a kind field and
 * three kinds, each adding its own rule fields and screens. The base lists every kind; each kind's
 * view lists, creates and validates only its own.
 */

const RID = '测试/促销';
const READ: PermissionRef = { resourceId: RID, action: '活动查看' };
const WRITE: PermissionRef = { resourceId: RID, action: '配置维护' };

const promos = defineKinds({
  base: defineResource({
    name: 'crud-promo',
    table: 'crud_promos',
    title: ['促销', 'Promotion'],
    route: { group: 'promotion', entry: 'crud-promo', screens: { list: 'crud-promo' } },
    access: { read: ['活动查看'], write: '配置维护' },
    scope: 'tenant',
    fields: {
      name: field.text({ label: ['名称', 'Name'], required: true, maxLength: 40, searchable: true }),
      kind: field.enum({ label: ['类型', 'Kind'], required: true, readOnlyAfterCreate: true, filter: 'in', options: {} }),
      note: field.text({ label: ['备注', 'Note'], maxLength: 40 }),
    },
    titleField: 'name',
    list: { defaultSort: { field: 'name', order: 'asc' } },
  }),
  kindField: 'kind',
  kinds: {
    DOUBLING: {
      title: ['积分翻倍', 'Points doubling'],
      screens: { list: 'crud-promo-doubling', add: 'crud-promo-doubling-add', dtl: 'crud-promo-doubling-dtl' },
      fields: { multiple: field.decimal({ label: ['倍数', 'Multiple'], required: true, min: 1, max: 10, decimals: 1 }) },
    },
    GIFT: {
      title: ['满额送礼', 'Spend gift'],
      screens: { list: 'crud-promo-gift', add: 'crud-promo-gift-add', dtl: 'crud-promo-gift-dtl' },
      fields: {
        giftName: field.text({ label: ['赠品', 'Gift'], required: true, maxLength: 20 }),
        threshold: field.money({ label: ['门槛金额', 'Threshold'], min: 0 }),
      },
    },
    COUPON: {
      title: ['送券', 'Coupon reward'],
      screens: { list: 'crud-promo-coupon', add: 'crud-promo-coupon-add', dtl: 'crud-promo-coupon-dtl' },
      fields: { couponCount: field.integer({ label: ['张数', 'Coupons'], required: true, min: 1, max: 10 }) },
    },
  },
});

const screen = (name: string, title: readonly [string, string]) => ({ name, title });
const testGroup: GroupDecl = {
  group: 'promotion',
  title: ['测试', 'Test'],
  resourceRoot: '测试',
  resourceRootEn: 'Test',
  entries: [
    declareEntry({
      entry: 'crud-promo',
      title: ['促销', 'Promotions'],
      resourceId: RID,
      resourceTitleEn: 'Promotions',
      actions: ['活动查看', '配置维护'],
      screens: [
        screen('crud-promo', ['促销', 'Promotions']),
        ...['doubling', 'gift', 'coupon'].flatMap((k) => [
          screen(`crud-promo-${k}`, [k, k]),
          screen(`crud-promo-${k}-add`, [k, k]),
          screen(`crud-promo-${k}-dtl`, [k, k]),
        ]),
      ],
    }),
  ],
};

mountResources({ resources: promos.resources, catalog: [testGroup] });

let t: TestApp;
let tenant: TestTenant;
let writer: ApiClient;

async function okData(promise: Promise<{ status: number; body: any }>): Promise<any> {
  const res = await promise;
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data;
}

const fieldsOf = (res: { body: any }) => (res.body.data?.fields ?? []).map((f: { field: string }) => f.field).sort();

beforeAll(async () => {
  t = await startTestApp();
  await createDerivedTables(t.database, { promos: deriveTable(promos.base) });
  tenant = await createTenant(t.database);
  await createUser(t.database, { tenantId: tenant.tenantId, login: 'writer', grants: [READ, WRITE] });
  writer = await signIn(t.app, { tenant: tenant.code, login: 'writer', password: tenant.adminPassword });
});

afterAll(async () => {
  await t?.close();
});

describe('one table, many kinds', () => {
  it('serves the base and one view per kind over one table', () => {
    const registry = buildRegistry(servedResources([]));
    const names = ['crud-promo', 'crud-promo-doubling', 'crud-promo-gift', 'crud-promo-coupon'];
    for (const name of names) expect(registry.get(name).table).toBe(deriveTable(promos.base));
    expect(Object.keys((promos.base.fields.kind as { options: object }).options)).toEqual(['DOUBLING', 'GIFT', 'COUPON']);
  });

  it("requires a kind's required rule field only for that kind, and stores the other kinds' fields as null", async () => {
    // Doubling: its multiple is required; another kind's gift name is not, and is cleared.
    const missing = await writer.post('/v1/crud-promo-doubling/saveNew', { body: { name: 'Double' } });
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing)).toEqual(['multiple']);
    const doubling = await okData(
      writer.post('/v1/crud-promo-doubling/saveNew', { body: { name: 'Double', multiple: 2, giftName: 'Mug' } }),
    );
    expect(doubling).toMatchObject({ kind: 'DOUBLING', multiple: 2, giftName: null, couponCount: null });
    // Gift: its gift name is required, the doubling's multiple is not.
    const noGift = await writer.post('/v1/crud-promo-gift/saveNew', { body: { name: 'Gift', threshold: 100 } });
    expect(fieldsOf(noGift)).toEqual(['giftName']);
    const gift = await okData(writer.post('/v1/crud-promo-gift/saveNew', { body: { name: 'Gift', giftName: 'Mug', threshold: 100 } }));
    expect(gift).toMatchObject({ kind: 'GIFT', giftName: 'Mug', threshold: 100, multiple: null });
    // A kind's own rule values are validated for it.
    const tooMany = await writer.post('/v1/crud-promo-coupon/saveNew', { body: { name: 'Coupons', couponCount: 11 } });
    expect(fieldsOf(tooMany)).toEqual(['couponCount']);
    // The base creates any kind, with that kind's rules.
    const viaBase = await writer.post('/v1/crud-promo/saveNew', { body: { name: 'Coupons', kind: 'COUPON' } });
    expect(fieldsOf(viaBase)).toEqual(['couponCount']);
    const coupon = await okData(writer.post('/v1/crud-promo/saveNew', { body: { name: 'Coupons', kind: 'COUPON', couponCount: 3 } }));
    expect(coupon).toMatchObject({ kind: 'COUPON', couponCount: 3, multiple: null, giftName: null });
  });

  it("never lets a kind's view create or move a record into another kind", async () => {
    // The kind is the view's to stamp: a body naming another one is overruled.
    const sneaky = await okData(
      writer.post('/v1/crud-promo-doubling/saveNew', { body: { name: 'Sneaky', kind: 'GIFT', multiple: 2, giftName: 'Mug' } }),
    );
    expect(sneaky).toMatchObject({ kind: 'DOUBLING', multiple: 2, giftName: null });
    const gift = await okData(writer.post('/v1/crud-promo-gift/saveNew', { body: { name: 'Moved', giftName: 'Pen' } }));
    // Not found through another kind's view, and a modify there cannot reach it.
    expect((await writer.get(`/v1/crud-promo-doubling/info/${gift.id}`)).status).toBe(404);
    const moved = await writer.post('/v1/crud-promo-doubling/modify', { body: { id: gift.id, version: gift.version, multiple: 3 } });
    expect(moved.status).toBe(404);
  });

  it('lists every kind in the base list, and only its own in each kind list', async () => {
    const d = await okData(writer.post('/v1/crud-promo-doubling/saveNew', { body: { name: 'List doubling', multiple: 3 } }));
    const g = await okData(writer.post('/v1/crud-promo-gift/saveNew', { body: { name: 'List gift', giftName: 'Cup' } }));
    const c = await okData(writer.post('/v1/crud-promo-coupon/saveNew', { body: { name: 'List coupon', couponCount: 2 } }));
    const ids = async (name: string, body: Record<string, unknown> = {}) =>
      (await okData(writer.post(`/v1/${name}/query`, { body: { pageSize: 200, keyword: 'List', ...body } }))).records.map(
        (r: { id: number }) => r.id,
      );
    expect((await ids('crud-promo')).sort()).toEqual([d.id, g.id, c.id].sort());
    expect(await ids('crud-promo', { filters: { kind: ['GIFT', 'COUPON'] } })).toEqual(expect.arrayContaining([g.id, c.id]));
    expect(await ids('crud-promo', { filters: { kind: ['GIFT'] } })).toEqual([g.id]);
    expect(await ids('crud-promo-doubling')).toEqual([d.id]);
    expect(await ids('crud-promo-gift')).toEqual([g.id]);
    expect(await ids('crud-promo-coupon')).toEqual([c.id]);
    // The base's records carry every kind's fields (null where they do not apply).
    const row = (await okData(writer.post('/v1/crud-promo/query', { body: { keyword: 'List coupon' } }))).records[0];
    expect(row).toMatchObject({ kind: 'COUPON', couponCount: 2, multiple: null, giftName: null });
  });

  it("serves each kind's texts: its title as the kind field's option and its view's name", async () => {
    const served: Record<string, string> = await okData(anonymousClient(t.app).get('/v1/i18n/gets', { query: { locale: 'en_US' } }));
    expect(served['res.crud-promo.kind.GIFT']).toBe('Spend gift');
    expect(served['res.crud-promo-gift']).toBe('Spend gift');
    expect(served['res.crud-promo-gift.giftName']).toBe('Gift');
    expect(served['res.crud-promo.section.kind-gift']).toBe('Spend gift');
  });
});
