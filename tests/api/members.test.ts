import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailSections, formSections, listColumns } from '../../resources/define';
import { VEHICLE_FIELDS, dqshMemberResource, marketcenterMemberResource, memberResource } from '../../resources/member/member.resource';
import { systemActor } from '../../server/crud/actor';
import { queryStatements, type QueryRequest } from '../../server/crud/query.builder';
import { buildRegistry, servedResources } from '../../server/crud/resource-registry';
import { SERVER_HOOKS } from '../../server/modules/resource-hooks';
import { createTenant, createUser, signIn, type ApiClient, type ApiResponse, type TestTenant } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Members (resources/member/member.resource.ts): one table, three views. The views' fixed filter
 * and centre scope hold on every read and write, including by id; freezing, unfreezing and
 * cancelling need a reason and are logged; a frozen member cannot earn points; member numbers
 * are the server's; and every search of the member list stays on an index.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let centreA: number;
let centreB: number;
let seq = 0;

const ZONE = { time_zone: 'Asia/Shanghai' };
const inCentre = (centre: number) => ({ ...ZONE, marketingCenter: String(centre) });

async function okData(promise: Promise<ApiResponse>) {
  const res = await promise;
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data;
}

/** A new member's body with a unique mobile. */
function memberBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  seq += 1;
  return { name: `会员${seq}`, mobile: `135${String(seq).padStart(8, '0')}`, channel: 'store', ...extra };
}

async function create(name: string, body: Record<string, unknown>, headers: Record<string, string> = ZONE, client = admin) {
  return okData(client.post(`/v1/${name}/saveNew`, { body, headers }));
}

const ids = (data: { records: { id: number }[] }) => data.records.map((r) => r.id);

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  centreA = (await okData(admin.post('/v1/marketing-center/saveNew', { body: { code: 'EAST', name: '华东' } }))).id;
  centreB = (await okData(admin.post('/v1/marketing-center/saveNew', { body: { code: 'SOUTH', name: '华南' } }))).id;
});

afterAll(async () => {
  await t?.close();
});

