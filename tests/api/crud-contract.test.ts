import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailSections, formSections, labelKey, optionKey, type FieldDef, type ResourceDef } from '../../resources/define';
import { RESOURCES } from '../../resources/index';
import { pick, type Bilingual } from '../../resources/messages/bilingual';
import { buildRegistry, servedResources, type ResourceRuntime } from '../../server/crud/resource-registry';
import { SERVER_HOOKS } from '../../server/modules/resource-hooks';
import { isClientWritable } from '../../server/crud/record.validate';
import { readRefs, writeRefs } from '../../server/crud/route-access';
import {
  compareForSort, filterValueFor, invalidValue, matchesFilter, sampleBody, scalarSample,
} from '../helpers/crud-samples';
import { anonymousClient, createTenant, createUser, signIn, type ApiClient, type ApiResponse, type TestTenant } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The contract of the declaration engine, proved for every declared resource (DESIGN.md §6):
 * create, read back, filter by every filterable field, sort by every sortable field, page by
 * number and by cursor, modify with its version, delete, every state action from an allowed
 * and a forbidden state, every operation with and without its permission, another tenant's
 * ids, an invalid value of every field, and the derived i18n keys in both locales.
 *
 * Cross-field rules live in server hooks, which a declaration cannot state; the few resources
 * with such rules give a valid body fragment here.
 */
const OVERRIDES: Readonly<Record<string, (ctx: { refs: Readonly<Record<string, number>>; seed: number }) => Record<string, unknown>>> = {
  // Validity must match its type, price <= face value, and numbers come from the allocator.
  'card-template': () => ({
    number: undefined, validityType: 'MONTHS', validityMonths: 12, validPeriod: null,
    faceValue: 100, price: 95, cardNumberPrefix: 'GC', cardNumberLength: 16,
  }),
  // Lines may only cite an enabled reason, in its direction; an audit posts positive points
  // (a deduction from a member with no points would rightly be refused).
  'score-adjust-reason': () => ({ enabled: true, direction: 'both' }),
  // Lines name a real member (made in beforeAll): the audit posts to the member's account.
  'score-adjust': ({ refs, seed }) => ({ lines: [{ member: refs.member, points: 10 + seed, reason: refs['score-adjust-reason'] }] }),
  // One operation with its parameter and members picked by hand: a save clears the fields of
  // the other operations and selection modes.
  'batch-operate': ({ refs }) => ({
    operation: 'addTag', tag: 'newcomer', reason: null, targetLevel: null, points: null, selectionMode: 'picked', sourceFile: null,
    filterMobilePrefix: null, filterLevel: null, filterState: null, filterStore: null, filterChannel: null, filterRegistered: null,
    lines: [{ member: refs.member }],
  }),
  // Free levels form a ladder: distinct ranks, thresholds rising with the rank.
  level: () => {
    levelRank += 1;
    return { levelType: 'FREE', rankOrder: levelRank, growthThreshold: levelRank * 100, price: null, termMonths: null, suitStores: null };
  },
};
let levelRank = 0;

const registry = buildRegistry(servedResources(SERVER_HOOKS));
/** Settings objects (one record per tenant or centre) and read-only lists have their own shapes. */
const settingsRuntimes = registry.runtimes.filter((r) => r.resource.singleton);
const readOnlyRuntimes = registry.runtimes.filter((r) => !r.resource.singleton && r.resource.readOnly);
const crudRuntimes = registry.runtimes.filter((r) => !r.resource.singleton && !r.resource.readOnly);
/** Reads of a resource whose read list is empty need only a session (§6 free screens). */
const readsAreFree = (runtime: ResourceRuntime) => readRefs(runtime).length === 0;

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let stranger: ApiClient;
let centre: number;
let strangerCentre: number;
const refs: Record<string, number> = {};
let seed = 0;

const headers = () => ({ marketingCenter: String(centre), time_zone: 'Asia/Shanghai' });

async function okData(promise: Promise<ApiResponse>) {
  const res = await promise;
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data;
}

