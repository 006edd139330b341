import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, signIn, type ApiClient, type ApiResponse } from '../helpers/fixtures';
import { createMembers } from '../helpers/points-fixtures';
import { createCatalogue, startStoredValueScene, type Catalogue } from '../helpers/stored-value-fixtures';
import type { TestApp } from '../helpers/test-app';

/**
 * The smaller findings of issue 24 §6, through the API: a points account of a member this
 * merchant does not have, import refusals that named no field, a body naming a key twice,
 * amounts with a third decimal, a request number of white space only.
 */

let t: TestApp;
let admin: ApiClient;
let catalogue: Catalogue;
let member: number;
let serial = 0;
const no = (prefix: string) => `${prefix}-${(serial += 1)}-${Date.now()}`;

beforeAll(async () => {
  ({ t, admin } = await startStoredValueScene());
  catalogue = await createCatalogue(admin);
  [member] = await createMembers({ client: admin, count: 1 });
});
afterAll(async () => t?.close());

function fieldsOf(res: ApiResponse): string[] {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  return (res.body.data?.fields ?? []).map((f: { field: string }) => f.field);
}

const balance = async (memberId: number) =>
  (await admin.get('/v1/stored-value/balance', { query: { memberId } })).body.data.balance as number;

describe('a points account of a member the merchant does not have', () => {
  it("answers 404 for an unknown member and for another merchant's member, an account for its own", async () => {
    const own = await admin.get('/v1/points/account', { query: { memberId: member } });
    expect(own.body.code, JSON.stringify(own.body)).toBe(2000);
    expect(own.body.data.balance).toBe(0);
    const unknown = await admin.get('/v1/points/account', { query: { memberId: 987654321 } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('会员不存在');
    const other = await createTenant(t.database);
    const otherAdmin = await signIn(t.app, { tenant: other.code, login: other.adminLogin, password: other.adminPassword });
    const theirs = await otherAdmin.get('/v1/points/account', { query: { memberId: member }, headers: { locale: 'en_US' } });
    expect(theirs.status).toBe(404);
    expect(theirs.body.msg).toBe('The member does not exist');
  });
});

describe('import refusals name the file', () => {
  it('names file for an empty upload and for one that is not a workbook, sent as bytes or as JSON', async () => {
    const raw = (body: string | Buffer) => admin.post('/v1/area/import', { body, headers: { 'content-type': 'application/octet-stream' } });
    const json = (content: string) => admin.post('/v1/batch-operate/importMembers', { body: { fileName: 'members.xlsx', content } });
    for (const res of [
      await raw(Buffer.alloc(0)),
      await raw('not a workbook'),
      await json(''),
      await json(Buffer.from('not a workbook').toString('base64')),
    ]) {
      expect(fieldsOf(res)).toEqual(['file']);
      expect(res.body.data.fields[0].msg).toBe(res.body.msg);
    }
  });
});

describe('a body naming a key twice', () => {
  it('is refused, naming the key, and moves nothing', async () => {
    const before = await balance(member);
    const text = `{"requestNo":"${no('R')}","memberId":${member},"channel":"store","amount":"1.00","amount":"60.00"}`;
    const res = await admin.post('/v1/stored-value/recharge', { body: text, headers: { 'content-type': 'application/json' } });
    expect(fieldsOf(res)).toEqual(['amount']);
    expect(res.body.data.fields[0].msg).toBe('amount在请求中出现了不止一次');
    expect(await balance(member)).toBe(before);
    const nested = await admin.post('/v1/brand/query', {
      body: '{"filters":{"code":"a","name":"b","code":"c"}}',
      headers: { 'content-type': 'application/json', locale: 'en_US' },
    });
    expect(fieldsOf(nested)).toEqual(['filters.code']);
    expect(nested.body.data.fields[0].msg).toBe('filters.code appears more than once in the request');
    // The same key in two objects, or a repeated text value, is no repetition.
    const fine = await admin.post('/v1/brand/query', {
      body: '{"filters":{"code":"x"},"keyword":"x","sorters":[{"field":"code","order":"asc"},{"field":"name","order":"asc"}]}',
      headers: { 'content-type': 'application/json' },
    });
    expect(fine.body.code, JSON.stringify(fine.body)).toBe(2000);
  });
});

describe('amounts with a third decimal', () => {
  it('refuses 0.30000001 on the till routes, naming the field, instead of rounding it', async () => {
    await admin.post('/v1/stored-value/recharge', { body: { requestNo: no('R'), memberId: member, channel: 'store', amount: '100.00' } });
    const before = await balance(member);
    const calls: [string, Record<string, unknown>, string][] = [
      ['/v1/stored-value/recharge', { requestNo: no('R'), memberId: member, channel: 'store', amount: 0.30000001 }, 'amount'],
      [
        '/v1/stored-value/recharge',
        { requestNo: no('R'), memberId: member, channel: 'store', amount: '1.00', giftAmount: '0.30000001' },
        'giftAmount',
      ],
      ['/v1/stored-value/pay', { requestNo: no('P'), memberId: member, storeId: catalogue.stores[0], amount: '0.30000001' }, 'amount'],
      [
        '/v1/points/transaction',
        {
          orderNo: no('O'),
          memberId: member,
          storeId: catalogue.stores[0],
          lines: [{ goodsCode: 'G-1', quantity: 1, amount: 0.30000001 }],
        },
        'lines.0.amount',
      ],
    ];
    for (const [url, body, field] of calls) {
      const res = await admin.post(url, { body });
      expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(fieldsOf(res), url).toContain(field);
    }
    expect(await balance(member)).toBe(before);
  });
});

describe('a request number of white space only', () => {
  it('is refused as blank, naming it, in both languages', async () => {
    const res = await admin.post('/v1/stored-value/recharge', {
      body: { requestNo: '   ', memberId: member, channel: 'store', amount: '1.00' },
    });
    expect(res.body.data?.fields, JSON.stringify(res.body)).toEqual([{ field: 'requestNo', msg: 'requestNo不能只包含空白' }]);
    const en = await admin.post('/v1/points/spend', {
      body: { requestNo: '\t ', memberId: member, points: 1 },
      headers: { locale: 'en_US' },
    });
    expect(en.body.data?.fields).toEqual([{ field: 'requestNo', msg: 'requestNo must not be blank' }]);
  });
});
