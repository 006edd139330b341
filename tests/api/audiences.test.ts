import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, signIn, signInNewUser, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { newMember as member, okData } from '../helpers/audience-fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { downloadTaskSheet } from '../helpers/workbooks';

/**
 * Tags and customer groups (issue 29 items 1 and 2, server/modules/audiences): conditions
 * validated with the path of the bad node, every tag link's source recorded, a rule that never
 * takes off a tag a person put on, the group's estimate, exact count and members, and the
 * tenant boundary on all of them.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let otherAdmin: ApiClient;
let seq = 0;
const ZONE = { time_zone: 'Asia/Shanghai' };

/** A sale of the member, written as the till's sale leaves it (the spend metrics read these rows). */
async function sale(args: { tenantId: number; memberId: number; amount: string; daysAgo: number }) {
  seq += 1;
  await t.database.db
    .execute(sql`insert into sales_transactions (tenant_id, order_no, member_id, amount, points, lines, response, occurred_at)
    values (${args.tenantId}, ${`AUD-${seq}`}, ${args.memberId}, ${args.amount}, 0, '[]'::jsonb, '{}'::jsonb,
      now() - make_interval(days => ${args.daysAgo}))`);
}

const bigSpenderRule = {
  combine: 'and',
  children: [
    { metric: 'spendAmount', operator: 'gt', value: 1000, window: '1m' },
    { metric: 'lastVisitDays', operator: 'gte', value: 7 },
  ],
};

let big: number;
let small: number;
let recent: number;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  const other = await createTenant(t.database);
  otherAdmin = await signIn(t.app, { tenant: other.code, login: other.adminLogin, password: other.adminPassword });
  big = await member(admin, { channel: 'weixin' });
  small = await member(admin);
  recent = await member(admin);
  await sale({ tenantId: tenant.tenantId, memberId: big, amount: '1200.00', daysAgo: 10 });
  await sale({ tenantId: tenant.tenantId, memberId: small, amount: '80.00', daysAgo: 10 });
  await sale({ tenantId: tenant.tenantId, memberId: recent, amount: '900.00', daysAgo: 12 });
  await sale({ tenantId: tenant.tenantId, memberId: recent, amount: '300.00', daysAgo: 1 });
  // The other merchant's big spender must never be counted here.
  const stranger = await member(otherAdmin);
  await sale({ tenantId: other.tenantId, memberId: stranger, amount: '5000.00', daysAgo: 10 });
});

afterAll(async () => {
  await t?.close();
});

describe('condition validation', () => {
  it('answers 400 naming the path of the bad node, never 500', async () => {
    const cases: [unknown, string][] = [
      [{ combine: 'and', children: [{ metric: 'spendAmount', operator: 'gt', value: 1 }] }, 'rule.children[0].window'],
      [{ combine: 'or', children: [{ metric: 'level', operator: 'gt', value: 1 }] }, 'rule.children[0].operator'],
      [
        { combine: 'and', children: [{ combine: 'or', children: [{ metric: 'nope', operator: 'eq', value: 1 }] }] },
        'rule.children[0].children[0].metric',
      ],
      [
        { combine: 'and', children: [{ metric: 'registeredAt', operator: 'between', value: ['2026-02-01', '2026-01-01'] }] },
        'rule.children[0].value',
      ],
      [{ combine: 'xor', children: [] }, 'rule.combine'],
      [{ combine: 'and', children: [] }, 'rule.children'],
      ['{not json', 'rule'],
    ];
    for (const [rule, path] of cases) {
      const res = await admin.post('/v1/customer-group/saveNew', {
        body: { name: 'bad', rule: typeof rule === 'string' ? rule : JSON.stringify(rule) },
      });
      expect(res.status, JSON.stringify(rule)).toBe(400);
      expect(res.body.data.fields.map((f: { field: string }) => f.field)).toEqual([path]);
      expect(res.body.data.fields[0].msg).not.toMatch(/^audience\./);
    }
    const estimate = await admin.post('/v1/customer-group/estimate', { body: { rule: { metric: 'state', operator: 'in', value: [] } } });
    expect(estimate.status).toBe(400);
    expect(estimate.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['rule.value']);
  });

  it('refuses a system tag without a rule', async () => {
    const res = await admin.post('/v1/member-tag/saveNew', { body: { name: '无规则', tagType: 'SYSTEM' } });
    expect(res.status).toBe(400);
    expect(res.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['rule']);
  });
});

