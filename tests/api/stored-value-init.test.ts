import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postValue } from '../../server/modules/ledger';
import { valueInitKey } from '../../server/modules/stored-value-docs/store-value-init.hooks';
import type { ApiClient, TestTenant } from '../helpers/fixtures';
import { ledgerBreaches } from '../helpers/ledger-fixtures';
import { createMembers } from '../helpers/points-fixtures';
import { entriesOfSource, holding, memberLabelOf, ok, startValueDocsScene, valueOf } from '../helpers/stored-value-docs-fixtures';
import type { TestApp } from '../helpers/test-app';
import { downloadTask, importWorkbook, readSheet, workbookOf } from '../helpers/workbooks';

/**
 * Opening balances (deposit/store-value-init, store-value-edit): one record per member, entered
 * by hand or imported from a spreadsheet (all rows or none, with a per-row report), posted once
 * to the value ledger by the audit (kind `init`); a member receives an opening balance once.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;

const save = (body: Record<string, unknown>) => admin.post('/v1/store-value-init/saveNew', { body });
const audit = (id: number) => admin.post('/v1/store-value-init/audit', { query: { id } });
const value = (memberId: number) => valueOf({ t, tenant, memberId });
const numberOf = async (id: number) => (await ok(admin.get(`/v1/member/info/${id}`))).memberNumber as string;
/** How a referring record names a member: name · member number (names repeat). */
const namedAs = async (id: number) => `${(await ok(admin.get(`/v1/member/info/${id}`))).name as string} · ${await numberOf(id)}`;

/** The opening balances of some members, by member id. */
async function recordsOf(members: readonly number[]) {
  const page = await ok(admin.post('/v1/store-value-init/query', { body: { pageSize: 100 } }));
  return (page.records as { id: number; member: number }[]).filter((r) => members.includes(r.member));
}

beforeAll(async () => {
  ({ t, tenant, admin } = await startValueDocsScene());
});
afterAll(async () => t?.close());

describe('opening balances entered by hand', () => {
  it('numbers a record, keeps its balance, and posts it once on audit', async () => {
    const [a] = await createMembers({ client: admin, count: 1 });
    const record = await ok(save({ member: a, principal: '120.50', gift: '9.99', remark: '旧系统迁移' }));
    expect(record).toMatchObject({ state: 'INITIAL', principal: 120.5, gift: 9.99, balance: 130.49 });
    expect(record.number).toMatch(/^VI\d{8}$/);
    // The member is named by name and member number.
    expect(record._titles.member).toEqual({ [a]: await namedAs(a) });

    const audited = await ok(audit(record.id));
    expect(audited).toMatchObject({ state: 'EFFECTED' });
    expect(await entriesOfSource({ t, tenant, sourceType: 'init', sourceId: record.number })).toEqual([
      { member: a, principal: '120.50', gift: '9.99', kind: 'init', key: valueInitKey(a) },
    ]);
    expect(await value(a)).toEqual(holding('120.50', '9.99'));
    expect((await audit(record.id)).status).toBe(409);
    expect(await value(a)).toEqual(holding('120.50', '9.99'));
  });

  it('refuses a record of nothing, a negative portion and a second record for a member, naming the field', async () => {
    const [a] = await createMembers({ client: admin, count: 1 });
    const empty = await save({ member: a, principal: 0, gift: 0 });
    expect(empty.status).toBe(400);
    expect(empty.body.data.fields).toEqual([expect.objectContaining({ field: 'principal', msg: '期初本金和期初赠送金不能同时为 0' })]);
    const negative = await save({ member: a, principal: -1, gift: 5 });
    expect(negative.status).toBe(400);
    expect(negative.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['principal']);

    await ok(save({ member: a, principal: 5, gift: 0 }));
    const second = await save({ member: a, principal: 6, gift: 0 });
    expect(second.status).toBe(400);
    expect(second.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['member']);
    expect(await recordsOf([a])).toHaveLength(1);
  });

  it('refuses the audit when the member already holds an opening balance from elsewhere, naming the member', async () => {
    const [a] = await createMembers({ client: admin, count: 1 });
    const record = await ok(save({ member: a, principal: 10, gift: 0 }));
    // An opening balance posted under the member's key by another path (an earlier migration run).
    await t.database.db.transaction((tx) =>
      postValue({
        tx,
        tenantId: tenant.tenantId,
        holder: { kind: 'member', memberId: a },
        principal: '1.00',
        gift: '0',
        kind: 'init',
        sourceType: 'init',
        idempotencyKey: valueInitKey(a),
      }),
    );
    const res = await audit(record.id);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(`会员 ${await memberLabelOf(admin, a)} 的期初余额无法入账：该会员已有期初余额`);
    expect(await value(a)).toEqual(holding('1.00', '0.00'));
    expect((await ok(admin.get(`/v1/store-value-init/info/${record.id}`))).state).toBe('INITIAL');
  });

  it('brings the balance of a member frozen in the old system along', async () => {
    const [frozen] = await createMembers({ client: admin, count: 1, frozen: [0] });
    const record = await ok(save({ member: frozen, principal: 3, gift: 1 }));
    await ok(audit(record.id));
    expect(await value(frozen)).toEqual(holding('3.00', '1.00'));
  });
});

describe('opening balances imported from a spreadsheet', () => {
  it('applies nothing when a row is bad and reports each bad row', async () => {
    const [a, b] = await createMembers({ client: admin, count: 2 });
    const [na, nb] = [await numberOf(a), await numberOf(b)];
    const bytes = await workbookOf([
      ['会员号', '期初本金', '期初赠送金', '备注'],
      [na, 100, 5, '第一行'],
      ['M999999999', 10, 0, '没有这个会员'],
      [nb, -3, 0, '负数'],
      [na, 1, 1, '重复'],
    ]);
    const { taskId } = await ok(importWorkbook(admin, 'store-value-init', bytes, 'opening.xlsx'));
    const task = await ok(admin.get(`/v1/file-task/info/${taskId}`));
    expect(task).toMatchObject({ state: 'failed', module: 'storedValue', total: 4, failed: 3 });
    expect(await recordsOf([a, b])).toEqual([]);
    const report = await downloadTask({ app: t.app, client: admin, taskId });
    expect(report.status).toBe(200);
    const [header, ...lines] = await readSheet(report.bytes);
    expect(header).toEqual(['行号', '字段', '错误信息']);
    expect(lines.map((line) => [line[0], line[1]])).toEqual([
      [3, '会员号'],
      [4, '期初本金'],
      [5, '会员号'],
    ]);
  });

  it('creates every row of a good file, by member number, and the audits post them', async () => {
    const members = await createMembers({ client: admin, count: 3 });
    const rows = await Promise.all(members.map(async (id, i) => [await numberOf(id), `${i + 1}0.10`, i, `迁移 ${i + 1}`]));
    const { taskId } = await ok(
      importWorkbook(
        admin,
        'store-value-init',
        await workbookOf([['Member number', 'Opening principal', 'Opening gift', 'Remarks'], ...rows]),
      ),
    );
    expect(await ok(admin.get(`/v1/file-task/info/${taskId}`))).toMatchObject({ state: 'succeeded', processed: 3 });
    const records = await recordsOf(members);
    expect(records).toHaveLength(3);
    for (const record of records) await ok(audit(record.id));
    for (const [i, id] of members.entries()) expect(await value(id)).toEqual(holding(`${i + 1}0.10`, `${i}.00`));
    expect(await ledgerBreaches(t, tenant.tenantId)).toEqual([]);
  });
});
