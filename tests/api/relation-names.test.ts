import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, signIn, type ApiClient, type ApiResponse, type TestTenant } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Names, not numbers, and pickers that find people (issue "A console a new user can try",
 * items 3 and 4): records come back with the display names of what they point at (`_titles`),
 * whatever the reader may see of the related screens; whoever may read a list may load the
 * options of its relation filters; the member picker tells members of one name apart and finds
 * them by name, mobile and member number.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let reader: ApiClient;
const levels: Record<string, number> = {};
const members: { id: number; memberNumber: string; mobile: string }[] = [];

async function ok(promise: Promise<ApiResponse>) {
  const res = await promise;
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data;
}

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  for (const [code, name, rankOrder, growthThreshold] of [
    ['L2', '银卡', 2, 100],
    ['L1', '普卡', 1, 0],
  ] as const) {
    levels[code] = (await ok(admin.post('/v1/level/saveNew', { body: { levelType: 'FREE', code, name, rankOrder, growthThreshold } }))).id;
  }
  for (const mobile of ['13800005678', '13900001234', '13700009999']) {
    const member = await ok(admin.post('/v1/member/saveNew', { body: { name: '孙浩然', mobile } }));
    members.push({ id: member.id, memberNumber: member.memberNumber, mobile });
  }
  // May read the standard member list, nothing else (no level screen).
  await createUser(t.database, {
    tenantId: tenant.tenantId,
    login: 'reader',
    name: '只读小王',
    grants: [{ resourceId: '会员/标准会员', action: '会员资料查看' }],
  });
  reader = await signIn(t.app, { tenant: tenant.code, login: 'reader', password: tenant.adminPassword });
});

afterAll(async () => {
  await t?.close();
});

describe('names of related records', () => {
  it('answers the level and the creator by name with the records, to a reader without the level screen', async () => {
    expect((await reader.get('/v1/level/query')).status).not.toBe(200);
    const page = await ok(reader.post('/v1/member/query', { body: { pageSize: 10 } }));
    const record = page.records.find((r: { id: number }) => r.id === members[0].id);
    expect(record.level).toBe(levels.L1);
    expect(record._titles.level).toEqual({ [String(levels.L1)]: '普卡' });
    expect(record._titles.createdBy).toEqual({ [String(record.createdBy)]: 'Administrator' });

    const info = await ok(reader.get(`/v1/member/info/${members[0].id}`));
    expect(info._titles).toMatchObject({
      level: { [String(levels.L1)]: '普卡' },
      updatedBy: { [String(info.updatedBy)]: 'Administrator' },
    });
  });

  it('lets a reader of a list load the options of its relation filters, in rank order', async () => {
    const options = await ok(reader.get('/v1/level/options'));
    expect(options.map((o: { id: number }) => o.id)).toEqual([levels.L1, levels.L2]);
    // Not a picker the member list does not filter by.
    expect((await reader.get('/v1/grow-value-rule/options')).status).toBe(403);
  });
});

describe('the member picker', () => {
  it('tells three members of one name apart by masked mobile and member number', async () => {
    const options = (await ok(admin.get('/v1/member/options', { query: { keyword: '孙浩然' } }))) as {
      id: number;
      title: string;
      description: string;
    }[];
    expect(options).toHaveLength(3);
    for (const member of members) {
      const masked = `${member.mobile.slice(0, 3)}****${member.mobile.slice(-4)}`;
      expect(options.find((o) => o.id === member.id)).toEqual({
        id: member.id,
        title: '孙浩然',
        description: `${masked} · ${member.memberNumber}`,
      });
    }
    expect(new Set(options.map((o) => o.description)).size).toBe(3);
  });

  it('finds a member by name, mobile or member number', async () => {
    const ids = async (keyword: string) =>
      ((await ok(admin.get('/v1/member/options', { query: { keyword } }))) as { id: number }[]).map((o) => o.id);
    expect(await ids('1380000')).toEqual([members[0].id]);
    expect(await ids(members[1].memberNumber)).toEqual([members[1].id]);
    expect((await ids('浩然')).sort()).toEqual(members.map((m) => m.id).sort());
  });
});

describe('the points history', () => {
  it("shows an adjustment's reason and names the document behind it", async () => {
    const reason = await ok(
      admin.post('/v1/score-adjust-reason/saveNew', { body: { code: 'COMP', name: '客诉补偿', direction: 'increase' } }),
    );
    const doc = await ok(
      admin.post('/v1/score-adjust/saveNew', { body: { lines: [{ member: members[0].id, points: 88, reason: reason.id }] } }),
    );
    // The document's lines name the member (by name and number: names repeat) and the reason by name.
    expect(doc._titles).toMatchObject({
      'lines.member': { [String(members[0].id)]: `孙浩然 · ${members[0].memberNumber}` },
      'lines.reason': { [String(reason.id)]: '客诉补偿' },
    });
    await ok(admin.post('/v1/score-adjust/audit', { query: { id: doc.id } }));
    const page = await ok(admin.post('/v1/points-entries/query', { body: { filters: { memberId: members[0].id } } }));
    expect(page.records[0]).toMatchObject({
      sourceType: 'adjustment',
      sourceId: doc.number,
      reason: '客诉补偿',
      documentId: doc.id,
      delta: 88,
    });
  });
});
