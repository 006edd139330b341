import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnumField } from '../../resources/define';
import { applicationResource, grantOf } from '../../resources/setting/application.resource';
import { XLSX_MIME } from '../../server/modules/files/file-task.routes';
import { effectiveTemplate, okData, requestNo, startCouponScene, type CouponScene } from '../helpers/coupon-fixtures';
import { createUser, signIn, type ApiClient } from '../helpers/fixtures';
import { createMembers } from '../helpers/points-fixtures';
import { downloadTaskSheet, workbookOf } from '../helpers/workbooks';

/**
 * A partner's codes and a partner's statement (issue 28 item 1) through the real API and
 * PostgreSQL: codes imported from a workbook into a batch of a coupon code export campaign (issuer
 * and settlement price per batch) with a per-row report — duplicates in the file and against the
 * codes the merchant holds, format, length 1–32 — and nothing imported when a row is refused; a
 * statement of the partner's redemptions compared with ours, each code matched, different, only
 * the partner's or only ours, with the totals; both uploads need 配置维护 on 第三方发券.
 */

let scene: CouponScene;
let admin: ApiClient;
let viewer: ApiClient;
let template: number;
let serial = 0;

interface Task {
  id: number;
  state: string;
  processed: number;
  failed: number;
  total: number;
  error: string | null;
  outputName: string | null;
  problems: { row: number; field: string; message: string }[] | null;
}

/** A partner's application holding 营销/第三方发券 · 配置维护, and its key. */
let application: { id: number; key: string } | undefined;

async function partnerApplication(): Promise<{ id: number; key: string }> {
  if (application) return application;
  const grants = Object.keys((applicationResource.fields.grants as EnumField).options).filter((value) => {
    const { resourceId, action } = grantOf(value);
    return resourceId === '营销/第三方发券' && action === '配置维护';
  });
  const app = await okData<{ id: number }>(
    admin.post('/v1/application/saveNew', { body: { name: '合作方', kind: 'OTHER', stores: [], grants } }),
  );
  const { key } = await okData<{ key: string }>(admin.post('/v1/application/issueKey', { query: { id: app.id }, body: {} }));
  application = { id: app.id, key };
  return application;
}

async function campaign(kind = 'EXPORT_CODE_SEND_COUPON'): Promise<number> {
  const thirdApplication = kind === 'THIRD_PARTY_ISSUE' ? (await partnerApplication()).id : undefined;
  const rule =
    kind === 'EXPORT_CODE_SEND_COUPON'
      ? { codeTemplate: template, codeCount: 3, codeLength: 10 }
      : { thirdTemplate: template, thirdApplication, thirdSettlementPrice: 4 };
  const created = await okData<{ id: number }>(
    admin.post('/v1/activity/saveNew', {
      body: {
        name: `合作方券码${(serial += 1)}`,
        kind,
        beginTime: '2020-01-01 00:00:00',
        endTime: '2099-01-01 00:00:00',
        // A coupon budget keeps the partner's issuing under the approval threshold.
        budget: kind === 'THIRD_PARTY_ISSUE' ? { totalCoupons: 100 } : {},
        rule,
      },
    }),
  );
  return created.id;
}

const upload = (args: { client?: ApiClient; path: string; rows: unknown[][]; query: Record<string, unknown>; locale?: string }) =>
  workbookOf(args.rows).then((bytes) =>
    (args.client ?? admin).post(`/v1/coupon-codes/${args.path}`, {
      body: bytes,
      headers: { 'content-type': XLSX_MIME, locale: args.locale ?? 'zh_CN' },
      query: { fileName: 'partner.xlsx', ...args.query },
    }),
  );

/** Uploads, then reads the task (tests run tasks inside the request). */
async function uploadTask(args: Parameters<typeof upload>[0]): Promise<Task> {
  const answer = await upload(args);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const { taskId } = answer.body.data as { taskId: number };
  return okData<Task>(admin.get(`/v1/file-task/info/${taskId}`, { headers: { locale: args.locale ?? 'zh_CN' } }));
}

