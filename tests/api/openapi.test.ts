import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv } from 'ajv';
import AjvDraft04 from 'ajv-draft-04';
import createClient, { type Middleware } from 'openapi-fetch';
import type { OpenAPI3 } from 'openapi-typescript';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG } from '../../resources/catalog/index';
import { RESOURCES } from '../../resources/index';
import type { FieldDef, ScalarField } from '../../resources/define';
import { isConditional, isConditionalLineField } from '../../resources/field-rules';
import { loadConfig } from '../../server/config';
import { recordSchemaId } from '../../server/crud/crud.openapi';
import { camelCase } from '../../server/crud/naming';
import { conflict, ok } from '../../server/http/envelope';
import { bodyAcceptsEmpty } from '../../server/http/json-body';
import { okEnvelope, wire } from '../../server/http/openapi.schemas';
import { API_TYPES_FILE, renderApiTypes } from '../../server/cli/api-client';
import { SALES_INTEGRATION } from '../../server/modules/points/points.routes';
import { SESSION_COOKIE } from '../../server/modules/auth/session.cookie';
import type { paths } from '../../resources/contract/generated/loyalty-api';
import { createTenant, createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { createMembers } from '../helpers/points-fixtures';
import { addDecimalKeywords, decimalsOf } from '../helpers/response-contract';
import { buildTestApp, startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The OpenAPI document served at /loyalty/docs (the issue "an API that tills, apps and other
 * teams can build on"): valid OpenAPI 3.0 for a real validator, complete for every operation,
 * held true by the response check every API test runs (tests/helpers/response-contract.ts), and
 * usable through a generated client (resources/contract/generated/loyalty-api.d.ts, openapi-fetch).
 */

type Json = Record<string, any>;
type Operation = Json & { operationId?: string; summary?: string; tags?: string[]; responses: Json; security?: unknown[] };

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

let t: TestApp;
let doc: Json;
let tenant: TestTenant;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  doc = structuredClone(t.app.swagger()) as Json;
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
});
afterAll(async () => {
  await t.close();
});

function operations(): { method: string; path: string; op: Operation }[] {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, path, op: item[method] as Operation })),
  );
}

/** Follows a `#/components/...` reference of the document. */
function resolve(node: Json): Json {
  if (typeof node?.$ref !== 'string') return node;
  return resolve(
    node.$ref
      .replace('#/', '')
      .split('/')
      .reduce((at: Json, key: string) => at[key], doc),
  );
}

const jsonSchemaOf = (response: Json): Json | undefined => resolve(response)?.content?.['application/json']?.schema;

