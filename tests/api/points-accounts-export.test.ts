import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../server/crud/actor';
import { readViewRows, viewConditions, type SortedAfter } from '../../server/crud/query-view.read';
import { pointsAccountsSource } from '../../server/modules/points/points-accounts.source';
import { createTenant, createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { adjustPoints, createMembers } from '../helpers/points-fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { downloadTaskSheet } from '../helpers/workbooks';

/**
 * The points query's export (POST /v1/points-accounts/export, score-query-list): a file-centre
 * task under the points module whose workbook holds exactly the accounts the accounts query
 * answers for the same filters and order, in the caller's language, within the caller's
 * marketing centre; refused to a user who cannot read points, and on a filter the query refuses.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let members: number[];

type Row = Record<string, unknown>;

async function ok(promise: Promise<{ status: number; body: any }>) {
  const res = await promise;
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data;
}

/** What a person reads in a list row, in the export's column order. */
const asCells = (r: Row) => [r.memberName, r.memberNumber, r.mobile, r.balance, r.totalEarned, r.totalSpent, r.updatedAt];

/** The accounts the list shows for a query (every page), and the rows its export wrote. */
async function listedAndExported(args: { client: ApiClient; body: Row; headers?: Record<string, string>; locale?: string }) {
  const { client, body, headers = {}, locale = 'zh_CN' } = args;
  const listed = (await ok(client.post('/v1/points-accounts/query', { body: { ...body, pageSize: 200 }, headers }))).records as Row[];
  const { taskId } = await ok(client.post('/v1/points-accounts/export', { body, headers: { ...headers, locale } }));
  const task = await ok(client.get(`/v1/file-task/info/${taskId}`, { headers }));
  expect(task).toMatchObject({ module: 'points', direction: 'export', state: 'succeeded', total: listed.length });
  const [header, ...rows] = await downloadTaskSheet({ app: t.app, client, taskId, locale });
  return { listed, header, rows };
}

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  members = await createMembers({ client: admin, count: 3 });
  await adjustPoints({
    client: admin,
    grants: [
      [members[0], 10],
      [members[1], 50],
      [members[2], 30],
      [members[0], 7],
    ],
  });
});

afterAll(async () => t?.close());

describe('points accounts export', () => {
  it('exports exactly the accounts the query lists, in its order, labelled in the caller language', async () => {
    const body = { filters: { balance: [15, null] }, sorters: [{ field: 'balance', order: 'desc' }] };
    const { listed, header, rows } = await listedAndExported({ client: admin, body, locale: 'en_US' });
    expect(listed.map((r) => r.balance)).toEqual([50, 30, 17]);
    expect(header).toEqual(['Member', 'Member number', 'Mobile', 'Balance', 'Total earned', 'Total used', 'Last change']);
    expect(rows).toEqual(listed.map(asCells));

    const all = await listedAndExported({ client: admin, body: {} });
    expect(all.header[0]).toBe('会员');
    expect(all.rows).toEqual(all.listed.map(asCells));
    expect(all.rows).toHaveLength(3);
  });

  it('reads the rows after a keyset position in the list order, for every sortable column', async () => {
    const actor: Actor = {
      tenantId: tenant.tenantId,
      userId: null,
      grants: [{ resourceId: '积分/积分查询', actions: ['账户信息查看'] }],
      marketingCenterIds: null,
      marketingCenter: null,
      locale: 'zh_CN',
      timeZone: 'Asia/Shanghai',
    };
    const where = viewConditions({ source: pointsAccountsSource, actor, filters: {} });
    for (const field of ['memberId', 'balance', 'totalEarned', 'totalSpent', 'updatedAt'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const sorters = [{ field, order }];
        const listed = (await ok(admin.post('/v1/points-accounts/query', { body: { sorters, pageSize: 200 } }))).records as Row[];
        // One row per statement, each after the last one read, as the export's batches go.
        const walked: number[] = [];
        let after: SortedAfter | undefined;
        for (;;) {
          const [row] = await readViewRows({
            db: t.database.db,
            source: pointsAccountsSource,
            actor,
            where,
            limit: 1,
            sort: sorters[0],
            after,
          });
          if (!row) break;
          walked.push(Number(row.memberId));
          after = { value: String(row.$sort), key: Number(row.memberId) };
        }
        expect(walked, `${field} ${order}`).toEqual(listed.map((r) => r.memberId));
      }
    }
  });

  it("exports only the header centre's accounts to a centre reader, as the query lists them", async () => {
    const centre = async (code: string) => (await ok(admin.post('/v1/marketing-center/saveNew', { body: { code, name: code } }))).id;
    const [east, south] = [await centre('EAST'), await centre('SOUTH')];
    const inCentre = (id: number) => ({ marketingCenter: String(id) });
    const member = async (id: number, mobile: string) =>
      (
        await ok(
          admin.post('/v1/marketcenter-member/saveNew', { body: { name: `中心${mobile.slice(-2)}`, mobile }, headers: inCentre(id) }),
        )
      ).id as number;
    const eastMember = await member(east, '13600000001');
    const southMember = await member(south, '13600000002');
    await adjustPoints({
      client: admin,
      grants: [
        [eastMember, 3],
        [southMember, 4],
      ],
    });
    await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'east-reader',
      grants: [{ resourceId: '会员/营销中心会员', action: '会员资料查看' }],
      marketingCenterIds: [east],
    });
    const reader = await signIn(t.app, { tenant: tenant.code, login: 'east-reader', password: tenant.adminPassword });
    const { listed, rows } = await listedAndExported({ client: reader, body: {}, headers: inCentre(east) });
    expect(listed.map((r) => r.memberId)).toEqual([eastMember]);
    expect(rows).toEqual(listed.map(asCells));
    // Without a centre, the centre reader is asked to choose one, as by the query.
    const noCentre = await reader.post('/v1/points-accounts/export', { body: {} });
    expect(noCentre.status).toBe(400);
  });

  it('refuses a user who cannot read points, and a filter the query refuses', async () => {
    await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'till-only',
      grants: [{ resourceId: '积分/积分查询/交易接入', action: 'configure' }],
    });
    const till = await signIn(t.app, { tenant: tenant.code, login: 'till-only', password: tenant.adminPassword });
    expect((await till.post('/v1/points-accounts/export', { body: {} })).status).toBe(403);
    const bad = await admin.post('/v1/points-accounts/export', { body: { filters: { balance: ['x', null] } } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.data)).toContain('balance');
    expect((await admin.post('/v1/points-accounts/export', { body: { sorters: [{ field: 'name', order: 'asc' }] } })).status).toBe(400);
  });
});