/** A valid body of a resource, creating the records its relations need first. */
async function validBody(resource: ResourceDef, n = ++seed): Promise<Record<string, unknown>> {
  const targets = Object.values(resource.fields).flatMap((f) => (f.kind === 'relation' ? [f.resource]
    : f.kind === 'lines' ? Object.values(f.fields).flatMap((lf) => (lf.kind === 'relation' ? [lf.resource] : [])) : []));
  for (const target of targets) {
    if (refs[target] === undefined && target !== resource.name) {
      const runtime = registry.get(target);
      refs[target] = (await okData(admin.post(`/v1/${target}/saveNew`, { body: await validBody(runtime.resource), headers: headers() }))).id;
    }
  }
  return sampleBody({ resource, seed: n, refs, overrides: OVERRIDES[resource.name]?.({ refs, seed: n }) });
}

async function createRecord(resource: ResourceDef) {
  return okData(admin.post(`/v1/${resource.name}/saveNew`, { body: await validBody(resource), headers: headers() }));
}

/** The value a sent value reads back as. */
function expected(f: FieldDef, sent: unknown): unknown {
  if (sent === null || sent === undefined) return null;
  switch (f.kind) {
    case 'money':
    case 'decimal':
      return Number(sent);
    case 'weekdays':
      return [...new Set(sent as number[])].sort((a, b) => a - b);
    case 'lines':
      return (sent as Record<string, unknown>[]).map((line) => expect.objectContaining(line));
    default:
      return sent;
  }
}

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  centre = (await okData(admin.post('/v1/marketing-center/saveNew', { body: { code: 'MC', name: 'Centre' } }))).id;
  refs.member = (await okData(admin.post('/v1/member/saveNew', { body: { name: 'Contract member', mobile: '13700000001', channel: 'store' } }))).id;
  const other = await createTenant(t.database);
  stranger = await signIn(t.app, { tenant: other.code, login: other.adminLogin, password: other.adminPassword });
  strangerCentre = (await okData(stranger.post('/v1/marketing-center/saveNew', { body: { code: 'MC', name: 'Other' } }))).id;
});

afterAll(async () => {
  await t?.close();
});

it('proves every declared resource (the list grows; each one is proved below)', () => {
  expect(registry.runtimes.map((r) => r.resource.name)).toEqual(RESOURCES.map((r) => r.name));
  expect(crudRuntimes.length + settingsRuntimes.length + readOnlyRuntimes.length).toBe(RESOURCES.length);
});

