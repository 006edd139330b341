import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMembers } from '../helpers/points-fixtures';
import type { ApiClient, ApiResponse } from '../helpers/fixtures';
import { startStoredValueScene } from '../helpers/stored-value-fixtures';
import type { TestApp } from '../helpers/test-app';

/**
 * The schema validator coerces (Ajv's `coerceTypes`), and a coerced value used to go unchecked:
 * `"memberId": true` became member 1, and `"Infinity"`, `"-Infinity"`, `"1e400"` in an integer
 * field became a number that skips `minimum` / `maximum` and broke the till routes with a 500
 * (issue 24 §3). Now a boolean is never a number, and a text coerced to a number no route takes
 * is refused: 400 naming the field, on every route (server/http/input-guard.ts coercionErrors).
 */

let t: TestApp;
let admin: ApiClient;
let member: number;
let serial = 0;
const no = (prefix: string) => `${prefix}-${(serial += 1)}-${Date.now()}`;

beforeAll(async () => {
  ({ t, admin } = await startStoredValueScene());
  [member] = await createMembers({ client: admin, count: 1 });
});
afterAll(async () => t?.close());

function fieldsOf(res: ApiResponse): string[] {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  return (res.body.data?.fields ?? []).map((f: { field: string }) => f.field);
}

/** The till routes whose OpenAPI entry carries a body example, with that example. */
function documentedTillBodies(): { path: string; example: Record<string, unknown>; integers: string[] }[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, any> } }>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) => {
    const content = ops.post?.requestBody?.content?.['application/json'];
    if (!content?.example || path === '/v1/auth/login') return [];
    const properties = (content.schema?.properties ?? {}) as Record<string, { type?: string | string[] }>;
    const integers = Object.entries(properties)
      .filter(([, s]) => (Array.isArray(s.type) ? s.type : [s.type]).includes('integer'))
      .map(([name]) => name);
    return [{ path, example: content.example as Record<string, unknown>, integers }];
  });
}

describe('a boolean is not an id', () => {
  it('refuses true and false as memberId on the till routes, naming memberId, in both languages', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['/v1/stored-value/recharge', { requestNo: no('R'), amount: '10.00', channel: 'store' }],
      ['/v1/stored-value/pay', { requestNo: no('P'), amount: '1.00', storeId: 1 }],
      ['/v1/points/spend', { requestNo: no('S'), points: 1 }],
      ['/v1/points/transaction', { orderNo: no('O'), lines: [{ goodsId: 1, quantity: 1, amount: '1.00' }] }],
      ['/v1/coupons/issue', { requestNo: no('I'), templateId: 1, quantity: 1 }],
    ];
    for (const [url, body] of calls) {
      for (const value of [true, false]) {
        const res = await admin.post(url, { body: { ...body, memberId: value } });
        expect(fieldsOf(res), `${url} ${value}`).toContain('memberId');
      }
    }
    const en = await admin.post('/v1/points/spend', {
      body: { requestNo: no('S'), points: 1, memberId: true },
      headers: { locale: 'en_US' },
    });
    expect(en.body.data.fields).toContainEqual({ field: 'memberId', msg: expect.stringMatching(/^memberId /) });
    const zh = await admin.post('/v1/points/spend', { body: { requestNo: no('S'), points: 1, memberId: true } });
    expect(zh.body.data.fields[0].msg).toMatch(/^memberId/);
  });

  it('refuses a boolean in a query-string id too, and still reads an id sent as text', async () => {
    expect(fieldsOf(await admin.get('/v1/stored-value/balance', { query: { memberId: 'true' } }))).toEqual(['memberId']);
    const asText = await admin.get('/v1/stored-value/balance', { query: { memberId: String(member) } });
    expect(asText.body.data).toMatchObject({ memberId: member, balance: 0 });
    const recharged = await admin.post('/v1/stored-value/recharge', {
      body: { requestNo: no('R'), memberId: String(member), amount: '5.00', channel: 'store' },
    });
    expect(recharged.body.code, JSON.stringify(recharged.body)).toBe(2000);
    expect(recharged.body.data.memberId).toBe(member);
  });
});

describe('texts that coerce to numbers no route takes', () => {
  it('answers 400 naming the field for "Infinity", "-Infinity" and "1e400" in every integer field of the till routes', async () => {
    const routes = documentedTillBodies();
    const extra: { path: string; example: Record<string, unknown>; integers: string[] }[] = [
      {
        path: '/v1/activities/exchange',
        example: { requestNo: 'E-1', activityId: 1, memberId: 1, quantity: 1, storeId: 1 },
        integers: ['activityId', 'memberId', 'quantity', 'storeId'],
      },
      {
        path: '/v1/prepay-card/pay',
        example: { requestNo: 'C-1', number: 'C0001', amount: '1.00', storeId: 1 },
        integers: ['memberId', 'storeId'],
      },
    ];
    const all = [...routes, ...extra];
    expect(all.map((r) => r.path)).toEqual(expect.arrayContaining(['/v1/points/spend', '/v1/coupons/issue', '/v1/stored-value/pay']));
    let checked = 0;
    for (const route of all) {
      for (const field of route.integers) {
        for (const bad of ['Infinity', '-Infinity', '1e400']) {
          const res = await admin.post(route.path, {
            body: { ...route.example, ...('requestNo' in route.example ? { requestNo: no('N') } : {}), [field]: bad },
          });
          expect(res.status, `${route.path} ${field}=${bad}: ${JSON.stringify(res.body)}`).toBe(400);
          expect(fieldsOf(res), `${route.path} ${field}=${bad}`).toContain(field);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('says why in both languages', async () => {
    const zh = await admin.post('/v1/points/spend', { body: { requestNo: no('S'), memberId: member, points: '1e400' } });
    expect(zh.body.data.fields).toEqual([{ field: 'points', msg: 'points超出可接受的数值范围（±9007199254740991）' }]);
    const en = await admin.post('/v1/points/spend', {
      body: { requestNo: no('S'), memberId: member, points: '-Infinity' },
      headers: { locale: 'en_US' },
    });
    expect(en.body.data.fields).toEqual([{ field: 'points', msg: 'points is outside the accepted range of numbers (±9007199254740991)' }]);
  });
});
