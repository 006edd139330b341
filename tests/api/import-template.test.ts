import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandResource } from '../../resources/datum/brand.resource';
import { storeResource } from '../../resources/datum/store.resource';
import type { FieldDef } from '../../resources/define';
import { SESSION_COOKIE } from '../../server/modules/auth/session.cookie';
import { XLSX_MIME } from '../../server/modules/files/file-task.routes';
import { createTenant, createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Issue "a console a new user can try", item 9: an import offers its template, an .xlsx whose
 * one header row names the importable fields of the declaration in the user's language, which
 * imports as it is once rows are filled in; only a user who may import gets it.
 */
let testApp: TestApp;
let tenant: TestTenant;
let admin: ApiClient;

beforeAll(async () => {
  testApp = await startTestApp();
  tenant = await createTenant(testApp.database);
  admin = await signIn(testApp.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
});

afterAll(async () => testApp?.close());

async function template(client: ApiClient, resource: string, locale: 'zh_CN' | 'en_US') {
  const app = testApp.app;
  const response = await app.inject({
    method: 'GET',
    url: `${app.config.serviceBase}/v1/${resource}/import-template`,
    headers: { cookie: `${SESSION_COOKIE}=${client.sessionToken()}`, locale },
  });
  return { status: response.statusCode, bytes: response.rawPayload, headers: response.headers };
}

async function headerRow(bytes: Buffer): Promise<{ header: unknown[]; rows: number }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const header = Array.from({ length: sheet.columnCount }, (_, i) => sheet.getRow(1).getCell(i + 1).value);
  return { header, rows: sheet.actualRowCount };
}

describe('import template', () => {
  it('is a workbook with one header row naming the importable fields, required ones marked, in the language asked', async () => {
    const zh = await template(admin, 'brand', 'zh_CN');
    expect(zh.status).toBe(200);
    expect(zh.headers['content-type']).toBe(XLSX_MIME);
    expect(String(zh.headers['content-disposition'])).toContain('attachment');
    const { header, rows } = await headerRow(zh.bytes);
    expect(rows).toBe(1);
    const code = brandResource.fields.code;
    expect(header).toContain(`${code.label[0]}${code.required ? ' *' : ''}`);
    expect(header).toContain(`${brandResource.fields.name.label[0]} *`);

    const en = await headerRow((await template(admin, 'store', 'en_US')).bytes);
    expect(en.header).toContain(`${storeResource.fields.name.label[1]} *`);
    // A number the server draws or a field it manages is no column to fill in.
    for (const [name, field] of Object.entries(storeResource.fields as Readonly<Record<string, FieldDef>>)) {
      if (field.serverManaged) expect(en.header).not.toContain(field.label[1]);
      else if (name === 'name') expect(en.header).toContain(`${field.label[1]} *`);
    }
  });

  it('imports once filled in', async () => {
    const { bytes } = await template(admin, 'brand', 'en_US');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = Array.from({ length: sheet.columnCount }, (_, i) => String(sheet.getRow(1).getCell(i + 1).value));
    const code = `T${Date.now().toString(36)}`.slice(0, 10);
    const row = header.map((text) =>
      text.startsWith(brandResource.fields.code.label[1])
        ? code
        : text.startsWith(brandResource.fields.name.label[1])
          ? `Brand ${code}`
          : null,
    );
    sheet.addRow(row);
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    const started = await admin.post('/v1/brand/import', {
      body: filled,
      headers: { 'content-type': XLSX_MIME },
      query: { fileName: 'brands.xlsx' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const taskId = (started.body.data as { taskId: number }).taskId;
    let state = '';
    for (let attempt = 0; attempt < 100 && state !== 'succeeded' && state !== 'failed'; attempt += 1) {
      const info = await admin.get(`/v1/file-task/info/${taskId}`);
      state = (info.body.data as { state: string }).state;
      if (state !== 'succeeded' && state !== 'failed') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(state).toBe('succeeded');
    const found = await admin.post('/v1/brand/query', { body: { page: 1, pageSize: 10, filters: { code } } });
    expect((found.body.data as { records: { name: string }[] }).records.map((record) => record.name)).toEqual([`Brand ${code}`]);
  });

  it('is refused to a user who may only read the resource', async () => {
    const reader = await createUser(testApp.database, {
      tenantId: tenant.tenantId,
      login: `reader${Date.now().toString(36)}`,
      grants: [{ resourceId: '资料/品牌', action: '资料查看' }],
    });
    const client = await signIn(testApp.app, { tenant: tenant.code, login: reader.login, password: reader.password });
    expect((await template(client, 'brand', 'en_US')).status).toBe(403);
  });
});
