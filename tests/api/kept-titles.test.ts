import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../resources/index';
import { createTenant, signIn, type ApiClient, type ApiResponse, type TestTenant } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Names the server keeps in each process (server/crud/kept-titles.ts): the users and the
 * resources declaring `titlesKept` are named from a copy, and a change made anywhere (another
 * process, plain SQL) is seen by the next read of every process, with no message to wait for.
 */

let first: TestApp;
let second: TestApp;
let tenant: TestTenant;
let viaFirst: ApiClient;
let viaSecond: ApiClient;
let storeId: number;
let levelId: number;
let memberId: number;

async function ok(promise: Promise<ApiResponse>) {
  const res = await promise;
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data;
}

/** The member as the list and the read of one console process name what it points at. */
async function memberNames(client: ApiClient) {
  const page = await ok(client.post('/v1/member/query', { body: { pageSize: 50 } }));
  const listed = page.records.find((r: { id: number }) => r.id === memberId);
  const read = await ok(client.get(`/v1/member/info/${memberId}`));
  return {
    listed: { store: listed._titles.registerStore?.[storeId], level: listed._titles.level?.[levelId], creator: listed._titles.createdBy },
    read: { store: read._titles.registerStore?.[storeId], level: read._titles.level?.[levelId], creator: read._titles.createdBy },
  };
}

beforeAll(async () => {
  first = await startTestApp();
  second = await startTestApp();
  tenant = await createTenant(first.database);
  const login = { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword };
  viaFirst = await signIn(first.app, login);
  viaSecond = await signIn(second.app, login);
  const area = (await ok(viaFirst.post('/v1/area/saveNew', { body: { code: 'A1', name: '城东' } }))).id;
  storeId = (await ok(viaFirst.post('/v1/store/saveNew', { body: { code: 'S01', name: '东门店', type: 'GAS_STATION', area } }))).id;
  levelId = (
    await ok(
      viaFirst.post('/v1/level/saveNew', { body: { levelType: 'FREE', code: 'L1', name: '普卡', rankOrder: 1, growthThreshold: 0 } }),
    )
  ).id;
  const member = await ok(viaFirst.post('/v1/member/saveNew', { body: { name: '林小满', mobile: '13800007777', registerStore: storeId } }));
  memberId = member.id;
  expect(member.level).toBe(levelId); // the lowest free level, given by the system
});

afterAll(async () => {
  await second?.close();
  await first?.close();
});

describe('names kept in each process', () => {
  it('gives every kept table and the users the triggers that count their changes', async () => {
    const kept = RESOURCES.filter((resource) => resource.titlesKept).map((resource) => resource.table);
    expect(kept.length).toBeGreaterThan(0);
    const { rows } = await first.database.db.execute(
      sql`select c.relname as table, string_agg(t.tgname, ',' order by t.tgname) as triggers
          from pg_trigger t join pg_class c on c.oid = t.tgrelid
          where t.tgname like 'title_versions_%' group by c.relname`,
    );
    const found = Object.fromEntries(rows.map((row) => [row.table as string, row.triggers as string]));
    for (const table of [...kept, 'users']) {
      expect(found[table], table).toBe('title_versions_delete,title_versions_insert,title_versions_update');
    }
  });

  it('names the store, the level and the creator on the list and the read of both processes', async () => {
    const names = { store: '东门店', level: '普卡', creator: { [String(tenant.adminUserId)]: expect.any(String) } };
    for (const client of [viaFirst, viaSecond]) expect(await memberNames(client)).toEqual({ listed: names, read: names });
  });

  it('shows a rename made through the other process on the next read', async () => {
    await memberNames(viaSecond); // the second process holds its copy
    const store = await ok(viaFirst.get(`/v1/store/info/${storeId}`));
    await ok(viaFirst.post('/v1/store/modify', { body: { ...store, name: '东门旗舰店' } }));
    const level = await ok(viaFirst.get(`/v1/level/info/${levelId}`));
    await ok(viaFirst.post('/v1/level/modify', { body: { ...level, name: '普卡会员' } }));
    for (const client of [viaSecond, viaFirst]) {
      const { listed, read } = await memberNames(client);
      expect([listed.store, listed.level, read.store, read.level]).toEqual(['东门旗舰店', '普卡会员', '东门旗舰店', '普卡会员']);
    }
  });

  it('shows a change made in plain SQL, and a renamed user, on the next read', async () => {
    await memberNames(viaFirst);
    await second.database.db.execute(sql`update stores set name = '东门老店' where tenant_id = ${tenant.tenantId} and id = ${storeId}`);
    await second.database.db.execute(
      sql`update users set name = '店长老周' where tenant_id = ${tenant.tenantId} and id = ${tenant.adminUserId}`,
    );
    const { listed, read } = await memberNames(viaFirst);
    expect(listed.store).toBe('东门老店');
    expect(read.creator).toEqual({ [String(tenant.adminUserId)]: '店长老周' });
  });

  it('keeps a rename that was rolled back out of every copy', async () => {
    await memberNames(viaFirst);
    await expect(
      first.database.db.transaction(async (tx) => {
        await tx.execute(sql`update stores set name = '不该出现' where tenant_id = ${tenant.tenantId} and id = ${storeId}`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    for (const client of [viaFirst, viaSecond]) expect((await memberNames(client)).listed.store).toBe('东门老店');
  });
});
