import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionRef } from '../../resources/catalog/types';
import { defineResource, field, type FieldDef, type ResourceDef } from '../../resources/define';
import { buildRegistry, mountResources } from '../../server/crud/resource-registry';
import { openSecret } from '../../server/crud/secret-box';
import { deriveLinesTable, deriveTable } from '../../server/crud/table.derive';
import { createDerivedTables } from '../helpers/derived-ddl';
import { createTenant, createUser, signIn, type ApiClient } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { singleScreenTestGroup } from '../helpers/test-group';

/**
 * The structured and secret field kinds, on a resource declared here (as in
 * crud-new-resource.test.ts): an `object` field (a rule with tiers: lines inside an object),
 * document lines whose line holds an object with its own nested list, and `secret` fields
 * (write-only, masked, AES-256-GCM at rest).
 */

const RID = '测试/渠道';
const READ: PermissionRef = { resourceId: RID, action: '资料查看' };
const WRITE: PermissionRef = { resourceId: RID, action: '配置维护' };

const channel = defineResource({
  name: 'crud-channel',
  table: 'crud_channels',
  title: ['渠道', 'Channel'],
  route: { group: 'datum', entry: 'crud-channel', screens: { list: 'crud-channel' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    name: field.text({ label: ['名称', 'Name'], required: true, maxLength: 40 }),
    apiKey: field.secret({ label: ['接口密钥', 'API key'], required: true, maxLength: 64 }),
    password: field.secret({ label: ['密码', 'Password'] }),
    rule: field.object({
      label: ['规则', 'Rule'],
      required: true,
      fields: {
        threshold: field.money({ label: ['门槛', 'Threshold'], required: true, min: 0 }),
        kind: field.enum({ label: ['方式', 'Kind'], options: { FIXED: { label: ['固定', 'Fixed'] }, RATE: { label: ['比例', 'Rate'] } } }),
        startsAt: field.datetime({ label: ['开始', 'Starts at'] }),
        period: field.dateRange({ label: ['期间', 'Period'] }),
        multiplier: field.decimal({ label: ['倍率', 'Multiplier'], decimals: 2, defaultValue: 1 }),
        tiers: field.lines({
          label: ['档位', 'Tiers'],
          maxLines: 5,
          fields: {
            points: field.integer({ label: ['积分', 'Points'], required: true, min: 1 }),
            minAmount: field.money({ label: ['最低金额', 'Minimum amount'], required: true, min: 0 }),
          },
        }),
      },
    }),
    steps: field.lines({
      label: ['步骤', 'Steps'],
      fields: {
        title: field.text({ label: ['标题', 'Title'], required: true, maxLength: 20 }),
        bonus: field.object({
          label: ['奖励', 'Bonus'],
          fields: {
            tiers: field.lines({
              label: ['档位', 'Tiers'],
              fields: { points: field.integer({ label: ['积分', 'Points'], required: true, min: 1, max: 100 }) },
            }),
          },
        }),
      },
    }),
  },
  titleField: 'name',
  list: { defaultSort: { field: 'name', order: 'asc' } },
});

const testGroup = singleScreenTestGroup({ entry: 'crud-channel', title: ['渠道', 'Channels'], resourceId: RID });

mountResources({ resources: [channel], catalog: [testGroup], hooks: [] });

let t: TestApp;
let writer: ApiClient;
let seq = 0;

async function expectOk(promise: Promise<{ status: number; body: any }>) {
  const res = await promise;
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data;
}

const SECRET = 'sk-live-0123456789-WXYZ';

const validBody = () => ({
  name: `Channel ${++seq}`,
  apiKey: SECRET,
  rule: {
    threshold: '100.50',
    kind: 'RATE',
    startsAt: '2024-05-01 08:30:00',
    period: ['2024-01-01', '2024-06-30'],
    tiers: [
      { points: 10, minAmount: 0 },
      { points: 20, minAmount: '50.25' },
    ],
  },
  steps: [{ title: 'One', bonus: { tiers: [{ points: 5 }, { points: 6 }] } }],
});

async function storedRow(id: number): Promise<Record<string, unknown>> {
  const rows = await t.database.db.execute<Record<string, unknown>>(sql`select * from crud_channels where id = ${id}`);
  return rows.rows[0];
}

beforeAll(async () => {
  t = await startTestApp();
  await createDerivedTables(t.database, { channels: deriveTable(channel), channelSteps: deriveLinesTable(channel, 'steps') });
  const tenant = await createTenant(t.database);
  await createUser(t.database, { tenantId: tenant.tenantId, login: 'writer', grants: [READ, WRITE] });
  writer = await signIn(t.app, { tenant: tenant.code, login: 'writer', password: tenant.adminPassword });
});

afterAll(async () => {
  await t?.close();
});

describe('object fields', () => {
  it('stores the object as jsonb and answers every member as its kind serialises it, nested lines included', async () => {
    const created = await expectOk(writer.post('/v1/crud-channel/saveNew', { body: validBody() }));
    const info = await expectOk(writer.get(`/v1/crud-channel/info/${created.id}`));
    expect(info.rule).toEqual({
      threshold: 100.5,
      kind: 'RATE',
      startsAt: '2024-05-01 08:30:00',
      period: ['2024-01-01', '2024-06-30'],
      multiplier: 1,
      tiers: [
        { points: 10, minAmount: 0 },
        { points: 20, minAmount: 50.25 },
      ],
    });
    expect(info.steps).toEqual([{ lineNo: 1, title: 'One', bonus: { tiers: [{ points: 5 }, { points: 6 }] } }]);
    // Money is kept exact inside the jsonb value, not as a float.
    const row = await storedRow(created.id);
    expect((row.rule as { threshold: string }).threshold).toBe('100.50');
    // The list answers the object too (it is a column of the table, not a child table).
    const page = await expectOk(writer.post('/v1/crud-channel/query', { body: { page: 1, pageSize: 20 } }));
    expect(page.records.find((r: { id: number }) => r.id === created.id).rule.tiers).toHaveLength(2);
  });

  it('names each bad member by its path below the field, with its labels, all at once', async () => {
    const body = validBody();
    body.rule.tiers = [
      { points: 10, minAmount: 0 },
      { points: 20, minAmount: 1 },
      { points: 0, minAmount: 1 },
    ];
    (body.rule as Record<string, unknown>).threshold = null;
    (body.rule as Record<string, unknown>).colour = 'red';
    body.steps = [{ title: 'One', bonus: { tiers: [{ points: 5 }, { points: 500 }] } }];
    const res = await writer.post('/v1/crud-channel/saveNew', { body, headers: { locale: 'en_US' } });
    expect(res.status).toBe(400);
    const fields = res.body.data.fields as { field: string; msg: string }[];
    expect(fields.map((f) => f.field).sort()).toEqual(
      ['rule.colour', 'rule.threshold', 'rule.tiers[2].points', 'steps.0.bonus.tiers[1].points'].sort(),
    );
    const tier = fields.find((f) => f.field === 'rule.tiers[2].points');
    expect(tier?.msg).toContain('Rule Tiers 3 Points');
    expect(fields.find((f) => f.field === 'rule.threshold')?.msg).toContain('Rule Threshold');
  });

  it('refuses a value that is not an object, and a required object left empty, naming the field', async () => {
    const notObject = await writer.post('/v1/crud-channel/saveNew', { body: { ...validBody(), rule: 'tiers' } });
    expect(notObject.status).toBe(400);
    expect(notObject.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['rule']);
    const missing = await writer.post('/v1/crud-channel/saveNew', { body: { ...validBody(), rule: null } });
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['rule']);
  });

  it('replaces the object on modify, and a bad tier in a modify is named by its path', async () => {
    const created = await expectOk(writer.post('/v1/crud-channel/saveNew', { body: validBody() }));
    const rule = { threshold: 5, tiers: [{ points: 1, minAmount: 1 }] };
    const modified = await expectOk(writer.post('/v1/crud-channel/modify', { body: { id: created.id, version: created.version, rule } }));
    expect(modified.rule).toMatchObject({ threshold: 5, kind: null, multiplier: 1, tiers: [{ points: 1, minAmount: 1 }] });
    const bad = await writer.post('/v1/crud-channel/modify', {
      body: { id: created.id, version: modified.version, rule: { threshold: 5, tiers: [{ points: 1, minAmount: -1 }] } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['rule.tiers[0].minAmount']);
  });

  it('refuses at start-up an object holding what jsonb cannot keep checked (a file, a relation inside its lines) or an object that filters', () => {
    const bad = (fields: Record<string, FieldDef>): ResourceDef => ({
      ...channel,
      name: 'crud-channel-bad',
      fields: { ...channel.fields, ...fields },
    });
    const registryOf = (resource: ResourceDef) => () => buildRegistry({ resources: [resource], catalog: [testGroup], hooks: [] });
    expect(
      registryOf(
        bad({
          rule: field.object({ label: ['规则', 'Rule'], fields: { photo: field.file({ label: ['图片', 'Photo'] }) } }),
        }),
      ),
    ).toThrow(/an object holds no file field/);
    // A relation member is checked (object-relations.test.ts), but not one inside lines stored in the object.
    const tiers = field.lines({
      label: ['档位', 'Tiers'],
      fields: { area: field.relation({ label: ['区域', 'Area'], resource: 'area' }) },
    });
    expect(registryOf(bad({ rule: field.object({ label: ['规则', 'Rule'], fields: { tiers } }) }))).toThrow(
      /rule\.tiers\.area: an object holds no relation field inside lines/,
    );
    expect(
      registryOf(
        bad({
          rule: field.object({
            label: ['规则', 'Rule'],
            fields: { area: field.relation({ label: ['区域', 'Area'], resource: 'nowhere' }) },
          }),
        }),
      ),
    ).toThrow(/rule\.area refers to unknown resource nowhere/);
    expect(registryOf(bad({ rule: field.object({ label: ['规则', 'Rule'], fields: {}, filter: 'eq' }) }))).toThrow(/cannot be filtered/);
    expect(registryOf(bad({ apiKey: field.secret({ label: ['密钥', 'Key'], sortable: true }) }))).toThrow(/cannot be filtered/);
  });
});

describe('secret fields', () => {
  it('stores the secret encrypted (AES-256-GCM) and answers only its mask, in info, query and saveNew', async () => {
    const created = await expectOk(writer.post('/v1/crud-channel/saveNew', { body: { ...validBody(), password: 'short' } }));
    expect(created.apiKey).toBe('••••WXYZ');
    // Shorter than 12 characters: the mask shows nothing of it.
    expect(created.password).toBe('••••');
    const info = await expectOk(writer.get(`/v1/crud-channel/info/${created.id}`));
    expect(info.apiKey).toBe('••••WXYZ');
    const page = await expectOk(writer.post('/v1/crud-channel/query', { body: { page: 1, pageSize: 50 } }));
    const listed = page.records.find((r: { id: number }) => r.id === created.id);
    expect(listed.apiKey).toBe('••••WXYZ');
    expect(JSON.stringify(page)).not.toContain(SECRET);
    const row = await storedRow(created.id);
    const sealed = String(row.api_key);
    expect(sealed).not.toContain(SECRET);
    expect(sealed).toMatch(/^v1\.[0-9a-f]{8}\./);
    // The server module that uses the credential opens it with the installation's key.
    expect(openSecret(sealed)).toBe(SECRET);
    // Two records with the same secret store different ciphertexts (a random IV each).
    const twin = await expectOk(writer.post('/v1/crud-channel/saveNew', { body: validBody() }));
    expect((await storedRow(twin.id)).api_key).not.toBe(sealed);
  });

  it('keeps the stored secret on a modify that leaves it out or sends the mask back, replaces it with a new one, clears it with null', async () => {
    const created = await expectOk(writer.post('/v1/crud-channel/saveNew', { body: { ...validBody(), password: 'pass-word-123456' } }));
    const before = await storedRow(created.id);
    const absent = await expectOk(
      writer.post('/v1/crud-channel/modify', { body: { id: created.id, version: created.version, name: 'Renamed' } }),
    );
    const masked = await expectOk(
      writer.post('/v1/crud-channel/modify', { body: { ...absent, apiKey: absent.apiKey, password: absent.password, name: 'Again' } }),
    );
    expect(masked.apiKey).toBe('••••WXYZ');
    const after = await storedRow(created.id);
    expect(after.api_key).toBe(before.api_key);
    expect(openSecret(String(after.password))).toBe('pass-word-123456');
    const replaced = await expectOk(
      writer.post('/v1/crud-channel/modify', {
        body: { id: created.id, version: masked.version, apiKey: 'new-key-0000-9876', password: null },
      }),
    );
    expect(replaced.apiKey).toBe('••••9876');
    expect(replaced.password).toBeNull();
    expect(openSecret(String((await storedRow(created.id)).api_key))).toBe('new-key-0000-9876');
  });

  it('refuses a required secret left empty, a mask on create and a secret over its length, naming the field', async () => {
    const empty = await writer.post('/v1/crud-channel/saveNew', { body: { ...validBody(), apiKey: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['apiKey']);
    const mask = await writer.post('/v1/crud-channel/saveNew', { body: { ...validBody(), apiKey: '••••WXYZ' } });
    expect(mask.status).toBe(400);
    expect(mask.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['apiKey']);
    const long = await writer.post('/v1/crud-channel/saveNew', { body: { ...validBody(), apiKey: 'x'.repeat(65) } });
    expect(long.status).toBe(400);
    expect(long.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['apiKey']);
  });

  it('cannot be filtered or sorted by (400 naming the filter), so no query reveals it by probing', async () => {
    const filtered = await writer.post('/v1/crud-channel/query', { body: { filters: { apiKey: SECRET } } });
    expect(filtered.status).toBe(400);
    expect(filtered.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['filters.apiKey']);
    const sorted = await writer.post('/v1/crud-channel/query', { body: { sorters: [{ field: 'apiKey', order: 'asc' }] } });
    expect(sorted.status).toBe(400);
  });
});
