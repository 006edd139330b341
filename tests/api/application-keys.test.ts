import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { applicationResource, grantOf } from '../../resources/setting/application.resource';
import type { EnumField } from '../../resources/define';
import { createTenant, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { spawnConsole, stopConsole, waitUntilReady, type ConsoleProcess } from '../helpers/console-process';
import { freePort } from '../helpers/free-port';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Issue 31 §1: an application calls the API with a key of its own, no cookie and no console
 * header, within its grants and its stores; the key is shown once, rotates with an overlap,
 * and a revoked key (or a disabled application) is refused from the next call, in this process
 * and in another one; calls beyond the rate answer 429; every call is on the application's
 * detail. These go through the real app on the real database.
 */

const RATE = 30;

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let storeA: number;
let storeB: number;
let memberId: number;

/** The catalogue's grant whose resource ends with `resource` and whose action is `action`. */
function grant(resource: string, action: string): string {
  const options = Object.keys((applicationResource.fields.grants as EnumField).options);
  const found = options.find((value) => grantOf(value).resourceId.endsWith(resource) && grantOf(value).action === action);
  if (!found) throw new Error(`no grant ${resource} ${action}`);
  return found;
}

const GRANTS = () => [grant('标准会员', '会员资料查看'), grant('交易接入', 'configure'), grant('/门店', '资料查看')];

async function ok<T = any>(response: Promise<{ status: number; body: any }>): Promise<T> {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as T;
}

/** A call as an application makes it: the key in its header, no cookie, no console header. */
async function withKey(key: string, method: 'GET' | 'POST', url: string, body?: object): Promise<{ status: number; body: any }> {
  const response = await t.app.inject({
    method,
    url: `/loyalty${url}`,
    headers: { 'x-api-key': key, locale: 'en_US' },
    ...(body ? { payload: body } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}

async function newApplication(name: string, stores: number[] = []): Promise<number> {
  return (await ok<{ id: number }>(admin.post('/v1/application/saveNew', { body: { name, kind: 'TILL', stores, grants: GRANTS() } }))).id;
}

const issue = (id: number, overlapHours?: number) =>
  ok<{ key: string; prefix: string; replaced: number }>(
    admin.post('/v1/application/issueKey', { query: { id }, body: overlapHours === undefined ? {} : { overlapHours } }),
  );

const sale = (key: string, storeId: number | null, orderNo: string) =>
  withKey(key, 'POST', '/v1/points/transaction', {
    orderNo,
    memberId,
    storeId,
    lines: [{ goodsCode: 'G1', quantity: 1, amount: '10.00' }],
  });

beforeAll(async () => {
  t = await startTestApp({ env: { APPLICATION_RATE_PER_MINUTE: String(RATE) } });
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  const area = await ok<{ id: number }>(admin.post('/v1/area/saveNew', { body: { code: 'AK', name: '密钥区域' } }));
  storeA = (
    await ok<{ id: number }>(admin.post('/v1/store/saveNew', { body: { code: 'AK1', name: '甲站', type: 'GAS_STATION', area: area.id } }))
  ).id;
  storeB = (
    await ok<{ id: number }>(admin.post('/v1/store/saveNew', { body: { code: 'AK2', name: '乙站', type: 'GAS_STATION', area: area.id } }))
  ).id;
  memberId = (await ok<{ id: number }>(admin.post('/v1/member/saveNew', { body: { name: '密钥会员', mobile: '13900000031' } }))).id;
}, 120_000);

afterAll(async () => t?.close());

describe('application keys', () => {
  it('calls with its key alone, within its grants; the key is shown once and only its prefix after', async () => {
    const id = await newApplication('收银台一号');
    const { key, prefix } = await issue(id);
    expect(key.startsWith(prefix)).toBe(true);

    const member = await withKey(key, 'GET', `/v1/member/info/${memberId}`);
    expect(member.status, JSON.stringify(member.body)).toBe(200);
    expect(member.body.data.name).toBe('密钥会员');
    // A write needs no console header either: the key is no cookie a forged page could send.
    expect((await sale(key, storeA, 'AK-SALE-1')).status).toBe(200);
    // Outside its grants, and with no key or a wrong one.
    expect((await withKey(key, 'POST', '/v1/user/query', {})).status).toBe(403);
    expect((await withKey(`${key}x`, 'GET', `/v1/member/info/${memberId}`)).status).toBe(401);
    expect((await withKey('', 'GET', `/v1/member/info/${memberId}`)).status).toBe(401);

    const keys = await admin.get('/v1/application/keys', { query: { id } });
    expect(keys.status).toBe(200);
    expect(keys.body.data).toEqual([expect.objectContaining({ prefix, state: 'ACTIVE', expiresAt: null, revokedAt: null })]);
    expect(JSON.stringify(keys.body)).not.toContain(key);
  });

  it('acts only at its stores: another store or none is refused, and it sees only its own store', async () => {
    const id = await newApplication('甲站收银', [storeA]);
    const { key } = await issue(id);
    expect((await sale(key, storeA, 'AK-STORE-A')).status).toBe(200);
    const other = await sale(key, storeB, 'AK-STORE-B');
    expect(other.status).toBe(403);
    expect(other.body.msg).toBe('This application may not act at this store');
    expect((await sale(key, null, 'AK-STORE-NONE')).status).toBe(403);

    const stores = await withKey(key, 'POST', '/v1/store/query', {});
    expect(stores.status).toBe(200);
    expect(stores.body.data.records.map((s: { id: number }) => s.id)).toEqual([storeA]);
    expect((await withKey(key, 'GET', `/v1/store/info/${storeB}`)).status).toBe(404);
  });

  it('rotates with an overlap, revokes at once, and a disabled application is refused until enabled', async () => {
    const id = await newApplication('小程序');
    const first = await issue(id);
    const second = await issue(id, 1);
    expect(second.replaced).toBe(1);
    // The overlap: both work, the first shown as ending.
    expect((await withKey(first.key, 'GET', `/v1/member/info/${memberId}`)).status).toBe(200);
    expect((await withKey(second.key, 'GET', `/v1/member/info/${memberId}`)).status).toBe(200);
    const keys = (await ok<{ prefix: string; state: string }[]>(admin.get('/v1/application/keys', { query: { id } }))).map((k) => [
      k.prefix,
      k.state,
    ]);
    expect(keys).toEqual([
      [second.prefix, 'ACTIVE'],
      [first.prefix, 'EXPIRING'],
    ]);
    // No overlap: the keys it replaces end now.
    const third = await issue(id, 0);
    expect((await withKey(first.key, 'GET', `/v1/member/info/${memberId}`)).status).toBe(401);
    expect((await withKey(second.key, 'GET', `/v1/member/info/${memberId}`)).status).toBe(401);
    expect((await withKey(third.key, 'GET', `/v1/member/info/${memberId}`)).status).toBe(200);

    await ok(admin.post('/v1/application/disable', { query: { id } }));
    expect((await withKey(third.key, 'GET', `/v1/member/info/${memberId}`)).status).toBe(401);
    await ok(admin.post('/v1/application/enable', { query: { id } }));
    expect((await withKey(third.key, 'GET', `/v1/member/info/${memberId}`)).status).toBe(200);

    await ok(admin.post('/v1/application/revokeKey', { query: { id }, body: { prefix: third.prefix } }));
    expect((await withKey(third.key, 'GET', `/v1/member/info/${memberId}`)).status).toBe(401);
    expect((await admin.post('/v1/application/revokeKey', { query: { id }, body: { prefix: third.prefix } })).status).toBe(404);
  });

  it('answers 429 once a key has made its calls of the minute, and keeps the other keys going', async () => {
    const busy = (await issue(await newApplication('忙碌的 ERP'))).key;
    const calm = (await issue(await newApplication('安静的 ERP'))).key;
    const statuses: number[] = [];
    for (let call = 0; call <= RATE; call += 1) statuses.push((await withKey(busy, 'GET', `/v1/member/info/${memberId}`)).status);
    expect(statuses.slice(0, RATE).every((status) => status === 200)).toBe(true);
    expect(statuses[RATE]).toBe(429);
    expect((await withKey(calm, 'GET', `/v1/member/info/${memberId}`)).status).toBe(200);
  });

  it('lists every call on the application: operation, status and key; the application’s account is no user', async () => {
    const id = await newApplication('对账系统');
    const { key, prefix } = await issue(id);
    await withKey(key, 'GET', `/v1/member/info/${memberId}`);
    await withKey(key, 'POST', '/v1/user/query', {});
    let calls: { operation: string; status: number; keyPrefix: string; method: string }[] = [];
    await expect
      .poll(async () => {
        const page = await ok<{ records: typeof calls; totals: { calls: number; refused: number } }>(
          admin.post('/v1/application-calls/query', { body: { filters: { applicationId: id } } }),
        );
        calls = page.records;
        // The log is written a moment after the answers; the page and its totals are two reads.
        return { totals: page.totals, listed: page.records.length };
      })
      .toEqual({ totals: { calls: 2, refused: 1 }, listed: 2 });
    expect(calls.map((c) => [c.method, c.operation, c.status, c.keyPrefix])).toEqual([
      ['POST', '/loyalty/v1/user/query', 403, prefix],
      ['GET', '/loyalty/v1/member/info/:id', 200, prefix],
    ]);

    const users = await ok<{ records: { login: string }[] }>(admin.post('/v1/user/query', { body: {} }));
    expect(users.records.map((u) => u.login).some((login) => login.startsWith('app:'))).toBe(false);
    const number = (await ok<{ number: string }>(admin.get(`/v1/application/info/${id}`))).number;
    const login = await t.app.inject({
      method: 'POST',
      url: '/loyalty/v1/auth/login',
      headers: { 'x-requested-with': 'loyalty-console' },
      payload: { tenant: tenant.code, login: `app:${number}`, password: '!' },
    });
    expect(login.statusCode).toBe(400);
  });
});

describe('a key revoked in one process', () => {
  let other: ConsoleProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'application-keys-'));
    // A second console on the same database, whose cache would keep a key for five minutes.
    other = spawnConsole({
      dataDir,
      port: await freePort(),
      env: { DATABASE_URL: inject('databaseUrl'), AUTH_CACHE_SECONDS: '300', PASSWORD_HASH_COST: '8', SEED_DEMO: '0' },
    });
    await waitUntilReady(other);
  }, 240_000);

  afterAll(async () => {
    if (other) await stopConsole(other);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const statusOnOther = async (key: string) => {
    const response = await fetch(`${other.origin}/loyalty/v1/member/info/${memberId}`, { headers: { 'x-api-key': key } });
    await response.arrayBuffer();
    return response.status;
  };

  it('is refused by the other process within a second', async () => {
    const id = await newApplication('两进程收银');
    const { key, prefix } = await issue(id);
    expect(await statusOnOther(key)).toBe(200);
    await ok(admin.post('/v1/application/revokeKey', { query: { id }, body: { prefix } }));
    const revokedAt = Date.now();
    let status = await statusOnOther(key);
    while (status === 200 && Date.now() - revokedAt < 1000) status = await statusOnOther(key);
    expect(status).toBe(401);
  });
});
