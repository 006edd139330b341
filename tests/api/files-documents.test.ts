import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidLevelOrderResource } from '../../resources/member/paid-level-order.resource';
import { insertRows } from '../../server/db/seed/datum.seed';
import { createTenant, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { createMembers } from '../helpers/points-fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { downloadTaskSheet } from '../helpers/workbooks';

/**
 * Exports of the document lists (points adjustments, batch operations, paid level orders)
 * through the file centre: the task finishes under the spec's file module and the workbook holds
 * exactly the rows of the filtered list, in its order.
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

/** Exports with the list's query; answers the finished task and the first sheet (header first). */
async function exported(resource: string, query: Record<string, unknown>) {
  const { taskId } = await ok(admin.post(`/v1/${resource}/export`, { body: query }));
  const task = await ok(admin.get(`/v1/file-task/info/${taskId}`));
  const rows = await downloadTaskSheet({ app: t.app, client: admin, taskId, locale: 'zh_CN' });
  const [header, ...body] = rows;
  const column = (label: string) => {
    const index = header.indexOf(label);
    expect(index, `${label} in ${JSON.stringify(header)}`).toBeGreaterThanOrEqual(0);
    return body.map((row) => row[index]);
  };
  return { task, header, rows: body, column };
}

async function listed(resource: string, query: Record<string, unknown>) {
  return (await ok(admin.post(`/v1/${resource}/query`, { body: { ...query, page: 1, pageSize: 200 } }))).records as Record<
    string,
    unknown
  >[];
}

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  members = await createMembers({ client: admin, count: 3 });
});

afterAll(async () => t?.close());

describe('document list exports', () => {
  it('exports the filtered points adjustments under the points module', async () => {
    const reason = (await ok(admin.post('/v1/score-adjust-reason/saveNew', { body: { code: 'X', name: '导出原因', direction: 'both' } })))
      .id;
    const docs = [];
    for (const points of [10, -3, 7]) {
      docs.push(await ok(admin.post('/v1/score-adjust/saveNew', { body: { lines: [{ member: members[0], points, reason }] } })));
    }
    await ok(admin.post('/v1/score-adjust/audit', { query: { id: docs[0].id } }));
    const query = { filters: { state: 'INITIAL' }, sorters: [{ field: 'totalPoints', order: 'asc' }] };
    const list = await listed('score-adjust', query);
    expect(list.map((r) => r.totalPoints)).toEqual([-3, 7]);

    const { task, column } = await exported('score-adjust', query);
    expect(task).toMatchObject({ state: 'succeeded', module: 'points', resource: 'score-adjust', total: 2, processed: 2 });
    expect(task.outputName).toMatch(/^积分调整单-\d{14}\.xlsx$/);
    expect(column('单号')).toEqual(list.map((r) => r.number));
    expect(column('调整积分合计')).toEqual([-3, 7]);
    expect(column('状态')).toEqual(['未审核', '未审核']);
  });

  it('exports the filtered batch operation documents under the members module', async () => {
    const lines = (ids: number[]) => ids.map((member) => ({ member }));
    await ok(
      admin.post('/v1/batch-operate/saveNew', {
        body: { selectionMode: 'picked', operation: 'grantPoints', points: 5, lines: lines(members) },
      }),
    );
    await ok(
      admin.post('/v1/batch-operate/saveNew', {
        body: { selectionMode: 'picked', operation: 'grantPoints', points: 9, lines: lines(members.slice(0, 1)) },
      }),
    );
    await ok(
      admin.post('/v1/batch-operate/saveNew', {
        body: { selectionMode: 'picked', operation: 'addTag', tag: 'carWash', lines: lines(members) },
      }),
    );
    const query = { filters: { operation: 'grantPoints' }, sorters: [{ field: 'memberCount', order: 'desc' }] };
    const list = await listed('batch-operate', query);
    expect(list).toHaveLength(2);

    const { task, column } = await exported('batch-operate', query);
    expect(task).toMatchObject({ state: 'succeeded', module: 'members', resource: 'batch-operate', total: 2, processed: 2 });
    expect(column('单号')).toEqual(list.map((r) => r.number));
    expect(column('操作类型')).toEqual(['赠送积分', '赠送积分']);
    expect(column('会员数')).toEqual([3, 1]);
  });

  it('exports the filtered paid level orders under the members module, members by number', async () => {
    const level = (
      await ok(
        admin.post('/v1/level/saveNew', {
          body: { levelType: 'PAID', code: 'PAID', name: '付费卡', rankOrder: 1, price: 99, termMonths: 12 },
        }),
      )
    ).id;
    const buyer = await ok(admin.get(`/v1/member/info/${members[1]}`));
    const order = (number: string, payChannel: string, daysAgo: number) => ({
      number,
      memberId: buyer.id,
      memberName: buyer.name,
      mobile: buyer.mobile,
      level,
      amount: '99.00',
      termMonths: 12,
      paidAt: new Date(Date.now() - daysAgo * 86_400_000),
      payChannel,
      state: 'PAID',
    });
    await insertRows({
      tx: t.database.db,
      tenantId: tenant.tenantId,
      resource: paidLevelOrderResource,
      key: 'number',
      rows: [order('PLX0001', 'WECHAT', 3), order('PLX0002', 'CASH', 2), order('PLX0003', 'WECHAT', 1)],
    });
    const query = { filters: { payChannel: 'WECHAT' } };
    const list = await listed('paid-level-order', query);
    expect(list.map((r) => r.number)).toEqual(['PLX0003', 'PLX0001']);

    const { task, column } = await exported('paid-level-order', query);
    expect(task).toMatchObject({ state: 'succeeded', module: 'members', resource: 'paid-level-order', total: 2, processed: 2 });
    expect(column('订单号')).toEqual(['PLX0003', 'PLX0001']);
    expect(column('会员编号')).toEqual([buyer.memberNumber, buyer.memberNumber]);
    expect(column('付费等级')).toEqual(['付费卡', '付费卡']);
    expect(column('支付方式')).toEqual(['微信支付', '微信支付']);
  });
});