describe.each(crudRuntimes.map((runtime) => [runtime.resource.name, runtime] as const))('%s', (name, runtime: ResourceRuntime) => {
  const { resource } = runtime;
  const url = (op: string) => `/v1/${name}/${op}`;
  let a: Record<string, any>;
  let b: Record<string, any>;
  let reader: ApiClient;
  let nobody: ApiClient;

  beforeAll(async () => {
    a = await createRecord(resource);
    b = await createRecord(resource);
    const password = tenant.adminPassword;
    await createUser(t.database, { tenantId: tenant.tenantId, login: `${name}-reader`, grants: readRefs(runtime) });
    await createUser(t.database, { tenantId: tenant.tenantId, login: `${name}-nobody`, grants: [] });
    reader = await signIn(t.app, { tenant: tenant.code, login: `${name}-reader`, password });
    nobody = await signIn(t.app, { tenant: tenant.code, login: `${name}-nobody`, password });
  });

  const query = (body: Record<string, unknown>, client = admin) => client.post(url('query'), { body, headers: headers() });

  it('creates a record and reads back what was sent', async () => {
    const body = await validBody(resource);
    const created = await okData(admin.post(url('saveNew'), { body, headers: headers() }));
    const info = await okData(admin.get(url(`info/${created.id}`), { headers: headers() }));
    expect(info).toEqual(created);
    expect(created.version).toBe(1);
    if (resource.states) expect(created[resource.states.field]).toBe(resource.states.initial);
    for (const [key, value] of Object.entries(body)) {
      const f = resource.fields[key];
      if (value === undefined || !isClientWritable(resource, key, f)) continue;
      // A hook may normalise a value (upper-case codes); what it wrote is what info shows.
      if (f.kind === 'text' && typeof value === 'string' && String(created[key]).toLowerCase() === value.toLowerCase()) continue;
      expect(created[key], key).toEqual(expected(f, value));
    }
  });

  // Cases are generated for the resources they apply to: a resource without filterable fields,
  // searchable text or states gets no filter, keyword or state case (never one that passes by
  // asserting nothing).
  const filterable = Object.entries(resource.fields).filter(([, f]) => f.filter);
  const searchableText = Object.entries(resource.fields).filter(([, f]) => f.searchable && f.kind === 'text');
  const states = resource.states;

  if (filterable.length > 0) it('filters by every filterable field', async () => {
    // A field the valid body leaves empty (a hook clears it for the chosen kind) has no value to filter by.
    const withValue = filterable.filter(([field]) => a[field] !== null && a[field] !== undefined);
    expect(withValue.length, 'filterable fields with a value').toBeGreaterThan(0);
    for (const [field, f] of withValue) {
      const filter = filterValueFor(f, a[field]);
      const data = await okData(query({ filters: { [field]: filter }, pageSize: 200 }));
      const ids = data.records.map((r: { id: number }) => r.id);
      expect(ids, `${field} ${JSON.stringify(filter)}`).toContain(a.id);
      for (const record of data.records) expect(matchesFilter(f, record[field], filter), `${field}: ${JSON.stringify(record[field])}`).toBe(true);
    }
  });

  if (searchableText.length > 0) it('searches by keyword in searchable fields', async () => {
    const found = searchableText.find(([name]) => typeof a[name] === 'string');
    expect(found, 'a searchable text field with a value').toBeDefined();
    const [field] = found!;
    const keyword = String(a[field]).slice(0, 4);
    const data = await okData(query({ keyword, pageSize: 200 }));
    expect(data.records.map((r: { id: number }) => r.id)).toContain(a.id);
  });

  it('sorts by every sortable field, both ways', async () => {
    const sortable = [...Object.entries(resource.fields).filter(([, f]) => f.sortable).map(([field]) => field), resource.list.defaultSort.field];
    const fallback = resource.list.defaultSort.field;
    for (const field of new Set(sortable)) {
      // The default sort follows as the next key; asking it in the same direction makes the
      // whole order (ending with the id tiebreak) exactly reversible.
      const sorters = (order: 'asc' | 'desc') => [{ field, order }, ...(field === fallback ? [] : [{ field: fallback, order }])];
      const asc = (await okData(query({ sorters: sorters('asc'), pageSize: 200 }))).records;
      const desc = (await okData(query({ sorters: sorters('desc'), pageSize: 200 }))).records;
      expect(desc.map((r: { id: number }) => r.id), field).toEqual([...asc].reverse().map((r: { id: number }) => r.id));
      const f = resource.fields[field];
      if (f && f.kind !== 'text' && f.kind !== 'longText') {
        for (let i = 1; i < asc.length; i += 1) expect(compareForSort(asc[i - 1][field], asc[i][field]), field).toBeLessThanOrEqual(0);
      }
    }
  });

  it('pages by page number and by cursor alike', async () => {
    const first = await okData(query({ page: 1, pageSize: 1 }));
    const second = await okData(query({ page: 2, pageSize: 1 }));
    const next = await okData(query({ cursor: first.nextCursor, pageSize: 1 }));
    expect(first.total).toBeGreaterThanOrEqual(2);
    expect(first.totalIsEstimate).toBe(false);
    expect(next.records).toEqual(second.records);
    expect(next.records[0].id).not.toBe(first.records[0].id);
  });

  it('modifies with the version and refuses a stale one', async () => {
    const editable = !resource.states?.editableIn || resource.states.editableIn.includes(resource.states.initial);
    // A free-text field first: the least likely to meet a cross-field rule of a hook.
    const candidates = Object.entries(resource.fields).filter(([key, f]) => isClientWritable(resource, key, f) && !f.readOnlyAfterCreate
      && !f.unique && f.kind !== 'lines' && f.kind !== 'relation' && f.kind !== 'tree' && scalarSample({ f, seed: 99, name: key, refs }) !== undefined);
    const rank = (kind: string) => ['longText', 'text'].indexOf(kind) === -1 ? 2 : ['longText', 'text'].indexOf(kind);
    const field = [...candidates].sort((x, y) => rank(x[1].kind) - rank(y[1].kind))[0];
    const fresh = await createRecord(resource);
    const change = field ? { [field[0]]: scalarSample({ f: field[1] as never, seed: 99, name: field[0], refs }) } : {};
    const res = await admin.post(url('modify'), { body: { id: fresh.id, version: fresh.version, ...change }, headers: headers() });
    if (!editable) {
      expect(res.status).toBe(409);
      return;
    }
    expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
    expect(res.body.data.version).toBe(2);
    if (field) expect(res.body.data[field[0]]).toEqual(expected(field[1], change[field[0]]));
    const stale = await admin.post(url('modify'), { body: { id: fresh.id, version: 1, ...change }, headers: headers() });
    expect(stale.status).toBe(409);
  });

  it('deletes where the declaration allows it', async () => {
    const fresh = await createRecord(resource);
    const res = await admin.post(url('delete'), { query: { id: fresh.id }, headers: headers() });
    if (resource.deletable === false) {
      expect(res.status).toBe(404);
      return;
    }
    const deletable = !resource.states?.deletableIn || resource.states.deletableIn.includes(resource.states.initial);
    expect(res.status, JSON.stringify(res.body)).toBe(deletable ? 200 : 409);
    expect((await admin.get(url(`info/${fresh.id}`), { headers: headers() })).status).toBe(deletable ? 404 : 200);
  });

  if (states) it('moves the state only from the allowed states', async () => {
    for (const [action, def] of Object.entries(states.actions)) {
      // Reach a state the action accepts by applying other actions from the initial state.
      const fresh = await createRecord(resource);
      const path = pathTo({ resource, from: states.initial, goal: def.from });
      expect(path, `${action} is reachable`).not.toBeNull();
      // Actions that take a reason get one (a missing required reason is refused: members test).
      const body = (name: string) => (states.actions[name].reason ? { reason: `contract ${name}` } : undefined);
      for (const step of path ?? []) await okData(admin.post(url(step), { query: { id: fresh.id }, body: body(step), headers: headers() }));
      const moved = await okData(admin.post(url(action), { query: { id: fresh.id }, body: body(action), headers: headers() }));
      expect(moved[states.field]).toBe(def.to);
      if (!def.from.includes(def.to)) {
        const again = await admin.post(url(action), { query: { id: fresh.id }, body: body(action), headers: headers() });
        expect(again.status).toBe(409);
      }
    }
  });

  it('answers each operation by permission: reader reads only, no grant nothing', async () => {
    const actions = Object.keys(resource.states?.actions ?? {});
    const calls = (client: ApiClient) => [
      client.post(url('query'), { body: {}, headers: headers() }),
      client.get(url(`info/${a.id}`), { headers: headers() }),
      client.get(url('options'), { headers: headers() }),
      client.post(url('saveNew'), { body: {}, headers: headers() }),
      client.post(url('modify'), { body: { id: a.id, version: a.version }, headers: headers() }),
      ...(resource.deletable === false ? [] : [client.post(url('delete'), { query: { id: b.id }, headers: headers() })]),
      ...actions.map((action) => client.post(url(action), { query: { id: b.id }, headers: headers() })),
    ];
    const readerStatuses = (await Promise.all(calls(reader))).map((r) => r.status);
    const writes = readerStatuses.length - 3;
    // A reader who also holds the write action (a resource whose read list includes it) is not "read only".
    const readerWrites = writeRefs(runtime).some((w) => readRefs(runtime).some((r) => r.resourceId === w.resourceId && r.action === w.action));
    expect(readerStatuses.slice(0, 3)).toEqual([200, 200, 200]);
    if (!readerWrites) expect(readerStatuses.slice(3)).toEqual(Array(writes).fill(403));
    const reads = readsAreFree(runtime) ? 200 : 403;
    expect((await Promise.all(calls(nobody))).map((r) => r.status)).toEqual([reads, reads, reads, ...Array(writes).fill(403)]);
  });

  it("answers another tenant's ids with 404 and never lists them", async () => {
    const own = { marketingCenter: String(strangerCentre) };
    expect((await stranger.get(url(`info/${a.id}`), { headers: own })).status).toBe(404);
    expect((await stranger.post(url('modify'), { body: { id: a.id, version: a.version }, headers: own })).status).toBe(404);
    if (resource.deletable !== false) expect((await stranger.post(url('delete'), { query: { id: a.id }, headers: own })).status).toBe(404);
    for (const action of Object.keys(resource.states?.actions ?? {})) {
      expect((await stranger.post(url(action), { query: { id: a.id }, headers: own })).status).toBe(404);
    }
    const listed = await okData(stranger.post(url('query'), { body: { pageSize: 200 }, headers: own }));
    expect(listed.records.map((r: { id: number }) => r.id)).not.toContain(a.id);
    expect((await admin.get(url(`info/${a.id}`), { headers: headers() })).status).toBe(200);
  });

  it('refuses an invalid value of every field, naming the field', async () => {
    for (const [field, f] of Object.entries(resource.fields)) {
      if (!isClientWritable(resource, field, f)) continue;
      const body = { ...(await validBody(resource)), [field]: invalidValue(f) };
      const res = await admin.post(url('saveNew'), { body, headers: headers() });
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      const named = (res.body.data?.fields ?? []).map((e: { field: string }) => e.field.split('.')[0]);
      expect(named, field).toContain(field);
    }
  });
});

