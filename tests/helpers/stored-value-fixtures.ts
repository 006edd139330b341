import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import { resourceByName } from '../../resources/index';
import { sampleBody } from './crud-samples';
import { createTenant, createUser, signIn, type ApiClient, type TestTenant } from './fixtures';
import { startTestApp, type TestApp, type TestClock } from './test-app';

/**
 * The scene of the stored-value tests: a tenant, its administrator, a till (储值/储值账户 ·
 * 配置维护), a reader of accounts (账户信息查看), and master data made through the API as a
 * person would: a store, a parent and a child category, a brand, and goods in them.
 */
export interface StoredValueScene {
  readonly t: TestApp;
  readonly tenant: TestTenant;
  readonly admin: ApiClient;
  readonly till: ApiClient;
  readonly reader: ApiClient;
}

let seed = randomInt(1_000_000);

/** Creates a record of a declared resource through its saveNew with a valid sample body. */
export async function saveSample(
  client: ApiClient,
  name: string,
  refs: Record<string, number>,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const resource = resourceByName(name);
  if (!resource) throw new Error(`no resource ${name}`);
  seed += 1;
  const res = await client.post(`/v1/${name}/saveNew`, { body: sampleBody({ resource, seed, refs, overrides }) });
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data.id as number;
}

/** The scene; `clock` replaces the server's clock (tests that move time, e.g. gift expiry). */
export async function startStoredValueScene(options: { clock?: TestClock } = {}): Promise<StoredValueScene> {
  const t = await startTestApp(options);
  const tenant = await createTenant(t.database);
  const admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  await createUser(t.database, {
    tenantId: tenant.tenantId,
    login: 'svtill',
    grants: [{ resourceId: '储值/储值账户', action: '配置维护' }],
  });
  await createUser(t.database, {
    tenantId: tenant.tenantId,
    login: 'svreader',
    grants: [{ resourceId: '储值/储值账户', action: '账户信息查看' }],
  });
  const till = await signIn(t.app, { tenant: tenant.code, login: 'svtill', password: tenant.adminPassword });
  const reader = await signIn(t.app, { tenant: tenant.code, login: 'svreader', password: tenant.adminPassword });
  return { t, tenant, admin, till, reader };
}

/** Master data: two stores, a category with a subcategory, another category, a brand, goods. */
export interface Catalogue {
  readonly stores: readonly [number, number];
  readonly parentCategory: number;
  readonly childCategory: number;
  readonly otherCategory: number;
  readonly brand: number;
  /** In the child category, no brand. */
  readonly childGoods: number;
  /** In the other category, of the brand. */
  readonly brandGoods: number;
  /** In the other category, no brand. */
  readonly plainGoods: number;
}

export async function createCatalogue(admin: ApiClient): Promise<Catalogue> {
  const area = await saveSample(admin, 'area', {});
  const storeA = await saveSample(admin, 'store', { area });
  const storeB = await saveSample(admin, 'store', { area });
  const parentCategory = await saveSample(admin, 'catogory', {}, { parent: null });
  const childCategory = await saveSample(admin, 'catogory', {}, { parent: parentCategory });
  const otherCategory = await saveSample(admin, 'catogory', {}, { parent: null });
  const brand = await saveSample(admin, 'brand', {});
  const goods = (category: number, brandId: number | null) =>
    saveSample(admin, 'product', { catogory: category }, { category, brand: brandId });
  return {
    stores: [storeA, storeB],
    parentCategory,
    childCategory,
    otherCategory,
    brand,
    childGoods: await goods(childCategory, null),
    brandGoods: await goods(otherCategory, brand),
    plainGoods: await goods(otherCategory, null),
  };
}

/** Saves a settings object (reading its version first). */
export async function saveSettings(admin: ApiClient, name: string, values: Record<string, unknown>): Promise<void> {
  const current = await admin.get(`/v1/${name}/get`);
  expect(current.body.code, JSON.stringify(current.body)).toBe(2000);
  const res = await admin.post(`/v1/${name}/save`, { body: { ...values, version: current.body.data.version } });
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
}