describe('views of one table', () => {
  it('declares one table: the views share the base table, with their own list columns', () => {
    const registry = buildRegistry(servedResources(SERVER_HOOKS));
    const tables = ['member', 'dqsh-member', 'marketcenter-member'].map((name) => registry.get(name).table);
    expect(new Set(tables).size).toBe(1);
    expect(listColumns(dqshMemberResource)).toEqual(expect.arrayContaining([...VEHICLE_FIELDS]));
    for (const resource of [memberResource, marketcenterMemberResource]) {
      expect(listColumns(resource).filter((c) => (VEHICLE_FIELDS as readonly string[]).includes(c))).toEqual([]);
    }
  });

  it('allocates unique member numbers and keeps mobiles unique per tenant', async () => {
    const a = await create('member', memberBody({ memberNumber: 'HACKED' }));
    const b = await create('member', memberBody());
    expect(a.memberNumber).toMatch(/^M\d{9}$/);
    expect(b.memberNumber).not.toBe(a.memberNumber);
    expect(a.state).toBe('using');
    expect(a.registeredAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const twin = await admin.post('/v1/member/saveNew', { body: memberBody({ mobile: a.mobile }), headers: ZONE });
    expect(twin.status).toBe(400);
    expect(twin.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['mobile']);
    // Another merchant may have a member with the same mobile.
    const other = await createTenant(t.database);
    const stranger = await signIn(t.app, { tenant: other.code, login: other.adminLogin, password: other.adminPassword });
    expect((await stranger.post('/v1/member/saveNew', { body: memberBody({ mobile: a.mobile }) })).body.code).toBe(2000);
  });

  it('the petrol view reads and writes petrol members only, and stamps the profile', async () => {
    const standard = await create('member', memberBody());
    const petrol = await create(
      'dqsh-member',
      memberBody({ profile: 'standard', plateNumber: '沪A12345', fuelType: 'G95', fleet: '顺丰车队' }),
    );
    expect(petrol.profile).toBe('petrol');
    expect(standard.profile).toBe('standard');

    const listed = ids(await okData(admin.post('/v1/dqsh-member/query', { body: { pageSize: 200 }, headers: ZONE })));
    expect(listed).toContain(petrol.id);
    expect(listed).not.toContain(standard.id);
    // The standard list is every member of the merchant.
    const all = ids(await okData(admin.post('/v1/member/query', { body: { pageSize: 200 }, headers: ZONE })));
    expect(all).toEqual(expect.arrayContaining([petrol.id, standard.id]));

    expect((await admin.get(`/v1/dqsh-member/info/${standard.id}`, { headers: ZONE })).status).toBe(404);
    expect(
      (await admin.post('/v1/dqsh-member/modify', { body: { id: standard.id, version: standard.version, name: 'x' }, headers: ZONE }))
        .status,
    ).toBe(404);
    expect((await admin.post('/v1/dqsh-member/freeze', { query: { id: standard.id }, body: { reason: 'r' }, headers: ZONE })).status).toBe(
      404,
    );
    // A modify through the view cannot move a member out of it.
    const moved = await okData(
      admin.post('/v1/dqsh-member/modify', {
        body: { id: petrol.id, version: petrol.version, profile: 'standard', fleet: '中通车队' },
        headers: ZONE,
      }),
    );
    expect(moved).toMatchObject({ profile: 'petrol', fleet: '中通车队', plateNumber: '沪A12345' });
    // The base may change the profile: it is the headquarters' list.
    const changed = await okData(
      admin.post('/v1/member/modify', { body: { id: standard.id, version: standard.version, profile: 'petrol' }, headers: ZONE }),
    );
    expect(changed.profile).toBe('petrol');
    expect((await admin.get(`/v1/dqsh-member/info/${standard.id}`, { headers: ZONE })).status).toBe(200);
  });
});

describe('marketing centre isolation', () => {
  let limited: ApiClient;
  let memberA: Record<string, any>;
  let memberB: Record<string, any>;

  beforeAll(async () => {
    memberA = await create('marketcenter-member', memberBody(), inCentre(centreA));
    // The body's centre is ignored: the header's is stamped.
    memberB = await create('marketcenter-member', memberBody({ marketingCenter: centreA }), inCentre(centreB));
    const grants = [
      { resourceId: '会员/营销中心会员', action: '会员资料查看' },
      { resourceId: '会员/营销中心会员', action: '配置维护' },
    ] as const;
    await createUser(t.database, { tenantId: tenant.tenantId, login: 'east-only', grants, marketingCenterIds: [centreA] });
    limited = await signIn(t.app, { tenant: tenant.code, login: 'east-only', password: tenant.adminPassword });
  });

  it('stamps the header centre on a new member', () => {
    expect(memberA.marketingCenter).toBe(centreA);
    expect(memberB.marketingCenter).toBe(centreB);
    expect(memberB.marketingCenterId).toBe(centreB);
  });

  it("lists only the header centre's members", async () => {
    const east = ids(await okData(limited.post('/v1/marketcenter-member/query', { body: { pageSize: 200 }, headers: inCentre(centreA) })));
    expect(east).toContain(memberA.id);
    expect(east).not.toContain(memberB.id);
    const south = ids(await okData(admin.post('/v1/marketcenter-member/query', { body: { pageSize: 200 }, headers: inCentre(centreB) })));
    expect(south).toEqual([memberB.id]);
    expect((await admin.post('/v1/marketcenter-member/query', { body: {}, headers: ZONE })).status).toBe(400);
  });

  it("cannot read or change another centre's member by id, with any header", async () => {
    const a = inCentre(centreA);
    const calls = [
      limited.get(`/v1/marketcenter-member/info/${memberB.id}`, { headers: a }),
      limited.post('/v1/marketcenter-member/modify', { body: { id: memberB.id, version: memberB.version, name: 'x' }, headers: a }),
      limited.post('/v1/marketcenter-member/freeze', { query: { id: memberB.id }, body: { reason: 'x' }, headers: a }),
      limited.post('/v1/marketcenter-member/cancel', { query: { id: memberB.id }, body: { reason: 'x' }, headers: a }),
      limited.get(`/v1/marketcenter-member/history/${memberB.id}`, { headers: a }),
      limited.get(`/v1/marketcenter-member/growth/${memberB.id}`, { headers: a }),
      // Even an administrator, while working in centre A.
      admin.get(`/v1/marketcenter-member/info/${memberB.id}`, { headers: a }),
    ];
    expect((await Promise.all(calls)).map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    // Naming centre B in the header is refused before any data is touched.
    const asB = await limited.get(`/v1/marketcenter-member/info/${memberB.id}`, { headers: inCentre(centreB) });
    expect(asB.status).toBe(403);
    // The member is untouched.
    const info = await okData(admin.get(`/v1/member/info/${memberB.id}`, { headers: ZONE }));
    expect(info).toMatchObject({ name: memberB.name, state: 'using', version: memberB.version });
    // And a centre user does not hold the headquarters list.
    expect((await limited.post('/v1/member/query', { body: {}, headers: a })).status).toBe(403);
  });

  it("reads the points of its own centre's members only", async () => {
    const a = inCentre(centreA);
    const earned = await admin.post('/v1/points/transaction', {
      body: { orderNo: `iso-${memberB.id}`, memberId: memberB.id, lines: [{ goodsCode: 'G1', quantity: 1, amount: '88.00' }] },
      headers: ZONE,
    });
    expect(earned.status).toBe(200);
    const adminView = await okData(admin.post('/v1/points-entries/query', { body: { filters: { memberId: memberB.id } }, headers: ZONE }));
    expect(adminView.total).toBe(1);
    const own = await limited.get('/v1/points/account', { query: { memberId: memberA.id }, headers: a });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ memberId: memberA.id, balance: 0 });
    const other = await limited.get('/v1/points/account', { query: { memberId: memberB.id }, headers: a });
    expect(other.status).toBe(404);
    const ledger = await limited.post('/v1/points-entries/query', { body: { filters: { memberId: memberB.id } }, headers: a });
    expect(ledger.status).toBe(200);
    expect(ledger.body.data.total).toBe(0);
    const accounts = await okData(limited.post('/v1/points-accounts/query', { body: { pageSize: 200 }, headers: a }));
    expect(accounts.records.map((r: { memberId: number }) => r.memberId)).not.toContain(memberB.id);
    // Without a centre in the header, a centre-only reader is asked to choose one.
    expect((await limited.get('/v1/points/account', { query: { memberId: memberA.id }, headers: ZONE })).status).toBe(400);
  });

  it("cannot move a member to another centre through the centre's view", async () => {
    const moved = await okData(
      limited.post('/v1/marketcenter-member/modify', {
        body: { id: memberA.id, version: memberA.version, marketingCenter: centreB, name: '改名' },
        headers: inCentre(centreA),
      }),
    );
    expect(moved).toMatchObject({ name: '改名', marketingCenter: centreA });
  });
});

