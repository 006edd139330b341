import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { FieldDef, ResourceDef, ScalarField, TreeField } from '../../resources/define';
import { RESOURCES } from '../../resources/index';
import type { Database } from '../../server/db/connection';
import { groupPermissionRefs, viewPermissionRefs } from '../../server/modules/authorization/permission.catalog';
import { SESSION_COOKIE } from '../../server/modules/auth/session.cookie';
import { translate } from '../../server/modules/i18n/translate';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../resources/contract/client-header';
import { createTenant, createUser, signIn, type ApiClient } from './fixtures';

/**
 * A fuzzer of the whole API, generated from the OpenAPI document the app serves
 * (`app.swagger()`), so a new route is fuzzed the day it is added. Every route gets malformed
 * bodies, queries, path ids and headers — wrong types, missing and unknown fields, prototype
 * keys, NUL characters and lone surrogates, huge and non-finite numbers, oversized strings —
 * as each demo-like role. An answer is wrong when it is a 5xx, when it is not the envelope, or
 * when it is a 400 that names no field (data.fields) outside the short list of FIELDLESS_400.
 *
 * Routes without a body schema in the document yet get generic malformed bodies, and the
 * generic CRUD routes also get their field names from the resource declarations (RESOURCES).
 * Used by tests/api/fuzz.test.ts (a few thousand cases in `npm test`) and bench/fuzz.ts (any
 * number of cases, prints the count of 5xx).
 */

type Json = Record<string, unknown>;

/** A JSON text spliced verbatim into a body: what JSON.stringify cannot write (1e9999, -0, 2^70). */
class Raw {
  constructor(readonly text: string) {}
}

