import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { adjustPoints, createMembers } from '../helpers/points-fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { downloadTaskSheet } from '../helpers/workbooks';

/**
 * The points ledger's export (POST /v1/points-entries/export): a file-centre task under the
 * points module whose workbook holds exactly the entries the ledger query answers for the same
 * filters, with headers in the caller's language; refused to a user who cannot read the ledger.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let members: number[];

async function ok(promise: Promise<{ status: number; body: any }>) {
  const res = await promise;
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data;
}

const download = (taskId: number, locale: string) => downloadTaskSheet({ app: t.app, client: admin, taskId, locale });

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  members = await createMembers({ client: admin, count: 2 });
  await adjustPoints({
    client: admin,
    grants: [
      [members[0], 10],
      [members[1], 5],
      [members[0], 7],
    ],
  });
});

afterAll(async () => t?.close());

describe('points ledger export', () => {
  it('exports exactly the filtered entries under the points module, labelled in the caller language', async () => {
    const filters = { memberId: members[0] };
    const listed = (await ok(admin.post('/v1/points-entries/query', { body: { filters, pageSize: 200 } }))).records as Record<
      string,
      unknown
    >[];
    expect(listed.map((r) => r.delta)).toEqual([7, 10]);

    const { taskId } = await ok(admin.post('/v1/points-entries/export', { body: { filters }, headers: { locale: 'en_US' } }));
    const task = await ok(admin.get(`/v1/file-task/info/${taskId}`));
    expect(task).toMatchObject({ module: 'points', direction: 'export', state: 'succeeded', total: 2 });

    const [header, ...rows] = await download(taskId, 'en_US');
    expect(header).toEqual([
      'Time',
      'Member ID',
      'Type',
      'Source',
      'Source number',
      'Channel',
      'Points',
      'Balance after',
      'Expires',
      'Remarks',
    ]);
    expect(rows.map((row) => [row[1], row[2], row[5] ?? null, row[6], row[7]])).toEqual(
      listed.map((r) => [r.memberId, 'Adjusted', r.channel, r.delta, r.balanceAfter]),
    );

    const { taskId: zhTask } = await ok(admin.post('/v1/points-entries/export', { body: {} }));
    const [zhHeader, ...all] = await download(zhTask, 'zh_CN');
    expect(zhHeader[0]).toBe('发生时间');
    expect(all).toHaveLength(3);
  });

  it('refuses a user who cannot read the ledger, and a filter the ledger refuses', async () => {
    await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'no-ledger',
      grants: [{ resourceId: '积分/积分查询/交易接入', action: 'configure' }],
    });
    const till = await signIn(t.app, { tenant: tenant.code, login: 'no-ledger', password: tenant.adminPassword });
    expect((await till.post('/v1/points-entries/export', { body: {} })).status).toBe(403);
    expect((await admin.post('/v1/points-entries/export', { body: { filters: { memberId: 'x' } } })).status).toBe(400);
  });
});