describe.each(settingsRuntimes.map((runtime) => [runtime.resource.name, runtime] as const))('%s (settings)', (name, runtime: ResourceRuntime) => {
  const { resource } = runtime;
  const url = (op: string) => `/v1/${name}/${op}`;

  it('answers the defaults before the first save, then saves with the version read', async () => {
    const defaults = await okData(admin.get(url('get'), { headers: headers() }));
    expect(defaults).toMatchObject({ id: null, version: 0 });
    for (const [field, f] of Object.entries(resource.fields)) {
      if (f.defaultValue !== undefined) expect(defaults[field], field).toEqual(expected(f, f.defaultValue));
    }
    const body = await validBody(resource);
    const saved = await okData(admin.post(url('save'), { body: { ...body, version: 0 }, headers: headers() }));
    expect(saved.version).toBe(1);
    for (const [key, value] of Object.entries(body)) {
      if (value !== undefined) expect(saved[key], key).toEqual(expected(resource.fields[key], value));
    }
    expect(await okData(admin.get(url('get'), { headers: headers() }))).toEqual(saved);
    const stale = await admin.post(url('save'), { body: { ...body, version: 0 }, headers: headers() });
    expect(stale.status).toBe(409);
    expect((await okData(admin.post(url('save'), { body: { ...body, version: 1 }, headers: headers() }))).version).toBe(2);
    // Another tenant has its own settings.
    const theirs = await okData(stranger.get(url('get'), { headers: { marketingCenter: String(strangerCentre) } }));
    expect(theirs.id === null || theirs.id !== saved.id).toBe(true);
  });

  it('answers by permission: reader reads only, no grant nothing', async () => {
    const password = tenant.adminPassword;
    await createUser(t.database, { tenantId: tenant.tenantId, login: `${name}-reader`, grants: readRefs(runtime) });
    await createUser(t.database, { tenantId: tenant.tenantId, login: `${name}-nobody`, grants: [] });
    const reader = await signIn(t.app, { tenant: tenant.code, login: `${name}-reader`, password });
    const nobody = await signIn(t.app, { tenant: tenant.code, login: `${name}-nobody`, password });
    const calls = (client: ApiClient) => [client.get(url('get'), { headers: headers() }), client.post(url('save'), { body: { version: 0 }, headers: headers() })];
    expect((await Promise.all(calls(reader))).map((r) => r.status)).toEqual([200, 403]);
    expect((await Promise.all(calls(nobody))).map((r) => r.status)).toEqual([readsAreFree(runtime) ? 200 : 403, 403]);
  });

  it('refuses an invalid value of every field, naming the field', async () => {
    const { version } = await okData(admin.get(url('get'), { headers: headers() }));
    for (const [field, f] of Object.entries(resource.fields)) {
      if (!isClientWritable(resource, field, f)) continue;
      const res = await admin.post(url('save'), { body: { ...(await validBody(resource)), [field]: invalidValue(f), version }, headers: headers() });
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      expect((res.body.data?.fields ?? []).map((e: { field: string }) => e.field.split('.')[0]), field).toContain(field);
    }
  });
});

