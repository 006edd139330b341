import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, signIn, type ApiClient } from '../helpers/fixtures';
import { effectiveTemplate, issueOne, newMember, okData, requestNo, startCouponScene, type CouponScene } from '../helpers/coupon-fixtures';
import { saveSettings } from '../helpers/stored-value-fixtures';

/**
 * Coupon write-off documents through HTTP: lines of codes redeemed by hand at a store, totals,
 * INITIAL -> EFFECTED by audit with each coupon used exactly once; a code unknown, of another
 * tenant, already used, voided or expired is refused by the save, naming the line's code (issue
 * 25: "BADCODE123" no longer waits for the audit); a coupon used after the save, or not usable at
 * the store, refuses the whole audit naming the line and the reason; the second-person rule.
 */

let scene: CouponScene;
let admin: ApiClient;
let till: ApiClient;
beforeAll(async () => {
  scene = await startCouponScene();
  ({ admin, till } = scene);
});
afterAll(async () => scene?.t.close());

const stateOf = async (code: string) =>
  (
    await okData<{ records: { state: string; writeOffNumber: string | null }[] }>(
      admin.post('/v1/coupon/query', { body: { filters: { code } } }),
    )
  ).records[0];
const draft = (lines: Record<string, unknown>[], store = scene.catalogue.stores[0], client = admin) =>
  okData<{ id: number; number: string; lineCount: number; totalDiscount: number }>(
    client.post('/v1/coupon-write-off/saveNew', { body: { store, lines } }),
  );
const refusedSave = async (lines: Record<string, unknown>[]) => {
  const res = await admin.post('/v1/coupon-write-off/saveNew', { body: { store: scene.catalogue.stores[0], lines } });
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  return (res.body.data as { fields: { field: string; msg: string }[] }).fields;
};
const audit = (id: number, client = admin) => client.post('/v1/coupon-write-off/audit', { query: { id } });

