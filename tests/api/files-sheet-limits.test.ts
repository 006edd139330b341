import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BATCH_MEMBERS } from '../../resources/member/batch-operate.resource';
import { XLSX_MIME } from '../../server/modules/files/file-task.routes';
import { MAX_IMPORT_ROWS } from '../../server/modules/files/import.job';
import { MAX_UNCOMPRESSED_MB } from '../../server/modules/files/sheet-reader';
import { createTenant, signIn, type ApiClient, type ApiResponse, type TestTenant } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { generateWorkbook, generateZipBomb } from '../helpers/xlsx-generator';

/**
 * Spreadsheets cost only their own request (issue "Trust before money", item b): workbooks are
 * read as a stream off the request thread, stop at the first row beyond the limit, and refuse
 * archives that inflate beyond the uncompressed limit. While a big workbook is being read,
 * other requests of the same process are answered: the tests start the import without awaiting
 * it and assert that a small request finishes first (ordering, not timing; how long the others
 * wait is measured by bench/import-stall.bench.ts).
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let other: ApiClient;

const mobile = (i: number) => `139${String(i).padStart(8, '0')}`;

/** The members import of batch documents, with the workbook as base64 JSON (what the browser sends). */
const importMembers = (bytes: Buffer) =>
  admin.post('/v1/batch-operate/importMembers', { body: { fileName: 'members.xlsx', content: bytes.toString('base64') } });

/** The generic import of a resource, with the raw workbook as the body. */
const importBrands = (client: ApiClient, bytes: Buffer) =>
  client.post('/v1/brand/import', { body: bytes, headers: { 'content-type': XLSX_MIME }, query: { fileName: 'brands.xlsx' } });

/**
 * Starts `slow` without awaiting it, then runs `quick` and tells whether `quick` was answered
 * while `slow` was still running. Both are awaited before returning.
 */
async function answeredMeanwhile<T>(
  slow: Promise<T>,
  quick: () => Promise<ApiResponse>,
): Promise<{ meanwhile: boolean; quick: ApiResponse; slow: T }> {
  let slowDone = false;
  const watched = slow.then((value) => {
    slowDone = true;
    return value;
  });
  const answer = await quick();
  const meanwhile = !slowDone;
  return { meanwhile, quick: answer, slow: await watched };
}

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  const second = await createTenant(t.database);
  other = await signIn(t.app, { tenant: second.code, login: second.adminLogin, password: second.adminPassword });
});

afterAll(async () => t?.close());

describe('row limits, checked while reading', () => {
  it('refuses a members workbook one row over the limit with 400 naming the limit', async () => {
    const bytes = generateWorkbook({ header: ['手机号'], rows: MAX_BATCH_MEMBERS + 1, cells: (i) => [mobile(i)] });
    const res = await importMembers(bytes);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.msg).toContain(String(MAX_BATCH_MEMBERS));
    // Exactly at the limit is fine (the header row does not count).
    const atLimit = await importMembers(generateWorkbook({ header: ['手机号'], rows: MAX_BATCH_MEMBERS, cells: (i) => [mobile(i)] }));
    expect(atLimit.status, JSON.stringify(atLimit.body)).toBe(200);
    expect(atLimit.body.data.unknown).toHaveLength(MAX_BATCH_MEMBERS);
  });

  it('fails a resource import one row over the limit, naming the limit, and imports nothing', async () => {
    const bytes = generateWorkbook({ header: ['品牌编码', '品牌名称'], rows: MAX_IMPORT_ROWS + 1, cells: (i) => [`BL${i}`, `Brand ${i}`] });
    const { taskId } = (await importBrands(admin, bytes)).body.data;
    const task = (await admin.get(`/v1/file-task/info/${taskId}`)).body.data;
    expect(task).toMatchObject({ state: 'failed', outputName: null });
    expect(task.error).toBe(`一次最多导入 ${MAX_IMPORT_ROWS} 行`);
    const listed = (await admin.post('/v1/brand/query', { body: { filters: { code: 'BL' } } })).body.data;
    expect(listed.total).toBe(0);
  });

  it('still imports a valid workbook and still reports rows with errors', async () => {
    const good = generateWorkbook({ header: ['品牌编码', '品牌名称'], rows: 3, cells: (i) => [`OK${i}`, `好品牌${i}`], strings: 'inline' });
    const done = (await admin.get(`/v1/file-task/info/${(await importBrands(admin, good)).body.data.taskId}`)).body.data;
    expect(done).toMatchObject({ state: 'succeeded', total: 3, processed: 3 });
    const bad = generateWorkbook({
      header: ['品牌编码', '品牌名称'],
      rows: 2,
      cells: (i) => (i === 1 ? [`NG${i}`, ''] : [`NG${i}`, `坏品牌${i}`]),
    });
    const failed = (await admin.get(`/v1/file-task/info/${(await importBrands(admin, bad)).body.data.taskId}`)).body.data;
    expect(failed).toMatchObject({ state: 'failed', failed: 1, error: '1 行有误，未导入任何数据' });
    expect(failed.outputName).toBe('brands-错误报告.xlsx');
  });
});