describe.each(readOnlyRuntimes.map((runtime) => [runtime.resource.name, runtime] as const))('%s (read-only)', (name, runtime: ResourceRuntime) => {
  const url = (op: string) => `/v1/${name}/${op}`;

  it('lists and filters for readers, and offers no write route', async () => {
    const password = tenant.adminPassword;
    await createUser(t.database, { tenantId: tenant.tenantId, login: `${name}-reader`, grants: readRefs(runtime) });
    await createUser(t.database, { tenantId: tenant.tenantId, login: `${name}-nobody`, grants: [] });
    const reader = await signIn(t.app, { tenant: tenant.code, login: `${name}-reader`, password });
    const nobody = await signIn(t.app, { tenant: tenant.code, login: `${name}-nobody`, password });
    const listed = await okData(reader.post(url('query'), { body: { pageSize: 5 }, headers: headers() }));
    expect(listed).toMatchObject({ totalIsEstimate: false });
    expect((await nobody.post(url('query'), { body: {}, headers: headers() })).status).toBe(readsAreFree(runtime) ? 200 : 403);
    expect((await reader.get(url('info/987654321'), { headers: headers() })).status).toBe(404);
    for (const op of ['saveNew', 'modify', 'delete']) expect((await admin.post(url(op), { body: {}, headers: headers() })).status, op).toBe(404);
  });
});