describe('tags', () => {
  it('records the source of every link, and a rule never removes a tag a person put on', async () => {
    const tag = await okData(
      admin.post('/v1/member-tag/saveNew', { body: { name: '高消费未回店', tagType: 'SYSTEM', rule: JSON.stringify(bigSpenderRule) } }),
    );
    expect(tag.lastRunAt).toBeNull();
    // A person puts the tag on `small`, whom the rule does not select.
    const manual = await okData(admin.post('/v1/member-tag-link/saveNew', { body: { member: small, tag: tag.id, source: 'RULE' } }));
    expect(manual.source).toBe('MANUAL');

    const run = await okData(admin.post('/v1/member-tag/recompute', { query: { id: tag.id }, headers: ZONE }));
    expect(run).toEqual({ queued: false, memberCount: 2 });
    const links = await okData(admin.post('/v1/member-tag-link/query', { body: { filters: { tag: tag.id }, page: 1, pageSize: 50 } }));
    const byMember = new Map(links.records.map((r: { member: number; source: string }) => [r.member, r.source]));
    expect(byMember).toEqual(
      new Map([
        [big, 'RULE'],
        [small, 'MANUAL'],
      ]),
    );
    const info = await okData(admin.get(`/v1/member-tag/info/${tag.id}`, { headers: ZONE }));
    expect(info.memberCount).toBe(2);
    expect(info.lastRunAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // The rule changes so that it selects nobody: its own link goes, the person's stays.
    const none = { combine: 'and', children: [{ metric: 'spendAmount', operator: 'gt', value: 100000, window: 'all' }] };
    await okData(admin.post('/v1/member-tag/modify', { body: { id: tag.id, version: info.version, rule: JSON.stringify(none) } }));
    expect(await okData(admin.post('/v1/member-tag/recompute', { query: { id: tag.id } }))).toEqual({ queued: false, memberCount: 1 });
    const after = await okData(admin.post('/v1/member-tag-link/query', { body: { filters: { tag: tag.id } } }));
    expect(after.records.map((r: { member: number; source: string }) => [r.member, r.source])).toEqual([[small, 'MANUAL']]);
  });

  it('lets a person take over a tag the rule gave, and refuses the same tag twice', async () => {
    const tag = await okData(
      admin.post('/v1/member-tag/saveNew', {
        body: { name: '微信注册', tagType: 'SYSTEM', rule: JSON.stringify({ metric: 'channel', operator: 'in', value: ['weixin'] }) },
      }),
    );
    await okData(admin.post('/v1/member-tag/recompute', { query: { id: tag.id } }));
    const taken = await okData(admin.post('/v1/member-tag-link/saveNew', { body: { member: big, tag: tag.id } }));
    expect(taken.source).toBe('MANUAL');
    const twice = await admin.post('/v1/member-tag-link/saveNew', { body: { member: big, tag: tag.id } });
    expect(twice.status).toBe(400);
    expect(twice.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['tag']);
    // The member's tags, as the member detail's related list reads them.
    const mine = await okData(admin.post('/v1/member-tag-link/query', { body: { filters: { member: big } } }));
    expect(mine.records.map((r: { tag: number; source: string }) => [r.tag, r.source])).toContainEqual([tag.id, 'MANUAL']);
  });

  it('refuses to recompute a manual tag', async () => {
    const tag = await okData(admin.post('/v1/member-tag/saveNew', { body: { name: '手工', tagType: 'MANUAL', rule: '{}' } }));
    expect(tag.rule).toBeNull();
    const res = await admin.post('/v1/member-tag/recompute', { query: { id: tag.id } });
    expect(res.status).toBe(400);
  });
});

describe('customer groups', () => {
  it('estimates at once, counts exactly in the background, and lists the members', async () => {
    const estimate = await okData(admin.post('/v1/customer-group/estimate', { body: { rule: bigSpenderRule } }));
    expect(Number.isInteger(estimate.estimate)).toBe(true);
    const group = await okData(
      admin.post('/v1/customer-group/saveNew', { body: { name: '上月消费过千未回店', rule: JSON.stringify(bigSpenderRule) } }),
    );
    expect(group.memberCount).toBeNull();
    expect(await okData(admin.post('/v1/customer-group/count', { query: { id: group.id } }))).toEqual({ queued: false, memberCount: 1 });
    const info = await okData(admin.get(`/v1/customer-group/info/${group.id}`, { headers: ZONE }));
    expect(info.memberCount).toBe(1);
    expect(info.countedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const page = await okData(admin.post('/v1/customer-group/members', { query: { id: group.id }, body: { page: 1, pageSize: 10 } }));
    expect(page.total).toBe(1);
    expect(page.records.map((r: { id: number }) => r.id)).toEqual([big]);

    // Nested OR: the big spender, or anyone who came back within 3 days.
    const nested = { combine: 'or', children: [bigSpenderRule, { metric: 'lastVisitDays', operator: 'lte', value: 3 }] };
    const modified = await okData(
      admin.post('/v1/customer-group/modify', { body: { id: group.id, version: info.version, rule: JSON.stringify(nested) } }),
    );
    expect(modified.memberCount).toBeNull();
    expect(await okData(admin.post('/v1/customer-group/count', { query: { id: group.id } }))).toEqual({ queued: false, memberCount: 2 });
    const both = await okData(admin.post('/v1/customer-group/members', { query: { id: group.id } }));
    expect(both.records.map((r: { id: number }) => r.id).sort()).toEqual([big, recent].sort());
  });

  it('keeps each merchant to its own groups and members', async () => {
    const group = await okData(
      admin.post('/v1/customer-group/saveNew', {
        body: { name: '全部', rule: JSON.stringify({ metric: 'state', operator: 'notIn', value: ['x'] }) },
      }),
    );
    for (const path of ['/v1/customer-group/count', '/v1/customer-group/members']) {
      const res = await otherAdmin.post(path, { query: { id: group.id } });
      expect(res.status).toBe(404);
    }
    expect(await okData(admin.post('/v1/customer-group/count', { query: { id: group.id } }))).toEqual({ queued: false, memberCount: 3 });
  });
});

describe("export of a group's members (file centre)", () => {
  const nested = { combine: 'or', children: [bigSpenderRule, { metric: 'lastVisitDays', operator: 'lte', value: 3 }] };
  const exportOf = (client: ApiClient, id: number, locale = 'zh_CN') =>
    client.post('/v1/customer-group/members/export', { body: { id }, headers: { locale } });

  it('writes exactly the members the conditions select, in the tenant, through a file task', async () => {
    const group = await okData(admin.post('/v1/customer-group/saveNew', { body: { name: '导出客群', rule: JSON.stringify(nested) } }));
    const { taskId } = await okData(exportOf(admin, group.id, 'en_US'));
    const task = await okData(admin.get(`/v1/file-task/info/${taskId}`));
    expect(task).toMatchObject({ module: 'members', direction: 'export', state: 'succeeded', total: 2 });
    const [header, ...rows] = await downloadTaskSheet({ app: t.app, client: admin, taskId, locale: 'en_US' });
    expect(header).toEqual(['Member number', 'Name', 'Mobile', 'Level', 'Points balance']);
    const expected = await Promise.all(
      [recent, big].map(async (id) => {
        const m = await okData(admin.get(`/v1/member/info/${id}`));
        return [m.memberNumber, m.name, m.mobile];
      }),
    );
    expect(rows.map((row) => row.slice(0, 3)).sort()).toEqual(expected.sort());
    expect(rows.every((row) => row[4] === 0)).toBe(true);

    // Another merchant asking for this group gets an empty file, never these members.
    const foreign = await okData(exportOf(otherAdmin, group.id));
    const [, ...none] = await downloadTaskSheet({ app: t.app, client: otherAdmin, taskId: foreign.taskId });
    expect(none).toEqual([]);
  });

  it('needs the group view grant on the server', async () => {
    const group = await okData(admin.post('/v1/customer-group/saveNew', { body: { name: '无权导出', rule: JSON.stringify(nested) } }));
    const without = await signInNewUser(t, tenant, {
      login: `noview${seq}`,
      grants: [{ resourceId: '会员/标准会员', action: '会员资料查看' }],
    });
    expect((await exportOf(without, group.id)).status).toBe(403);
    const viewer = await signInNewUser(t, tenant, { login: `view${seq}`, grants: [{ resourceId: '营销/客群', action: '客群查看' }] });
    const { taskId } = await okData(exportOf(viewer, group.id));
    const [header, ...rows] = await downloadTaskSheet({ app: t.app, client: viewer, taskId });
    expect(header).toEqual(['会员编号', '姓名', '手机号', '会员等级', '积分余额']);
    expect(rows).toHaveLength(2);
  });
});
