import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PermissionRef } from '../../resources/catalog/types';
import { defineResource, field } from '../../resources/define';
import { buildRegistry, mountResources, servedResources } from '../../server/crud/resource-registry';
import { deriveLinesTable, deriveTable } from '../../server/crud/table.derive';
import { SESSION_COOKIE } from '../../server/modules/auth/session.cookie';
import { SERVER_HOOKS } from '../../server/modules/resource-hooks';
import { removeStaleUploads } from '../../server/modules/uploads/upload.store';
import { UPLOAD_CLEANUP_QUEUE, uploadColumns } from '../../server/modules/uploads/uploads.plugin';
import { connectDatabase } from '../../server/db/connection';
import { startJobQueue } from '../../server/jobs/queue';
import { UPLOAD_RATE } from '../../server/modules/uploads/uploads.routes';
import { createDerivedTables } from '../helpers/derived-ddl';
import { createTenant, createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { buildTestApp, queuedAppConfig, startTestApp, type TestApp } from '../helpers/test-app';
import { singleScreenTestGroup } from '../helpers/test-group';

/**
 * Uploads for `file` fields (server/modules/uploads): a resource declared here has an image
 * field, a PDF field and an image inside its lines. Uploads are checked by the field's accept,
 * size and (images) magic bytes, refused naming the field; they are served back with their
 * type and nosniff; a record keeps an upload's id and only one of its own tenant, resource and
 * field; the cleanup removes uploads no record kept for a day.
 */

const RID = '测试/相册';
const READ: PermissionRef = { resourceId: RID, action: '资料查看' };
const WRITE: PermissionRef = { resourceId: RID, action: '配置维护' };

const album = defineResource({
  name: 'upload-album',
  table: 'upload_albums',
  title: ['相册', 'Album'],
  route: { group: 'datum', entry: 'upload-album', screens: { list: 'upload-album' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    name: field.text({ label: ['名称', 'Name'], required: true, maxLength: 40 }),
    picture: field.file({ label: ['封面', 'Cover'], accept: 'image/*', maxSizeMb: 1 }),
    manual: field.file({ label: ['说明书', 'Manual'], accept: '.pdf,application/pdf', maxSizeMb: 1 }),
    lines: field.lines({
      label: ['照片', 'Photos'],
      fields: {
        caption: field.text({ label: ['标题', 'Caption'] }),
        photo: field.file({ label: ['照片', 'Photo'], accept: 'image/png,image/jpeg' }),
      },
    }),
  },
  titleField: 'name',
  list: { defaultSort: { field: 'name', order: 'asc' } },
});

const testGroup = singleScreenTestGroup({ entry: 'upload-album', title: ['相册', 'Albums'], resourceId: RID });

mountResources({ resources: [album], catalog: [testGroup] });

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const MiB = 1024 * 1024;

let t: TestApp;
let tenant: TestTenant;
let writer: ApiClient;
let reader: ApiClient;
let nobody: ApiClient;
let stranger: ApiClient;

async function expectOk(promise: Promise<{ status: number; body: any }>) {
  const res = await promise;
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data;
}

function upload(client: ApiClient, args: { field: string; bytes: Buffer; fileName: string; type?: string; locale?: string }) {
  return client.post('/v1/upload-album/upload', {
    query: { field: args.field, fileName: args.fileName },
    body: args.bytes,
    headers: { 'content-type': args.type ?? 'application/octet-stream', ...(args.locale ? { locale: args.locale } : {}) },
  });
}

/** The 400's fields as `{ field: msg }`. */
async function refused(promise: Promise<{ status: number; body: any }>) {
  const res = await promise;
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  return Object.fromEntries((res.body.data.fields as { field: string; msg: string }[]).map((f) => [f.field, f.msg]));
}

/** The raw answer of the content route (bytes and headers), as a browser's `<img>` gets it. */
async function content(client: ApiClient, id: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${t.app.config.serviceBase}/v1/upload-album/upload/${id}/content`,
    headers: { cookie: `${SESSION_COOKIE}=${client.sessionToken()}` },
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
}

beforeAll(async () => {
  t = await startTestApp();
  await createDerivedTables(t.database, { albums: deriveTable(album), albumLines: deriveLinesTable(album, 'lines') });
  tenant = await createTenant(t.database);
  const password = tenant.adminPassword;
  const users = [
    { login: 'writer', grants: [READ, WRITE] },
    { login: 'reader', grants: [READ] },
    { login: 'nobody', grants: [] },
  ];
  for (const u of users) await createUser(t.database, { tenantId: tenant.tenantId, ...u });
  [writer, reader, nobody] = await Promise.all(users.map((u) => signIn(t.app, { tenant: tenant.code, login: u.login, password })));
  const other = await createTenant(t.database);
  await createUser(t.database, { tenantId: other.tenantId, login: 'writer', grants: [READ, WRITE] });
  stranger = await signIn(t.app, { tenant: other.code, login: 'writer', password });
});

afterAll(async () => {
  await t?.close();
});

describe('uploading', () => {
  it('stores an image and serves it back with its sniffed type, inline, with nosniff', async () => {
    const view = await expectOk(upload(writer, { field: 'picture', bytes: PNG, fileName: 'cover.png', type: 'image/png' }));
    expect(view).toEqual({
      id: expect.stringMatching(/^[1-9]\d*$/),
      fileName: 'cover.png',
      contentType: 'image/png',
      size: PNG.length,
      image: true,
    });
    expect(await expectOk(reader.get(`/v1/upload-album/upload/${view.id}`))).toEqual(view);
    const served = await content(reader, view.id);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(Buffer.compare(served.bytes, PNG)).toBe(0);
  });

  it('takes the base64 JSON form too, and keeps the type by the bytes, not by the claim', async () => {
    const view = await expectOk(
      writer.post('/v1/upload-album/upload', {
        query: { field: 'lines.photo' },
        body: { fileName: '照片.png', content: PNG.toString('base64') },
      }),
    );
    expect(view).toMatchObject({ fileName: '照片.png', contentType: 'image/png', image: true });
  });

  it('serves a file that is not an image as an opaque attachment', async () => {
    const view = await expectOk(upload(writer, { field: 'manual', bytes: PDF, fileName: '说明书.pdf', type: 'application/pdf' }));
    expect(view).toMatchObject({ contentType: 'application/pdf', image: false });
    const served = await content(reader, view.id);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename=".*\.pdf"; filename\*=UTF-8''%E8%AF%B4/);
    expect(Buffer.compare(served.bytes, PDF)).toBe(0);
  });

  it('refuses an empty file, naming the field', async () => {
    expect(await refused(upload(writer, { field: 'picture', bytes: Buffer.alloc(0), fileName: 'a.png', type: 'image/png' }))).toEqual({
      picture: '封面：文件为空',
    });
  });

  it('refuses a file over the field size, naming the field, whether a little or far over', async () => {
    const justOver = Buffer.concat([PNG, Buffer.alloc(MiB)]);
    expect(await refused(upload(writer, { field: 'picture', bytes: justOver, fileName: 'big.png', type: 'image/png' }))).toEqual({
      picture: '封面：文件不能超过 1 MB',
    });
    // Beyond even the base64 room of the body limit: refused while reading, still naming the field.
    const farOver = Buffer.concat([PNG, Buffer.alloc(3 * MiB)]);
    expect(
      await refused(upload(writer, { field: 'picture', bytes: farOver, fileName: 'huge.png', type: 'image/png', locale: 'en_US' })),
    ).toEqual({ picture: 'Cover: the file must not exceed 1 MB' });
  });

  it('refuses a type the field does not accept, naming the field', async () => {
    expect(
      await refused(upload(writer, { field: 'manual', bytes: Buffer.from('plain text'), fileName: 'notes.txt', type: 'text/plain' })),
    ).toEqual({ manual: '说明书：只接受 .pdf, application/pdf 类型的文件' });
    // A GIF is an image, but this line field takes PNG and JPEG only.
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect(await refused(upload(writer, { field: 'lines.photo', bytes: gif, fileName: 'a.gif', type: 'image/gif' }))).toEqual({
      'lines.photo': '照片：只接受 image/png, image/jpeg 类型的文件',
    });
  });

  it('refuses an "image" whose bytes are not an image (a page renamed .png, an SVG), naming the field', async () => {
    const page = Buffer.from('<html><script>alert(1)</script></html>');
    expect(await refused(upload(writer, { field: 'picture', bytes: page, fileName: 'cat.png', type: 'image/png' }))).toEqual({
      picture: '封面：文件内容不是图片（支持 PNG、JPEG、GIF、WebP）',
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await refused(upload(writer, { field: 'picture', bytes: svg, fileName: 'cat.svg', type: 'image/svg+xml' }))).toEqual({
      picture: '封面：文件内容不是图片（支持 PNG、JPEG、GIF、WebP）',
    });
  });

  it('refuses a field that is not a file field of the resource, naming `field`', async () => {
    expect(Object.keys(await refused(upload(writer, { field: 'name', bytes: PNG, fileName: 'a.png' })))).toEqual(['field']);
  });

  it('needs the write grant to upload and a read grant to look', async () => {
    const denied = await upload(reader, { field: 'picture', bytes: PNG, fileName: 'a.png', type: 'image/png' });
    expect(denied.status).toBe(403);
    const view = await expectOk(upload(writer, { field: 'picture', bytes: PNG, fileName: 'a.png', type: 'image/png' }));
    expect((await nobody.get(`/v1/upload-album/upload/${view.id}`)).status).toBe(403);
    expect((await content(nobody, view.id)).status).toBe(403);
    expect((await content(reader, view.id)).status).toBe(200);
  });

  it("answers 404 for another tenant's upload", async () => {
    const view = await expectOk(upload(writer, { field: 'picture', bytes: PNG, fileName: 'a.png', type: 'image/png' }));
    expect((await stranger.get(`/v1/upload-album/upload/${view.id}`)).status).toBe(404);
    expect((await content(stranger, view.id)).status).toBe(404);
  });

  it('limits uploads per client address and minute', async () => {
    const client = await signIn(t.app, { tenant: tenant.code, login: 'writer', password: tenant.adminPassword });
    const statuses: number[] = [];
    for (let i = 0; i <= UPLOAD_RATE.max; i += 1) {
      statuses.push((await upload(client, { field: 'picture', bytes: Buffer.alloc(0), fileName: 'a.png' })).status);
    }
    expect(statuses.slice(0, UPLOAD_RATE.max).every((s) => s === 400)).toBe(true);
    expect(statuses[UPLOAD_RATE.max]).toBe(429);
  });
});

describe('a record keeping an upload', () => {
  it('keeps the id of an upload made for the field, in the record and in its lines', async () => {
    const cover = await expectOk(upload(writer, { field: 'picture', bytes: PNG, fileName: 'cover.png', type: 'image/png' }));
    const manual = await expectOk(upload(writer, { field: 'manual', bytes: PDF, fileName: 'm.pdf', type: 'application/pdf' }));
    const photo = await expectOk(upload(writer, { field: 'lines.photo', bytes: PNG, fileName: 'p.png', type: 'image/png' }));
    const created = await expectOk(
      writer.post('/v1/upload-album/saveNew', {
        body: { name: 'Summer', picture: cover.id, manual: manual.id, lines: [{ caption: 'Beach', photo: photo.id }] },
      }),
    );
    const read = await expectOk(writer.get(`/v1/upload-album/info/${created.id}`));
    expect(read).toMatchObject({ picture: cover.id, manual: manual.id, lines: [{ caption: 'Beach', photo: photo.id }] });
    // Deleting the record leaves the file readable (the cleanup removes it a day later).
    await expectOk(writer.post('/v1/upload-album/delete', { query: { id: created.id } }));
    expect((await content(reader, cover.id)).status).toBe(200);
  });

  it('refuses an upload of another field, of another tenant, or no upload at all, naming the field', async () => {
    const manual = await expectOk(upload(writer, { field: 'manual', bytes: PDF, fileName: 'm.pdf', type: 'application/pdf' }));
    const theirs = await expectOk(upload(stranger, { field: 'picture', bytes: PNG, fileName: 'x.png', type: 'image/png' }));
    const mine = await expectOk(upload(writer, { field: 'picture', bytes: PNG, fileName: 'y.png', type: 'image/png' }));
    expect(await refused(writer.post('/v1/upload-album/saveNew', { body: { name: 'A', picture: manual.id } }))).toEqual({
      picture: '封面：不是为此字段上传的文件',
    });
    expect(await refused(writer.post('/v1/upload-album/saveNew', { body: { name: 'B', picture: theirs.id } }))).toEqual({
      picture: '封面：不是为此字段上传的文件',
    });
    expect(await refused(writer.post('/v1/upload-album/saveNew', { body: { name: 'C', picture: 'files/abc.png' } }))).toEqual({
      picture: '封面：不是为此字段上传的文件',
    });
    // And on modify: the stranger cannot put our upload into their record either.
    const record = await expectOk(stranger.post('/v1/upload-album/saveNew', { body: { name: 'D', picture: theirs.id } }));
    expect(
      await refused(stranger.post('/v1/upload-album/modify', { body: { id: record.id, version: record.version, picture: mine.id } })),
    ).toEqual({ picture: '封面：不是为此字段上传的文件' });
  });
});

describe('the cleanup', () => {
  it('removes uploads no record has kept for 24 hours, with their bytes, and keeps the others', async () => {
    const kept = await expectOk(upload(writer, { field: 'picture', bytes: PNG, fileName: 'kept.png', type: 'image/png' }));
    const dropped = await expectOk(upload(writer, { field: 'picture', bytes: PNG, fileName: 'dropped.png', type: 'image/png' }));
    const recent = await expectOk(upload(writer, { field: 'picture', bytes: PNG, fileName: 'recent.png', type: 'image/png' }));
    const inLines = await expectOk(upload(writer, { field: 'lines.photo', bytes: PNG, fileName: 'line.png', type: 'image/png' }));
    await expectOk(writer.post('/v1/upload-album/saveNew', { body: { name: 'Kept', picture: kept.id, lines: [{ photo: inLines.id }] } }));
    const old = [kept.id, dropped.id, inLines.id].map(Number);
    await t.database.pool.query(
      `update uploads set created_at = now() - interval '25 hours', used_at = now() - interval '25 hours'
       where tenant_id = $1 and id = any($2::bigint[])`,
      [tenant.tenantId, old],
    );
    const registry = buildRegistry(servedResources(SERVER_HOOKS));
    await removeStaleUploads({ db: t.database.db, columns: uploadColumns(registry) });
    expect((await content(reader, kept.id)).status).toBe(200);
    expect((await content(reader, inLines.id)).status).toBe(200);
    expect((await content(reader, recent.id)).status).toBe(200);
    expect((await content(reader, dropped.id)).status).toBe(404);
    const chunks = await t.database.pool.query(
      `select count(*)::int as n from file_task_chunks where tenant_id = $1 and task_id = $2 and part = 'upload'`,
      [tenant.tenantId, Number(dropped.id)],
    );
    expect(chunks.rows[0].n).toBe(0);
  });

  it('is scheduled hourly on the shared queue, and a cleanup job run by the queue removes a stale upload', async () => {
    const database = connectDatabase(inject('databaseUrl'), { max: 3 });
    const queue = await startJobQueue(inject('databaseUrl'));
    const { app } = await buildTestApp({ database, config: queuedAppConfig(), jobs: queue });
    try {
      await app.ready();
      const schedule = await database.pool.query('select cron from pgboss.schedule where name = $1', [UPLOAD_CLEANUP_QUEUE]);
      expect(schedule.rows).toEqual([{ cron: '17 * * * *' }]);
      const stale = await expectOk(upload(writer, { field: 'picture', bytes: PNG, fileName: 'stale.png', type: 'image/png' }));
      await database.pool.query(`update uploads set created_at = now() - interval '2 days' where tenant_id = $1 and id = $2`, [
        tenant.tenantId,
        Number(stale.id),
      ]);
      await queue.send(UPLOAD_CLEANUP_QUEUE, {});
      await expect.poll(async () => (await content(reader, stale.id)).status, { timeout: 30_000, interval: 300 }).toBe(404);
    } finally {
      await app.close();
      await queue.stop();
      await database.close();
    }
  });
});
