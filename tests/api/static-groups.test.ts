import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, signIn, type ApiClient, type ApiResponse, type TestTenant } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { workbookOf } from '../helpers/workbooks';

/**
 * Static customer groups (issue 29 item 2): a list of member numbers or mobiles imported on the
 * user-group-import screen becomes a group whose members are exactly the lines that name one
 * member, with a report of the others by line number; the group is then read, counted, listed,
 * renamed and deleted like any other.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let reader: ApiClient;
const members: { id: number; memberNumber: string }[] = [];

async function ok(promise: Promise<ApiResponse>) {
  const res = await promise;
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data;
}

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  await ok(admin.post('/v1/level/saveNew', { body: { levelType: 'FREE', code: 'L1', name: '普卡', rankOrder: 1, growthThreshold: 0 } }));
  for (const [name, mobile] of [
    ['周一', '13900000001'],
    ['吴二', '13900000002'],
    ['郑三', '13900000003'],
  ]) {
    const member = await ok(admin.post('/v1/member/saveNew', { body: { name, mobile } }));
    members.push({ id: member.id, memberNumber: member.memberNumber });
  }
  await createUser(t.database, { tenantId: tenant.tenantId, login: 'viewer', grants: [{ resourceId: '营销/客群', action: '客群查看' }] });
  reader = await signIn(t.app, { tenant: tenant.code, login: 'viewer', password: tenant.adminPassword });
});

afterAll(async () => {
  await t?.close();
});

describe('a static group imported from member numbers and mobiles', () => {
  let groupId: number;

  it('adds the lines that name one member and reports the others by line', async () => {
    const answer = await ok(
      admin.post('/v1/customer-group/import', {
        body: {
          name: '  门店熟客名单 ',
          description: '店长提供',
          lines: [
            members[0].memberNumber,
            '13900000002',
            '   ',
            '13900000001',
            '13800009999',
            ` ${members[1].memberNumber} `,
            '8'.repeat(40),
          ],
        },
      }),
    );
    groupId = answer.id;
    expect(answer).toEqual({
      id: expect.any(Number),
      lines: 6,
      added: 2,
      problemCount: 4,
      problems: [
        { lineNo: 4, value: '13900000001', reason: 'duplicate' },
        { lineNo: 5, value: '13800009999', reason: 'notFound' },
        { lineNo: 6, value: members[1].memberNumber, reason: 'duplicate' },
        { lineNo: 7, value: '8'.repeat(32), reason: 'tooLong' },
      ],
    });
    const group = await ok(admin.get(`/v1/customer-group/info/${groupId}`));
    expect(group).toMatchObject({ name: '门店熟客名单', description: '店长提供', groupType: 'STATIC', rule: null, memberCount: 2 });
    expect(group.countedAt).toEqual(expect.any(String));
  });

  it('lists, counts and exports exactly the imported members, to a reader of groups', async () => {
    const page = await ok(reader.post(`/v1/customer-group/members?id=${groupId}`, { body: { page: 1, pageSize: 20 } }));
    expect(page.records.map((r: { id: number }) => r.id).sort()).toEqual([members[0].id, members[1].id].sort());
    expect((await ok(reader.post(`/v1/customer-group/count?id=${groupId}`))).memberCount).toBe(2);
    const listed = await ok(reader.post('/v1/customer-group/query', { body: { filters: { groupType: 'STATIC' } } }));
    expect(listed.records.map((r: { id: number }) => r.id)).toEqual([groupId]);
  });

  it('keeps its members and needs no rule when renamed; deleting it removes them', async () => {
    const group = await ok(admin.get(`/v1/customer-group/info/${groupId}`));
    const renamed = await ok(admin.post('/v1/customer-group/modify', { body: { ...group, name: '熟客名单（春季）' } }));
    expect(renamed).toMatchObject({ name: '熟客名单（春季）', groupType: 'STATIC', rule: null, memberCount: 2 });
    const page = await ok(admin.post(`/v1/customer-group/members?id=${groupId}`, { body: {} }));
    expect(page.records).toHaveLength(2);
    await ok(admin.post('/v1/customer-group/delete', { query: { id: groupId } }));
    const { rows } = await t.database.db.execute(
      sql`select count(*)::int as n from customer_group_members where tenant_id = ${tenant.tenantId} and group_id = ${groupId}`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('refuses a missing name or an empty list naming the field, and a reader who may not maintain groups', async () => {
    const noName = await admin.post('/v1/customer-group/import', { body: { name: ' ', lines: ['13900000001'] } });
    expect(noName.body.code).toBe(4000);
    expect(noName.body.data.fields).toEqual([{ field: 'name', msg: expect.stringContaining('40') }]);
    const empty = await admin.post('/v1/customer-group/import', { body: { name: '空名单', lines: ['', '  '] } });
    expect(empty.body.data.fields).toEqual([{ field: 'lines', msg: expect.any(String) }]);
    const denied = await reader.post('/v1/customer-group/import', { body: { name: '越权', lines: ['13900000001'] } });
    expect(denied.status).toBe(403);
    const { rows } = await t.database.db.execute(
      sql`select count(*)::int as n from customer_groups where tenant_id = ${tenant.tenantId} and name in ('空名单', '越权')`,
    );
    expect(rows[0].n).toBe(0);
  });

  it("reads a workbook's first column into the list, a mobile typed as a number and a header left out", async () => {
    const bytes = await workbookOf([
      ['会员号或手机号', '备注'],
      [members[1].memberNumber, '老客'],
      [13900000003, ''],
      [],
      ['  13800009999 '],
    ]);
    const read = await ok(
      admin.post('/v1/customer-group/sheet-lines', { body: { fileName: '名单.xlsx', content: bytes.toString('base64') } }),
    );
    expect(read).toEqual({ lines: [members[1].memberNumber, '13900000003', '13800009999'] });

    const notXlsx = await admin.post('/v1/customer-group/sheet-lines', {
      body: { fileName: '名单.xlsx', content: Buffer.from('a,b').toString('base64') },
    });
    expect(notXlsx.status).toBe(400);
    expect(notXlsx.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['file']);
    const headerOnly = await admin.post('/v1/customer-group/sheet-lines', {
      body: { content: (await workbookOf([['会员号']])).toString('base64') },
    });
    expect(headerOnly.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['file']);
    const denied = await reader.post('/v1/customer-group/sheet-lines', { body: { content: bytes.toString('base64') } });
    expect(denied.status).toBe(403);
  });

  it('cannot be made a static group through the add form', async () => {
    const res = await admin.post('/v1/customer-group/saveNew', { body: { name: '偷渡', groupType: 'STATIC' } });
    expect(res.body.code).toBe(4000);
  });
});
