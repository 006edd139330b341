import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionRef } from '../../resources/catalog/types';
import { defineResource, field } from '../../resources/define';
import { recordSchemaId } from '../../server/crud/crud.openapi';
import { mountResources } from '../../server/crud/resource-registry';
import { deriveTable } from '../../server/crud/table.derive';
import { createDerivedTables } from '../helpers/derived-ddl';
import { createTenant, createUser, signIn, type ApiClient, type ApiResponse, type TestTenant } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { singleScreenTestGroup } from '../helpers/test-group';

/**
 * Relation members inside an object field (a kind's rule naming a level, a member, a coupon
 * template), on a resource declared here: each id is checked on save like a relation field's
 * (the tenant, the caller's marketing centre for a centre-scoped target, the relation's
 * `pickable`), a refusal names the member's path; reads name the records (`_titles` keyed by the
 * path); a record named inside the object cannot be deleted; the OpenAPI document describes them.
 */

const RID = '测试/优惠规则';
const GRANTS: PermissionRef[] = [
  { resourceId: RID, action: '资料查看' },
  { resourceId: RID, action: '配置维护' },
];

const offer = defineResource({
  name: 'crud-rule-offer',
  table: 'crud_rule_offers',
  title: ['优惠规则', 'Offer'],
  route: { group: 'datum', entry: 'crud-rule-offer', screens: { list: 'crud-rule-offer' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    name: field.text({ label: ['名称', 'Name'], required: true, maxLength: 40 }),
    rule: field.object({
      label: ['规则', 'Rule'],
      fields: {
        level: field.relation({ label: ['等级', 'Level'], resource: 'level' }),
        levels: field.relation({ label: ['等级列表', 'Levels'], resource: 'level', multiple: true }),
        member: field.relation({ label: ['会员', 'Member'], resource: 'member' }),
        brands: field.relation({ label: ['品牌', 'Brands'], resource: 'brand', multiple: true }),
        nested: field.object({
          label: ['内层', 'Inner'],
          fields: {
            freeLevel: field.relation({
              label: ['免费等级', 'Free level'],
              resource: 'level',
              pickable: { field: 'levelType', in: ['FREE'] },
            }),
            brand: field.relation({ label: ['品牌', 'Brand'], resource: 'brand' }),
          },
        }),
      },
    }),
  },
  titleField: 'name',
  list: { defaultSort: { field: 'name', order: 'asc' } },
});

mountResources({
  resources: [offer],
  catalog: [singleScreenTestGroup({ entry: 'crud-rule-offer', title: ['优惠规则', 'Offers'], resourceId: RID })],
});

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let eastOnly: ApiClient;
/** Holds the test resource's grants (the tenant's administrator holds the product's). */
let writer: ApiClient;
const levels: Record<string, number> = {};
const members: Record<string, number> = {};
let centres: Record<string, number>;
let otherTenantLevel: number;
let seq = 0;

const ZONE = { time_zone: 'Asia/Shanghai' };

async function ok(promise: Promise<ApiResponse>) {
  const res = await promise;
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data;
}

const fieldsOf = (res: ApiResponse) => (res.body.data?.fields ?? []).map((f: { field: string }) => f.field);

const newLevel = (client: ApiClient, code: string, levelType: 'FREE' | 'PAID') =>
  ok(
    client.post('/v1/level/saveNew', {
      body:
        levelType === 'FREE'
          ? { levelType, code, name: `等级${code}`, rankOrder: ++seq, growthThreshold: seq * 10 }
          : { levelType, code, name: `等级${code}`, rankOrder: ++seq, price: 100, termMonths: 12 },
    }),
  );

beforeAll(async () => {
  t = await startTestApp();
  await createDerivedTables(t.database, { offers: deriveTable(offer) });
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  for (const [code, type] of [
    ['G1', 'FREE'],
    ['G2', 'FREE'],
    ['P1', 'PAID'],
  ] as const)
    levels[code] = (await newLevel(admin, code, type)).id;
  centres = {
    east: (await ok(admin.post('/v1/marketing-center/saveNew', { body: { code: 'EAST', name: '华东' } }))).id,
    south: (await ok(admin.post('/v1/marketing-center/saveNew', { body: { code: 'SOUTH', name: '华南' } }))).id,
  };
  for (const [centre, mobile] of [
    ['east', '13500000001'],
    ['south', '13500000002'],
  ] as const) {
    const headers = { ...ZONE, marketingCenter: String(centres[centre]) };
    members[centre] = (
      await ok(admin.post('/v1/marketcenter-member/saveNew', { body: { name: `会员${centre}`, mobile, channel: 'store' }, headers }))
    ).id;
  }
  await createUser(t.database, { tenantId: tenant.tenantId, login: 'east-only', grants: GRANTS, marketingCenterIds: [centres.east] });
  eastOnly = await signIn(t.app, { tenant: tenant.code, login: 'east-only', password: tenant.adminPassword });
  await createUser(t.database, { tenantId: tenant.tenantId, login: 'writer', grants: GRANTS });
  writer = await signIn(t.app, { tenant: tenant.code, login: 'writer', password: tenant.adminPassword });
  const other = await createTenant(t.database);
  const otherAdmin = await signIn(t.app, { tenant: other.code, login: other.adminLogin, password: other.adminPassword });
  otherTenantLevel = (await newLevel(otherAdmin, 'X1', 'FREE')).id;
});

afterAll(async () => {
  await t?.close();
});

describe('relation members of an object field', () => {
  it('saves the ids and answers the names of what they point at, on the record and in the list', async () => {
    const rule = { level: levels.G1, levels: [levels.G1, levels.G2], member: members.east, nested: { freeLevel: levels.G2 } };
    const created = await ok(writer.post('/v1/crud-rule-offer/saveNew', { body: { name: 'Names', rule } }));
    const info = await ok(writer.get(`/v1/crud-rule-offer/info/${created.id}`));
    expect(info.rule).toEqual({ ...rule, brands: null, nested: { ...rule.nested, brand: null } });
    expect(info._titles).toMatchObject({
      'rule.level': { [levels.G1]: '等级G1' },
      'rule.levels': { [levels.G1]: '等级G1', [levels.G2]: '等级G2' },
      'rule.member': { [members.east]: expect.stringMatching(/^会员east · M\d+$/) },
      'rule.nested.freeLevel': { [levels.G2]: '等级G2' },
    });
    const page = await ok(writer.post('/v1/crud-rule-offer/query', { body: { page: 1, pageSize: 20 } }));
    const row = page.records.find((r: { id: number }) => r.id === created.id);
    expect(row._titles['rule.levels']).toEqual({ [levels.G1]: '等级G1', [levels.G2]: '等级G2' });
    // The answer of the save itself names them too.
    expect(created._titles['rule.level']).toEqual({ [levels.G1]: '等级G1' });
  });

  it("refuses an unknown id and another tenant's, naming the member's path", async () => {
    const res = await writer.post('/v1/crud-rule-offer/saveNew', {
      body: { name: 'Unknown', rule: { level: 999_999_999, levels: [levels.G1, otherTenantLevel] } },
      headers: { locale: 'en_US' },
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res).sort()).toEqual(['rule.level', 'rule.levels']);
    expect(res.body.data.fields.find((f: { field: string }) => f.field === 'rule.level').msg).toContain('Rule Level');
    const bad = await writer.post('/v1/crud-rule-offer/saveNew', { body: { name: 'Bad', rule: { levels: ['x'] } } });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual(['rule.levels']);
  });

  it('refuses a record the relation may not choose, in a nested object, naming its path', async () => {
    const res = await writer.post('/v1/crud-rule-offer/saveNew', { body: { name: 'Paid', rule: { nested: { freeLevel: levels.P1 } } } });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual(['rule.nested.freeLevel']);
    expect(res.body.data.fields[0].key ?? res.body.data.fields[0].msg).toBeTruthy();
  });

  it("accepts a centre-scoped record of the caller's centre only", async () => {
    const east = { ...ZONE, marketingCenter: String(centres.east) };
    const refused = await eastOnly.post('/v1/crud-rule-offer/saveNew', {
      body: { name: 'South', rule: { member: members.south } },
      headers: east,
    });
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused)).toEqual(['rule.member']);
    await ok(eastOnly.post('/v1/crud-rule-offer/saveNew', { body: { name: 'East', rule: { member: members.east } }, headers: east }));
  });

  it('keeps a record named inside the object from being deleted until no rule names it', async () => {
    seq += 1;
    const brand = (await ok(admin.post('/v1/brand/saveNew', { body: { code: `B${seq}`, name: `品牌${seq}` } }))).id;
    const other = (await ok(admin.post('/v1/brand/saveNew', { body: { code: `C${seq}`, name: `别的${seq}` } }))).id;
    const single = await ok(writer.post('/v1/crud-rule-offer/saveNew', { body: { name: 'Holds', rule: { nested: { brand } } } }));
    const listed = await ok(writer.post('/v1/crud-rule-offer/saveNew', { body: { name: 'Lists', rule: { brands: [other, brand] } } }));
    const refused = await admin.post('/v1/brand/delete', { query: { id: brand } });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(`品牌「品牌${seq}」被 2 条优惠规则引用，不能删除`);
    await ok(
      writer.post('/v1/crud-rule-offer/modify', { body: { id: single.id, version: single.version, rule: { nested: { brand: null } } } }),
    );
    expect((await admin.post('/v1/brand/delete', { query: { id: brand } })).body.msg).toBe(
      `品牌「品牌${seq}」被 1 条优惠规则引用，不能删除`,
    );
    await ok(writer.post('/v1/crud-rule-offer/delete', { query: { id: listed.id } }));
    expect((await admin.post('/v1/brand/delete', { query: { id: brand } })).status).toBe(200);
  });

  it('serves the delete check from a GIN index on the object column', async () => {
    const rows = await t.database.db.execute<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where tablename = 'crud_rule_offers' and indexname = 'crud_rule_offers_rule_ref'`,
    );
    expect(rows.rows[0]?.indexdef).toMatch(/USING gin \(tenant_id, rule jsonb_path_ops\)/);
  });

  it('describes the members in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${t.app.config.serviceBase}/docs/json` });
    const doc = res.json();
    const rule = doc.components.schemas[recordSchemaId(offer)].properties.rule;
    expect(rule.properties.level.description).toBe('Level (id of level)');
    expect(rule.properties.levels).toMatchObject({ type: 'array', items: { type: 'integer' }, description: 'Levels (ids of level)' });
    expect(rule.properties.nested.properties.freeLevel.description).toBe('Free level (id of level)');
  });
});