const importCodes = (activityId: number, codes: unknown[], more: { issuer?: string; settlementPrice?: string; locale?: string } = {}) =>
  uploadTask({
    path: 'import',
    rows: [['券码'], ...codes.map((code) => [code])],
    query: { activityId, issuer: more.issuer ?? '美团', settlementPrice: more.settlementPrice ?? '2.50' },
    locale: more.locale,
  });

/** The error report of a refused task: row -> messages. */
async function report(task: Task, locale = 'en_US'): Promise<Map<number, string[]>> {
  const [header, ...rows] = await downloadTaskSheet({ app: scene.t.app, client: admin, taskId: task.id, locale });
  expect(header).toEqual(locale === 'en_US' ? ['Row', 'Field', 'Message'] : ['行号', '字段', '错误信息']);
  const byRow = new Map<number, string[]>();
  for (const [row, , message] of rows) byRow.set(Number(row), [...(byRow.get(Number(row)) ?? []), String(message)]);
  return byRow;
}

const viewQuery = <T>(view: string, filters: Record<string, unknown>) =>
  okData<T>(admin.post(`/v1/${view}/query`, { body: { page: 1, pageSize: 50, filters } }));

interface CodesPage {
  records: { code: string; state: string }[];
  totals: { generated: number; bound: number; redeemed: number };
}
interface BatchesPage {
  records: { issuer: string; settlementPrice: number; codes: number; redeemed: number; settlement: number; fileName: string }[];
  totals: { batches: number; codes: number; redeemed: number; settlement: number };
}

