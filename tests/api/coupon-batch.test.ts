import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistry, servedResources } from '../../server/crud/resource-registry';
import { sql } from 'drizzle-orm';
import { batchCouponKey, type BatchDeps } from '../../server/modules/batch/batch-operations';
import { runBatch } from '../../server/modules/batch/batch.job';
import { SERVER_HOOKS } from '../../server/modules/resource-hooks';
import { strandRunning } from '../helpers/batch-fixtures';
import { effectiveTemplate, issueOne, okData, startCouponScene, type CouponScene } from '../helpers/coupon-fixtures';
import { createUser, signIn, type ApiClient } from '../helpers/fixtures';
import { createMembers } from '../helpers/points-fixtures';

/**
 * "Grant coupons" of batch operation documents (member/batch-operate, operation grantCoupon):
 * an effective template's coupons issued once per member through the coupons module (source
 * BATCH, the document as the source reference, key batch-coupon:<document>:<member>), within the
 * template's per-member limit and total; a refused member fails their line with the reason.
 */

let scene: CouponScene;
let admin: ApiClient;

const picked = (ids: readonly number[]) => ids.map((member) => ({ member }));
const draft = (body: Record<string, unknown>, client: ApiClient = admin) =>
  client.post('/v1/batch-operate/saveNew', { body: { operation: 'grantCoupon', selectionMode: 'picked', couponCount: 1, ...body } });

/** Waits until the document's run has ended. */
async function finished(id: number): Promise<any> {
  for (let i = 0; i < 200; i += 1) {
    const doc = await okData<any>(admin.get(`/v1/batch-operate/info/${id}`));
    if (doc.state !== 'RUNNING' && doc.state !== 'INITIAL') return doc;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`document ${id} did not finish`);
}

/** Each line's result and message, in line order (the members' order). */
async function lineResults(id: number): Promise<[string, string][]> {
  const page = await okData<any>(admin.post('/v1/batch-operate/results', { query: { id }, body: { pageSize: 50 } }));
  return (page.records as { result: string; message: string }[]).map((r) => [r.result, r.message]);
}

/** The coupons a document issued, as the coupon list shows them: member and code. */
async function couponsOf(documentNumber: string): Promise<{ member: number; code: string; source: string }[]> {
  const page = await okData<any>(admin.post('/v1/coupon/query', { body: { keyword: documentNumber, pageSize: 50 } }));
  return (page.records as { member: number; code: string; source: string }[]).sort((a, b) => a.member - b.member);
}

/** Whether the document's key for a member was stored (a refused issue stores none). */
async function keyStored(documentId: number, memberId: number): Promise<boolean> {
  const rows = await scene.t.database.db.execute(sql`select 1 from idempotency_keys
    where tenant_id = ${scene.tenant.tenantId} and operation = 'batch.grantCoupon' and key = ${batchCouponKey(documentId, memberId)}`);
  return rows.rows.length === 1;
}

beforeAll(async () => {
  scene = await startCouponScene();
  admin = scene.admin;
});
afterAll(async () => scene?.t.close());