describe('state actions with a reason', () => {
  let member: Record<string, any>;

  beforeAll(async () => {
    member = await create('member', memberBody());
  });

  it('freeze needs a reason', async () => {
    for (const body of [undefined, {}, { reason: '   ' }, { reason: 42 }, { reason: 'x'.repeat(201) }]) {
      const res = await admin.post('/v1/member/freeze', { query: { id: member.id }, body, headers: ZONE });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['reason']);
    }
    const unchanged = await okData(admin.get(`/v1/member/info/${member.id}`, { headers: ZONE }));
    expect(unchanged.state).toBe('using');
    const frozen = await okData(
      admin.post('/v1/member/freeze', { query: { id: member.id }, body: { reason: '  客户挂失  ' }, headers: ZONE }),
    );
    expect(frozen.state).toBe('blocked');
    expect((await admin.post('/v1/member/freeze', { query: { id: member.id }, body: { reason: 'again' }, headers: ZONE })).status).toBe(
      409,
    );
  });

  it('a frozen member cannot earn points; unfrozen again, it can', async () => {
    const sale = (orderNo: string) =>
      admin.post('/v1/points/transaction', {
        body: { orderNo, memberId: member.id, lines: [{ goodsCode: 'P0001', quantity: 20, amount: '151.20' }] },
      });
    const refused = await sale(`T-${member.id}-1`);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    await okData(admin.post('/v1/member/unfreeze', { query: { id: member.id }, body: { reason: '客户找回会员卡' }, headers: ZONE }));
    expect((await sale(`T-${member.id}-2`)).status).toBe(200);
  });

  it('the history lists every change with its reason, newest first, in every view', async () => {
    const history = await okData(admin.get(`/v1/member/history/${member.id}`, { headers: ZONE }));
    expect(history.map((h: Record<string, unknown>) => [h.action, h.from, h.to, h.reason])).toEqual([
      ['unfreeze', 'blocked', 'using', '客户找回会员卡'],
      ['freeze', 'using', 'blocked', '客户挂失'],
    ]);
    expect(history[0]).toMatchObject({ userId: tenant.adminUserId, userName: 'Administrator' });
    expect(history[0].at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The same member seen through the petrol view, once it is a petrol member, has the same history.
    const info = await okData(admin.get(`/v1/member/info/${member.id}`, { headers: ZONE }));
    await okData(admin.post('/v1/member/modify', { body: { id: member.id, version: info.version, profile: 'petrol' }, headers: ZONE }));
    expect(await okData(admin.get(`/v1/dqsh-member/history/${member.id}`, { headers: ZONE }))).toEqual(history);
  });

  it('cancel is final; members are never deleted', async () => {
    const gone = await okData(
      admin.post('/v1/member/cancel', { query: { id: member.id }, body: { reason: '客户申请注销' }, headers: ZONE }),
    );
    expect(gone.state).toBe('canceled');
    for (const action of ['freeze', 'unfreeze', 'cancel']) {
      expect((await admin.post(`/v1/member/${action}`, { query: { id: member.id }, body: { reason: 'x' }, headers: ZONE })).status).toBe(
        409,
      );
    }
    expect((await admin.post('/v1/member/delete', { query: { id: member.id }, headers: ZONE })).status).toBe(404);
  });

  it('custom members with capitalised states show, filter and move like the others', async () => {
    const custom = await create('member', memberBody());
    await t.database.db.execute(sql`update members set state = 'Using' where tenant_id = ${tenant.tenantId} and id = ${custom.id}`);
    const using = ids(
      await okData(admin.post('/v1/member/query', { body: { filters: { state: 'using' }, pageSize: 200 }, headers: ZONE })),
    );
    expect(using).toContain(custom.id);
    const frozen = await okData(admin.post('/v1/member/freeze', { query: { id: custom.id }, body: { reason: '核查' }, headers: ZONE }));
    expect(frozen.state).toBe('blocked');
    const history = await okData(admin.get(`/v1/member/history/${custom.id}`, { headers: ZONE }));
    expect(history[0]).toMatchObject({ from: 'Using', to: 'blocked', reason: '核查' });
  });
});

