import { randomInt } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PermissionRef } from '../../resources/catalog/types';
import { buildRegistry, servedResources } from '../../server/crud/resource-registry';
import { SERVER_HOOKS } from '../../server/modules/resource-hooks';
import { connectDatabase, type Database } from '../../server/db/connection';
import { startJobQueue, type JobQueue } from '../../server/jobs/queue';
import { SESSION_COOKIE } from '../../server/modules/auth/session.cookie';
import { batchPointsKey, type BatchDeps } from '../../server/modules/batch/batch-operations';
import { resumeRunning, runBatch } from '../../server/modules/batch/batch.job';
import { createTenant, createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { strandRunning as strandStopped } from '../helpers/batch-fixtures';
import { createMembers } from '../helpers/points-fixtures';
import { buildTestApp, queuedAppConfig, startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Batch operation documents on the real app, PostgreSQL and pg-boss queue: a draft lists its
 * members (picked, filtered, imported), the audit starts one background run whatever the number
 * of audits, the run applies every line once through the owning modules (member actions, points
 * ledger, level change), a refused line fails alone, a second run of the same document changes
 * nothing, a run after a crash resumes from the pending lines, and only writers may audit.
 */

const BATCH = '会员/批量操作单';
const ZONE = { time_zone: 'Asia/Shanghai' };

let database: Database;
let queue: JobQueue;
let app: FastifyInstance;
let deps: BatchDeps;
let tenant: TestTenant;
let admin: ApiClient;

async function okData(promise: Promise<{ status: number; body: any }>) {
  const res = await promise;
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data;
}

const info = (id: number, client = admin) => okData(client.get(`/v1/batch-operate/info/${id}`, { headers: ZONE }));

/** Waits until the document's run has ended (the background job moved it out of RUNNING). */
async function finished(id: number, client = admin): Promise<any> {
  for (let i = 0; i < 200; i += 1) {
    const doc = await info(id, client);
    if (doc.state !== 'RUNNING' && doc.state !== 'INITIAL') return doc;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`document ${id} did not finish`);
}

/** Drafts a document through saveNew. */
function draft(body: Record<string, unknown>, client = admin) {
  return okData(client.post('/v1/batch-operate/saveNew', { body: { selectionMode: 'picked', ...body }, headers: ZONE }));
}

const picked = (ids: readonly number[]) => ids.map((member) => ({ member }));

async function results(id: number, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return okData(
    admin.post('/v1/batch-operate/results', { query: { id }, body: { pageSize: 200, ...body }, headers: { ...ZONE, ...headers } }),
  );
}

const memberOf = (id: number) => okData(admin.get(`/v1/member/info/${id}`, { headers: ZONE }));

/** The ledger entries of a member posted by a batch document. */
async function batchEntries(documentId: number, memberId: number): Promise<number> {
  const rows = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from points_entries
    where tenant_id = ${tenant.tenantId} and member_id = ${memberId} and idempotency_key = ${batchPointsKey(documentId, memberId)}`);
  return Number(rows.rows[0].n);
}

/** Puts a document in the state a stopped process leaves it in: RUNNING, some lines done. */
const strandRunning = (documentId: number, doneLines: readonly number[] = []) =>
  strandStopped({ database, tenantId: tenant.tenantId, documentId, doneLines });

async function stateChanges(documentId: number, action: string): Promise<number> {
  const rows = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from state_changes
    where tenant_id = ${tenant.tenantId} and resource = 'batch-operate' and record_id = ${documentId} and action = ${action}`);
  return Number(rows.rows[0].n);
}

beforeAll(async () => {
  database = connectDatabase(inject('databaseUrl'), { max: 20 });
  queue = await startJobQueue(inject('databaseUrl'));
  ({ app } = await buildTestApp({ database, config: queuedAppConfig(), jobs: queue }));
  await app.ready();
  deps = { database, registry: buildRegistry(servedResources(SERVER_HOOKS)), log: app.log };
  tenant = await createTenant(database);
  admin = await signIn(app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
});

afterAll(async () => {
  await app?.close();
  await queue?.stop();
  await database?.close();
});

describe('freezing picked members', () => {
  it("drafts, audits, runs in the background and records each member's result", async () => {
    const members = await createMembers({ client: admin, count: 3, frozen: [2] });
    const doc = await draft({ operation: 'freeze', reason: '批量冻结测试', lines: picked(members), points: 5 });
    expect(doc.number).toMatch(/^BO\d{8}$/);
    expect(doc).toMatchObject({ state: 'INITIAL', memberCount: 3, points: null, tag: null });
    expect(doc.lines.map((line: any) => [line.member, line.result])).toEqual(members.map((id) => [id, 'pending']));

    const audited = await okData(admin.post('/v1/batch-operate/audit', { query: { id: doc.id }, headers: ZONE }));
    expect(audited.state).toBe('RUNNING');
    expect(audited.auditedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const done = await finished(doc.id);
    expect(done).toMatchObject({ state: 'EFFECTED', processedCount: 3, succeededCount: 2, failedCount: 1 });
    expect(done.finishedAt).not.toBeNull();
    for (const id of members) expect((await memberOf(id)).state).toBe('blocked');
    // The member's own freeze action ran: its history carries the document's reason.
    const history = await okData(admin.get(`/v1/member/history/${members[0]}`, { headers: ZONE }));
    expect(history[0]).toMatchObject({ action: 'freeze', to: 'blocked', reason: '批量冻结测试', userId: tenant.adminUserId });

    const all = await results(doc.id);
    expect(all.progress).toMatchObject({ state: 'EFFECTED', memberCount: 3, processedCount: 3, succeededCount: 2, failedCount: 1 });
    expect(all.counts).toEqual({ pending: 0, succeeded: 2, failed: 1 });
    expect(all.records.map((r: any) => r.result)).toEqual(['succeeded', 'succeeded', 'failed']);
    const failedOnly = await results(doc.id, { result: 'failed' });
    expect(failedOnly.total).toBe(1);
    expect(failedOnly.records[0]).toMatchObject({ memberId: members[2], message: '会员状态为“冻结”，不能冻结' });
    expect(failedOnly.records[0].mobile).toMatch(/^1\d{10}$/);
    const english = await results(doc.id, { result: 'failed' }, { locale: 'en_US' });
    expect(english.records[0].message).toBe('Cannot "Freeze": the member is "Frozen"');

    // Audited documents are final.
    expect(
      (await admin.post('/v1/batch-operate/modify', { body: { id: doc.id, version: done.version, remark: 'x' }, headers: ZONE })).status,
    ).toBe(409);
    expect((await admin.post('/v1/batch-operate/delete', { query: { id: doc.id }, headers: ZONE })).status).toBe(409);
    expect(await stateChanges(doc.id, 'finish')).toBe(1);
    // The run ended through the engine's own (server) action: in the document's history, no user.
    const docHistory = await okData(admin.get(`/v1/batch-operate/history/${doc.id}`, { headers: ZONE }));
    expect(docHistory.map((h: any) => [h.action, h.from, h.to, h.userId])).toEqual([
      ['finish', 'RUNNING', 'EFFECTED', null],
      ['audit', 'INITIAL', 'RUNNING', tenant.adminUserId],
    ]);
    expect(done.version).toBe(audited.version + 1);
    // A server action has no route: no client can end a run.
    expect((await admin.post('/v1/batch-operate/finish', { query: { id: doc.id }, headers: ZONE })).status).toBe(404);
  });

  it("exports the results, filtered by result, in the reader's language", async () => {
    const members = await createMembers({ client: admin, count: 2, frozen: [0] });
    const doc = await draft({ operation: 'freeze', reason: '导出测试', lines: picked(members) });
    await okData(admin.post('/v1/batch-operate/audit', { query: { id: doc.id }, headers: ZONE }));
    await finished(doc.id);
    const response = await app.inject({
      method: 'GET',
      url: `${app.config.serviceBase}/v1/batch-operate/results/export?id=${doc.id}&result=failed&locale=en_US`,
      headers: { cookie: `${SESSION_COOKIE}=${admin.sessionToken()}` },
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-disposition'])).toContain(`${doc.number}-results.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['No.', 'Member number', 'Name', 'Mobile', 'Result', 'Message']);
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(4)).toEqual(['Failed', 'Cannot "Freeze": the member is "Frozen"']);
  });
});

describe('one run per document', () => {
  it('refuses a second audit, and of 20 concurrent audits exactly one starts the run', async () => {
    const members = await createMembers({ client: admin, count: 3 });
    const once = await draft({ operation: 'addTag', tag: 'highValue', lines: picked(members) });
    await okData(admin.post('/v1/batch-operate/audit', { query: { id: once.id }, headers: ZONE }));
    expect((await admin.post('/v1/batch-operate/audit', { query: { id: once.id }, headers: ZONE })).status).toBe(409);

    const doc = await draft({ operation: 'grantPoints', points: 30, lines: picked(members) });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => admin.post('/v1/batch-operate/audit', { query: { id: doc.id }, headers: ZONE })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
    expect((await finished(doc.id)).succeededCount).toBe(3);
    expect(await stateChanges(doc.id, 'audit')).toBe(1);
    for (const id of members) expect(await batchEntries(doc.id, id)).toBe(1);
    await finished(once.id);
    for (const id of members) expect((await memberOf(id)).tags).toContain('highValue');
  });

  it('posts points once even when the job handler runs twice, together or again later', async () => {
    const members = await createMembers({ client: admin, count: 4, frozen: [3] });
    const doc = await draft({ operation: 'grantPoints', points: 25, remark: '双跑测试', lines: picked(members) });
    // As the audit leaves it, without its own run: then two handlers at once.
    await strandRunning(doc.id);
    await Promise.all([
      runBatch(deps, { tenantId: tenant.tenantId, documentId: doc.id }),
      runBatch(deps, { tenantId: tenant.tenantId, documentId: doc.id }),
    ]);
    const done = await info(doc.id);
    expect(done).toMatchObject({ state: 'EFFECTED', succeededCount: 3, failedCount: 1 });
    expect(await stateChanges(doc.id, 'finish')).toBe(1);
    for (const id of members.slice(0, 3)) expect(await batchEntries(doc.id, id)).toBe(1);
    expect(await batchEntries(doc.id, members[3])).toBe(0);
    const granted = await results(doc.id, { result: 'succeeded' });
    expect(granted.records[0].message).toBe('已赠送 25 积分，余额 25');
    expect((await results(doc.id, { result: 'failed' })).records[0].message).toBe('会员状态为“冻结”，不能赠送积分');

    // Even if every line were pending again, the ledger's key keeps the grant to one.
    await strandRunning(doc.id);
    await runBatch(deps, { tenantId: tenant.tenantId, documentId: doc.id });
    for (const id of members.slice(0, 3)) expect(await batchEntries(doc.id, id)).toBe(1);
    const replayed = await results(doc.id, { result: 'succeeded' });
    expect(replayed.records.map((r: any) => r.message)).toEqual(Array(3).fill('该会员的积分此前已赠送，未重复赠送'));
    // A handler for a document that is not running does nothing.
    await runBatch(deps, { tenantId: tenant.tenantId, documentId: doc.id });
    expect((await info(doc.id)).state).toBe('EFFECTED');
  });

  it('resumes a document left RUNNING from its pending lines, through the queue', async () => {
    const members = await createMembers({ client: admin, count: 4 });
    const doc = await draft({ operation: 'addTag', tag: 'dormant', lines: picked(members) });
    // A process stopped after lines 1 and 2; starting again re-queues the RUNNING documents.
    await strandRunning(doc.id, [1, 2]);
    expect(await resumeRunning({ deps, jobs: queue })).toBeGreaterThanOrEqual(1);
    expect(await finished(doc.id)).toMatchObject({ state: 'EFFECTED', succeededCount: 4, failedCount: 0 });
    const tags = await Promise.all(members.map(async (id) => (await memberOf(id)).tags ?? []));
    expect(tags.map((list: string[]) => list.includes('dormant'))).toEqual([false, false, true, true]);
  });
});

describe('choosing the members', () => {
  const prefix = `13${String(randomInt(100_000)).padStart(5, '0')}`;
  const register = async (suffix: string, channel: string) =>
    (await okData(admin.post('/v1/member/saveNew', { body: { name: `筛选${suffix}`, mobile: `${prefix}${suffix}`, channel } })))
      .id as number;

  it('expands a filter into the matching members on every save', async () => {
    const a = await register('0001', 'store');
    const b = await register('0002', 'store');
    const c = await register('0003', 'weixin');
    const d = await register('0004', 'store');
    await okData(admin.post('/v1/member/freeze', { query: { id: d }, body: { reason: '筛选测试' } }));
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
    const doc = await draft({
      operation: 'addTag',
      tag: 'newcomer',
      selectionMode: 'filtered',
      sourceFile: 'ignored.xlsx',
      lines: picked([c]),
      filterMobilePrefix: prefix,
      filterChannel: 'store',
      filterState: 'using',
      filterRegistered: [today, today],
    });
    expect(doc.lines.map((line: any) => line.member)).toEqual([a, b]);
    expect(doc.memberCount).toBe(2);
    expect(doc.sourceFile).toBeNull();

    const widened = await okData(
      admin.post('/v1/batch-operate/modify', { body: { id: doc.id, version: doc.version, filterChannel: null }, headers: ZONE }),
    );
    expect(widened.lines.map((line: any) => line.member)).toEqual([a, b, c]);

    const none = await admin.post('/v1/batch-operate/saveNew', {
      body: { operation: 'addTag', tag: 'newcomer', selectionMode: 'filtered' },
      headers: ZONE,
    });
    expect(none.status).toBe(400);
    expect(none.body.data.fields).toEqual([expect.objectContaining({ field: 'selectionMode', msg: '请至少设置一个筛选条件' })]);
    const nobody = await admin.post('/v1/batch-operate/saveNew', {
      body: { operation: 'addTag', tag: 'newcomer', selectionMode: 'filtered', filterMobilePrefix: `${prefix}9` },
      headers: ZONE,
    });
    expect(nobody.body.data.fields[0].msg).toBe('没有符合筛选条件的会员');
  });

  it("checks the operation's parameters and the picked members", async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const missing = await admin.post('/v1/batch-operate/saveNew', {
      body: { operation: 'grantPoints', selectionMode: 'picked', lines: picked([member]) },
      headers: ZONE,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields.map((f: any) => f.field)).toEqual(['points']);
    const twice = await admin.post('/v1/batch-operate/saveNew', {
      body: { operation: 'addTag', tag: 'fleet', selectionMode: 'picked', lines: picked([member, member]) },
      headers: ZONE,
    });
    expect(twice.body.data.fields).toEqual([expect.objectContaining({ field: 'lines.1.member', msg: '该会员已在第 1 行' })]);
    const empty = await admin.post('/v1/batch-operate/saveNew', {
      body: { operation: 'addTag', tag: 'fleet', selectionMode: 'picked' },
      headers: ZONE,
    });
    expect(empty.body.data.fields).toEqual([expect.objectContaining({ field: 'lines', msg: '请至少选择一位会员' })]);
    // A client cannot pre-set a line's result.
    const forged = await draft({ operation: 'addTag', tag: 'fleet', lines: [{ member, result: 'succeeded', message: 'x' }] });
    expect(forged.lines[0]).toMatchObject({ result: 'pending', message: null });
  });

  it('resolves an imported workbook of mobiles and member numbers', async () => {
    const [one, two] = await createMembers({ client: admin, count: 2 });
    const first = await memberOf(one);
    const second = await memberOf(two);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    for (const row of [['手机号/会员编号'], [first.mobile], [second.memberNumber], ['13000000000'], [first.memberNumber]])
      sheet.addRow(row);
    const content = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const resolved = await okData(admin.post('/v1/batch-operate/importMembers', { body: { fileName: '会员.xlsx', content } }));
    expect(resolved.fileName).toBe('会员.xlsx');
    expect(resolved.members.map((m: any) => m.id)).toEqual([one, two]);
    expect(resolved.unknown).toEqual([{ row: 4, value: '13000000000' }]);
    const doc = await draft({
      operation: 'addTag',
      tag: 'carWash',
      selectionMode: 'imported',
      sourceFile: resolved.fileName,
      lines: picked(resolved.members.map((m: any) => m.id)),
    });
    expect(doc).toMatchObject({ selectionMode: 'imported', sourceFile: '会员.xlsx', memberCount: 2 });
    const notXlsx = await admin.post('/v1/batch-operate/importMembers', {
      body: { fileName: 'a.xlsx', content: Buffer.from('hello').toString('base64') },
    });
    expect(notXlsx.status).toBe(400);
  });
});

describe('other operations', () => {
  it('changes levels through the level module, and a cancelled member fails alone', async () => {
    const level = await okData(
      admin.post('/v1/level/saveNew', {
        body: { levelType: 'SPECIAL', code: `B${randomInt(1e6)}`, name: `批量等级${randomInt(1e6)}`, rankOrder: 5 },
      }),
    );
    const members = await createMembers({ client: admin, count: 3 });
    await okData(admin.post('/v1/member/cancel', { query: { id: members[1] }, body: { reason: '注销测试' } }));
    const doc = await draft({ operation: 'changeLevel', targetLevel: level.id, reason: '不需要', lines: picked(members) });
    expect(doc.reason).toBeNull();
    await okData(admin.post('/v1/batch-operate/audit', { query: { id: doc.id }, headers: ZONE }));
    expect(await finished(doc.id)).toMatchObject({ state: 'EFFECTED', succeededCount: 2, failedCount: 1 });
    expect((await memberOf(members[0])).level).toBe(level.id);
    expect((await memberOf(members[1])).level).not.toBe(level.id);
    const rows = (await results(doc.id)).records;
    expect(rows.map((r: any) => r.message)).toEqual([`等级已调整为“${level.name}”`, '会员已注销', `等级已调整为“${level.name}”`]);
    const changes = await database.db.execute<{ cause: string; source_ref: string }>(sql`select cause, source_ref from member_level_changes
      where tenant_id = ${tenant.tenantId} and member_id = ${members[0]}`);
    expect(changes.rows).toEqual([{ cause: 'manual', source_ref: `batch-operate:${doc.number}` }]);
  });
});

describe('permissions', () => {
  it('lets a reader read the documents and their results, but not draft, audit or import', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const doc = await draft({ operation: 'unfreeze', reason: '权限测试', lines: picked([member]) });
    const password = tenant.adminPassword;
    await createUser(database, { tenantId: tenant.tenantId, login: 'batch-reader', grants: [{ resourceId: BATCH, action: '单据查看' }] });
    await createUser(database, { tenantId: tenant.tenantId, login: 'batch-nobody', grants: [] });
    const reader = await signIn(app, { tenant: tenant.code, login: 'batch-reader', password });
    const nobody = await signIn(app, { tenant: tenant.code, login: 'batch-nobody', password });

    expect((await reader.post('/v1/batch-operate/query', { body: {} })).status).toBe(200);
    expect((await reader.get(`/v1/batch-operate/info/${doc.id}`)).status).toBe(200);
    expect((await reader.post('/v1/batch-operate/results', { query: { id: doc.id }, body: {} })).status).toBe(200);
    expect((await reader.post('/v1/batch-operate/audit', { query: { id: doc.id } })).status).toBe(403);
    expect((await reader.post('/v1/batch-operate/saveNew', { body: { operation: 'freeze' } })).status).toBe(403);
    expect((await reader.post('/v1/batch-operate/importMembers', { body: {} })).status).toBe(403);
    expect((await nobody.post('/v1/batch-operate/results', { query: { id: doc.id }, body: {} })).status).toBe(403);
    expect((await info(doc.id)).state).toBe('INITIAL');

    const other = await createTenant(database);
    const stranger = await signIn(app, { tenant: other.code, login: other.adminLogin, password: other.adminPassword });
    expect((await stranger.post('/v1/batch-operate/results', { query: { id: doc.id }, body: {} })).status).toBe(404);
    expect((await stranger.post('/v1/batch-operate/audit', { query: { id: doc.id } })).status).toBe(404);
  });
});

describe('the permission of what a document does', () => {
  const MEMBERS = { resourceId: '会员/标准会员', action: '配置维护' } as const;
  const BATCH_WRITE = [
    { resourceId: BATCH, action: '单据查看' },
    { resourceId: BATCH, action: '配置维护' },
  ] as const;
  let clerk: ApiClient;

  beforeAll(async () => {
    // A store clerk: batch documents and member edits, but neither points nor levels.
    await createUser(database, {
      tenantId: tenant.tenantId,
      login: 'batch-clerk',
      grants: [...BATCH_WRITE, MEMBERS, { resourceId: '会员/标准会员', action: '会员资料查看' }],
    });
    clerk = await signIn(app, { tenant: tenant.code, login: 'batch-clerk', password: tenant.adminPassword });
  });

  it('refuses a clerk without the points permission a grantPoints document: draft, change or audit, and no balance moves', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const drafted = await clerk.post('/v1/batch-operate/saveNew', {
      body: { operation: 'grantPoints', points: 1_000_000, selectionMode: 'picked', lines: picked([member]) },
      headers: ZONE,
    });
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(403);
    expect(drafted.body.msg).toContain('积分/积分调整单 · 配置维护');

    const doc = await draft({ operation: 'grantPoints', points: 1_000_000, lines: picked([member]) });
    const changed = await clerk.post('/v1/batch-operate/modify', {
      body: { id: doc.id, version: doc.version, remark: '改一下' },
      headers: ZONE,
    });
    expect(changed.status).toBe(403);
    const audited = await clerk.post('/v1/batch-operate/audit', { query: { id: doc.id }, headers: ZONE });
    expect(audited.status).toBe(403);
    expect(audited.body.msg).toContain('赠送积分');
    expect(await info(doc.id)).toMatchObject({ state: 'INITIAL', remark: null, version: doc.version });
    expect(await batchEntries(doc.id, member)).toBe(0);
  });

  it('refuses a clerk without the level permission a changeLevel document, and lets them freeze and tag', async () => {
    const level = await okData(
      admin.post('/v1/level/saveNew', {
        body: { levelType: 'SPECIAL', code: `C${randomInt(1e6)}`, name: `店员等级${randomInt(1e6)}`, rankOrder: 3 },
      }),
    );
    const members = await createMembers({ client: admin, count: 2 });
    const refused = await clerk.post('/v1/batch-operate/saveNew', {
      body: { operation: 'changeLevel', targetLevel: level.id, selectionMode: 'picked', lines: picked(members) },
      headers: ZONE,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toContain('会员/会员等级 · 配置维护');
    const levelDoc = await draft({ operation: 'changeLevel', targetLevel: level.id, lines: picked(members) });
    expect((await clerk.post('/v1/batch-operate/audit', { query: { id: levelDoc.id }, headers: ZONE })).status).toBe(403);
    // Turning someone else's document into what they may do does not make it theirs (issue 24 §6).
    const rewritten = await clerk.post('/v1/batch-operate/modify', {
      body: { id: levelDoc.id, version: levelDoc.version, operation: 'addTag', tag: 'carWash' },
      headers: ZONE,
    });
    expect(rewritten.status).toBe(403);
    expect(await info(levelDoc.id)).toMatchObject({ operation: 'changeLevel', targetLevel: level.id, version: levelDoc.version });
    const tag = await okData(
      clerk.post('/v1/batch-operate/saveNew', {
        body: { operation: 'addTag', tag: 'carWash', selectionMode: 'picked', lines: picked(members) },
        headers: ZONE,
      }),
    );
    await okData(clerk.post('/v1/batch-operate/audit', { query: { id: tag.id }, headers: ZONE }));
    expect(await finished(tag.id)).toMatchObject({ state: 'EFFECTED', succeededCount: 2 });
    for (const id of members) expect((await memberOf(id)).level).toBeNull();

    const freeze = await okData(
      clerk.post('/v1/batch-operate/saveNew', {
        body: { operation: 'freeze', reason: '店员冻结', selectionMode: 'picked', lines: picked(members) },
        headers: ZONE,
      }),
    );
    await okData(clerk.post('/v1/batch-operate/audit', { query: { id: freeze.id }, headers: ZONE }));
    expect(await finished(freeze.id)).toMatchObject({ state: 'EFFECTED', succeededCount: 2 });
  });
});

describe("another person's document", () => {
  it("keeps an administrator's grant-value document from a clerk: no change of operation, no delete; its operation stays after save", async () => {
    await createUser(database, {
      tenantId: tenant.tenantId,
      login: 'batch-clerk-2',
      grants: [
        { resourceId: BATCH, action: '单据查看' },
        { resourceId: BATCH, action: '配置维护' },
        { resourceId: '会员/标准会员', action: '配置维护' },
        { resourceId: '会员/标准会员', action: '会员资料查看' },
      ],
    });
    const clerk = await signIn(app, { tenant: tenant.code, login: 'batch-clerk-2', password: tenant.adminPassword });
    const [member] = await createMembers({ client: admin, count: 1 });
    const doc = await draft({ operation: 'grantValue', valuePrincipal: '100.00', valueGift: '0', lines: picked([member]) });
    const rewritten = await clerk.post('/v1/batch-operate/modify', {
      body: { id: doc.id, version: doc.version, operation: 'freeze', reason: '改成冻结' },
      headers: ZONE,
    });
    expect(rewritten.status, JSON.stringify(rewritten.body)).toBe(403);
    expect(rewritten.body.msg).toContain('储值/储值调整单 · 配置维护');
    const deleted = await clerk.post('/v1/batch-operate/delete', { query: { id: doc.id }, headers: ZONE });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(403);
    // Even its maker, who holds every right, keeps the operation it was saved with.
    const changed = await admin.post('/v1/batch-operate/modify', {
      body: { id: doc.id, version: doc.version, operation: 'freeze', reason: '改成冻结' },
      headers: { ...ZONE, locale: 'en_US' },
    });
    expect(changed.status).toBe(400);
    expect(changed.body.data.fields).toEqual([
      { field: 'operation', msg: 'The operation of a saved batch document cannot be changed: create a new document' },
    ]);
    expect(await info(doc.id)).toMatchObject({ operation: 'grantValue', state: 'INITIAL', version: doc.version });
  });
});

describe('maker-checker above the approval rule', () => {
  const GRANTER: PermissionRef[] = [
    { resourceId: BATCH, action: '单据查看' },
    { resourceId: BATCH, action: '配置维护' },
    { resourceId: '积分/积分调整单', action: '配置维护' },
    { resourceId: '会员/标准会员', action: '配置维护' },
    { resourceId: '会员/标准会员', action: '会员资料查看' },
  ];
  let own: TestTenant;
  let boss: ApiClient;
  let maker: ApiClient;
  let checker: ApiClient;

  beforeAll(async () => {
    // A tenant of its own: the rule is changed here.
    own = await createTenant(database);
    boss = await signIn(app, { tenant: own.code, login: own.adminLogin, password: own.adminPassword });
    for (const login of ['maker', 'checker']) await createUser(database, { tenantId: own.tenantId, login, grants: GRANTER });
    maker = await signIn(app, { tenant: own.code, login: 'maker', password: own.adminPassword });
    checker = await signIn(app, { tenant: own.code, login: 'checker', password: own.adminPassword });
  });

  const ownDraft = (client: ApiClient, body: Record<string, unknown>) =>
    okData(client.post('/v1/batch-operate/saveNew', { body: { selectionMode: 'picked', ...body }, headers: ZONE }));
  const ownEntries = async (documentId: number, memberId: number) =>
    Number(
      (
        await database.db.execute<{ n: number }>(sql`select count(*)::int as n
    from points_entries where tenant_id = ${own.tenantId} and idempotency_key = ${batchPointsKey(documentId, memberId)}`)
      ).rows[0].n,
    );

  it('refuses the maker auditing a grant above the rule, and lets another person audit it', async () => {
    expect(await okData(maker.get('/v1/batch-operate-setting/get'))).toMatchObject({ dualControlMembers: 1_000 });
    expect(await okData(maker.get('/v1/value-approval-setting/get'))).toMatchObject({ pointsThreshold: 10_000 });
    const [member] = await createMembers({ client: boss, count: 1 });
    const big = await ownDraft(maker, { operation: 'grantPoints', points: 1_000_000, lines: picked([member]) });
    const self = await maker.post('/v1/batch-operate/audit', { query: { id: big.id }, headers: ZONE });
    expect(self.status, JSON.stringify(self.body)).toBe(409);
    expect(self.body.msg).toBe('需要第二人审核：该单据创建积分 1000000，超过审批阈值 10000，而您创建或修改过它的金额');
    const english = await maker.post('/v1/batch-operate/audit', { query: { id: big.id }, headers: { ...ZONE, locale: 'en_US' } });
    expect(english.body.msg).toBe(
      'Needs a second person: this document creates 1000000 of points, above the approval threshold of 10000, and you created or changed its amounts',
    );
    expect(await info(big.id, maker)).toMatchObject({ state: 'INITIAL' });
    expect(await ownEntries(big.id, member)).toBe(0);

    await okData(checker.post('/v1/batch-operate/audit', { query: { id: big.id }, headers: ZONE }));
    expect(await finished(big.id, checker)).toMatchObject({ state: 'EFFECTED', succeededCount: 1 });
    expect(await ownEntries(big.id, member)).toBe(1);
  });

  it('counts whoever changed its points as a maker, not who edited its remark only', async () => {
    const [member] = await createMembers({ client: boss, count: 1 });
    const big = await ownDraft(maker, { operation: 'grantPoints', points: 20_000, lines: picked([member]) });
    // A remark-only edit makes no maker: the checker may still audit.
    const remarked = await okData(
      checker.post('/v1/batch-operate/modify', { body: { id: big.id, version: big.version, remark: '复核前改备注' }, headers: ZONE }),
    );
    expect(remarked.valueMakers).toEqual([big.createdBy]);
    // Changing the points does: now both are makers, and only a third person may audit.
    const raised = await okData(
      checker.post('/v1/batch-operate/modify', { body: { id: big.id, version: remarked.version, points: 30_000 }, headers: ZONE }),
    );
    expect(raised.valueMakers).toHaveLength(2);
    expect((await checker.post('/v1/batch-operate/audit', { query: { id: big.id }, headers: ZONE })).status).toBe(409);
    expect((await maker.post('/v1/batch-operate/audit', { query: { id: big.id }, headers: ZONE })).status).toBe(409);
    await okData(boss.post('/v1/batch-operate/audit', { query: { id: raised.id }, headers: ZONE }));
    expect(await finished(big.id, boss)).toMatchObject({ state: 'EFFECTED' });
  });

  it('lets the maker audit below the rule, and follows the rule as the tenant sets it', async () => {
    const members = await createMembers({ client: boss, count: 2 });
    const small = await ownDraft(maker, { operation: 'grantPoints', points: 5_000, lines: picked(members) });
    await okData(maker.post('/v1/batch-operate/audit', { query: { id: small.id }, headers: ZONE }));
    expect(await finished(small.id, maker)).toMatchObject({ state: 'EFFECTED', succeededCount: 2 });

    // Only who may configure roles may change the rules.
    const rule = await okData(boss.get('/v1/batch-operate-setting/get'));
    expect(
      (await maker.post('/v1/batch-operate-setting/save', { body: { dualControlMembers: 10_000, version: rule.version } })).status,
    ).toBe(403);
    await okData(boss.post('/v1/batch-operate-setting/save', { body: { dualControlMembers: 1, version: rule.version } }));
    const values = await okData(boss.get('/v1/value-approval-setting/get'));
    expect((await maker.post('/v1/value-approval-setting/save', { body: { ...values, pointsThreshold: 1_000_000_000 } })).status).toBe(403);
    await okData(boss.post('/v1/value-approval-setting/save', { body: { ...values, pointsThreshold: 0 } }));

    const anyGrant = await ownDraft(maker, { operation: 'grantPoints', points: 1, lines: picked([members[0]]) });
    expect((await maker.post('/v1/batch-operate/audit', { query: { id: anyGrant.id }, headers: ZONE })).status).toBe(409);
    const twoFrozen = await ownDraft(maker, { operation: 'freeze', reason: '两人冻结', lines: picked(members) });
    expect((await maker.post('/v1/batch-operate/audit', { query: { id: twoFrozen.id }, headers: ZONE })).status).toBe(409);
    const oneFrozen = await ownDraft(maker, { operation: 'freeze', reason: '一人冻结', lines: picked([members[0]]) });
    await okData(maker.post('/v1/batch-operate/audit', { query: { id: oneFrozen.id }, headers: ZONE }));
    await okData(checker.post('/v1/batch-operate/audit', { query: { id: twoFrozen.id }, headers: ZONE }));
  });
});

describe('without a queue', () => {
  let inline: TestApp;

  beforeAll(async () => {
    inline = await startTestApp();
  });

  afterAll(async () => {
    await inline?.close();
  });

  it('runs an audited document in the process that audited it', async () => {
    const client = await signIn(inline.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
    const members = await createMembers({ client, count: 2, frozen: [0, 1] });
    const doc = await draft({ operation: 'unfreeze', reason: '进程内执行', lines: picked(members) }, client);
    await okData(client.post('/v1/batch-operate/audit', { query: { id: doc.id }, headers: ZONE }));
    expect(await finished(doc.id, client)).toMatchObject({ state: 'EFFECTED', succeededCount: 2 });
    for (const id of members) expect((await okData(client.get(`/v1/member/info/${id}`))).state).toBe('using');
  });
});