describe('batch: grant coupons', () => {
  it('issues once per member within the per-member limit; the member over it fails with the reason; a second run issues nothing', async () => {
    const template = await effectiveTemplate(admin, { name: '会员日券', perMemberLimit: 1, totalQuantity: 10 });
    const members = await createMembers({ client: admin, count: 3 });
    // The third member already holds the one coupon the template allows.
    await issueOne(admin, template, members[2]);
    const doc = await okData<any>(draft({ couponTemplate: template, remark: '会员日', lines: picked(members) }));
    await okData(admin.post('/v1/batch-operate/audit', { query: { id: doc.id } }));
    expect(await finished(doc.id)).toMatchObject({ state: 'EFFECTED', succeededCount: 2, failedCount: 1 });

    const issued = await couponsOf(doc.number);
    expect(issued.map((c) => [c.member, c.source])).toEqual(members.slice(0, 2).map((id) => [id, 'BATCH']));
    const granted = (member: number) => `已发放 1 张券：${issued.find((c) => c.member === member)!.code}`;
    expect(await lineResults(doc.id)).toEqual([
      ['succeeded', granted(members[0])],
      ['succeeded', granted(members[1])],
      ['failed', '券模板“会员日券”每人限领 1 张，该会员已达上限'],
    ]);
    expect(await okData<any>(admin.get(`/v1/coupon-template/info/${template}`))).toMatchObject({ issuedCount: 3 });
    expect(await Promise.all(members.map((id) => keyStored(doc.id, id)))).toEqual([true, true, false]);

    // A second audit is refused; a run of the same document again (a resumed job) issues nothing more.
    expect((await admin.post('/v1/batch-operate/audit', { query: { id: doc.id } })).status).toBe(409);
    await strandRunning({ database: scene.t.database, tenantId: scene.tenant.tenantId, documentId: doc.id });
    const deps: BatchDeps = { database: scene.t.database, registry: buildRegistry(servedResources(SERVER_HOOKS)), log: scene.t.app.log };
    await runBatch(deps, { tenantId: scene.tenant.tenantId, documentId: doc.id });
    expect(await couponsOf(doc.number)).toEqual(issued);
    const again = await lineResults(doc.id);
    expect(again.slice(0, 2).map((line) => line[1])).toEqual(issued.map((c) => `该会员的券此前已发放（${c.code}），未重复发放`));
    expect(await okData<any>(admin.get(`/v1/coupon-template/info/${template}`))).toMatchObject({ issuedCount: 3 });
  });

  it('fails the lines beyond what the template has left', async () => {
    const template = await effectiveTemplate(admin, { name: '限量券', totalQuantity: 2 });
    const members = await createMembers({ client: admin, count: 3 });
    const doc = await okData<any>(draft({ couponTemplate: template, lines: picked(members) }));
    await okData(admin.post('/v1/batch-operate/audit', { query: { id: doc.id } }));
    expect(await finished(doc.id)).toMatchObject({ state: 'EFFECTED', succeededCount: 2, failedCount: 1 });
    expect((await lineResults(doc.id))[2]).toEqual(['failed', '券模板“限量券”剩余 0 张，不够发放 1 张']);
  });

  it('grants from an effective template only, naming the field: the picker lists only those, a save or an audit refuses another', async () => {
    const created = await okData<{ id: number }>(
      admin.post('/v1/coupon-template/saveNew', { body: { name: '草稿券', lineType: 'all_cash', rule: { cashValue: '5.00' } } }),
    );
    const effective = await effectiveTemplate(admin, { name: '可发券' });
    const picker = await okData<{ id: number; title: string }[]>(
      admin.get('/v1/coupon-template/options', { query: { field: 'state', in: ['EFFECTIVE'] } }),
    );
    expect(picker.map((option) => option.title)).toContain('可发券');
    expect(picker.map((option) => option.title)).not.toContain('草稿券');
    const everything = await okData<{ title: string }[]>(admin.get('/v1/coupon-template/options', { query: { keyword: '草稿券' } }));
    expect(everything.map((option) => option.title)).toEqual(['草稿券']);
    const badPicker = await admin.get('/v1/coupon-template/options', { query: { field: 'name', in: ['x'] } });
    expect(badPicker.status).toBe(400);
    expect(badPicker.body.data.fields[0].field).toBe('field');

    const [member] = await createMembers({ client: admin, count: 1 });
    const res = await draft({ couponTemplate: created.id, lines: picked([member]) });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual([
      expect.objectContaining({ field: 'couponTemplate', msg: '券模板“草稿券”当前不能选择，只能选择：已生效' }),
    ]);

    const doc = await okData<{ id: number }>(draft({ couponTemplate: effective, lines: picked([member]) }));
    await okData(admin.post('/v1/coupon-template/stop', { query: { id: effective }, body: { reason: '活动结束' } }));
    const audit = await admin.post('/v1/batch-operate/audit', { query: { id: doc.id } });
    expect(audit.status).toBe(400);
    expect(audit.body.data.fields).toEqual([
      expect.objectContaining({ field: 'couponTemplate', msg: '券模板“可发券”未生效，只能发放已生效的券模板' }),
    ]);
    expect((await okData<{ state: string }>(admin.get(`/v1/batch-operate/info/${doc.id}`))).state).toBe('INITIAL');
  });

  it('needs the permission to issue coupons (券/券查询 · 配置维护) to draft or audit', async () => {
    const template = await effectiveTemplate(admin, { name: '权限券' });
    const [member] = await createMembers({ client: admin, count: 1 });
    await createUser(scene.t.database, {
      tenantId: scene.tenant.tenantId,
      login: 'batch-clerk',
      grants: [
        { resourceId: '会员/批量操作单', action: '单据查看' },
        { resourceId: '会员/批量操作单', action: '配置维护' },
      ],
    });
    const clerk = await signIn(scene.t.app, { tenant: scene.tenant.code, login: 'batch-clerk', password: scene.tenant.adminPassword });
    const refused = await draft({ couponTemplate: template, lines: picked([member]) }, clerk);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toContain('券/券查询');
    const doc = await okData<any>(draft({ couponTemplate: template, lines: picked([member]) }));
    expect((await clerk.post('/v1/batch-operate/audit', { query: { id: doc.id } })).status).toBe(403);
    expect(await couponsOf(doc.number)).toEqual([]);
  });
});