describe('fields an engine owns', () => {
  let paid: { id: number; name: string };
  let free: { id: number };

  /** The fields a 400 names. */
  async function refused(promise: Promise<ApiResponse>): Promise<string[]> {
    const res = await promise;
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    return res.body.data.fields.map((f: { field: string }) => f.field);
  }

  const levelChanges = async (memberId: number) =>
    (
      await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n
    from member_level_changes where tenant_id = ${tenant.tenantId} and member_id = ${memberId}`)
    ).rows[0].n;

  beforeAll(async () => {
    paid = await okData(
      admin.post('/v1/level/saveNew', {
        body: { levelType: 'PAID', code: 'PLUS', name: 'PLUS会员', rankOrder: 1, price: 99, termMonths: 12 },
      }),
    );
    free = await okData(
      admin.post('/v1/level/saveNew', { body: { levelType: 'FREE', code: 'F1', name: '普卡', rankOrder: 1, growthThreshold: 0 } }),
    );
  });

  it('refuses a new member with a level, a growth value or a state, naming each field', async () => {
    const before = (await okData(admin.post('/v1/member/query', { body: { pageSize: 1 }, headers: ZONE }))).total;
    expect(await refused(admin.post('/v1/member/saveNew', { body: memberBody({ level: paid.id }), headers: ZONE }))).toEqual(['level']);
    const all = await admin.post('/v1/member/saveNew', {
      body: memberBody({ level: free.id, growthValue: 99999, state: 'blocked' }),
      headers: ZONE,
    });
    expect(all.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['level', 'growthValue', 'state']);
    expect(all.body.data.fields[0].msg).toBe('会员等级由系统按规则维护，不能在会员资料中修改');
    // Through the views as well.
    expect(
      await refused(
        admin.post('/v1/dqsh-member/saveNew', { body: memberBody({ level: paid.id, plateNumber: '沪B12345' }), headers: ZONE }),
      ),
    ).toEqual(['level']);
    expect(
      await refused(admin.post('/v1/marketcenter-member/saveNew', { body: memberBody({ level: paid.id }), headers: inCentre(centreA) })),
    ).toEqual(['level']);
    expect((await okData(admin.post('/v1/member/query', { body: { pageSize: 1 }, headers: ZONE }))).total).toBe(before);
    // What a new member holds anyway is accepted: no level, no growth, in use; the level engine
    // then gives the entry level (the lowest-rank free level).
    const plain = await create('member', memberBody({ level: null, growthValue: 0, state: 'using' }));
    expect(plain).toMatchObject({ level: free.id, growthValue: 0, state: 'using' });
  });

  it('refuses a modify that moves the level, and leaves the member and its level history untouched', async () => {
    const member = await create('marketcenter-member', memberBody(), inCentre(centreA));
    expect(
      await refused(admin.post('/v1/member/modify', { body: { id: member.id, version: member.version, level: paid.id }, headers: ZONE })),
    ).toEqual(['level']);
    expect(
      await refused(
        admin.post('/v1/member/modify', { body: { id: member.id, version: member.version, growthValue: 5000 }, headers: ZONE }),
      ),
    ).toEqual(['growthValue']);
    expect(
      await refused(
        admin.post('/v1/marketcenter-member/modify', {
          body: { id: member.id, version: member.version, level: paid.id },
          headers: inCentre(centreA),
        }),
      ),
    ).toEqual(['level']);
    const after = await okData(admin.get(`/v1/member/info/${member.id}`, { headers: ZONE }));
    expect(after).toMatchObject({ level: free.id, growthValue: 0, version: member.version });
    // Only the entry level given on registration.
    expect(await levelChanges(member.id)).toBe(1);

    // A body that echoes the record it read is fine: only what it changes is written.
    const echoed = await okData(admin.post('/v1/member/modify', { body: { ...after, name: '改名会员' }, headers: ZONE }));
    expect(echoed).toMatchObject({ name: '改名会员', level: free.id, growthValue: 0, state: 'using' });
  });

  it('the member form no longer offers the level, the growth value or the state', () => {
    for (const resource of [memberResource, dqshMemberResource, marketcenterMemberResource]) {
      const offered = formSections(resource).flatMap((section) => section.fields);
      expect(offered).not.toContain('level');
      expect(offered).not.toContain('growthValue');
      expect(offered).not.toContain('state');
      // The detail still shows them.
      expect(detailSections(resource).flatMap((section) => section.fields)).toEqual(
        expect.arrayContaining(['level', 'growthValue', 'state']),
      );
    }
  });
});

describe('overview', () => {
  it('counts members by state and level, per day and per store', async () => {
    const data = await okData(admin.post('/v1/member/overview', { body: {}, headers: ZONE }));
    expect(data.daily).toHaveLength(30);
    expect(data.total).toBe(data.byState.reduce((sum: number, s: { count: number }) => sum + s.count, 0));
    // Capitalised states are counted with their lower-case state.
    expect(data.byState.every((s: { state: string }) => s.state === s.state.toLowerCase())).toBe(true);
    expect(data.newInPeriod).toBe(data.total);
    const noGrant = await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'no-overview',
      grants: [{ resourceId: '会员/标准会员', action: '会员资料查看' }],
    });
    const reader = await signIn(t.app, { tenant: tenant.code, login: noGrant.login, password: tenant.adminPassword });
    expect((await reader.post('/v1/member/overview', { body: {} })).status).toBe(403);
  });
});

describe('searches stay on an index', () => {
  const registry = buildRegistry(servedResources(SERVER_HOOKS));
  const runtime = registry.get('member');

  /** Plan nodes, depth first. */
  function nodes(plan: Record<string, unknown>): Record<string, unknown>[] {
    return [plan, ...((plan.Plans as Record<string, unknown>[] | undefined) ?? []).flatMap(nodes)];
  }

  /**
   * The plan of a statement with sequential scans priced out. Other test files write members into
   * the same database at the same time, so sampled statistics (and with them the planner's choice
   * on a table of this size) vary from run to run; with `enable_seqscan = off` a Seq Scan can only
   * appear when no index serves the search at all, which is what this guards. How fast the
   * searches are on a million members is measured in bench/member-list.bench.ts.
   */
  async function planOf(statement: { toSQL(): { sql: string; params: unknown[] } }): Promise<Record<string, unknown>[]> {
    const { sql: text, params } = statement.toSQL();
    const client = await t.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      const explained = await client.query(`explain (format json) ${text}`, params as unknown[]);
      return nodes(explained.rows[0]['QUERY PLAN'][0].Plan);
    } finally {
      await client.query('rollback');
      client.release();
    }
  }

  beforeAll(async () => {
    // A few thousand members, so the planner prefers an index whenever one serves the search.
    await t.database.pool.query(
      `insert into members (tenant_id, member_number, name, mobile, card_number, channel, registered_at, growth_value, state)
      select $1, 'M9' || lpad(g::text, 8, '0'), (array['张','王','李','赵','陈'])[1 + g % 5] || '客户' || g, '186' || lpad(g::text, 8, '0'),
        '6688' || lpad(g::text, 12, '0'), 'store', now() - (g || ' minutes')::interval, 0, 'using'
      from generate_series(1, 30000) g`,
      [tenant.tenantId],
    );
    await t.database.pool.query('analyze members');
  });

  // What staff type: most of a number, or a piece of a name.
  const searches: [string, Partial<QueryRequest>, string][] = [
    ['mobile prefix', { filters: { mobile: '1860000123' } }, 'members_mobile_prefix'],
    ['card number prefix', { filters: { cardNumber: '668800000000123' } }, 'members_card_number_prefix'],
    ['member number prefix', { filters: { memberNumber: 'M90000123' } }, 'members_member_number_prefix'],
    // A selective piece of a name (11 of 30 000). A piece that matches many recent members is
    // rightly served by walking the sort order until a page is full; both planners agree here.
    ['name contains', { filters: { name: '客户1234' } }, 'members_name_trgm'],
    ['keyword (name)', { keyword: '客户4321' }, 'members_name_trgm'],
  ];

  it.each(searches)('%s: no sequential scan of members, its index is used', async (_label, search, index) => {
    const actor = { ...systemActor({ tenantId: tenant.tenantId, timeZone: 'Asia/Shanghai' }), userId: tenant.adminUserId };
    const query: QueryRequest = { page: 1, pageSize: 20, filters: {}, sorters: [], keyword: '', ...search };
    const statements = queryStatements({ db: t.database.db, runtime, actor, query });
    for (const statement of [statements.page, statements.count]) {
      const plan = await planOf(statement);
      const onMembers = plan.filter((n) => n['Relation Name'] === 'members' || String(n['Index Name'] ?? '').startsWith('members_'));
      const shown = JSON.stringify(plan.map((n) => [n['Node Type'], n['Index Name']]));
      expect(
        onMembers.map((n) => n['Node Type']),
        shown,
      ).not.toContain('Seq Scan');
      expect(
        onMembers.some((n) => String(n['Index Name'] ?? '').startsWith('members_')),
        shown,
      ).toBe(true);
      // The count has no order to walk: only the search's own index can narrow it.
      if (statement === statements.count)
        expect(
          onMembers.map((n) => n['Index Name']),
          shown,
        ).toContain(index);
    }
    // And the search finds what it looks for.
    const found = await okData(admin.post('/v1/member/query', { body: { ...search, pageSize: 5 }, headers: ZONE }));
    expect(found.total).toBeGreaterThan(0);
  });
});