/** Redeems a code at the till (binding it to a new member first), at the store given. */
async function redeem(code: string, storeId: number): Promise<string> {
  const [member] = await createMembers({ client: admin, count: 1 });
  const answer = await scene.till.post('/v1/coupons/redeem', {
    body: {
      requestNo: requestNo('U'),
      code,
      memberId: member,
      orderNo: requestNo('O'),
      storeId,
      lines: [{ goodsId: scene.catalogue.plainGoods, quantity: 1, amount: '50.00' }],
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const coupons = await okData<{ records: { code: string; usedAt: string }[] }>(
    admin.post('/v1/coupon/query', { body: { page: 1, pageSize: 5, filters: { member } } }),
  );
  return coupons.records[0]!.usedAt;
}

beforeAll(async () => {
  scene = await startCouponScene();
  admin = scene.admin;
  template = await effectiveTemplate(admin);
  await createUser(scene.t.database, {
    tenantId: scene.tenant.tenantId,
    login: 'tcviewer',
    grants: [{ resourceId: '营销/第三方发券', action: '活动查看' }],
  });
  viewer = await signIn(scene.t.app, { tenant: scene.tenant.code, login: 'tcviewer', password: scene.tenant.adminPassword });
}, 120_000);
afterAll(async () => scene?.t.close());

describe("a partner's codes", () => {
  it('imports every code of a good file as one batch with its issuer and price; the codes bind as generated ones do', async () => {
    const activityId = await campaign();
    // Any case, numbers typed as numbers, 1 and 32 characters.
    const long = 'A'.repeat(32);
    const task = await importCodes(activityId, ['mt0001', 'MT0002', 123456789, 'Z', long], { issuer: '美团', settlementPrice: '2.50' });
    expect(task).toMatchObject({ state: 'succeeded', processed: 5, failed: 0, outputName: null });

    const codes = await viewQuery<CodesPage>('coupon-codes', { activityId });
    expect(codes.records.map((r) => r.code).sort()).toEqual(['123456789', long, 'MT0001', 'MT0002', 'Z'].sort());
    expect(codes.totals).toEqual({ generated: 5, bound: 0, redeemed: 0 });
    const batches = await viewQuery<BatchesPage>('coupon-code-batches', { activityId });
    expect(batches.records).toEqual([
      expect.objectContaining({ issuer: '美团', settlementPrice: 2.5, codes: 5, redeemed: 0, settlement: 0, fileName: 'partner.xlsx' }),
    ]);

    // The audit generates the campaign's own count beside the partner's codes.
    await okData(admin.post('/v1/activity/audit', { query: { id: activityId } }));
    expect((await viewQuery<CodesPage>('coupon-codes', { activityId })).totals.generated).toBe(8);
    // An imported code is redeemed at a till like a generated one; its batch settles its price.
    await redeem('mt0001', scene.catalogue.stores[0]!);
    const after = await viewQuery<BatchesPage>('coupon-code-batches', { activityId });
    expect(after.totals).toMatchObject({ batches: 1, codes: 5, redeemed: 1, settlement: 2.5 });
  });

  it('refuses a file with any bad row whole, reporting each row: format, length, duplicates in the file and codes held', async () => {
    const held = await campaign();
    await importCodes(held, ['HELD0001']);
    const activityId = await campaign();
    const task = await importCodes(activityId, ['GOOD0001', 'AB-12', 'B'.repeat(33), 'GOOD0001', 'held0001', 'GOOD0002', 'good0002'], {
      locale: 'en_US',
    });
    expect(task).toMatchObject({ state: 'failed', failed: 5 });
    expect(task.error).toMatch(/Rows with errors: 5; nothing was imported/);
    const rows = await report(task);
    expect([...rows.keys()].sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 8]);
    expect(rows.get(3)).toEqual(['The code AB-12 may hold only letters and digits']);
    expect(rows.get(4)).toEqual(['Code must have at most 32 characters']);
    expect(rows.get(5)).toEqual(['The code GOOD0001 repeats row 2']);
    expect(rows.get(6)?.[0]).toMatch(/^The code HELD0001 belongs to the campaign "合作方券码\d+" already$/);
    expect(rows.get(8)).toEqual(['The code GOOD0002 repeats row 7']);
    // The task shows the report's first lines too, as the file has them.
    expect(task.problems?.map((p) => [p.row, p.field, p.message]).slice(0, 3)).toEqual([
      [3, 'Code', 'The code AB-12 may hold only letters and digits'],
      [4, 'Code', 'Code must have at most 32 characters'],
      [5, 'Code', 'The code GOOD0001 repeats row 2'],
    ]);
    // Nothing of the file is imported: not even its good rows, and no batch.
    expect((await viewQuery<CodesPage>('coupon-codes', { activityId })).totals.generated).toBe(0);
    expect((await viewQuery<BatchesPage>('coupon-code-batches', { activityId })).totals.batches).toBe(0);
    // In Chinese, the report is in Chinese.
    const zh = await importCodes(activityId, ['GOOD0001', 'good0001']);
    expect(zh.error).toBe('1 行有误，未导入任何数据');
    expect((await report(zh, 'zh_CN')).get(3)).toEqual(['券码 GOOD0001 与第 2 行重复']);

    // A header without the code column: the header's problem, on row 1.
    const noColumn = await uploadTask({
      path: 'import',
      rows: [['编号'], ['X1']],
      query: { activityId, issuer: 'p', settlementPrice: '1' },
      locale: 'en_US',
    });
    expect(noColumn.state).toBe('failed');
    expect((await report(noColumn)).get(1)).toEqual(['Unknown column: 编号', 'Missing column: Code']);
  });

  it('answers 400 naming the batch terms or the campaign, 404 for none, 409 once it ended, before any file is kept', async () => {
    const activityId = await campaign();
    const ask = (query: Record<string, unknown>) => upload({ path: 'import', rows: [['Code'], ['A1']], query, locale: 'en_US' });
    const noIssuer = await ask({ activityId, issuer: ' ', settlementPrice: '1.00' });
    expect(noIssuer.status).toBe(400);
    expect(noIssuer.body.data.fields).toEqual([{ field: 'issuer', msg: 'The issuer must have 1 to 64 characters' }]);
    for (const settlementPrice of ['-1', '1.234', 'abc', '1000000.01']) {
      const bad = await ask({ activityId, issuer: 'p', settlementPrice });
      expect(bad.status, settlementPrice).toBe(400);
      expect(bad.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['settlementPrice']);
    }
    const thirdParty = await campaign('THIRD_PARTY_ISSUE');
    const wrongKind = await ask({ activityId: thirdParty, issuer: 'p', settlementPrice: '1' });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.data.fields[0].field).toBe('activityId');
    expect((await ask({ activityId: 99_999_999, issuer: 'p', settlementPrice: '1' })).status).toBe(404);
    await okData(admin.post('/v1/activity/audit', { query: { id: activityId } }));
    await okData(admin.post('/v1/activity/stop', { query: { id: activityId }, body: { reason: 'over' } }));
    const ended = await ask({ activityId, issuer: 'p', settlementPrice: '1' });
    expect(ended.status).toBe(409);
    expect(ended.body.msg).toMatch(/has ended/);
  });

  it('needs 配置维护 on 第三方发券: a reader of the campaigns gets 403 for both uploads and the report, and reads the results', async () => {
    const activityId = await campaign();
    const refused = await importCodes(activityId, ['DUP1', 'DUP1']);
    for (const path of ['import', 'reconcile']) {
      const answer = await upload({
        client: viewer,
        path,
        rows: [['Code'], ['A1']],
        query: { activityId, issuer: 'p', settlementPrice: '1' },
      });
      expect(answer.status, path).toBe(403);
    }
    // The report echoes the partner's codes: only who may import reads it (the viewer's own tasks only, anyway).
    const viewerRead = await viewer.post('/v1/coupon-code-batches/query', { body: { page: 1, pageSize: 5, filters: { activityId } } });
    expect(viewerRead.status).toBe(200);
    expect((await viewer.post('/v1/code-reconciliation/query', { body: { page: 1, pageSize: 5, filters: { activityId } } })).status).toBe(
      200,
    );
    expect(refused.state).toBe('failed');
  });
});

interface ReconRow {
  code: string;
  category: string;
  difference: string | null;
  ourState: string;
  partnerRow: number | null;
  partnerAmount: number | null;
  ourAmount: number | null;
  ourStore: string | null;
}
interface ReconPage {
  records: ReconRow[];
  totals: {
    rows: number;
    matched: number;
    different: number;
    partnerOnly: number;
    oursOnly: number;
    partnerAmount: number;
    ourAmount: number;
  };
  groups: Record<string, { key: string | null; rows: number }[]>;
}

/** `yyyy-MM-dd HH:mm:ss` moved by `seconds`. */
const shifted = (at: string, seconds: number) => {
  const d = new Date(`${at.replace(' ', 'T')}Z`);
  return new Date(d.getTime() + seconds * 1000).toISOString().replace('T', ' ').slice(0, 19);
};

describe("a partner's batch above the approval threshold", () => {
  it('fails the campaign maker’s import, naming the value and the threshold; another person with the grant imports it', async () => {
    const activityId = await campaign();
    const values = await okData<Record<string, unknown>>(admin.get('/v1/value-approval-setting/get'));
    // The template's worth × 3 codes is above 0.01 yuan.
    await okData(admin.post('/v1/value-approval-setting/save', { body: { ...values, couponValueThreshold: '0.01' } }));
    try {
      const refused = await importCodes(activityId, ['AP0001', 'AP0002', 'AP0003'], { locale: 'en_US' });
      expect(refused.state).toBe('failed');
      expect(refused.error).toMatch(/^Needs a second person: this document creates .+ above the approval threshold of 0\.01/);
      expect((await viewQuery<BatchesPage>('coupon-code-batches', { activityId })).records).toEqual([]);

      await createUser(scene.t.database, {
        tenantId: scene.tenant.tenantId,
        login: 'tcimporter',
        grants: [
          { resourceId: '营销/第三方发券', action: '活动查看' },
          { resourceId: '营销/第三方发券', action: '配置维护' },
        ],
      });
      const importer = await signIn(scene.t.app, { tenant: scene.tenant.code, login: 'tcimporter', password: scene.tenant.adminPassword });
      const answer = await upload({
        client: importer,
        path: 'import',
        rows: [['券码'], ['AP0001'], ['AP0002'], ['AP0003']],
        query: { activityId, issuer: '美团', settlementPrice: '2.50' },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const task = await okData<Task>(importer.get(`/v1/file-task/info/${(answer.body.data as { taskId: number }).taskId}`));
      expect(task).toMatchObject({ state: 'succeeded', processed: 3 });
      expect((await viewQuery<BatchesPage>('coupon-code-batches', { activityId })).totals.codes).toBe(3);
    } finally {
      const now = await okData<Record<string, unknown>>(admin.get('/v1/value-approval-setting/get'));
      await okData(admin.post('/v1/value-approval-setting/save', { body: { ...now, couponValueThreshold: values.couponValueThreshold } }));
    }
  });
});

describe("a partner's statement", () => {
  it('sorts every code into matched, different (time, store, amount), only the partner’s and only ours, with the totals', async () => {
    const activityId = await campaign();
    await importCodes(activityId, ['RA', 'RB', 'RC', 'RD', 'RE', 'RF', 'RG'], { settlementPrice: '2.50' });
    await okData(admin.post('/v1/activity/audit', { query: { id: activityId } }));
    const store = scene.catalogue.stores[0]!;
    const stores = await okData<{ records: { id: number; code: string; name: string }[] }>(
      admin.post('/v1/store/query', { body: { page: 1, pageSize: 50 } }),
    );
    const ourStore = stores.records.find((s) => s.id === store)!;
    const at: Record<string, string> = {};
    for (const code of ['RA', 'RB', 'RC', 'RD', 'RF']) at[code] = await redeem(code, store);

    const task = await uploadTask({
      path: 'reconcile',
      query: { activityId },
      rows: [
        ['券码', '核销时间', '门店', '结算金额(元)'],
        ['ra', shifted(at.RA!, 60), ourStore.code, 2.5], // within 5 minutes, our store by its code: matched
        ['RB', shifted(at.RB!, 3600), ourStore.name, 2.5], // an hour apart: different time
        ['RC', at.RC, null, 3], // another amount: different amount
        ['RF', at.RF, 'Elsewhere', null], // another store: different store
        ['RE', at.RA, null, 2.5], // not redeemed here: only the partner's
        ['NOTOURS', at.RA, null, 2.5], // not a code of the campaign: only the partner's
      ],
    });
    expect(task, JSON.stringify(task)).toMatchObject({ state: 'succeeded', processed: 7 });
    const page = await viewQuery<ReconPage>('code-reconciliation', { activityId });
    const byCode = Object.fromEntries(page.records.map((r) => [r.code, r]));
    expect(byCode.RA).toMatchObject({ category: 'MATCHED', difference: null, ourState: 'USED', partnerRow: 2, ourStore: ourStore.name });
    expect(byCode.RB).toMatchObject({ category: 'DIFFERENT', difference: 'TIME' });
    expect(byCode.RC).toMatchObject({ category: 'DIFFERENT', difference: 'AMOUNT', partnerAmount: 3, ourAmount: 2.5 });
    expect(byCode.RF).toMatchObject({ category: 'DIFFERENT', difference: 'STORE' });
    expect(byCode.RE).toMatchObject({ category: 'PARTNER_ONLY', ourState: 'UNBOUND' });
    expect(byCode.NOTOURS).toMatchObject({ category: 'PARTNER_ONLY', ourState: 'UNKNOWN' });
    // Redeemed here in the statement's period, missing from it: only ours. RG was never redeemed: not listed.
    expect(byCode.RD).toMatchObject({ category: 'OURS_ONLY', partnerRow: null, ourState: 'USED' });
    expect(byCode.RG).toBeUndefined();
    expect(page.totals).toEqual({
      rows: 7,
      matched: 1,
      different: 3,
      partnerOnly: 2,
      oursOnly: 1,
      partnerAmount: 13,
      ourAmount: 12.5,
    });
    // Grouped by result, the groups add up to the whole; one filter lists one category.
    const byCategory = Object.fromEntries(page.groups.category!.map((g) => [g.key, g.rows]));
    expect(byCategory).toEqual({ MATCHED: 1, DIFFERENT: 3, PARTNER_ONLY: 2, OURS_ONLY: 1 });
    const different = await viewQuery<ReconPage>('code-reconciliation', { activityId, category: 'DIFFERENT' });
    expect(different.records.map((r) => r.code).sort()).toEqual(['RB', 'RC', 'RF']);
  });

  it("reads a third-party issuing campaign's coupons by their numbers, at the campaign's settlement price", async () => {
    const activityId = await campaign('THIRD_PARTY_ISSUE');
    await okData(admin.post('/v1/activity/audit', { query: { id: activityId } }));
    const { key } = await partnerApplication();
    const [member] = await createMembers({ client: admin, count: 1 });
    const issued = await scene.t.app.inject({
      method: 'POST',
      url: '/loyalty/v1/third-coupon/issue',
      headers: { 'x-api-key': key },
      payload: { requestNo: requestNo('T'), activityId, memberId: member, quantity: 1 },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const [coupon] = (issued.json() as { data: { coupons: { code: string }[] } }).data.coupons;
    const redeemed = await scene.till.post('/v1/coupons/redeem', {
      body: {
        requestNo: requestNo('U'),
        code: coupon!.code,
        memberId: member,
        orderNo: requestNo('O'),
        storeId: scene.catalogue.stores[0],
        lines: [{ goodsId: scene.catalogue.plainGoods, quantity: 1, amount: '50.00' }],
      },
    });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    const used = await okData<{ records: { usedAt: string }[] }>(
      admin.post('/v1/coupon/query', { body: { page: 1, pageSize: 5, filters: { member } } }),
    );
    const task = await uploadTask({
      path: 'reconcile',
      query: { activityId },
      rows: [
        ['Code', 'Redeemed at', 'Settlement amount (yuan)'],
        [coupon!.code.toLowerCase(), used.records[0]!.usedAt, 4],
      ],
    });
    expect(task.state).toBe('succeeded');
    const page = await viewQuery<ReconPage>('code-reconciliation', { activityId });
    expect(page.records).toEqual([expect.objectContaining({ code: coupon!.code.toUpperCase(), category: 'MATCHED', ourAmount: 4 })]);
  });

  it('refuses a statement with a bad row whole: no time, a time that is not one, a repeated code, an amount below 0', async () => {
    // A third-party issuing campaign's statement is read as a code export's.
    const activityId = await campaign('THIRD_PARTY_ISSUE');
    const task = await uploadTask({
      path: 'reconcile',
      query: { activityId },
      locale: 'en_US',
      rows: [
        ['Code', 'Redeemed at', 'Settlement amount (yuan)'],
        ['C1', '2026-11-01 10:00:00', 1],
        ['C2', null, 1],
        ['C3', 'yesterday', 1],
        ['c1', '2026-11-01 11:00:00', 1],
        ['C4', '2026-11-01 12:00:00', -1],
      ],
    });
    expect(task).toMatchObject({ state: 'failed', failed: 4 });
    const rows = await report(task);
    expect([...rows.keys()].sort()).toEqual([3, 4, 5, 6]);
    expect(rows.get(3)).toEqual(['Redeemed at is required']);
    expect(rows.get(5)).toEqual(['The code C1 repeats row 2']);
    expect((await viewQuery<ReconPage>('code-reconciliation', { activityId })).totals.rows).toBe(0);
  });
});