/** Serialises a body tree whose leaves may be Raw JSON texts. */
export function toJsonText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`)
      .join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return '1e9999';
  return JSON.stringify(value) ?? 'null';
}

/** Keys an object lookup might mistake for its own properties. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', '__defineGetter__'];

const HUGE = 'x'.repeat(100_001);

/** Malformed leaf values, as JSON texts or plain values. */
const ATOMS: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  '',
  ' ',
  'fuzz',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uD83D',
  '😀',
  HUGE,
  'constructor',
  '__proto__',
  'toString',
  '1e9999',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1',
  '9'.repeat(30),
  '2026-13-45',
  '2026-02-30 25:61:61',
  '25:99',
  "' or 1=1 --",
  '%_\\',
  'null',
  '0x10',
  ' 12 ',
  '1.999',
  '-0',
  new Raw('1e9999'),
  new Raw('-1e9999'),
  new Raw('-0'),
  new Raw('1180591620717411303424'),
  new Raw('-1180591620717411303424'),
  new Raw('9223372036854775808'),
  new Raw('9007199254740993'),
  new Raw('1e-400'),
  new Raw('0.1e1'),
  new Raw('1E+2'),
  new Raw('1234567890123.45'),
  new Raw('9999999999999.99'),
  new Raw('99999999999999.99'),
  new Raw('0.001'),
  new Raw('123.456'),
  [],
  [null],
  ['\u0000'],
  [new Raw('1e9999')],
  [1, 2, 3],
  {},
  { a: 1 },
  { __proto__x: 1 },
  new Raw('{"__proto__":{"x":1}}'),
  new Raw('{"constructor":{"prototype":{"x":1}}}'),
  new Raw('{"toString":1}'),
  [{ field: 'constructor', order: 'asc' }],
  { constructor: 'x' },
];

/** Malformed ids for paths and query strings, already URL-encoded. */
const URL_IDS: readonly string[] = [
  '0',
  '-1',
  '1.5',
  'abc',
  '1e9999',
  'Infinity',
  '-Infinity',
  '1e400',
  'NaN',
  'true',
  'false',
  '99999999999999999999999',
  '9223372036854775808',
  '9007199254740993',
  '%00',
  '1%00',
  '%ED%A0%80',
  '%FF',
  '%25',
  'constructor',
  '__proto__',
  'toString',
  '%20',
  '',
  '0x10',
  '1e3',
  '-0',
  '+1',
  encodeURIComponent(HUGE.slice(0, 5000)),
];
/** Ids that look right but name nothing (high enough never to be a fixture's own record). */
const VALID_LOOKING_IDS: readonly string[] = ['987654321', '2147483647', '9007199254740991'];

/** Stands for the fuzz tenant's own marketing centre in a header; filled in when the case is sent. */
const OWN_CENTRE = '{own-centre}';

/** Header values a client might send (an HTTP header cannot carry NUL or non-Latin-1 text). */
function headerCases(): fc.Arbitrary<Record<string, string>> {
  return fc.constantFrom<Record<string, string>>(
    {},
    { marketingCenter: OWN_CENTRE },
    { marketingCenter: 'abc' },
    { marketingCenter: '1e9999' },
    { marketingCenter: '99999999999999999999999' },
    { marketingCenter: '-1' },
    { marketingCenter: 'constructor' },
    { marketingCenter: '987654321' },
    { time_zone: 'Not/AZone' },
    { time_zone: 'constructor' },
    { time_zone: '' },
    { time_zone: 'Etc/GMT+14' },
    { locale: 'xx_XX' },
    { locale: '__proto__' },
    { locale: 'en_US' },
    { trace_id: 'x'.repeat(5000) },
    { 'content-type': 'text/plain' },
    { 'content-type': 'application/xml' },
    { 'content-type': 'application/json; charset=latin1' },
    { 'content-type': 'multipart/form-data; boundary=x' },
    { 'content-type': 'application/x-www-form-urlencoded' },
    // An application's key (server/modules/auth/application-key.ts): junk, too long, or nearly one.
    { 'x-api-key': '' },
    { 'x-api-key': 'lk_' },
    { 'x-api-key': `lk_${'A'.repeat(40)}` },
    { 'x-api-key': 'x'.repeat(5000) },
    { 'x-api-key': '__proto__' },
  );
}

/** Role names of the fuzz; each is a signed-in client except `anonymous`. */
export const FUZZ_ROLES = ['admin', 'clerk', 'auditor', 'anonymous'] as const;
export type FuzzRole = (typeof FUZZ_ROLES)[number];

/** One route of the OpenAPI document, with what the fuzzer knows of its inputs. */
export interface FuzzTarget {
  readonly method: 'GET' | 'POST';
  /** Path below the service base with `{param}` slots, e.g. `/v1/area/info/{id}`. */
  readonly path: string;
  readonly pathParams: readonly string[];
  readonly queryParams: readonly { name: string; schema: Json }[];
  readonly bodySchema: Json | null;
  /** The declaration behind a generic CRUD route, if any. */
  readonly resource: ResourceDef | null;
  /** The route answers in plain text, as its OpenAPI document says (a platform's push, WeChat's). */
  readonly plainText: boolean;
}

/** Whether every answer an operation documents is plain text. */
function answersPlainText(op: Json): boolean {
  const media = Object.values((op.responses ?? {}) as Record<string, { content?: Record<string, unknown> }>).flatMap((response) =>
    Object.keys(response.content ?? {}),
  );
  return media.length > 0 && media.every((type) => type === 'text/plain');
}

/**
 * Routes never fuzzed, and why. Keep short: every route belongs in the fuzz.
 * - logout ends the session the rest of the run signs with.
 */
export const SKIPPED_ROUTES: readonly string[] = ['POST /v1/auth/logout'];

/** Every route of the document (minus SKIPPED_ROUTES). */
export function fuzzTargets(doc: { paths: Record<string, Record<string, Json>> }): FuzzTarget[] {
  const targets: FuzzTarget[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (!path.startsWith('/v1/')) continue;
    const resourceName = path.split('/')[2];
    const resource = RESOURCES.find((r) => r.name === resourceName) ?? null;
    for (const [method, op] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      if (upper !== 'GET' && upper !== 'POST') continue;
      if (SKIPPED_ROUTES.includes(`${upper} ${path}`)) continue;
      const parameters = (op.parameters ?? []) as { in: string; name: string; schema?: Json }[];
      const content = (op.requestBody as { content?: Record<string, { schema?: Json }> } | undefined)?.content;
      targets.push({
        method: upper,
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        bodySchema: content?.['application/json']?.schema ?? null,
        resource,
        plainText: answersPlainText(op),
      });
    }
  }
  return targets;
}

// ---------------------------------------------------------------------------------------------
// Plausible values, so one malformed part travels inside an otherwise well-formed request
// ---------------------------------------------------------------------------------------------

const ID = 987654321;

function fromSchema(schema: Json, name = ''): unknown {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  switch (type) {
    case 'string':
      if (schema.format === 'date' || String(schema.pattern ?? '').includes('\\d{4}')) return '2026-01-01';
      return typeof schema.minLength === 'number' && schema.minLength > 4 ? 'f'.repeat(schema.minLength) : 'fuzz';
    case 'integer':
      if (/id$/i.test(name)) return ID;
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum + 1 : 1;
    case 'boolean':
      return true;
    case 'array': {
      const items = (schema.items ?? {}) as Json;
      const count = typeof schema.minItems === 'number' ? schema.minItems : 1;
      return Array.from({ length: count }, () => fromSchema(items, name));
    }
    case 'object':
    default: {
      const props = (schema.properties ?? {}) as Record<string, Json>;
      return Object.fromEntries(Object.entries(props).map(([k, s]) => [k, fromSchema(s, k)]));
    }
  }
}

function fromField(f: FieldDef): unknown {
  switch (f.kind) {
    case 'text':
      return f.minLength && f.minLength > 4 ? 'f'.repeat(f.minLength) : 'fuzz';
    case 'longText':
      return 'fuzz text';
    case 'file':
      return 'file-1';
    case 'integer':
      return f.min ?? 1;
    case 'money':
    case 'decimal':
      return f.min !== undefined ? f.min + 1 : 1;
    case 'boolean':
      return true;
    case 'enum':
      return f.multiple ? [Object.keys(f.options)[0]] : Object.keys(f.options)[0];
    case 'date':
      return '2026-01-01';
    case 'datetime':
      return '2026-01-01 08:00:00';
    case 'dateRange':
      return ['2026-01-01', '2026-01-02'];
    case 'time':
      return '08:00';
    case 'weekdays':
      return [1, 2];
    case 'relation':
      return f.multiple ? [ID] : ID;
    case 'tree':
      return null;
    case 'lines':
      return [Object.fromEntries(Object.entries(f.fields).map(([k, lf]) => [k, fromField(lf as ScalarField | TreeField)]))];
  }
}

/** Field paths the body schema of the OpenAPI document declares (`name`, `lines.0.qty`). */
function schemaPaths(target: FuzzTarget): string[] {
  const paths = new Set<string>();
  const walk = (schema: Json, prefix: string) => {
    for (const [k, s] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
      paths.add(`${prefix}${k}`);
      const type = Array.isArray(s.type) ? s.type : [s.type];
      if (type.includes('object')) walk(s, `${prefix}${k}.`);
      if (type.includes('array') && (s.items as Json | undefined)?.properties) walk(s.items as Json, `${prefix}${k}.0.`);
    }
  };
  if (target.bodySchema) walk(target.bodySchema, '');
  return [...paths];
}

/** Field paths of a body a mutation may hit (`name`, `lines.0.qty`, `filters.code`). */
function bodyPaths(target: FuzzTarget): string[] {
  const paths = new Set(schemaPaths(target));
  if (target.resource) {
    for (const [name, f] of Object.entries(target.resource.fields)) {
      paths.add(name);
      if (f.kind === 'lines') for (const inner of Object.keys(f.fields)) paths.add(`${name}.0.${inner}`);
    }
  }
  for (const generic of ['id', 'version', 'reason', 'page', 'pageSize', 'keyword', 'cursor']) paths.add(generic);
  return [...paths];
}

function baseBody(target: FuzzTarget, kind: 'query' | 'write'): Json {
  const body = target.bodySchema ? (fromSchema(target.bodySchema) as Json) : {};
  if (target.resource && kind === 'write') {
    for (const [name, f] of Object.entries(target.resource.fields)) {
      if (!f.serverManaged) body[name] = fromField(f);
    }
    if (target.path.endsWith('/modify')) Object.assign(body, { id: ID, version: 1 });
  }
  return body;
}

function setPath(body: Json, path: string, value: unknown): void {
  const parts = path.split('.');
  let node: Json = body;
  for (const [i, part] of parts.slice(0, -1).entries()) {
    const nextIsIndex = /^\d+$/.test(parts[i + 1]);
    const current = node[part];
    if (current === null || typeof current !== 'object') node[part] = nextIsIndex ? [{}] : {};
    node = node[part] as Json;
  }
  node[parts[parts.length - 1]] = value;
}

// ---------------------------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------------------------

/** One request of the fuzz. */
export interface FuzzCase {
  readonly role: FuzzRole;
  readonly method: 'GET' | 'POST';
  /** Below the service base, with its query string. */
  readonly url: string;
  readonly headers: Record<string, string>;
  /** The raw body text (POST only). */
  readonly payload?: string;
  /** What was malformed, for the report. */
  readonly note: string;
  /**
   * An id field (`id`, `…Id`, `…Ids`) sent a boolean: the answer must refuse it (400 naming
   * it), never act on the id 1 or 0 the validator would coerce it to.
   */
  readonly booleanId?: string;
  /** The route answers in plain text by design (FuzzTarget.plainText), not the envelope. */
  readonly plainText?: boolean;
}

/** Names of id fields, by the API's convention (server/http/input-guard.ts conventionalBounds). */
const isIdName = (name: string) => name === 'id' || /[a-z]Ids?$/.test(name);

const atom = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...ATOMS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }) },
  { weight: 1, arbitrary: fc.double().map((n) => (Number.isFinite(n) ? n : new Raw(n > 0 ? '1e9999' : '-1e9999'))) },
);

const urlValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...URL_IDS) },
  { weight: 1, arbitrary: fc.constantFrom(...VALID_LOOKING_IDS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }).map((s) => encodeURIComponent(s)) },
);

function bodyArbitrary(target: FuzzTarget): fc.Arbitrary<{ payload: string; note: string; booleanId?: string }> {
  const isQuery = /\/query$|\/export$|\/results$/.test(target.path);
  const paths = bodyPaths(target);
  const fieldNames = target.resource ? Object.keys(target.resource.fields) : [];
  const keyNames = fc.constantFrom(...fieldNames, ...PROTOTYPE_KEYS, 'unknownField', '\u0000', '\uD800');
  // Only where the route declares an id: a body key it does not read proves nothing.
  const idPaths = schemaPaths(target).filter((path) => isIdName(path.split('.').pop() ?? ''));
  const mutations: fc.Arbitrary<{ payload: string; note: string; booleanId?: string }>[] = [
    fc.tuple(fc.constantFrom(...paths), atom).map(([path, value]) => {
      const body = baseBody(target, isQuery ? 'query' : 'write');
      setPath(body, path, value);
      return { payload: toJsonText(body), note: `${path} = ${toJsonText(value).slice(0, 60)}` };
    }),
    fc.tuple(keyNames, atom).map(([key, value]) => {
      const body = baseBody(target, isQuery ? 'query' : 'write');
      return {
        payload: toJsonText(body)
          .replace(/^\{/, `{${JSON.stringify(key)}:${toJsonText(value)},`)
          .replace(/,\}$/, '}'),
        note: `unknown ${key}`,
      };
    }),
    fc.constant({ payload: '{}', note: 'empty object' }),
    ...(idPaths.length === 0
      ? []
      : [
          fc.tuple(fc.constantFrom(...idPaths), fc.boolean()).map(([path, value]) => {
            const body = baseBody(target, isQuery ? 'query' : 'write');
            setPath(body, path, value);
            return { payload: toJsonText(body), note: `${path} = ${value}`, booleanId: path };
          }),
        ]),
    atom.map((value) => ({ payload: toJsonText(value), note: `body = ${toJsonText(value).slice(0, 60)}` })),
    fc
      .constantFrom('{', '{"a":}', '[1,', 'nul', '{"a":1}{"b":2}', '\u0000', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '')
      .map((text) => ({ payload: text, note: `bad JSON ${JSON.stringify(text)}` })),
  ];
  if (isQuery || target.resource) {
    mutations.push(
      fc.tuple(keyNames, atom).map(([key, value]) => ({ payload: toJsonText({ filters: { [key]: value } }), note: `filters.${key}` })),
      fc.tuple(keyNames, fc.constantFrom<unknown>('asc', 'desc', 'ASC', null, 1, '\u0000')).map(([key, order]) => ({
        payload: toJsonText({ sorters: [{ field: key, order }] }),
        note: `sorters ${key} ${String(order)}`,
      })),
      atom.map((value) => ({ payload: toJsonText({ keyword: value }), note: `keyword ${toJsonText(value).slice(0, 40)}` })),
      fc
        .tuple(fc.constantFrom('page', 'pageSize', 'cursor'), atom)
        .map(([key, value]) => ({ payload: toJsonText({ [key]: value }), note: `${key} ${toJsonText(value).slice(0, 40)}` })),
    );
  }
  if (target.resource && isQuery) {
    // A forged keyset cursor for the default order: right signature, malformed values.
    const { field, order } = target.resource.list.defaultSort;
    const signature = field === 'id' ? `id:${order}` : `${field}:${order},id:${order}`;
    const width = field === 'id' ? 1 : 2;
    mutations.push(
      fc.array(atom, { minLength: width, maxLength: width }).map((values) => {
        const v = JSON.parse(toJsonText(values).replace(/1e9999/g, '1e308')) as unknown[];
        const cursor = Buffer.from(JSON.stringify({ s: signature, v })).toString('base64url');
        return { payload: toJsonText({ cursor }), note: `forged cursor ${JSON.stringify(v).slice(0, 60)}` };
      }),
    );
  }
  return fc.oneof(...mutations);
}

/** Arbitrary requests over `targets` (sample them with a fixed seed: `fc.sample(arb, { seed, numRuns })`). */
export function fuzzCaseArbitrary(targets: readonly FuzzTarget[]): fc.Arbitrary<FuzzCase> {
  const role = fc.constantFrom<FuzzRole>('admin', 'admin', 'admin', 'clerk', 'auditor', 'anonymous');
  return fc.constantFrom(...targets).chain((target) => {
    const pathValues = fc.tuple(...target.pathParams.map(() => urlValue));
    const queryValues = fc.tuple(
      ...target.queryParams.map((p) =>
        fc.option(fc.oneof(urlValue, fc.constant(String(fromSchema(p.schema, p.name)))), { nil: undefined }),
      ),
    );
    const body = target.method === 'POST' ? fc.option(bodyArbitrary(target), { nil: undefined, freq: 6 }) : fc.constant(undefined);
    const extraQuery = fc.option(fc.constantFrom('constructor=1', '__proto__=1', 'toString=x', 'id=1&id=abc', 'locale=%00'), {
      nil: undefined,
      freq: 4,
    });
    return fc.record({ role, pathValues, queryValues, body, headers: headerCases(), extraQuery }).map((c) => {
      let path = target.path;
      target.pathParams.forEach((name, i) => {
        path = path.replace(`{${name}}`, c.pathValues[i]);
      });
      const query = target.queryParams
        .map((p, i) => (c.queryValues[i] === undefined ? null : `${encodeURIComponent(p.name)}=${c.queryValues[i]}`))
        .filter((q): q is string => q !== null);
      if (c.extraQuery) query.push(c.extraQuery);
      const headers = { ...c.headers };
      if (c.body && !headers['content-type']) headers['content-type'] = 'application/json';
      const booleanQueryId = target.queryParams.find((p, i) => isIdName(p.name) && ['true', 'false'].includes(c.queryValues[i] ?? ''));
      const booleanId = c.body?.booleanId ?? booleanQueryId?.name;
      return {
        role: c.role,
        method: target.method,
        url: `${path}${query.length ? `?${query.join('&')}` : ''}`,
        headers,
        ...(c.body ? { payload: c.body.payload } : {}),
        note: [
          c.body?.note,
          query.length ? `query ${query.join('&').slice(0, 80)}` : '',
          Object.keys(c.headers).length ? `headers ${JSON.stringify(c.headers).slice(0, 80)}` : '',
        ]
          .filter(Boolean)
          .join('; '),
        ...(booleanId ? { booleanId } : {}),
        ...(target.plainText ? { plainText: true } : {}),
      };
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Running and judging
// ---------------------------------------------------------------------------------------------

/**
 * The signed-in clients of the fuzz, one per role, in a tenant of their own. A malformed request
 * can still be a valid one by chance (`roleId=0x10` is 16): the administrator's own role may
 * lose its grants, or the clerk be disabled. So `runFuzz` makes a fresh world every
 * `casesPerWorld` cases.
 */
export interface FuzzWorld {
  readonly tokens: Record<FuzzRole, string | null>;
  readonly centreId: number;
}

/** Creates the fuzz tenant: admin, a clerk-like and an auditor-like user, one marketing centre. */
export async function createFuzzWorld(app: FastifyInstance, database: Database): Promise<FuzzWorld> {
  const tenant = await createTenant(database);
  const admin = await signIn(app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  await createUser(database, { tenantId: tenant.tenantId, login: 'clerk', grants: groupPermissionRefs(['member', 'coupons']) });
  await createUser(database, { tenantId: tenant.tenantId, login: 'auditor', grants: viewPermissionRefs() });
  const clerk = await signIn(app, { tenant: tenant.code, login: 'clerk', password: tenant.adminPassword });
  const auditor = await signIn(app, { tenant: tenant.code, login: 'auditor', password: tenant.adminPassword });
  const centre = await admin.post('/v1/marketing-center/saveNew', { body: { code: 'FZ01', name: '模糊测试中心' } });
  if (centre.body?.code !== 2000) throw new Error(`fuzz centre: ${JSON.stringify(centre.body)}`);
  const token = (c: ApiClient) => c.sessionToken();
  return { tokens: { admin: token(admin), clerk: token(clerk), auditor: token(auditor), anonymous: null }, centreId: centre.body.data.id };
}

/** 400 answers that name no field, by message keys, and why. Keep this list short. */
export const FIELDLESS_400: readonly { keys: readonly string[]; why: string }[] = [
  {
    keys: ['auth.login.failed'],
    why: 'a refused sign-in must not say which of merchant, login or password was wrong: it would tell which logins exist',
  },
];

/** The answer to one case. */
export interface FuzzAnswer {
  readonly status: number;
  readonly body: unknown;
  /** A redirect's Location header. */
  readonly location?: string;
}

/** Sends one case through `app.inject`. */
export async function sendCase(app: FastifyInstance, world: FuzzWorld, c: FuzzCase, index: number): Promise<FuzzAnswer> {
  const token = world.tokens[c.role];
  // As the console sends it: without it every signed-in POST is refused as forged (403).
  const headers: Record<string, string> = { locale: 'zh_CN', [CLIENT_HEADER]: CLIENT_HEADER_VALUE, ...c.headers };
  if (headers.marketingCenter === OWN_CENTRE) headers.marketingCenter = String(world.centreId);
  if (token) headers.cookie = `${SESSION_COOKIE}=${token}`;
  const response = await app.inject({
    method: c.method,
    url: `${app.config.serviceBase}${c.url}`,
    headers,
    // One address per case: the sign-in rate limit would otherwise answer most login cases 429.
    remoteAddress: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
    ...(c.payload !== undefined ? { payload: c.payload } : {}),
  });
  let body: unknown = response.body;
  try {
    body = response.json();
  } catch {
    // not JSON: judged below
  }
  const location = response.headers.location;
  return { status: response.statusCode, body, ...(typeof location === 'string' ? { location } : {}) };
}

/** True when `msg` is the message of `key` (a key with slots, like `{max}`, by its text before the first slot). */
function isMessageOf(msg: string, key: string, locale: 'zh_CN' | 'en_US'): boolean {
  const text = translate(locale, key);
  return text.includes('{') ? msg.startsWith(text.split('{')[0]) : msg === text;
}

/** What is wrong with an answer, or null when it is acceptable. */
export function judge(c: FuzzCase, answer: FuzzAnswer): string | null {
  if (answer.status >= 500) return `${answer.status}`;
  // A file download (a task's file, an import template) answers its bytes, not the envelope.
  if (answer.status === 200 && typeof answer.body === 'string' && (c.url.includes('/download/') || c.url.includes('/import-template')))
    return null;
  // A browser's return from a platform (WeChat's authorisation) is sent back into the console's
  // own screens: a 302 to a hash route, whatever the query held.
  if (answer.status === 302 && answer.location?.startsWith('/#/')) return null;
  // A platform's push is answered in plain text, as the platform expects (its refusals too).
  if (c.plainText && typeof answer.body === 'string') return null;
  const body = answer.body as { code?: unknown; msg?: unknown; data?: { fields?: unknown } } | string;
  if (typeof body !== 'object' || body === null || typeof body.code !== 'number' || typeof body.msg !== 'string') {
    return `${answer.status} without the envelope`;
  }
  if (c.booleanId && ![400, 401, 403, 429].includes(answer.status)) return `${answer.status} for a boolean in ${c.booleanId}`;
  if (answer.status === 400) {
    const fields = body.data?.fields;
    if (Array.isArray(fields) && fields.length > 0 && fields.every((f) => typeof f?.field === 'string' && f.field !== '')) return null;
    const locale = c.headers.locale === 'en_US' ? 'en_US' : 'zh_CN';
    const msg = body.msg;
    if (FIELDLESS_400.some((e) => e.keys.some((key) => isMessageOf(msg, key, locale)))) return null;
    return `400 naming no field (${msg})`;
  }
  return null;
}

/** One wrong answer. */
export interface FuzzFinding {
  readonly problem: string;
  readonly case: FuzzCase;
  readonly answer: FuzzAnswer;
}

/**
 * Runs `cases` with at most `concurrency` in flight, in a fresh world (`newWorld`) every
 * `casesPerWorld` cases; returns the wrong answers and the count of answers by status.
 */
export async function runFuzz(args: {
  app: FastifyInstance;
  newWorld: () => Promise<FuzzWorld>;
  cases: readonly FuzzCase[];
  casesPerWorld?: number;
  concurrency?: number;
  onProgress?: (done: number) => void;
}): Promise<{ findings: FuzzFinding[]; statuses: Map<number, number> }> {
  const findings: FuzzFinding[] = [];
  const statuses = new Map<number, number>();
  const perWorld = args.casesPerWorld ?? 500;
  let done = 0;
  for (let start = 0; start < args.cases.length; start += perWorld) {
    const world = await args.newWorld();
    const end = Math.min(start + perWorld, args.cases.length);
    let next = start;
    const worker = async () => {
      while (next < end) {
        const index = next++;
        const c = args.cases[index];
        const answer = await sendCase(args.app, world, c, index);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const problem = judge(c, answer);
        if (problem) findings.push({ problem, case: c, answer });
        done += 1;
        if (done % 1000 === 0) args.onProgress?.(done);
      }
    };
    await Promise.all(Array.from({ length: args.concurrency ?? 4 }, worker));
  }
  return { findings, statuses };
}

/** A one-line summary of a finding. */
export function describeFinding(f: FuzzFinding): string {
  const route = `${f.case.method} ${f.case.url.split('?')[0]}`.slice(0, 90);
  return `${f.problem} | ${f.case.role} ${route} | ${f.case.note.slice(0, 160)} | ${JSON.stringify(f.answer.body).slice(0, 200)}`;
}