describe('archives that inflate beyond the limit', () => {
  const tooBig = (MAX_UNCOMPRESSED_MB + 1) * 1024 * 1024;

  it('refuses a zip bomb by its declared size, naming the uncompressed limit', async () => {
    const res = await importMembers(generateZipBomb({ uncompressedBytes: tooBig }));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.msg).toContain(`${MAX_UNCOMPRESSED_MB} MB`);
  });

  it('refuses a zip bomb that lies about its size, by what it really inflates to', async () => {
    const liar = generateZipBomb({ uncompressedBytes: tooBig, declaredBytes: 4096 });
    const res = await importMembers(liar);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.msg).toContain(`${MAX_UNCOMPRESSED_MB} MB`);
    const { taskId } = (await importBrands(admin, liar)).body.data;
    const task = (await admin.get(`/v1/file-task/info/${taskId}`)).body.data;
    expect(task.state).toBe('failed');
    expect(task.error).toContain(`${MAX_UNCOMPRESSED_MB} MB`);
  });
});

describe('a big workbook costs only its own request', () => {
  // Far beyond every limit: reading it whole would hold the process for seconds.
  const rows = 300_000;
  let big: Buffer;

  beforeAll(() => {
    big = generateWorkbook({ header: ['品牌编码'], rows, cells: () => [13800138000] });
  });

  it('answers another tenant while a members workbook is being read', async () => {
    const { meanwhile, quick, slow } = await answeredMeanwhile(importMembers(big), () => other.get('/v1/auth/current'));
    expect(quick.status).toBe(200);
    expect(meanwhile).toBe(true);
    expect(slow.status).toBe(400);
    expect(slow.body.msg).toContain(String(MAX_BATCH_MEMBERS));
  });

  it('shows the rows read so far through the API while the import request is still being read', async () => {
    // Three columns, so reading up to the limit takes a while.
    const wide = generateWorkbook({
      header: ['品牌编码', '品牌名称', '英文名称'],
      rows: 60_000,
      cells: (i) => [`W${i}`, `宽表品牌${i}`, `Wide ${i}`],
    });
    let settled = false;
    const importing = importBrands(admin, wide).then((res) => {
      settled = true;
      return res;
    });
    // Polled through the API while the import request has not been answered: the task is
    // running and reports rows read (the reader reports every thousand rows).
    let readMeanwhile = 0;
    while (!settled && readMeanwhile === 0) {
      const tasks = (await admin.post('/v1/file-task/query', { body: { filters: { direction: ['import'], state: ['running'] } } })).body
        .data;
      const reading = tasks.records.find(
        (task: { resource: string; processed: number }) => task.resource === 'brand' && task.processed > 0,
      );
      if (reading && !settled) readMeanwhile = reading.processed;
    }
    const res = await importing;
    expect(readMeanwhile).toBeGreaterThan(0);
    expect(readMeanwhile).toBeLessThanOrEqual(MAX_IMPORT_ROWS);
    const task = (await admin.get(`/v1/file-task/info/${res.body.data.taskId}`)).body.data;
    expect(task).toMatchObject({ state: 'failed', error: `一次最多导入 ${MAX_IMPORT_ROWS} 行` });
  });

  it('answers another tenant while a resource import is being read', async () => {
    const { meanwhile, quick, slow } = await answeredMeanwhile(importBrands(admin, big), () => other.post('/v1/brand/query', { body: {} }));
    expect(quick.status).toBe(200);
    expect(meanwhile).toBe(true);
    const task = (await admin.get(`/v1/file-task/info/${slow.body.data.taskId}`)).body.data;
    expect(task).toMatchObject({ state: 'failed', error: `一次最多导入 ${MAX_IMPORT_ROWS} 行` });
  });
});