describe('coupon write-off documents', () => {
  it('writes off every line’s coupon once on audit, with the totals of its lines', async () => {
    const member = await newMember(admin);
    const template = await effectiveTemplate(admin);
    const a = await issueOne(till, template, member);
    const b = await issueOne(till, template, member);
    const doc = await draft([
      { code: ` ${a.toLowerCase()} `, orderNo: 'P-1', discount: '10.00' },
      { code: b, discount: 2.5 },
    ]);
    expect(doc).toMatchObject({ lineCount: 2, totalDiscount: 12.5 });
    expect(doc.number).toMatch(/^WO\d{8}$/);
    const audited = await audit(doc.id);
    expect(audited.body.data).toMatchObject({ state: 'EFFECTED' });
    for (const code of [a, b]) expect(await stateOf(code)).toMatchObject({ state: 'USED', writeOffNumber: doc.number });
    expect((await audit(doc.id)).status).toBe(409);
  });

  it('refuses a code twice in one document, naming the second line', async () => {
    const code = await issueOne(till, await effectiveTemplate(admin), await newMember(admin));
    const res = await admin.post('/v1/coupon-write-off/saveNew', {
      body: { store: scene.catalogue.stores[0], lines: [{ code }, { code }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0]).toMatchObject({ field: 'lines.1.code' });
  });

  it('refuses at the save a used, voided, unknown or foreign code, naming the line; at the audit one used since or out of store, writing nothing off', async () => {
    const member = await newMember(admin);
    const template = await effectiveTemplate(admin);
    const fresh = await issueOne(till, template, member);
    const used = await issueOne(till, template, member);
    const usedDoc = await draft([{ code: used }]);
    await okData(audit(usedDoc.id));
    const voided = await issueOne(till, template, member);
    const voidedId = (await okData<{ records: { id: number }[] }>(admin.post('/v1/coupon/query', { body: { filters: { code: voided } } })))
      .records[0].id;
    await okData(admin.post('/v1/coupon/void', { query: { id: voidedId }, body: { reason: '作废测试' } }));
    const elsewhere = await issueOne(
      till,
      await effectiveTemplate(admin, { storeScope: 'EXCLUDE', stores: [scene.catalogue.stores[0]] }),
      member,
    );
    const other = await createTenant(scene.t.database);
    const otherAdmin = await signIn(scene.t.app, { tenant: other.code, login: other.adminLogin, password: other.adminPassword });
    const otherMember = (
      await okData<{ id: number }>(otherAdmin.post('/v1/member/saveNew', { body: { name: '他店会员', mobile: '13900001111' } }))
    ).id;
    const foreign = await issueOne(otherAdmin, await effectiveTemplate(otherAdmin), otherMember);

    const refusedBySave: [string, string][] = [
      [used, '已使用'],
      [voided, '已作废'],
      ['NOSUCHCODE', '不存在'],
      [foreign, '不存在'],
    ];
    for (const [code, reason] of refusedBySave) {
      const fields = await refusedSave([{ code: fresh }, { code }]);
      expect(fields).toHaveLength(1);
      expect(fields[0].field).toBe('lines.1.code');
      expect(fields[0].msg).toContain(code);
      expect(fields[0].msg).toContain(reason);
    }
    // Used by another document between this one's save and its audit.
    const raced = await issueOne(till, template, member);
    const first = await draft([{ code: fresh }, { code: raced }]);
    await okData(audit((await draft([{ code: raced }])).id));
    const refusedByAudit: [number, string, string][] = [
      [first.id, raced, '已使用'],
      [(await draft([{ code: fresh }, { code: elsewhere }])).id, elsewhere, '不能在该门店使用'],
    ];
    for (const [id, code, reason] of refusedByAudit) {
      const doc = { id };
      const refused = await audit(doc.id);
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.msg).toContain('第 2 行');
      expect(refused.body.msg).toContain(code);
      expect(refused.body.msg).toContain(reason);
      expect((await okData<{ state: string }>(admin.get(`/v1/coupon-write-off/info/${doc.id}`))).state).toBe('INITIAL');
      expect((await stateOf(fresh)).state).toBe('UNUSED');
      await okData(admin.post('/v1/coupon-write-off/delete', { query: { id: doc.id } }));
    }
  });

  it('looks a typed code up for the line: the coupon with its card (state, face value, validity), nothing for an unknown code', async () => {
    const code = await issueOne(till, await effectiveTemplate(admin), await newMember(admin));
    const found = await okData<{ id: number; title: string; card: Record<string, unknown> }[]>(
      admin.get('/v1/coupon/options', { query: { title: code } }),
    );
    expect(found).toHaveLength(1);
    expect(found[0].title).toBe(code);
    expect(found[0].card).toMatchObject({ state: 'UNUSED' });
    expect(Object.keys(found[0].card).sort()).toEqual(['faceValue', 'member', 'state', 'template', 'validTo']);
    expect(await okData(admin.get('/v1/coupon/options', { query: { title: 'NOSUCHCODE' } }))).toEqual([]);
  });

  it('refuses an expired coupon at the save', async () => {
    const { clock } = scene;
    const member = await newMember(admin);
    const template = await effectiveTemplate(admin, { validity: { validDays: 1 } });
    clock.set(new Date(Date.now() - 3 * 86_400_000));
    const code = await issueOne(till, template, member);
    clock.set(null);
    const fields = await refusedSave([{ code }]);
    expect(fields[0]).toMatchObject({ field: 'lines.0.code' });
    expect(fields[0].msg).toContain('已过期');
  });

  it('writes off at the server clock’s instant: a coupon expired by the wall clock is used at the instant the clock stands at', async () => {
    const { clock } = scene;
    const member = await newMember(admin);
    const template = await effectiveTemplate(admin, { validity: { validDays: 1 } });
    const issuedAt = new Date('2026-06-01T04:00:00Z');
    clock.set(issuedAt);
    try {
      const code = await issueOne(till, template, member);
      clock.set(new Date('2026-06-01T06:30:00Z'));
      const doc = await draft([{ code }]);
      const audited = await audit(doc.id);
      expect(audited.body.code, JSON.stringify(audited.body)).toBe(2000);
      expect(audited.body.data).toMatchObject({ state: 'EFFECTED', auditedAt: '2026-06-01 14:30:00' });
      const used = await okData<{ records: { state: string; usedAt: string }[] }>(
        admin.post('/v1/coupon/query', { body: { filters: { code } } }),
      );
      expect(used.records[0]).toMatchObject({ state: 'USED', usedAt: '2026-06-01 14:30:00' });
    } finally {
      clock.set(null);
    }
  });

  it('with the second-person rule, the writer cannot audit their own document', async () => {
    await saveSettings(admin, 'coupon-init', { writeOffNeedsSecondPerson: true });
    try {
      await createUser(scene.t.database, {
        tenantId: scene.tenant.tenantId,
        login: 'woauditor',
        grants: [{ resourceId: '券/券核销单', action: '配置维护' }],
      });
      const auditor = await signIn(scene.t.app, { tenant: scene.tenant.code, login: 'woauditor', password: scene.tenant.adminPassword });
      const code = await issueOne(till, await effectiveTemplate(admin), await newMember(admin));
      const doc = await draft([{ code }]);
      const own = await audit(doc.id);
      expect(own.status).toBe(409);
      expect(own.body.msg).toContain('制单人以外');
      await okData(audit(doc.id, auditor));
      expect((await stateOf(code)).state).toBe('USED');
    } finally {
      await saveSettings(admin, 'coupon-init', { writeOffNeedsSecondPerson: false });
    }
  });

  it('64 concurrent audits of documents writing off one coupon: it is used once', async () => {
    const code = await issueOne(till, await effectiveTemplate(admin), await newMember(admin));
    const docs = await Promise.all(Array.from({ length: 8 }, () => draft([{ code, orderNo: requestNo('P') }])));
    const answers = await Promise.all(docs.flatMap((d) => Array.from({ length: 8 }, () => audit(d.id))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(63);
    expect((await stateOf(code)).state).toBe('USED');
  });
});
