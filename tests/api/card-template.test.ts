import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CARD_TEMPLATE_TYPES, type CardTemplateType } from '../../resources/catalog/card-template-types';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { createTenant, createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';

/**
 * Card templates beyond generic CRUD (§7): number allocation that never repeats, even under
 * concurrent callers; the lookup by number; saveNew numbering; and permissions per card type.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
/** Holds only 卡模板查看 on 实体礼品卡. */
let giftViewer: ApiClient;
/** Holds only 卡模板维护 on 实体礼品卡. */
let giftMaintainer: ApiClient;
/** Holds 卡模板查看 on 充值卡 and 卡模板维护 on 实体礼品卡. */
let mixed: ApiClient;

const resourceOf = (type: CardTemplateType) => CARD_TEMPLATE_TYPES.find((d) => d.type === type)!.resourceId;

/** A valid template body of a card type. */
function template(type: CardTemplateType, extra: Record<string, unknown> = {}) {
  return {
    name: `${type} 模板`,
    cardTemplateType: type,
    faceValue: 100,
    price: 95,
    rechargeable: type === 'IMPREST_CARD' || type === 'RECHARGEABLE_CARD',
    validityType: 'MONTHS',
    validityMonths: 12,
    cardNumberPrefix: 'GC',
    cardNumberLength: 16,
    ...extra,
  };
}

async function create(client: ApiClient, type: CardTemplateType, extra: Record<string, unknown> = {}) {
  const res = await client.post('/v1/card-template/saveNew', { body: template(type, extra) });
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data as { id: number; number: string; cardTemplateType: string; version: number };
}

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.database);
  const password = tenant.adminPassword;
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password });
  const gift = resourceOf('OFFLINE_GIFT_CARD');
  await createUser(t.database, { tenantId: tenant.tenantId, login: 'gift-viewer', grants: [{ resourceId: gift, action: '卡模板查看' }] });
  await createUser(t.database, {
    tenantId: tenant.tenantId,
    login: 'gift-maintainer',
    grants: [{ resourceId: gift, action: '卡模板维护' }],
  });
  await createUser(t.database, {
    tenantId: tenant.tenantId,
    login: 'mixed',
    grants: [
      { resourceId: resourceOf('IMPREST_CARD'), action: '卡模板查看' },
      { resourceId: gift, action: '卡模板维护' },
    ],
  });
  giftViewer = await signIn(t.app, { tenant: tenant.code, login: 'gift-viewer', password });
  giftMaintainer = await signIn(t.app, { tenant: tenant.code, login: 'gift-maintainer', password });
  mixed = await signIn(t.app, { tenant: tenant.code, login: 'mixed', password });
});

afterAll(async () => {
  await t.close();
});

describe('allocateTemplateNumber', () => {
  test('50 concurrent callers each get a different number', async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, () => admin.post('/v1/card-template/allocateTemplateNumber')));
    for (const res of responses) {
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(2000);
      expect(res.body.data).toMatch(/^CT\d{8}$/);
    }
    const numbers = responses.map((res) => res.body.data as string);
    expect(new Set(numbers).size).toBe(50);
  });

  test('numbers keep growing and tenants have their own sequence', async () => {
    const first = (await admin.post('/v1/card-template/allocateTemplateNumber')).body.data as string;
    const second = (await admin.post('/v1/card-template/allocateTemplateNumber')).body.data as string;
    expect(second > first).toBe(true);
    const other = await createTenant(t.database);
    const otherAdmin = await signIn(t.app, { tenant: other.code, login: other.adminLogin, password: other.adminPassword });
    expect((await otherAdmin.post('/v1/card-template/allocateTemplateNumber')).body.data).toBe('CT00000001');
  });

  test('needs the maintain action of some card type', async () => {
    expect((await giftViewer.post('/v1/card-template/allocateTemplateNumber')).status).toBe(403);
    expect((await giftMaintainer.post('/v1/card-template/allocateTemplateNumber')).body.code).toBe(2000);
  });
});

