import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchValueKey } from '../../server/modules/batch/batch-operations';
import { createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { ledgerBreaches } from '../helpers/ledger-fixtures';
import { createMembers } from '../helpers/points-fixtures';
import { entriesOfSource, holding, ok, startValueDocsScene, valueOf } from '../helpers/stored-value-docs-fixtures';
import type { TestApp } from '../helpers/test-app';
import { setValueThresholds } from '../helpers/value-approval-fixtures';

/**
 * "Grant stored value" of batch operation documents (member/batch-operate, operation
 * grantValue): principal and gift amounts applied once per member through the value ledger, each
 * line with its result; needs the stored-value adjustment permission, as grant points needs the
 * points one; above the stored-value approval threshold, maker-checker on the total granted.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let checker: ApiClient;

const draft = (body: Record<string, unknown>, client: ApiClient = admin) =>
  client.post('/v1/batch-operate/saveNew', { body: { operation: 'grantValue', selectionMode: 'picked', ...body } });
const picked = (ids: readonly number[]) => ids.map((member) => ({ member }));

/** Waits until the document's run has ended. */
async function finished(id: number): Promise<any> {
  for (let i = 0; i < 200; i += 1) {
    const doc = await ok(admin.get(`/v1/batch-operate/info/${id}`));
    if (doc.state !== 'RUNNING' && doc.state !== 'INITIAL') return doc;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`document ${id} did not finish`);
}

beforeAll(async () => {
  ({ t, tenant, admin, checker } = await startValueDocsScene());
  await setValueThresholds(admin, { storedValueThreshold: 100 });
});
afterAll(async () => t?.close());

describe('batch: grant stored value', () => {
  it('grants each member once through the ledger, with each line’s result', async () => {
    const members = await createMembers({ client: admin, count: 3, frozen: [2] });
    const doc = await ok(draft({ valuePrincipal: '10.00', valueGift: '2.50', remark: '会员日', lines: picked(members) }));
    await ok(admin.post('/v1/batch-operate/audit', { query: { id: doc.id } }));
    expect(await finished(doc.id)).toMatchObject({ state: 'EFFECTED', succeededCount: 2, failedCount: 1 });
    const results = await ok(admin.post('/v1/batch-operate/results', { query: { id: doc.id }, body: { pageSize: 10 } }));
    const messages = (results.records as { member: number; result: string; message: string }[]).map((r) => [r.result, r.message]);
    expect(messages).toEqual([
      ['succeeded', '已赠送本金 10.00 元、赠送金 2.50 元，储值余额 12.50 元'],
      ['succeeded', '已赠送本金 10.00 元、赠送金 2.50 元，储值余额 12.50 元'],
      ['failed', '会员状态为“冻结”，不能赠送储值'],
    ]);
    for (const id of members.slice(0, 2)) expect(await valueOf({ t, tenant, memberId: id })).toEqual(holding('10.00', '2.50'));
    expect(await valueOf({ t, tenant, memberId: members[2] })).toEqual(holding('0.00', '0.00'));
    const posted = await entriesOfSource({ t, tenant, sourceType: 'batch', sourceId: doc.number });
    expect(posted.map((e) => [e.member, e.kind, e.key])).toEqual(
      members.slice(0, 2).map((id) => [id, 'adjust', batchValueKey(doc.id, id)]),
    );
    expect(await ledgerBreaches(t, tenant.tenantId)).toEqual([]);
  });

  it('refuses a document that grants nothing, naming the field', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const res = await draft({ valuePrincipal: 0, valueGift: 0, lines: picked([member]) });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual([expect.objectContaining({ field: 'valuePrincipal', msg: '赠送本金和赠送金不能都为 0' })]);
  });

  it('needs the stored-value adjustment permission to draft or audit', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'batch-only',
      grants: [
        { resourceId: '会员/批量操作单', action: '单据查看' },
        { resourceId: '会员/批量操作单', action: '配置维护' },
        { resourceId: '积分/积分调整单', action: '配置维护' },
      ],
    });
    const clerk = await signIn(t.app, { tenant: tenant.code, login: 'batch-only', password: tenant.adminPassword });
    const refused = await draft({ valuePrincipal: 1, valueGift: 0, lines: picked([member]) }, clerk);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toContain('储值/储值调整单');
    const doc = await ok(draft({ valuePrincipal: 1, valueGift: 0, lines: picked([member]) }));
    expect((await clerk.post('/v1/batch-operate/audit', { query: { id: doc.id } })).status).toBe(403);
    expect(await valueOf({ t, tenant, memberId: member })).toEqual(holding('0.00', '0.00'));
  });

  it('needs a second person above the threshold on the total granted', async () => {
    const members = await createMembers({ client: admin, count: 2 });
    const doc = await ok(draft({ valuePrincipal: '40.00', valueGift: '10.01', lines: picked(members) }));
    const refused = await admin.post('/v1/batch-operate/audit', { query: { id: doc.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('需要第二人审核：该单据创建储值 100.02，超过审批阈值 100.00，而您创建或修改过它的金额');
    await ok(checker.post('/v1/batch-operate/audit', { query: { id: doc.id } }));
    expect(await finished(doc.id)).toMatchObject({ state: 'EFFECTED', succeededCount: 2 });
  });
});
