import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { connectDatabase, type Database } from '../../server/db/connection';
import { startJobQueue, type JobQueue } from '../../server/jobs/queue';
import { XLSX_MIME } from '../../server/modules/files/file-task.routes';
import { storeResource } from '../../resources/datum/store.resource';
import { productResource } from '../../resources/datum/product.resource';
import { createTenant, createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { buildTestApp, queuedAppConfig, startTestApp, type TestApp } from '../helpers/test-app';
import { downloadTask, importWorkbook, readSheet, workbookOf } from '../helpers/workbooks';

/**
 * The file centre on the real app and PostgreSQL: exports hold exactly the rows of the list's
 * query, imports apply every row or none (with an error report naming row and field), the
 * routes follow the resource's read / write permissions, and a task belongs to its user only.
 * Without a queue the app runs tasks inline; one test runs them through the real pg-boss queue.
 */

let testApp: TestApp;
let app: FastifyInstance;
let tenant: TestTenant;
let admin: ApiClient;

const STORES = '资料/门店';
const tag = `f${Date.now().toString(36)}`;

async function expectOk(response: { status: number; body: { code: number; data: unknown } }) {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.code).toBe(2000);
  return response.body.data as any;
}

/** GET a task's file with the client's session; the body is raw bytes. */
const download = (target: FastifyInstance, client: ApiClient, id: number) => downloadTask({ app: target, client, taskId: id });

const importFile = importWorkbook;

async function storesByCode(client: ApiClient, prefix: string) {
  const data = await expectOk(
    await client.post('/v1/store/query', {
      body: { page: 1, pageSize: 200, filters: { code: prefix }, sorters: [{ field: 'code', order: 'asc' }] },
    }),
  );
  return data.records as Record<string, unknown>[];
}

let eastId: number;

