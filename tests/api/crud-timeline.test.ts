import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/modules/auth/session.cookie';
import { declareEntry } from '../../resources/catalog/declare';
import type { GroupDecl, PermissionRef } from '../../resources/catalog/types';
import { defineResource, field } from '../../resources/define';
import { buildRegistry, mountResources, servedResources } from '../../server/crud/resource-registry';
import { queryStatements } from '../../server/crud/query.builder';
import { deriveTable } from '../../server/crud/table.derive';
import { systemActor } from '../../server/crud/actor';
import { createDerivedTables } from '../helpers/derived-ddl';
import { createTenant, createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { startTestApp, testClock, type TestApp } from '../helpers/test-app';
import { proveTimeline, utcText } from '../helpers/timeline-contract';

/**
 * States that follow time (`states.timeline`), on a campaign declared here: stored INITAIL /
 * AUDITED / STOPED, shown INITAIL / UNSTART / PROCESSING / STOPED (spec §4 spellings) by where the
 * server's instant lies in the campaign's window. The server's clock is set to exact seconds.
 */

const RID = '测试/定时活动';
const READ: PermissionRef = { resourceId: RID, action: '活动查看' };
const WRITE: PermissionRef = { resourceId: RID, action: '配置维护' };

const campaign = defineResource({
  name: 'crud-timed-campaign',
  table: 'crud_timed_campaigns',
  title: ['定时活动', 'Timed campaign'],
  route: { group: 'promotion', entry: 'crud-timed-campaign', screens: { list: 'crud-timed-campaign' } },
  access: { read: ['活动查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    name: field.text({ label: ['名称', 'Name'], required: true, maxLength: 40, searchable: true, filter: 'contains' }),
    beginTime: field.datetime({ label: ['开始时间', 'Begins'], required: true }),
    endTime: field.datetime({ label: ['结束时间', 'Ends'], required: true }),
    status: field.enum({
      label: ['状态', 'Status'],
      options: {
        INITAIL: { label: ['未审核', 'Not audited'] },
        AUDITED: { label: ['已审核', 'Audited'] },
        UNSTART: { label: ['未开始', 'Not started'] },
        PROCESSING: { label: ['进行中', 'In progress'] },
        STOPED: { label: ['已结束', 'Stopped'] },
      },
      serverManaged: true,
      filter: 'in',
      sortable: true,
    }),
  },
  titleField: 'name',
  list: { defaultSort: { field: 'name', order: 'asc' } },
  files: { module: 'masterData' },
  states: {
    field: 'status',
    initial: 'INITAIL',
    editableIn: ['INITAIL'],
    deletableIn: ['INITAIL'],
    actions: {
      audit: { label: ['审核', 'Audit'], from: ['INITAIL'], to: 'AUDITED' },
      stop: { label: ['终止', 'Stop'], from: ['UNSTART', 'PROCESSING'], to: 'STOPED', reason: 'required', danger: true },
    },
    timeline: {
      window: { start: 'beginTime', end: 'endTime' },
      during: 'AUDITED',
      before: 'UNSTART',
      inside: 'PROCESSING',
      after: 'STOPED',
    },
  },
});

const testGroup: GroupDecl = {
  group: 'promotion',
  title: ['测试', 'Test'],
  resourceRoot: '测试',
  resourceRootEn: 'Test',
  entries: [
    declareEntry({
      entry: 'crud-timed-campaign',
      title: ['定时活动', 'Timed campaigns'],
      resourceId: RID,
      resourceTitleEn: 'Timed campaigns',
      actions: ['活动查看', '配置维护'],
      screens: [{ name: 'crud-timed-campaign', title: ['定时活动', 'Timed campaigns'] }],
    }),
  ],
};

mountResources({ resources: [campaign], catalog: [testGroup] });

const clock = testClock();
let t: TestApp;
let tenant: TestTenant;
let writer: ApiClient;
const UTC = { time_zone: 'UTC' };

async function okData(promise: Promise<{ status: number; body: any }>): Promise<any> {
  const res = await promise;
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data;
}

const DAY = 24 * 3600 * 1000;
/** Now (the test's real time) in whole seconds, plus some days. */
const daysAhead = (days: number) => new Date(Math.floor(Date.now() / 1000) * 1000 + days * DAY);

let seq = 0;
async function campaignWith(args: { start: Date; end: Date; audit?: boolean; stop?: boolean }): Promise<Record<string, any>> {
  seq += 1;
  const body = { name: `Campaign ${seq}`, beginTime: utcText(args.start), endTime: utcText(args.end) };
  const created = await okData(writer.post('/v1/crud-timed-campaign/saveNew', { body, headers: UTC }));
  if (args.audit) await okData(writer.post('/v1/crud-timed-campaign/audit', { query: { id: created.id }, headers: UTC }));
  if (args.stop) {
    await okData(
      writer.post('/v1/crud-timed-campaign/stop', { query: { id: created.id }, body: { reason: 'budget spent' }, headers: UTC }),
    );
  }
  return created;
}

beforeAll(async () => {
  t = await startTestApp({ clock });
  await createDerivedTables(t.database, { campaigns: deriveTable(campaign) });
  tenant = await createTenant(t.database);
  await createUser(t.database, { tenantId: tenant.tenantId, login: 'writer', grants: [READ, WRITE] });
  writer = await signIn(t.app, { tenant: tenant.code, login: 'writer', password: tenant.adminPassword });
});

afterAll(async () => {
  await t?.close();
});

describe('states that follow time', () => {
  it('shows UNSTART / PROCESSING / STOPED at the boundary seconds in detail, list and filter (the generic contract)', async () => {
    await proveTimeline({ resource: campaign, client: writer, clock, body: { name: 'Contract campaign' } });
  });

  it('filters and sorts the list by the shown state, stored and derived alike', async () => {
    const now = daysAhead(10);
    const hour = 3600 * 1000;
    const before = (ms: number) => new Date(now.getTime() - ms);
    const after = (ms: number) => new Date(now.getTime() + ms);
    clock.set(before(3 * DAY));
    try {
      const initial = await campaignWith({ start: after(hour), end: after(2 * hour) });
      const unstart = await campaignWith({ start: after(1000), end: after(hour), audit: true });
      const processing = await campaignWith({ start: now, end: after(1000), audit: true });
      const ended = await campaignWith({ start: before(hour), end: now, audit: true });
      clock.set(before(2 * hour));
      // Stopped by hand while it had not started: STOPED is stored, whatever its window says.
      const stopped = await campaignWith({ start: before(hour), end: after(hour), audit: true, stop: true });
      clock.set(now);
      const ours = [initial, unstart, processing, ended, stopped].map((c) => c.id);
      const query = async (body: Record<string, unknown>) =>
        (
          (await okData(writer.post('/v1/crud-timed-campaign/query', { body: { pageSize: 200, ...body }, headers: UTC }))).records as {
            id: number;
            status: string;
          }[]
        ).filter((r) => ours.includes(r.id));
      const idsOf = async (states: string[]) => (await query({ filters: { status: states } })).map((r) => r.id).sort((a, b) => a - b);
      expect(await idsOf(['INITAIL'])).toEqual([initial.id]);
      expect(await idsOf(['UNSTART'])).toEqual([unstart.id]);
      expect(await idsOf(['PROCESSING'])).toEqual([processing.id]);
      expect(await idsOf(['STOPED'])).toEqual([ended.id, stopped.id].sort((a, b) => a - b));
      expect(await idsOf(['UNSTART', 'PROCESSING'])).toEqual([unstart.id, processing.id].sort((a, b) => a - b));
      // AUDITED is stored, never shown: no record answers to it.
      expect(await idsOf(['AUDITED'])).toEqual([]);

      const order = ['INITAIL', 'UNSTART', 'PROCESSING', 'STOPED'];
      // The default sort (name) follows; asked in the same direction the order reverses exactly.
      const sorters = (o: 'asc' | 'desc') => [
        { field: 'status', order: o },
        { field: 'name', order: o },
      ];
      const asc = await query({ sorters: sorters('asc') });
      expect(asc.map((r) => r.status)).toEqual(['INITAIL', 'UNSTART', 'PROCESSING', 'STOPED', 'STOPED']);
      const desc = await query({ sorters: sorters('desc') });
      expect(desc.map((r) => r.id)).toEqual([...asc].reverse().map((r) => r.id));
      expect(order.indexOf(asc[0].status)).toBe(0);

      // Keyset paging over the shown state gives the same order as one page.
      const all = (
        await okData(
          writer.post('/v1/crud-timed-campaign/query', {
            body: { pageSize: 200, sorters: [{ field: 'status', order: 'asc' }] },
            headers: UTC,
          }),
        )
      ).records.map((r: { id: number }) => r.id);
      const paged: number[] = [];
      let cursor: string | null = null;
      do {
        const page: { records: { id: number }[]; nextCursor: string | null } = await okData(
          writer.post('/v1/crud-timed-campaign/query', {
            body: { pageSize: 2, sorters: [{ field: 'status', order: 'asc' }], ...(cursor ? { cursor } : {}) },
            headers: UTC,
          }),
        );
        paged.push(...page.records.map((r) => r.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(paged).toEqual(all);

      // One second later the processing campaign has ended and the next one started: the same
      // query follows at once, with no job moving anything.
      clock.set(after(1000));
      expect(await idsOf(['PROCESSING'])).toEqual([unstart.id]);
      expect(await idsOf(['STOPED'])).toContain(processing.id);
    } finally {
      clock.set(null);
    }
  });

  it('edits, deletes and acts by the shown state', async () => {
    const start = daysAhead(20);
    const end = new Date(start.getTime() + DAY);
    clock.set(new Date(start.getTime() - DAY));
    try {
      const c = await campaignWith({ start, end });
      // INITAIL: editable, auditable, not stoppable.
      const renamed = await okData(
        writer.post('/v1/crud-timed-campaign/modify', { body: { id: c.id, version: c.version, name: 'Renamed' }, headers: UTC }),
      );
      expect((await writer.post('/v1/crud-timed-campaign/stop', { query: { id: c.id }, body: { reason: 'x' }, headers: UTC })).status).toBe(
        409,
      );
      const audited = await okData(writer.post('/v1/crud-timed-campaign/audit', { query: { id: c.id }, headers: UTC }));
      expect(audited.status).toBe('UNSTART');
      // UNSTART: no edit, no delete.
      const modify = await writer.post('/v1/crud-timed-campaign/modify', {
        body: { id: c.id, version: audited.version, name: 'Again' },
        headers: UTC,
      });
      expect(modify.status).toBe(409);
      expect(renamed.version).toBe(2);
      expect((await writer.post('/v1/crud-timed-campaign/delete', { query: { id: c.id }, headers: UTC })).status).toBe(409);
      // The stop needs its reason, then works from UNSTART.
      const noReason = await writer.post('/v1/crud-timed-campaign/stop', { query: { id: c.id }, headers: UTC });
      expect(noReason.status).toBe(400);
      expect(noReason.body.data.fields[0].field).toBe('reason');
      const stopped = await okData(
        writer.post('/v1/crud-timed-campaign/stop', { query: { id: c.id }, body: { reason: 'cancelled' }, headers: UTC }),
      );
      expect(stopped.status).toBe('STOPED');
      const history = await okData(writer.get(`/v1/crud-timed-campaign/history/${c.id}`, { headers: UTC }));
      expect(history.map((h: { from: string; to: string; reason: string | null }) => [h.from, h.to, h.reason])).toEqual([
        ['UNSTART', 'STOPED', 'cancelled'],
        ['INITAIL', 'AUDITED', null],
      ]);
      // Once ended by time, it cannot be stopped.
      const late = await campaignWith({ start, end, audit: true });
      clock.set(end);
      expect(
        (await writer.post('/v1/crud-timed-campaign/stop', { query: { id: late.id }, body: { reason: 'late' }, headers: UTC })).status,
      ).toBe(409);
    } finally {
      clock.set(null);
    }
  });

  it('refuses a window that does not end after it starts, on create and on modify', async () => {
    const at = daysAhead(30);
    const body = { name: 'Backwards', beginTime: utcText(at), endTime: utcText(at) };
    const res = await writer.post('/v1/crud-timed-campaign/saveNew', { body, headers: { ...UTC, locale: 'en_US' } });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual([{ field: 'endTime', msg: 'Ends must be after Begins' }]);
    const ok = await campaignWith({ start: at, end: new Date(at.getTime() + DAY) });
    // The stored start decides when the body moves only the end.
    const modify = await writer.post('/v1/crud-timed-campaign/modify', {
      body: { id: ok.id, version: ok.version, endTime: utcText(new Date(at.getTime() - 1000)) },
      headers: UTC,
    });
    expect(modify.status).toBe(400);
    expect(modify.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['endTime']);
  });

  it('filters PROCESSING with an index-friendly condition: stored state and window, no CASE', () => {
    const registry = buildRegistry(servedResources([]));
    const runtime = registry.get('crud-timed-campaign');
    const now = new Date('2030-01-01T00:00:00Z');
    const statements = queryStatements({
      db: t.database.db,
      runtime,
      actor: { ...systemActor({ tenantId: 1, timeZone: 'UTC', locale: 'zh_CN' }), userId: 1, now },
      query: { page: 1, pageSize: 20, filters: { status: ['PROCESSING'] }, sorters: [], keyword: '' },
    });
    const { sql: text, params } = statements.page.toSQL();
    const where = text.slice(text.indexOf(' where '), text.indexOf(' order by '));
    expect(where).not.toMatch(/case/i);
    expect(where).toMatch(
      /"status" = \$\d+ and \("crud_timed_campaigns"\."begin_time" <= \$\d+::timestamptz and "crud_timed_campaigns"\."end_time" > \$\d+::timestamptz\)/,
    );
    expect(params).toContain('AUDITED');
    expect(params).toContain(now.toISOString());
  });

  it('serves the PROCESSING filter from the derived window index', async () => {
    const registry = buildRegistry(servedResources([]));
    const runtime = registry.get('crud-timed-campaign');
    const statements = queryStatements({
      db: t.database.db,
      runtime,
      actor: { ...systemActor({ tenantId: tenant.tenantId, timeZone: 'UTC', locale: 'zh_CN' }), userId: 1, now: new Date() },
      query: { page: 1, pageSize: 20, filters: { status: ['PROCESSING'] }, sorters: [], keyword: '' },
    });
    const { sql: text, params } = statements.count.toSQL();
    const client = await t.database.pool.connect();
    try {
      // A handful of rows: without this the planner rightly reads the table itself.
      await client.query('set enable_seqscan = off');
      const plan = (await client.query(`explain ${text}`, params)).rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
      expect(plan).toContain('crud_timed_campaigns_status_window');
      expect(plan).toMatch(/Index Cond: .*begin_time <=/);
    } finally {
      await client.query('reset enable_seqscan');
      client.release();
    }
  });

  it('exports the shown state, filtered and sorted as the list', async () => {
    // The export job works at the system clock's instant: windows around the real now.
    const now = Date.now();
    const processing = await campaignWith({ start: new Date(now - 3600_000), end: new Date(now + DAY), audit: true });
    const unstart = await campaignWith({ start: new Date(now + DAY), end: new Date(now + 2 * DAY), audit: true });
    const query = { filters: { status: ['UNSTART', 'PROCESSING'], name: 'Campaign' }, sorters: [{ field: 'status', order: 'asc' }] };
    const listed = (await okData(writer.post('/v1/crud-timed-campaign/query', { body: { ...query, pageSize: 200 }, headers: UTC })))
      .records;
    const { taskId } = await okData(writer.post('/v1/crud-timed-campaign/export', { body: query, headers: UTC }));
    expect((await okData(writer.get(`/v1/file-task/info/${taskId}`))).state).toBe('succeeded');
    const file = await t.app.inject({
      method: 'GET',
      url: `${t.app.config.serviceBase}/v1/file-task/download/${taskId}`,
      headers: { cookie: `${SESSION_COOKIE}=${writer.sessionToken()}`, locale: 'zh_CN' },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const rows: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push((row.values as unknown[]).slice(1));
    });
    const name = header.indexOf('名称');
    const status = header.indexOf('状态');
    expect(rows.map((r) => r[name])).toEqual(listed.map((r: { name: string }) => r.name));
    const ours = new Map(rows.map((r) => [r[name], r[status]]));
    expect(ours.get(unstart.name)).toBe('未开始');
    expect(ours.get(processing.name)).toBe('进行中');
    // Sorted by the shown state: every UNSTART before every PROCESSING.
    const order = ['未开始', '进行中'];
    const shown = rows.map((r) => order.indexOf(String(r[status])));
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
  });

  it('refuses at start-up a timeline it cannot hold', () => {
    const broken = (timeline: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      defineResource({
        ...campaign,
        name: 'crud-broken-campaign',
        ...extra,
        states: { ...campaign.states, timeline: { ...campaign.states.timeline, ...timeline } },
      } as never);
    const served = (resource: unknown) => () =>
      buildRegistry({ ...servedResources([]), resources: [...servedResources([]).resources, resource as never] });
    expect(served(broken({ window: { start: 'name', end: 'endTime' } }))).toThrow(/window.start name is not a datetime field/);
    expect(served(broken({ after: 'GONE' }))).toThrow(/timeline.after GONE is not an option/);
    expect(served(broken({ inside: 'UNSTART' }))).toThrow(/must differ/);
  });
});
