import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionRef } from '../../resources/catalog/types';
import { defineResource, field } from '../../resources/define';
import { systemActor, type Actor } from '../../server/crud/actor';
import { createRecord, readRecord, runAction } from '../../server/crud/crud.operations';
import { runQuery } from '../../server/crud/query.builder';
import { buildRegistry, mountResources, servedResources, type EngineRegistry } from '../../server/crud/resource-registry';
import { defineServerHooks } from '../../server/crud/server-hooks.define';
import { deriveLinesTable, deriveTable } from '../../server/crud/table.derive';
import { SERVER_HOOKS } from '../../server/modules/resource-hooks';
import { createDerivedTables } from '../helpers/derived-ddl';
import { createTenant, createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { singleScreenTestGroup } from '../helpers/test-group';

/**
 * The engine's operations without HTTP (a job's call, with an actor and the job's transaction),
 * server actions, and the lines of a document: saved by difference, so a line keeps its identity
 * and what the server wrote on it, and read a page at a time.
 */

const RID = '测试/工单';
const READ: PermissionRef = { resourceId: RID, action: '资料查看' };
const WRITE: PermissionRef = { resourceId: RID, action: '配置维护' };

const ticket = defineResource({
  name: 'crud-ticket',
  table: 'crud_tickets',
  title: ['工单', 'Ticket'],
  route: { group: 'datum', entry: 'crud-ticket', screens: { list: 'crud-ticket' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    title: field.text({ label: ['标题', 'Title'], required: true, maxLength: 40, filter: 'eq' }),
    state: field.enum({
      label: ['状态', 'Status'],
      options: { OPEN: { label: ['打开', 'Open'] }, CLOSED: { label: ['关闭', 'Closed'] }, EXPIRED: { label: ['过期', 'Expired'] } },
      serverManaged: true,
    }),
    lines: field.lines({
      label: ['明细', 'Lines'],
      maxLines: 100,
      fields: {
        item: field.text({ label: ['品名', 'Item'], required: true, maxLength: 20 }),
        qty: field.integer({ label: ['数量', 'Quantity'], min: 1 }),
        // Written by the server when the line is first saved (an issued card number).
        serial: field.text({ label: ['序列号', 'Serial'], maxLength: 40, serverManaged: true }),
      },
    }),
  },
  titleField: 'title',
  list: { defaultSort: { field: 'title', order: 'asc' } },
  states: {
    field: 'state',
    initial: 'OPEN',
    actions: {
      close: { label: ['关闭', 'Close'], from: ['OPEN'], to: 'CLOSED' },
      expire: { label: ['过期', 'Expire'], from: ['OPEN'], to: 'EXPIRED', server: true },
    },
  },
});

const ticketLines = deriveLinesTable(ticket, 'lines');

const ticketHooks = defineServerHooks('crud-ticket', {
  // Issues a serial to each line that has none: a value the client never sends.
  afterSave: async ({ db, actor, record }) => {
    await db
      .update(ticketLines)
      .set({ serial: sql`gen_random_uuid()::text` })
      .where(and(eq(ticketLines.tenantId, actor.tenantId), eq(ticketLines.parentId, Number(record.id)), isNull(ticketLines.serial)));
  },
});

const testGroup = singleScreenTestGroup({ entry: 'crud-ticket', title: ['工单', 'Tickets'], resourceId: RID });

mountResources({ resources: [ticket], catalog: [testGroup], hooks: [ticketHooks] });

let t: TestApp;
let tenant: TestTenant;
let writer: ApiClient;
let nobody: ApiClient;
let stranger: ApiClient;
let registry: EngineRegistry;

async function expectOk(promise: Promise<{ status: number; body: any }>) {
  const res = await promise;
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data;
}

const info = (id: number) => expectOk(writer.get(`/v1/crud-ticket/info/${id}`));

beforeAll(async () => {
  t = await startTestApp();
  await createDerivedTables(t.database, { tickets: deriveTable(ticket), ticketLines });
  registry = buildRegistry(servedResources(SERVER_HOOKS));
  tenant = await createTenant(t.database);
  const password = tenant.adminPassword;
  for (const login of ['writer', 'nobody']) {
    await createUser(t.database, { tenantId: tenant.tenantId, login, grants: login === 'writer' ? [READ, WRITE] : [] });
  }
  writer = await signIn(t.app, { tenant: tenant.code, login: 'writer', password });
  nobody = await signIn(t.app, { tenant: tenant.code, login: 'nobody', password });
  const other = await createTenant(t.database);
  await createUser(t.database, { tenantId: other.tenantId, login: 'writer', grants: [READ, WRITE] });
  stranger = await signIn(t.app, { tenant: other.code, login: 'writer', password });
});

afterAll(async () => {
  await t?.close();
});

/** The lines as [lineNo, item, serial]. */
const shape = (record: { lines: { lineNo: number; item: string; serial: string | null }[] }) =>
  record.lines.map((line) => [line.lineNo, line.item, line.serial]);

describe('lines that survive an edit', () => {
  it('edits line 2 of 3: lines 1 and 3 keep their identity and the serial the server wrote', async () => {
    const created = await expectOk(
      writer.post('/v1/crud-ticket/saveNew', {
        body: { title: 'Three lines', lines: [{ item: 'A', qty: 1 }, { item: 'B', qty: 2 }, { item: 'C' }] },
      }),
    );
    const before = await info(created.id);
    const serials = before.lines.map((line: { serial: string | null }) => line.serial);
    expect(serials.every((s: string | null) => typeof s === 'string' && s.length > 0)).toBe(true);
    expect(new Set(serials).size).toBe(3);

    // The form sends every line back, with its lineNo; only line 2 changed.
    const lines = before.lines.map((line: any) => (line.lineNo === 2 ? { ...line, item: 'B2', qty: 5 } : line));
    const edited = await expectOk(writer.post('/v1/crud-ticket/modify', { body: { id: created.id, version: before.version, lines } }));
    expect(shape(edited)).toEqual([
      [1, 'A', serials[0]],
      [2, 'B2', serials[1]],
      [3, 'C', serials[2]],
    ]);
    expect(edited.lines[1].qty).toBe(5);

    // Line 1 removed, a new line added: 2 and 3 stay, the new one is numbered after them. (The
    // hook issues serials after the save: read the record again to see them.)
    await expectOk(
      writer.post('/v1/crud-ticket/modify', {
        body: { id: created.id, version: edited.version, lines: [edited.lines[1], edited.lines[2], { item: 'D', qty: 1 }] },
      }),
    );
    const next = await info(created.id);
    expect(next.lines.map((line: any) => [line.lineNo, line.item])).toEqual([
      [2, 'B2'],
      [3, 'C'],
      [4, 'D'],
    ]);
    expect(next.lines[0].serial).toBe(serials[1]);
    expect(next.lines[1].serial).toBe(serials[2]);
    expect(next.lines[2].serial).not.toBeNull();
    expect(serials).not.toContain(next.lines[2].serial);

    // Lines without a lineNo replace them all: numbered again, new identities.
    await expectOk(
      writer.post('/v1/crud-ticket/modify', { body: { id: created.id, version: next.version, lines: [{ item: 'X' }, { item: 'Y' }] } }),
    );
    const replaced = await info(created.id);
    expect(replaced.lines.map((line: any) => [line.lineNo, line.item])).toEqual([
      [1, 'X'],
      [2, 'Y'],
    ]);
    for (const line of replaced.lines) expect([...serials, next.lines[2].serial]).not.toContain(line.serial);
  });

  it('never lets a client write a server-managed line field, and refuses a lineNo that is not a number', async () => {
    const created = await expectOk(
      writer.post('/v1/crud-ticket/saveNew', { body: { title: 'Forged', lines: [{ item: 'A', serial: 'FORGED' }] } }),
    );
    const stored = await info(created.id);
    expect(stored.lines[0].serial).not.toBe('FORGED');
    // Sent back with another serial, the line keeps the one the server wrote.
    const edited = await expectOk(
      writer.post('/v1/crud-ticket/modify', {
        body: { id: created.id, version: stored.version, lines: [{ ...stored.lines[0], serial: 'FORGED' }] },
      }),
    );
    expect(edited.lines[0].serial).toBe(stored.lines[0].serial);
    const bad = await writer.post('/v1/crud-ticket/modify', {
      body: { id: created.id, version: edited.version, lines: [{ lineNo: 'one', item: 'A' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['lines.0.lineNo']);
  });

  it('pages the lines of a document with many lines', async () => {
    const lines = Array.from({ length: 25 }, (_, i) => ({ item: `L${i + 1}`, qty: i + 1 }));
    const created = await expectOk(writer.post('/v1/crud-ticket/saveNew', { body: { title: 'Many lines', lines } }));
    const page = (query: Record<string, string>) => writer.get(`/v1/crud-ticket/lines/${created.id}`, { query });

    const second = await expectOk(page({ page: '2', pageSize: '10' }));
    expect(second.total).toBe(25);
    expect(second.records.map((line: any) => line.lineNo)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(second.records[0]).toMatchObject({ item: 'L11', qty: 11 });
    expect(typeof second.records[0].serial).toBe('string');
    const last = await expectOk(page({ page: '3', pageSize: '10' }));
    expect(last.records.map((line: any) => line.item)).toEqual(['L21', 'L22', 'L23', 'L24', 'L25']);
    // Default page: the first 20.
    expect((await expectOk(page({}))).records).toHaveLength(20);
    expect((await expectOk(page({ page: '9' }))).records).toEqual([]);

    for (const [query, field] of [
      [{ pageSize: '501' }, 'pageSize'],
      [{ page: '0' }, 'page'],
      [{ field: 'nope' }, 'field'],
    ] as const) {
      const res = await page(query);
      expect(res.status).toBe(400);
      expect(res.body.data.fields.map((f: { field: string }) => f.field)).toEqual([field]);
    }
    expect((await nobody.get(`/v1/crud-ticket/lines/${created.id}`)).status).toBe(403);
    expect((await stranger.get(`/v1/crud-ticket/lines/${created.id}`)).status).toBe(404);
  });
});

describe('engine operations without HTTP', () => {
  class RollBack extends Error {}
  const runtime = () => registry.get('crud-ticket');
  const admin = (): Actor => ({ ...systemActor({ tenantId: tenant.tenantId }), userId: tenant.adminUserId });

  it("runs a job's saveNew, info, query and action inside the job's transaction, rolled back with it", async () => {
    let id = 0;
    await expect(
      t.database.db.transaction(async (tx) => {
        const created = await createRecord({
          db: tx,
          registry,
          runtime: runtime(),
          actor: admin(),
          body: { title: 'Job draft', lines: [{ item: 'A' }] },
        });
        id = Number(created.id);
        // The hooks ran in the job's transaction too (the serial of the line).
        const seen = await readRecord({ db: tx, runtime: runtime(), actor: admin(), id });
        expect((seen?.lines as { serial: string | null }[])[0].serial).not.toBeNull();
        const found = await runQuery({
          db: tx,
          runtime: runtime(),
          actor: admin(),
          query: { page: 1, pageSize: 20, filters: { title: 'Job draft' }, sorters: [], keyword: '' },
        });
        expect(found.rows.map((row) => row.id)).toEqual([id]);
        const moved = await runAction({
          db: tx,
          registry,
          runtime: runtime(),
          actor: systemActor({ tenantId: tenant.tenantId }),
          id,
          action: 'expire',
        });
        expect(moved.state).toBe('EXPIRED');
        throw new RollBack();
      }),
    ).rejects.toBeInstanceOf(RollBack);
    expect(id).toBeGreaterThan(0);
    // Nothing of it is left: not the record, its lines, nor its history.
    expect((await writer.get(`/v1/crud-ticket/info/${id}`)).status).toBe(404);
    const listed = await expectOk(writer.post('/v1/crud-ticket/query', { body: { filters: { title: 'Job draft' } } }));
    expect(listed.total).toBe(0);
    const left = await t.database.pool.query('select count(*)::int as n from state_changes where tenant_id = $1 and record_id = $2', [
      tenant.tenantId,
      id,
    ]);
    expect(left.rows[0].n).toBe(0);
  });

  it('commits with the job: the record is there, and a server action is in its history without a user', async () => {
    const created = await createRecord({ db: t.database.db, registry, runtime: runtime(), actor: admin(), body: { title: 'Job kept' } });
    const id = Number(created.id);
    expect(created.createdBy).toBe(tenant.adminUserId);
    await runAction({
      db: t.database.db,
      registry,
      runtime: runtime(),
      actor: systemActor({ tenantId: tenant.tenantId }),
      id,
      action: 'expire',
    });
    const stored = await info(id);
    expect(stored).toMatchObject({ title: 'Job kept', state: 'EXPIRED', version: 2, updatedBy: tenant.adminUserId });
    const history = await expectOk(writer.get(`/v1/crud-ticket/history/${id}`));
    expect(history.map((h: any) => [h.action, h.from, h.to, h.userId])).toEqual([['expire', 'OPEN', 'EXPIRED', null]]);
    // A server action has no route; the client's own action still has one.
    expect((await writer.post('/v1/crud-ticket/expire', { query: { id } })).status).toBe(404);
    const other = await createRecord({ db: t.database.db, registry, runtime: runtime(), actor: admin(), body: { title: 'Closable' } });
    expect((await expectOk(writer.post('/v1/crud-ticket/close', { query: { id: Number(other.id) } }))).state).toBe('CLOSED');
  });
});