describe('the document', () => {
  it('is valid OpenAPI 3.0 for a real validator (swagger-parser)', async () => {
    expect(doc.openapi).toMatch(/^3\.0\./);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('gives every operation a unique operation id, a summary and tags of its menu group', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(200);
    const ids = ops.map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(ids.length).toBe(new Set(ids).size);
    const tagNames = new Set((doc.tags as { name: string }[]).map((tag) => tag.name));
    for (const group of CATALOG) expect(tagNames.has(group.group)).toBe(true);
    const incomplete = ops.filter(({ op }) => !op.summary?.trim() || !op.tags?.length || op.tags.some((tag) => !tagNames.has(tag)));
    expect(incomplete.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it('derives the operation ids and tags of declared resources from the resource and the operation', () => {
    for (const resource of RESOURCES) {
      const name = camelCase(resource.name);
      const expected: [string, string, string][] = resource.singleton
        ? [
            ['get', `/v1/${resource.name}/get`, `${name}.get`],
            ['post', `/v1/${resource.name}/save`, `${name}.save`],
          ]
        : [
            ['post', `/v1/${resource.name}/query`, `${name}.query`],
            ['get', `/v1/${resource.name}/info/{id}`, `${name}.info`],
            ['get', `/v1/${resource.name}/options`, `${name}.options`],
            // A server action (a job's transition) has no route.
            ...Object.entries(resource.states?.actions ?? {})
              .filter(([, def]) => !def.server)
              .map(([action]): [string, string, string] => ['post', `/v1/${resource.name}/${action}`, `${name}.${action}`]),
            ...(Object.values(resource.fields).some((f) => f.kind === 'lines')
              ? [['get', `/v1/${resource.name}/lines/{id}`, `${name}.lines`] as [string, string, string]]
              : []),
            ...(resource.readOnly ? [] : [['post', `/v1/${resource.name}/saveNew`, `${name}.saveNew`] as [string, string, string]]),
          ];
      for (const [method, path, operationId] of expected) {
        const op = doc.paths[path]?.[method] as Operation | undefined;
        expect(op?.operationId, `${method} ${path}`).toBe(operationId);
        expect(op?.tags).toEqual([resource.route.group]);
      }
    }
    expect(doc.paths['/v1/brand/query'].post.operationId).toBe('brand.query');
  });

  it('declares the envelope with its data for 200, and the error answers each operation can give', () => {
    const problems: string[] = [];
    for (const { method, path, op } of operations()) {
      const where = `${method} ${path}`;
      const success = op.responses['200'];
      const json = success && jsonSchemaOf(success);
      // A file answer (an export workbook, an uploaded file's bytes) is binary content instead.
      const binary =
        success &&
        Object.values((resolve(success).content ?? {}) as Record<string, Json>).some((media) => media.schema?.format === 'binary');
      // A browser's redirect (WeChat's return to the console) answers 302 with its Location instead.
      const redirect = !success && resolve(op.responses['302'] ?? {}).headers?.Location !== undefined;
      // A platform's push (WeChat's) is answered in plain text, as the platform expects, whatever the status.
      const plain = (response: Json | undefined) => {
        const media = Object.keys((resolve(response ?? {}).content ?? {}) as Record<string, Json>);
        return media.length > 0 && media.every((type) => type === 'text/plain');
      };
      const text = success !== undefined && plain(success);
      if (!json && !binary && !redirect && !text) problems.push(`${where}: no 200 schema`);
      if (
        json &&
        (json.properties?.code?.enum?.[0] !== 2000 ||
          !json.properties?.msg ||
          !('data' in (json.properties ?? {})) ||
          !json.required?.includes('data'))
      ) {
        problems.push(`${where}: 200 is not the envelope`);
      }
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      // Only the calls that serve the session itself work with an invalid licence; they answer
      // 403 only when they need a grant.
      const mayBeRefused = !isPublic && (op['x-license-exempt'] !== true || op['x-requires'] !== undefined);
      const expected = ['400', '500', '503', ...(isPublic ? [] : ['401']), ...(mayBeRefused ? ['403'] : [])];
      for (const status of expected) if (!op.responses[status]) problems.push(`${where}: no ${status}`);
      if (isPublic && op.responses['401']) problems.push(`${where}: public but answers 401`);
      for (const [status, response] of Object.entries(op.responses)) {
        if (status === '200' || (status === '302' && redirect) || (text && plain(response as Json))) continue;
        const schema = resolve(jsonSchemaOf(response as Json) ?? {});
        // "Not modified" (a conditional GET of the translation table) is the one answer without a body.
        if (status === '304') {
          if (schema.properties) problems.push(`${where}: 304 declares a body`);
          continue;
        }
        const codes: number[] = schema.properties?.code?.enum ?? [];
        // A code is its status and one digit: 4000 for 400, 4031 for 403, 5030 for 503.
        if (codes.length === 0 || codes.some((code) => String(code).slice(0, 3) !== status))
          problems.push(`${where}: ${status} lists codes ${codes}`);
      }
    }
    expect(problems).toEqual([]);
    const licence = resolve(doc.components.responses.ForbiddenOrLicenseInvalid);
    expect(resolve(licence.content['application/json'].schema).properties.message.enum).toEqual(['licenseInvalid']);
    const badInput = resolve(doc.components.schemas.BadInput);
    expect(badInput.properties.data.properties.fields.items.required).toEqual(['field', 'msg']);
  });

  it('names the errors an operation itself can answer (404 for an id, 409 for a version or a state)', () => {
    expect(Object.keys(doc.paths['/v1/brand/info/{id}'].get.responses)).toContain('404');
    expect(Object.keys(doc.paths['/v1/brand/modify'].post.responses)).toEqual(expect.arrayContaining(['404', '409']));
    expect(Object.keys(doc.paths['/v1/score-adjust/audit'].post.responses)).toEqual(expect.arrayContaining(['404', '409']));
    expect(Object.keys(doc.paths['/v1/points/spend'].post.responses)).toEqual(expect.arrayContaining(['404', '409']));
    expect(Object.keys(doc.paths['/v1/auth/login'].post.responses)).toEqual(expect.arrayContaining(['403', '429']));
    expect(doc.paths['/v1/brand/query'].post.responses['404']).toBeUndefined();
  });

  it('types money, points, dates and value lists as the contract says', () => {
    const schemas = doc.components.schemas as Record<string, Json>;
    const checked = new Set<string>();
    for (const resource of RESOURCES) {
      const record = schemas[recordSchemaId(resource)];
      expect(record, resource.name).toBeDefined();
      const check = (name: string, f: FieldDef, schema: Json) => {
        checked.add(f.kind);
        const where = `${resource.name}.${name}`;
        if (f.kind === 'money') expect([schema.type, schema.format, schema['x-decimal-places']], where).toEqual(['number', 'decimal', 2]);
        if (f.kind === 'decimal') expect([schema.format, schema['x-decimal-places']], where).toEqual(['decimal', f.decimals ?? 2]);
        if (f.kind === 'integer') expect(schema.type, where).toBe('integer');
        if (f.kind === 'datetime') expect(schema.pattern, where).toBe('^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$');
        if (f.kind === 'date') expect(schema.pattern, where).toBe('^\\d{4}-\\d{2}-\\d{2}$');
        if (f.kind === 'enum') {
          const values = (f.multiple ? schema.items.enum : schema.enum).filter((v: unknown) => v !== null);
          expect(values, where).toEqual(Object.keys(f.options));
        }
        // A conditional field is null while it does not apply (resources/field-rules.ts).
        const conditional = name.includes('.') ? isConditionalLineField(f as ScalarField) : isConditional(resource, name);
        expect(schema.nullable === true, where).toBe(!f.required || conditional);
      };
      for (const [name, f] of Object.entries(resource.fields)) {
        if (f.kind === 'lines') {
          for (const [inner, lf] of Object.entries(f.fields))
            check(`${name}.${inner}`, lf, record.properties[name].items.properties[inner]);
        } else if (!resource.singleton) {
          check(name, f, record.properties[name]);
        }
      }
      expect(record.properties.createdAt.pattern).toBe('^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$');
    }
    expect([...checked]).toEqual(expect.arrayContaining(['money', 'integer', 'datetime', 'date', 'enum']));
    const sale = jsonSchemaOf(doc.paths['/v1/points/transaction'].post.responses['200'])!.properties.data;
    expect(sale.properties.points.type).toBe('integer');
    expect(sale.properties.amount.pattern).toBe('^-?\\d+\\.\\d{2}$');
    const entries = jsonSchemaOf(doc.paths['/v1/points-entries/query'].post.responses['200'])!.properties.data.properties.records.items;
    expect(entries.properties.kind.enum).toEqual(['earn', 'spend', 'adjust', 'reverse', 'expire']);
  });

  it('carries examples on the till endpoints, each valid against its own schema', () => {
    // OpenAPI 3.0 schemas are draft-04 with `nullable`: Ajv's draft-04 build reads both.
    const ajv = new AjvDraft04({ strict: false, allErrors: true });
    const validate = (schema: Json, value: unknown) => {
      const check = ajv.compile({ ...schema, components: doc.components });
      return check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
    };
    for (const path of ['/v1/points/transaction', '/v1/points/spend', '/v1/points/return']) {
      const op = doc.paths[path].post as Operation;
      const body = op.requestBody.content['application/json'];
      const answer = resolve(op.responses['200']).content['application/json'];
      expect(body.example, path).toBeDefined();
      expect(answer.example, path).toBeDefined();
      expect(validate(body.schema, body.example), path).toEqual([]);
      expect(validate(answer.schema, answer.example), path).toEqual([]);
    }
  });
});

describe('amounts and bodies as outside tools read them (issue 31 §4)', () => {
  /** Every schema object of the document, with where it is. */
  function schemasOf(node: unknown, at = '#', out: { at: string; schema: Json }[] = []): { at: string; schema: Json }[] {
    if (typeof node !== 'object' || node === null) return out;
    if (!Array.isArray(node)) out.push({ at, schema: node as Json });
    for (const [key, value] of Object.entries(node)) schemasOf(value, `${at}/${key}`, out);
    return out;
  }

  it('describes money with no float multipleOf: format decimal with its decimals, which a standard validator accepts', () => {
    const all = schemasOf(doc);
    expect(all.filter(({ schema }) => 'multipleOf' in schema).map(({ at }) => at)).toEqual([]);
    const decimals = all.filter(({ schema }) => schema.format === 'decimal');
    expect(decimals.length).toBeGreaterThan(0);
    expect(decimals.filter(({ schema }) => !Number.isInteger(schema['x-decimal-places'])).map(({ at }) => at)).toEqual([]);

    // A validator that knows nothing of the extension (Ajv, as Prism and most tools use it).
    const pay = resolve(doc.paths['/v1/stored-value/pay'].post.responses['200']).content['application/json'].schema;
    // It ignores the format it does not know (quietly here: that is the expected reading).
    const check = new AjvDraft04({ strict: false, allErrors: true, logger: false }).compile({ ...pay, components: doc.components });
    for (const amount of [99999980.99, 110.07, 1.13, 0.07, 0, 12]) {
      const data = {
        requestNo: 'P1',
        memberId: 1,
        amount,
        discount: 0,
        paid: amount,
        principalPaid: amount,
        giftPaid: 0,
        principal: amount,
        gift: 0,
        balance: amount,
        entryId: 1,
        paymentId: 1,
        activities: [],
      };
      expect(check({ code: 2000, msg: 'success', data }), `${amount}: ${JSON.stringify(check.errors)}`).toBe(true);
    }
  });

  it('holds the decimals exactly in the response check: on the JSON text, not in floating point', () => {
    const ajv = new Ajv({ strict: false });
    addDecimalKeywords(ajv);
    const money = ajv.compile(wire.money);
    expect([99999980.99, 110.07, 0.07, -5.1, 12, 1e21].map((n) => money(n))).toEqual([true, true, true, true, true, true]);
    expect([0.1 + 0.2, 1.005, 1e-7, 12.345].map((n) => money(n))).toEqual([false, false, false, false]);
    expect([decimalsOf(1e-7), decimalsOf(1.5e-5), decimalsOf(2.5e21)]).toEqual([7, 6, 0]);
  });

  it('marks a request body optional exactly where it requires nothing, and reads a missing one as {}', async () => {
    const bodies = operations()
      .filter(({ op }) => op.requestBody)
      .map(({ method, path, op }) => {
        const schema = resolve(op.requestBody.content['application/json']?.schema ?? {});
        return { call: `${method} ${path}`, required: op.requestBody.required as boolean, accepted: bodyAcceptsEmpty(schema) };
      });
    expect(bodies.filter((b) => b.required === b.accepted).map((b) => b.call)).toEqual([]);
    expect(bodies.filter((b) => !b.required).length).toBeGreaterThan(0);
    // A query and an action whose body requires nothing, called without one; a sale needs its body.
    expect((await admin.post('/v1/user/query')).body).toMatchObject({ code: 2000, data: { records: expect.any(Array) } });
    expect((await admin.post('/v1/application-calls/query')).body.code).toBe(2000);
    const sale = await admin.post('/v1/points/transaction');
    expect([sale.status, sale.body.data.fields.map((f: { field: string }) => f.field)]).toEqual([400, ['body']]);
  });
});

describe('the response check of the API tests', () => {
  it('is installed on every test app and counts what it checks', async () => {
    const before = t.contract.checked;
    const res = await admin.get('/v1/auth/current');
    expect(res.status).toBe(200);
    expect(t.contract.checked).toBe(before + 1);
    expect(t.contract.take()).toEqual([]);
  });

  it('cannot be bypassed: no API test builds its app but through tests/helpers/test-app.ts', () => {
    const direct = fs
      .readdirSync('tests/api')
      .filter((file) => /\bbuildApp\(|from '\.\.\/\.\.\/server\/app'/.test(fs.readFileSync(`tests/api/${file}`, 'utf8')));
    expect(direct).toEqual([]);
  });

  describe('on a route whose schema is deliberately wrong', () => {
    let probe: Awaited<ReturnType<typeof buildTestApp>>;
    const base = loadConfig({}).serviceBase;
    const route = `${base}/v1/contract-probe`;
    const schema = {
      operationId: 'contractProbe.get',
      tags: ['auth'],
      summary: 'Probe',
      querystring: { type: 'object', properties: { answer: { type: 'string' } } },
      response: { 200: okEnvelope({ type: 'object', required: ['n'], properties: { n: { type: 'integer' } } }) },
    };
    const answersOf: Record<string, () => unknown> = {
      right: () => ok({ n: 7 }),
      wrongType: () => ok({ n: 'seven' }),
      nullNumber: () => ok({ n: null }),
      leaks: () => ok({ n: 7, passwordHash: 'secret' }),
      missing: () => ok({}),
    };

    beforeAll(async () => {
      probe = await buildTestApp({ database: t.database, config: { ...loadConfig({}), seedDemo: false }, jobs: null });
      probe.app.get<{ Querystring: { answer: string } }>(route, { schema, config: { public: true } }, async (request) => {
        if (request.query.answer === 'conflict') throw conflict();
        return answersOf[request.query.answer]();
      });
      await probe.app.ready();
    });
    afterAll(async () => {
      probe.contract.take();
      await probe.app.close();
    });
    afterEach(() => {
      // What a case provoked on purpose is taken by the case itself.
      expect(probe.contract.take()).toEqual([]);
    });

    const call = (answer: string) => probe.app.inject({ method: 'GET', url: `${route}?answer=${answer}` });

    it('passes an answer that matches', async () => {
      expect((await call('right')).json()).toEqual({ code: 2000, msg: 'success', data: { n: 7 } });
      expect(probe.contract.take()).toEqual([]);
    });

    it('reports a wrong type, and a null the schema does not allow, that the serializer would hide', async () => {
      await call('wrongType');
      await call('nullNumber');
      const found = probe.contract.take();
      expect(found).toHaveLength(2);
      expect(found[0]).toMatchObject({ method: 'GET', url: route, status: 200 });
      expect(found[0].problem).toContain('/data/n must be integer');
      expect(found[1].problem).toContain('/data/n must be integer');
    });

    it('reports a property the document does not name, and the client never receives it', async () => {
      const res = await call('leaks');
      expect(res.json()).toEqual({ code: 2000, msg: 'success', data: { n: 7 } });
      const found = probe.contract.take();
      expect(found).toHaveLength(1);
      expect(found[0].problem).toContain('must NOT have additional properties (passwordHash)');
    });

    it('reports a missing property and a status the operation does not declare', async () => {
      await call('missing');
      const res = await call('conflict');
      expect(res.statusCode).toBe(409);
      const found = probe.contract.take();
      expect(found.map((v) => v.problem)).toEqual([
        expect.stringContaining("must have required property 'n'"),
        'the operation declares no response for status 409',
      ]);
    });

    it('fails the test it happened in', async () => {
      await call('wrongType');
      expect(() => probe.contract.assertClean()).toThrow(/1 answer\(s\) do not match the OpenAPI document/);
      expect(probe.contract.take()).toEqual([]);
    });
  });
});

describe('the generated client', () => {
  it('is current: npm run api:client writes exactly the committed types', async () => {
    const committed = fs.readFileSync(API_TYPES_FILE, 'utf8');
    const generated = await renderApiTypes(doc as OpenAPI3);
    // Compared by line so a stale file shows the first differing operation, not a megabyte.
    const committedLines = committed.split('\n');
    const stale = generated.split('\n').findIndex((line, i) => line !== committedLines[i]);
    expect(stale, `${API_TYPES_FILE} is stale: run npm run api:client`).toBe(-1);
    expect(committed).toBe(generated);
  });

  it("drives a till flow end to end: sign in, post a sale, read the member's points", async () => {
    const [memberId] = await createMembers({ client: admin, count: 1 });
    await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'till-01',
      grants: [...SALES_INTEGRATION, { resourceId: '积分/积分查询', action: '账户信息查看' }],
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;

    // A till keeps the session cookie like a browser would.
    let cookie: string | null = null;
    const session: Middleware = {
      onRequest({ request }) {
        if (cookie) request.headers.set('cookie', cookie);
        request.headers.set('time_zone', 'Asia/Shanghai');
      },
      onResponse({ response }) {
        const set = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
        if (set) cookie = set.split(';')[0];
      },
    };
    // A client that signs in with the session cookie names itself on every call (CSRF guard).
    const api = createClient<paths>({
      baseUrl: `http://127.0.0.1:${port}${t.app.config.serviceBase}`,
      headers: { 'X-Requested-With': 'loyalty-console' },
    });
    api.use(session);

    const login = await api.POST('/v1/auth/login', { body: { tenant: tenant.code, login: 'till-01', password: 'Fixture#2026' } });
    expect(login.response.status).toBe(200);
    const info = login.data!.data;
    expect(info.state).toBe('normal');
    expect(info.user.login).toBe('till-01');

    const orderNo = `S${Date.now()}`;
    const sale = await api.POST('/v1/points/transaction', {
      body: {
        orderNo,
        memberId,
        storeId: null,
        lines: [
          { goodsCode: '6901234567890', quantity: 2, amount: '25.80' },
          { goodsCode: '6909876543210', quantity: 1, amount: 12 },
        ],
      },
    });
    expect(sale.error).toBeUndefined();
    const posted = sale.data!.data;
    expect(posted.amount).toBe('37.80');
    const earned: number = posted.points;
    expect(earned).toBeGreaterThan(0);

    const account = await api.GET('/v1/points/account', { params: { query: { memberId } } });
    expect(account.data!.data).toMatchObject({ memberId, balance: posted.balance, totalEarned: earned, totalSpent: 0 });

    // Replaying the sale answers the first result and earns nothing more.
    const again = await api.POST('/v1/points/transaction', {
      body: {
        orderNo,
        memberId,
        lines: [
          { goodsCode: '6901234567890', quantity: 2, amount: '25.80' },
          { goodsCode: '6909876543210', quantity: 1, amount: 12 },
        ],
      },
    });
    expect(again.data!.data).toEqual(posted);

    // Errors come back typed too: spending more than the balance is 409 with the error envelope.
    const overdraft = await api.POST('/v1/points/spend', { body: { requestNo: `X${Date.now()}`, memberId, points: posted.balance + 1 } });
    expect(overdraft.response.status).toBe(409);
    const code: number | undefined = overdraft.error?.code;
    expect(code).toBe(4090);
  });
});