describe('saveNew numbering', () => {
  test('allocates a number when none is sent', async () => {
    const made = await create(admin, 'IMPREST_CARD');
    expect(made.number).toMatch(/^CT\d{8}$/);
  });

  test('uses an allocated number that is sent, once', async () => {
    const number = (await admin.post('/v1/card-template/allocateTemplateNumber')).body.data as string;
    const made = await create(admin, 'ONLINE_GIFT_CARD', { number });
    expect(made.number).toBe(number);
    const again = await admin.post('/v1/card-template/saveNew', { body: template('ONLINE_GIFT_CARD', { number }) });
    expect(again.body.code).not.toBe(2000);
    expect([400, 409]).toContain(again.status);
  });

  test('refuses a number that was never allocated', async () => {
    const res = await admin.post('/v1/card-template/saveNew', { body: template('IMPREST_CARD', { number: 'CT99999999' }) });
    expect(res.status).toBe(400);
    expect(res.body.data.fields.map((f: { field: string }) => f.field)).toContain('number');
  });

  test('the number cannot be changed by modify', async () => {
    const made = await create(admin, 'IMPREST_CARD');
    const other = (await admin.post('/v1/card-template/allocateTemplateNumber')).body.data as string;
    const res = await admin.post('/v1/card-template/modify', {
      body: { ...template('IMPREST_CARD'), id: made.id, version: made.version, number: other, name: '改名' },
    });
    expect(res.body.code).toBe(2000);
    const info = await admin.get(`/v1/card-template/info/${made.id}`);
    expect(info.body.data.number).toBe(made.number);
    expect(info.body.data.name).toBe('改名');
  });

  test('cross-field terms are checked', async () => {
    const dearer = await admin.post('/v1/card-template/saveNew', { body: template('IMPREST_CARD', { price: 120 }) });
    expect(dearer.status).toBe(400);
    expect(dearer.body.data.fields.map((f: { field: string }) => f.field)).toContain('price');
    const noDates = await admin.post('/v1/card-template/saveNew', { body: template('OFFLINE_GIFT_CARD', { validityType: 'FIXED' }) });
    expect(noDates.status).toBe(400);
    expect(noDates.body.data.fields.map((f: { field: string }) => f.field)).toContain('validPeriod');
    const fixed = await create(admin, 'OFFLINE_GIFT_CARD', { validityType: 'FIXED', validPeriod: ['2026-01-01', '2026-12-31'] });
    const info = await admin.get(`/v1/card-template/info/${fixed.id}`);
    expect(info.body.data.validityMonths).toBeNull();
    expect(info.body.data.validPeriod).toEqual(['2026-01-01', '2026-12-31']);
  });
});

describe('info-by-number', () => {
  test('returns the template with its cardTemplateType', async () => {
    const made = await create(admin, 'RECHARGEABLE_CARD');
    const res = await admin.get('/v1/card-template/info-by-number', { query: { number: made.number } });
    expect(res.body.code).toBe(2000);
    expect(res.body.data.id).toBe(made.id);
    expect(res.body.data.cardTemplateType).toBe('RECHARGEABLE_CARD');
  });

  test('404 for an unknown number, 400 without one', async () => {
    expect((await admin.get('/v1/card-template/info-by-number', { query: { number: 'CT00000000' } })).status).toBe(404);
    expect((await admin.get('/v1/card-template/info-by-number')).status).toBe(400);
  });
});