beforeAll(async () => {
  testApp = await startTestApp();
  app = testApp.app;
  tenant = await createTenant(testApp.database);
  admin = await signIn(app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  const east = await expectOk(await admin.post('/v1/area/saveNew', { body: { code: `${tag}E`, name: `East ${tag}` } }));
  await expectOk(await admin.post('/v1/area/saveNew', { body: { code: `${tag}W`, name: `West ${tag}` } }));
  eastId = east.id;
  const stores: [string, string, string][] = [
    ['S01', 'Alpha', 'GAS_STATION'],
    ['S02', 'Bravo', 'SUPERMARKET'],
    ['S03', 'Charlie', 'GAS_STATION'],
    ['S04', 'Delta', 'GAS_STATION'],
    ['S05', 'Echo', 'CAR_WASH'],
  ];
  for (const [code, name, type] of stores) {
    await expectOk(
      await admin.post('/v1/store/saveNew', {
        body: { code: `${tag}${code}`, name, type, area: eastId, openingDate: '2024-05-01', phone: '021-5555 0000' },
      }),
    );
  }
});

afterAll(async () => testApp?.close());

describe('export', () => {
  it('writes exactly the records of the filtered, sorted query, with localized headers and labels', async () => {
    const query = { filters: { type: ['GAS_STATION'], code: tag }, sorters: [{ field: 'code', order: 'desc' }], keyword: '' };
    const list = await expectOk(await admin.post('/v1/store/query', { body: { ...query, page: 1, pageSize: 200 } }));
    expect(list.records.length).toBe(3);

    const { taskId } = await expectOk(await admin.post('/v1/store/export', { body: query }));
    const task = await expectOk(await admin.get(`/v1/file-task/info/${taskId}`));
    expect(task).toMatchObject({
      state: 'succeeded',
      progress: 100,
      direction: 'export',
      module: 'stores',
      resource: 'store',
      total: 3,
      processed: 3,
    });
    expect(task.outputName).toMatch(/^门店-\d{14}\.xlsx$/);

    const file = await download(app, admin, taskId);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe(XLSX_MIME);
    expect(String(file.headers['content-disposition'])).toContain("filename*=UTF-8''");
    const [header, ...rows] = await readSheet(file.bytes);
    expect(header.slice(0, 5)).toEqual(['门店编码', '门店名称', '门店类型', '所属区域', '所属营销中心']);
    const col = (name: string) => header.indexOf(name);
    expect(rows.map((row) => row[col('门店编码')])).toEqual(list.records.map((r: { code: string }) => r.code));
    expect(rows.map((row) => row[col('门店名称')])).toEqual(list.records.map((r: { name: string }) => r.name));
    for (const row of rows) {
      expect(row[col('门店类型')]).toBe('加油站');
      expect(row[col('所属区域')]).toBe(`East ${tag}`);
      expect(row[col('开业日期')]).toBe('2024-05-01');
      expect(row[col('营业状态')]).toBe('营业中');
    }
  });

  it('uses the English labels of an en_US request and writes money with two decimals', async () => {
    const category = await expectOk(await admin.post('/v1/catogory/saveNew', { body: { code: `${tag}C`, name: `Fuel ${tag}` } }));
    await expectOk(
      await admin.post('/v1/product/saveNew', {
        body: { code: `${tag}P1`, name: 'Diesel', category: category.id, unit: 'L', price: 7.5 },
      }),
    );
    const { taskId } = await expectOk(
      await admin.post('/v1/product/export', {
        body: { filters: { code: `${tag}P` } },
        headers: { locale: 'en_US' },
      }),
    );
    const file = await download(app, admin, taskId);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const priceColumn = header.indexOf('Retail price (yuan)') + 1;
    expect(priceColumn).toBeGreaterThan(0);
    expect(header).toContain('Category');
    const cell = sheet.getRow(2).getCell(priceColumn);
    expect(cell.value).toBe(7.5);
    expect(cell.numFmt).toBe('0.00');
    expect(sheet.getRow(2).getCell(header.indexOf('Category') + 1).value).toBe(`Fuel ${tag}`);
  });

  it('refuses a query the list would refuse, before creating a task', async () => {
    const response = await admin.post('/v1/store/export', { body: { filters: { remark: 'x' } } });
    expect(response.status).toBe(400);
  });
});

describe('import', () => {
  it('creates every row of a valid file; headers may be labels in either language or field names', async () => {
    const bytes = await workbookOf([
      ['Store code', '门店名称', 'type', 'Area', 'Opening date', '营业状态'],
      [`${tag}I01`, 'Imported one', '便利店', `East ${tag}`, '2023-01-02', 'Suspended'],
      [`${tag}I02`, 'Imported two', 'SUPERMARKET', `West ${tag}`, new Date(Date.UTC(2023, 5, 7)), '营业中'],
    ]);
    const { taskId } = await expectOk(await importFile(admin, 'store', bytes, '门店导入.xlsx'));
    const task = await expectOk(await admin.get(`/v1/file-task/info/${taskId}`));
    expect(task).toMatchObject({
      state: 'succeeded',
      direction: 'import',
      module: 'stores',
      total: 2,
      processed: 2,
      failed: 0,
      fileName: '门店导入.xlsx',
    });
    expect(task.outputName).toBeNull();

    const created = await storesByCode(admin, `${tag}I`);
    expect(created).toHaveLength(2);
    expect(created[0]).toMatchObject({
      code: `${tag}I01`,
      name: 'Imported one',
      type: 'CONVENIENCE_STORE',
      area: eastId,
      openingDate: '2023-01-02',
      state: 'SUSPENDED',
    });
    expect(created[1]).toMatchObject({ code: `${tag}I02`, type: 'SUPERMARKET', openingDate: '2023-06-07', state: 'OPEN' });
  });

  it('resolves a tree parent named by a row above in the same file', async () => {
    const bytes = await workbookOf([
      ['区域编码', '区域名称', '上级区域'],
      [`${tag}N`, `North ${tag}`, null],
      [`${tag}N1`, `North city ${tag}`, `North ${tag}`],
    ]);
    const { taskId } = await expectOk(await importFile(admin, 'area', bytes));
    expect(await expectOk(await admin.get(`/v1/file-task/info/${taskId}`))).toMatchObject({
      state: 'succeeded',
      module: 'zones',
      processed: 2,
    });
    const areas = await expectOk(await admin.post('/v1/area/query', { body: { filters: { code: `${tag}N` } } }));
    const north = areas.records.find((a: { code: string }) => a.code === `${tag}N`);
    const city = areas.records.find((a: { code: string }) => a.code === `${tag}N1`);
    expect(city.parent).toBe(north.id);
  });

  it('accepts the workbook as base64 JSON too', async () => {
    const bytes = await workbookOf([
      ['code', 'name', 'type', 'area'],
      [`${tag}J01`, 'Json one', 'OTHER', eastId],
    ]);
    const { taskId } = await expectOk(
      await admin.post('/v1/store/import', {
        body: { fileName: 'stores.xlsx', content: bytes.toString('base64') },
      }),
    );
    expect((await expectOk(await admin.get(`/v1/file-task/info/${taskId}`))).state).toBe('succeeded');
    expect(await storesByCode(admin, `${tag}J`)).toHaveLength(1);
  });

  it('applies nothing when one row is invalid and reports the row and the field', async () => {
    const bytes = await workbookOf([
      ['门店编码', '门店名称', '门店类型', '所属区域'],
      [`${tag}K01`, 'Good one', '超市', `East ${tag}`],
      [`${tag}K02`, 'Bad type', 'Spaceship', `East ${tag}`],
      [`${tag}K03`, 'Good two', '超市', `East ${tag}`],
      [`${tag}K04`, '', '超市', 'Nowhere'],
    ]);
    const { taskId } = await expectOk(await importFile(admin, 'store', bytes, 'bad.xlsx'));
    const task = await expectOk(await admin.get(`/v1/file-task/info/${taskId}`));
    expect(task).toMatchObject({ state: 'failed', failed: 2, total: 4 });
    expect(task.error).toBe('2 行有误，未导入任何数据');
    expect(task.outputName).toBe('bad-错误报告.xlsx');
    expect(await storesByCode(admin, `${tag}K`)).toHaveLength(0);

    const report = await download(app, admin, taskId);
    expect(report.status).toBe(200);
    const [header, ...lines] = await readSheet(report.bytes);
    expect(header).toEqual(['行号', '字段', '错误信息']);
    expect(lines).toEqual([
      [3, '门店类型', '门店类型的取值无效'],
      [5, '所属区域', '所属区域引用的数据不存在'],
      [5, '门店名称', '门店名称不能为空'],
    ]);
  });

  it('reports an unknown column on the header row and a code that already exists', async () => {
    const unknown = await expectOk(
      await importFile(
        admin,
        'store',
        await workbookOf([
          ['门店编码', 'Colour'],
          [`${tag}L01`, 'red'],
        ]),
      ),
    );
    const report = await download(app, admin, unknown.taskId);
    expect((await readSheet(report.bytes))[1]).toEqual([1, '表头', '无法识别的列：Colour']);

    const duplicate = await expectOk(
      await importFile(
        admin,
        'store',
        await workbookOf([
          ['门店编码', '门店名称', '门店类型', '所属区域'],
          [`${tag}S01`, 'Again', '超市', `East ${tag}`],
        ]),
      ),
    );
    const lines = (await readSheet((await download(app, admin, duplicate.taskId)).bytes)).slice(1);
    expect(lines).toEqual([[2, '门店编码', '门店编码已存在']]);
  });

  it('fails a file that is not a workbook without a report', async () => {
    const response = await importFile(admin, 'store', Buffer.from('PK not really a zip'));
    const { taskId } = await expectOk(response);
    const task = await expectOk(await admin.get(`/v1/file-task/info/${taskId}`));
    expect(task).toMatchObject({ state: 'failed', outputName: null, error: '文件不是有效的 .xlsx 工作簿' });
    expect((await importFile(admin, 'store', Buffer.from('hello'))).status).toBe(400);
  });
});

describe('permissions and ownership', () => {
  it('lets a read-only user export but not import (403)', async () => {
    const reader = await createUser(testApp.database, {
      tenantId: tenant.tenantId,
      login: `reader${tag}`,
      grants: [{ resourceId: STORES, action: '资料查看' }],
    });
    const client = await signIn(app, { tenant: tenant.code, login: reader.login, password: reader.password });
    await expectOk(await client.post('/v1/store/export', { body: {} }));
    const refused = await importFile(client, 'store', await workbookOf([['code'], [`${tag}R01`]]));
    expect(refused.status).toBe(403);
    expect((await client.post('/v1/area/export', { body: {} })).status).toBe(403);
  });

  it('refuses (403) to download an export once its owner has lost the read grant', async () => {
    const reader = await createUser(testApp.database, {
      tenantId: tenant.tenantId,
      login: `leaver${tag}`,
      grants: [{ resourceId: STORES, action: '资料查看' }],
    });
    const client = await signIn(app, { tenant: tenant.code, login: reader.login, password: reader.password });
    const { taskId } = await expectOk(await client.post('/v1/store/export', { body: { filters: { code: tag } } }));
    expect((await download(app, client, taskId)).status).toBe(200);

    // The role is changed to hold only another screen's grant: the file of the stores is no longer theirs to read.
    await expectOk(
      await admin.post('/v1/authorization/saveRolePermissions', {
        body: { roleId: reader.roleId, permissions: [{ resourceId: '资料/区域', actions: ['资料查看'] }] },
      }),
    );
    const refused = await download(app, client, taskId);
    expect(refused.status).toBe(403);
    expect(refused.bytes.toString('utf8')).not.toContain('PK');
    // The task itself is still theirs to see in the file centre.
    expect((await client.get(`/v1/file-task/info/${taskId}`)).status).toBe(200);

    // Given back, the file downloads again.
    await expectOk(
      await admin.post('/v1/authorization/saveRolePermissions', {
        body: { roleId: reader.roleId, permissions: [{ resourceId: STORES, actions: ['资料查看'] }] },
      }),
    );
    expect((await download(app, client, taskId)).status).toBe(200);
  });

  it("refuses (403) to download an import's error report once its owner has lost the write grant", async () => {
    const writer = await createUser(testApp.database, {
      tenantId: tenant.tenantId,
      login: `writer${tag}`,
      grants: [{ resourceId: STORES, action: '配置维护' }],
    });
    const client = await signIn(app, { tenant: tenant.code, login: writer.login, password: writer.password });
    const { taskId } = await expectOk(
      await importFile(
        client,
        'store',
        await workbookOf([
          ['门店编码', 'Colour'],
          [`${tag}X01`, 'red'],
        ]),
      ),
    );
    expect((await download(app, client, taskId)).status).toBe(200);
    await expectOk(
      await admin.post('/v1/authorization/saveRolePermissions', {
        body: { roleId: writer.roleId, permissions: [{ resourceId: STORES, actions: ['资料查看'] }] },
      }),
    );
    expect((await download(app, client, taskId)).status).toBe(403);
  });

  it("answers 404 for another user's task and lists only the caller's own", async () => {
    const other = await createUser(testApp.database, { tenantId: tenant.tenantId, login: `other${tag}`, grants: 'all' });
    const client = await signIn(app, { tenant: tenant.code, login: other.login, password: other.password });
    const { taskId } = await expectOk(await admin.post('/v1/store/export', { body: {} }));
    expect((await client.get(`/v1/file-task/info/${taskId}`)).status).toBe(404);
    expect((await download(app, client, taskId)).status).toBe(404);
    const mine = await expectOk(await client.post('/v1/file-task/query', { body: { page: 1, pageSize: 20 } }));
    expect(mine.total).toBe(0);

    const own = await expectOk(
      await admin.post('/v1/file-task/query', { body: { filters: { direction: ['import'], state: ['failed'] } } }),
    );
    expect(own.total).toBeGreaterThanOrEqual(3);
    expect(own.records.every((t: { direction: string; state: string }) => t.direction === 'import' && t.state === 'failed')).toBe(true);

    const otherTenant = await createTenant(testApp.database);
    const stranger = await signIn(app, { tenant: otherTenant.code, login: otherTenant.adminLogin, password: otherTenant.adminPassword });
    expect((await stranger.get(`/v1/file-task/info/${taskId}`)).status).toBe(404);
  });
});

describe('on the real job queue', () => {
  let queue: JobQueue;
  let queued: FastifyInstance;
  let database: Database;

  beforeAll(async () => {
    database = connectDatabase(inject('databaseUrl'), { max: 5 });
    queue = await startJobQueue(inject('databaseUrl'));
    ({ app: queued } = await buildTestApp({ database, config: queuedAppConfig(), jobs: queue }));
    await queued.ready();
  });
  afterAll(async () => {
    await queued?.close();
    await queue?.stop();
    await database?.close();
  });

  it('queues the export, reports progress, and serves the file once done', async () => {
    const client = await signIn(queued, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
    const { taskId } = await expectOk(await client.post('/v1/store/export', { body: { filters: { code: tag } } }));
    let task: { state: string; processed: number };
    const deadline = Date.now() + 30_000;
    do {
      await new Promise((resolve) => setTimeout(resolve, 300));
      task = await expectOk(await client.get(`/v1/file-task/info/${taskId}`));
    } while ((task.state === 'queued' || task.state === 'running') && Date.now() < deadline);
    expect(task.state).toBe('succeeded');
    const rows = await readSheet((await download(queued, client, taskId)).bytes);
    expect(rows.length - 1).toBe(task.processed);
    expect(task.processed).toBe((await storesByCode(client, tag)).length);
  });
});

// Keep the declarations the assertions rely on honest.
it('exports stores and products under their file-centre modules', () => {
  expect(storeResource.files).toEqual({ module: 'stores', importable: true });
  expect(productResource.files?.module).toBe('masterData');
});
