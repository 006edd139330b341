import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, signIn, type ApiClient } from '../helpers/fixtures';
import { createMembers } from '../helpers/points-fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * A list's totals row (`list.totals`): the query answer sums the declared fields over every
 * record the filters match, not only the page sent, and a resource without totals sends none.
 */

let t: TestApp;
let admin: ApiClient;
let reason: number;
let member: number;

async function draft(points: readonly number[]): Promise<{ id: number; totalPoints: number; lineCount: number }> {
  const res = await admin.post('/v1/score-adjust/saveNew', {
    body: { remark: 'totals', lines: points.map((value) => ({ member, points: value, reason })) },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data as { id: number; totalPoints: number; lineCount: number };
}

beforeAll(async () => {
  t = await startTestApp();
  const tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  const saved = await admin.post('/v1/score-adjust-reason/saveNew', { body: { code: 'OTHER', name: '其他', direction: 'both' } });
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(2000);
  reason = saved.body.data.id as number;
  [member] = await createMembers({ client: admin, count: 1 });
});

afterAll(async () => t?.close());

describe('list totals', () => {
  it('sums the declared totals over the whole filtered set, whatever the page', async () => {
    const first = await draft([100, 20]);
    const second = await draft([-30]);
    const third = await draft([5, 5, 5]);
    const res = await admin.post('/v1/score-adjust/query', { body: { page: 1, pageSize: 1, filters: {}, sorters: [] } });
    expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
    expect(res.body.data.records).toHaveLength(1);
    expect(res.body.data.totals).toEqual({
      totalPoints: first.totalPoints + second.totalPoints + third.totalPoints,
      lineCount: first.lineCount + second.lineCount + third.lineCount,
    });
    expect(res.body.data.totals).toEqual({ totalPoints: 105, lineCount: 6 });

    // The keyset page after it carries the same totals: they belong to the filter, not the page.
    const next = await admin.post('/v1/score-adjust/query', {
      body: { pageSize: 1, filters: {}, sorters: [], cursor: res.body.data.nextCursor },
    });
    expect(next.body.data.totals).toEqual({ totalPoints: 105, lineCount: 6 });

    // A filter narrows them.
    const narrowed = await admin.post('/v1/score-adjust/query', { body: { page: 1, pageSize: 20, filters: { state: 'EFFECTED' } } });
    expect(narrowed.body.code, JSON.stringify(narrowed.body)).toBe(2000);
    expect(narrowed.body.data.totals).toEqual({ totalPoints: 0, lineCount: 0 });
  });

  it('sends no totals for a resource that declares none', async () => {
    const res = await admin.post('/v1/score-adjust-reason/query', { body: { page: 1, pageSize: 20 } });
    expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
    expect(res.body.data.totals).toBeUndefined();
  });
});