describe('permissions per card type', () => {
  let imprest: { id: number; number: string; version: number };
  let gift: { id: number; number: string; version: number };

  beforeAll(async () => {
    imprest = await create(admin, 'IMPREST_CARD', { name: '权限测试充值卡' });
    gift = await create(admin, 'OFFLINE_GIFT_CARD', { name: '权限测试礼品卡' });
  });

  test('query returns only the types the user may view', async () => {
    const res = await giftViewer.post('/v1/card-template/query', { body: { page: 1, pageSize: 100 } });
    expect(res.body.code).toBe(2000);
    const types = new Set(res.body.data.records.map((r: { cardTemplateType: string }) => r.cardTemplateType));
    expect([...types]).toEqual(['OFFLINE_GIFT_CARD']);
    expect(res.body.data.records.map((r: { id: number }) => r.id)).toContain(gift.id);
    // Asking for another type explicitly does not widen the result.
    const filtered = await giftViewer.post('/v1/card-template/query', {
      body: { page: 1, pageSize: 100, filters: { cardTemplateType: ['IMPREST_CARD'] } },
    });
    expect(filtered.body.data?.records ?? []).toEqual([]);
  });

  test('info of a viewable type is allowed, of another type refused', async () => {
    expect((await giftViewer.get(`/v1/card-template/info/${gift.id}`)).body.data.cardTemplateType).toBe('OFFLINE_GIFT_CARD');
    const res = await giftViewer.get(`/v1/card-template/info/${imprest.id}`);
    // The engine's info route reads through the row filter, which hides other types: 404 today.
    // 403 needs a record check hook on info (requested from the engine); either way nothing leaks.
    expect([403, 404]).toContain(res.status);
    expect(res.body.code).not.toBe(2000);
    expect(res.body.data).toBeNull();
  });

  test('info-by-number of another type is forbidden', async () => {
    expect((await giftViewer.get('/v1/card-template/info-by-number', { query: { number: gift.number } })).body.code).toBe(2000);
    expect((await giftViewer.get('/v1/card-template/info-by-number', { query: { number: imprest.number } })).status).toBe(403);
  });

  test('view alone cannot save', async () => {
    expect((await giftViewer.post('/v1/card-template/saveNew', { body: template('OFFLINE_GIFT_CARD') })).status).toBe(403);
  });

  test('maintaining one type cannot save another', async () => {
    expect((await create(giftMaintainer, 'OFFLINE_GIFT_CARD')).cardTemplateType).toBe('OFFLINE_GIFT_CARD');
    const res = await giftMaintainer.post('/v1/card-template/saveNew', { body: template('IMPREST_CARD') });
    expect(res.status).toBe(403);
  });

  test('a viewable type that is not maintainable cannot be modified, deleted or enabled', async () => {
    const body = { ...template('IMPREST_CARD'), id: imprest.id, version: imprest.version, name: '不应修改' };
    expect((await mixed.post('/v1/card-template/modify', { body })).status).toBe(403);
    expect((await mixed.post('/v1/card-template/delete', { query: { id: imprest.id } })).status).toBe(403);
    expect((await mixed.post('/v1/card-template/enable', { query: { id: imprest.id } })).status).toBe(403);
    expect((await admin.get(`/v1/card-template/info/${imprest.id}`)).body.data.name).toBe('权限测试充值卡');
  });

  test('the maintained type can be modified and enabled', async () => {
    const info = (await mixed.get(`/v1/card-template/info/${gift.id}`)).body.data;
    const res = await mixed.post('/v1/card-template/modify', {
      body: { ...template('OFFLINE_GIFT_CARD'), id: gift.id, version: info.version, name: '礼品卡改名' },
    });
    expect(res.body.code).toBe(2000);
    expect((await mixed.post('/v1/card-template/enable', { query: { id: gift.id } })).body.code).toBe(2000);
    // An enabled template keeps its terms (issued cards rely on them); its name can still change.
    const frozen = await mixed.post('/v1/card-template/modify', {
      body: { ...template('OFFLINE_GIFT_CARD'), id: gift.id, version: info.version + 2, faceValue: 200, name: 'x' },
    });
    expect(frozen.status).toBe(400);
    expect(frozen.body.data.fields).toEqual([{ field: 'faceValue', msg: '面值(元)在“已启用”状态下不能修改' }]);
    const renamed = await mixed.post('/v1/card-template/modify', {
      body: { ...template('OFFLINE_GIFT_CARD'), id: gift.id, version: info.version + 2, name: '礼品卡新名' },
    });
    expect(renamed.body.data).toMatchObject({ name: '礼品卡新名', faceValue: 100, state: 'ENABLED' });
  });
});