/** The shortest list of actions leading from a state to one of the goal states. */
function pathTo(args: { resource: ResourceDef; from: string; goal: readonly string[] }): string[] | null {
  const actions = Object.entries(args.resource.states?.actions ?? {});
  const queue: [string, string[]][] = [[args.from, []]];
  const seen = new Set([args.from]);
  while (queue.length > 0) {
    const [state, path] = queue.shift()!;
    if (args.goal.includes(state)) return path;
    for (const [name, def] of actions) {
      if (def.from.includes(state) && !seen.has(def.to)) {
        seen.add(def.to);
        queue.push([def.to, [...path, name]]);
      }
    }
  }
  return null;
}

/**
 * The texts the screens ask the message map for, written out here from each declaration with the
 * browser's key conventions (`labelKey` / `optionKey` of define.ts as the field registry uses them,
 * `res.<name>.section.<key>` and `res.<name>.action.<action>` as the generic screens build them),
 * each with the text the declaration gives it. Deliberately not `resourceMessages`, which is what
 * the server registers: the check compares what the server serves with the declarations.
 */
function declaredTexts(resource: ResourceDef): [string, Bilingual][] {
  const texts: [string, Bilingual][] = [[`res.${resource.name}`, resource.title]];
  const field = (key: string, f: FieldDef, option: (value: string) => string) => {
    texts.push([key, f.label]);
    if (f.help) texts.push([`${key}.help`, f.help]);
    if (f.kind === 'text' && f.pattern) texts.push([`${key}.pattern`, f.pattern.message]);
    if (f.kind === 'enum') for (const [value, o] of Object.entries(f.options)) texts.push([option(value), o.label]);
    if (f.kind === 'lines') {
      for (const [inner, lf] of Object.entries(f.fields)) field(`${key}.${inner}`, lf, (value) => `${key}.${inner}.${value}`);
    }
  };
  for (const [name, f] of Object.entries(resource.fields)) field(labelKey(resource.name, name), f, (value) => optionKey(resource.name, name, value));
  for (const section of [...formSections(resource), ...detailSections(resource)]) texts.push([`res.${resource.name}.section.${section.key}`, section.title]);
  for (const [name, action] of Object.entries(resource.states?.actions ?? {})) {
    texts.push([`res.${resource.name}.action.${name}`, action.label]);
    if (action.confirm) texts.push([`res.${resource.name}.action.${name}.confirm`, action.confirm]);
  }
  return texts;
}

describe('i18n of the declarations', () => {
  it.each(['zh_CN', 'en_US'] as const)('GET /v1/i18n/gets (%s) serves every label, option, section and action text as declared', async (locale) => {
    const served: Record<string, string> = await okData(anonymousClient(t.app).get('/v1/i18n/gets', { query: { locale } }));
    const expectedTexts = RESOURCES.flatMap(declaredTexts);
    expect(expectedTexts.length).toBeGreaterThan(RESOURCES.length * 5);
    const wrong = expectedTexts
      .filter(([key, text]) => served[key] !== pick(text, locale))
      .map(([key, text]) => ({ key, served: served[key], declared: pick(text, locale) }));
    expect(wrong).toEqual([]);
  });
});
