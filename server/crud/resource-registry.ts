import { CATALOG } from '../../resources/catalog/index';
import type { GroupDecl } from '../../resources/catalog/types';
import { centreKey, tableOwner, type FieldDef, type LinesField, type ObjectField, type ResourceDef } from '../../resources/define';
import { isFilterable } from './field-kinds';
import { fieldRuleProblems } from '../../resources/field-rules';
import { shownStateOptions, timelineProblems } from '../../resources/state-timeline';
import { RESOURCES } from '../../resources/index';
import { deriveReferrers, type PlatformReference, type Referrer } from './inbound-references';
import { snakeCase, identifier } from './naming';
import { objectRelations } from './object-relations';
import { PLATFORM_REFERENCES } from './platform-references';
import type { ResourceHooks, ServerHooks } from './server-hooks.define';
import { deriveLinesTable, deriveTable, linesFieldNames, type DerivedTable } from './table.derive';

/**
 * The engine's view of every served resource: declaration, derived tables, hooks and the
 * permission path of its catalogue entry, checked once at start-up so a declaration mistake
 * stops the server instead of failing a request.
 */

/** Everything the engine needs about one resource. */
export interface ResourceRuntime {
  readonly resource: ResourceDef;
  readonly table: DerivedTable;
  /** Child tables by `lines` field name. */
  readonly lineTables: ReadonlyMap<string, DerivedTable>;
  readonly hooks: ServerHooks;
  /** The catalogue entry's resourceId (`资料/门店`). */
  readonly resourceId: string;
  /** Unique index name -> field, to name the field of a unique violation. */
  readonly uniqueIndexes: ReadonlyMap<string, string>;
  /**
   * Everything that may point at the records of the resource's table (its base's for a view):
   * relation fields and lines of every served resource, its tree parent, platform tables. A
   * record any of them points at is never deleted (inbound-references.ts).
   */
  readonly referrers: readonly Referrer[];
}

/** The served resources by name. */
export interface EngineRegistry {
  readonly runtimes: readonly ResourceRuntime[];
  get(name: string): ResourceRuntime;
}

/** URL segments the engine uses itself; a state action may not take one of them. */
export const RESERVED_SEGMENTS = ['query', 'counts', 'info', 'saveNew', 'modify', 'delete', 'options', 'history', 'lines'];

function entryResourceId(resource: ResourceDef, catalog: readonly GroupDecl[]): string {
  // Several groups may share a menu group name: a test's fixture group beside the product's.
  const entry = catalog.flatMap((g) => (g.group === resource.route.group ? g.entries : [])).find((e) => e.entry === resource.route.entry);
  if (!entry) throw new Error(`${resource.name}: no catalogue entry ${resource.route.group}/${resource.route.entry}`);
  return entry.resourceId;
}

/**
 * What an object field cannot hold: members the engine would not check inside jsonb (files,
 * secrets, tree parents, and relations inside lines stored in the object) and member rules it
 * does not read there (`when`, `editableIn`, list and index options). A relation member of the
 * object itself (or of an object in it) is checked like a relation field: it must exist for the
 * caller when saved, its record cannot be deleted while referred to, and its names are answered
 * (`_titles['rule.giftGoods']`).
 */
function structureProblems(args: {
  path: string;
  f: ObjectField | LinesField;
  names: ReadonlySet<string>;
  topLevel?: boolean;
  inLines?: boolean;
}): string[] {
  const problems: string[] = [];
  const inLines = args.inLines === true || args.f.kind === 'lines';
  for (const [name, member] of Object.entries(args.f.fields) as [string, FieldDef][]) {
    const where = `${args.path}.${name}`;
    if (['file', 'secret', 'tree'].includes(member.kind) || (member.kind === 'relation' && inLines))
      problems.push(`${where}: an object holds no ${member.kind} field${member.kind === 'relation' ? ' inside lines' : ''}`);
    if (member.kind === 'relation' && !args.names.has(member.resource))
      problems.push(`${where} refers to unknown resource ${member.resource}`);
    // A member of a field of the resource may apply to some records only (a kind's rule member):
    // its `when` reads the record's own fields (resources/field-rules.ts checks them).
    if ((member.when !== undefined && !args.topLevel) || member.editableIn !== undefined)
      problems.push(`${where}: no when / editableIn inside an object`);
    if (member.filter || member.sortable || member.searchable || member.unique)
      problems.push(`${where}: no filter, sort, search or unique inside an object`);
    if (member.kind === 'object' || member.kind === 'lines')
      problems.push(...structureProblems({ path: where, f: member, names: args.names, inLines }));
  }
  return problems;
}

function check(resource: ResourceDef, names: ReadonlySet<string>): void {
  const fail = (what: string) => {
    throw new Error(`Resource ${resource.name}: ${what}`);
  };
  const fields = resource.fields;
  if (!fields[resource.titleField]) fail(`titleField ${resource.titleField} is not a field`);
  const sort = resource.list.defaultSort.field;
  if (!fields[sort] && !['id', 'createdAt', 'updatedAt'].includes(sort)) fail(`defaultSort ${sort} is not a field`);
  if (resource.treeField && fields[resource.treeField]?.kind !== 'tree') fail(`treeField ${resource.treeField} is not a tree field`);
  // The picker's sort, description and search fields (ResourcePicker); searched ones are text.
  const picker = resource.picker;
  if (picker?.sort && !fields[picker.sort.field]) fail(`picker.sort ${picker.sort.field} is not a field`);
  for (const d of picker?.describe ?? []) if (!fields[d.field]) fail(`picker.describe ${d.field} is not a field`);
  for (const name of picker?.search ?? []) if (fields[name]?.kind !== 'text') fail(`picker.search ${name} is not a text field`);
  for (const [name, f] of Object.entries(fields)) {
    if (f.kind === 'relation' && !names.has(f.resource)) fail(`${name} refers to unknown resource ${f.resource}`);
    if (f.kind === 'lines') {
      for (const [inner, lf] of Object.entries(f.fields)) {
        if (lf.kind === 'relation' && !names.has(lf.resource)) fail(`${name}.${inner} refers to unknown resource ${lf.resource}`);
        if (lf.kind === 'secret') fail(`${name}.${inner}: a line holds no secret`);
        if (lf.kind === 'object') structureProblems({ path: `${name}.${inner}`, f: lf, names, inLines: true }).forEach(fail);
      }
    }
    if (f.kind === 'object') structureProblems({ path: name, f, names, topLevel: true }).forEach(fail);
    if (!isFilterable(f) && f.kind !== 'lines' && (f.filter || f.sortable || f.searchable || f.unique))
      fail(`${name}: a ${f.kind} field cannot be filtered, sorted, searched or unique`);
  }
  const states = resource.states;
  if (resource.list.stateCounts && !states) fail('list.stateCounts needs states');
  if (!states) return;
  for (const s of resource.list.stateCounts ?? [])
    if (!shownStateOptions(resource).includes(s)) fail(`list.stateCounts: ${s} is not a shown state of ${states.field}`);
  const stateField = fields[states.field];
  if (stateField?.kind !== 'enum' || stateField.multiple) fail(`states.field ${states.field} is not a single enum`);
  const options = stateField.kind === 'enum' ? Object.keys(stateField.options) : [];
  const all = [
    states.initial,
    ...(states.editableIn ?? []),
    ...(states.deletableIn ?? []),
    ...Object.values(states.actions).flatMap((a) => [...a.from, a.to]),
  ];
  for (const s of all) if (!options.includes(s)) fail(`state ${s} is not an option of ${states.field}`);
  for (const action of Object.keys(states.actions)) if (RESERVED_SEGMENTS.includes(action)) fail(`action name ${action} is reserved`);
}

/**
 * A settings object is one record per owner: its owner is its scope, and it has no list, lines,
 * tree or life cycle. Only a settings object has a settings screen.
 */
function checkSingleton(resource: ResourceDef): void {
  const fail = (what: string) => {
    throw new Error(`Resource ${resource.name}: ${what}`);
  };
  const screens = resource.route.screens;
  if (!resource.singleton) {
    if (screens.settings !== undefined || screens.settingsEdit !== undefined) fail('only a singleton has a settings screen');
    return;
  }
  if (screens.settingsEdit !== undefined && screens.settings === undefined) fail('a settings edit screen needs a settings screen');
  if (resource.singleton !== resource.scope) fail(`singleton ${resource.singleton} needs scope ${resource.singleton}`);
  if (resource.states || resource.treeField || resource.readOnly) fail('a singleton has no states, tree or read-only mode');
  // A view of a settings object is the same record from another entry (the card design from the
  // WeChat and the Alipay entries); a fixed filter would make it a second record, which it is not.
  if (resource.viewOf !== undefined && resource.fixedFilter !== undefined) fail('a view of a singleton has no fixed filter');
  if (Object.values(resource.fields).some((f) => f.kind === 'lines')) fail('a singleton has no lines fields');
  if (screens.list ?? screens.add ?? screens.edit ?? screens.dtl) fail('a singleton has only a settings screen');
}

/** Detail screens by value are for values of an enum field, beside a declared detail screen. */
function checkDetailBy(resource: ResourceDef): void {
  const by = resource.route.detailBy;
  if (by === undefined) return;
  const fail = (what: string) => {
    throw new Error(`Resource ${resource.name}: detailBy ${what}`);
  };
  const f = resource.fields[by.field];
  if (resource.route.screens.dtl === undefined) fail('needs a dtl screen');
  if (f?.kind !== 'enum' || f.multiple) fail(`${by.field} is not a single enum field`);
  else for (const value of Object.keys(by.screens)) if (!Object.hasOwn(f.options, value)) fail(`${by.field}=${value} is not an option`);
}

/** A view's base must be served, be no view itself, and lend the view its table and fields. */
function checkView(resource: ResourceDef, served: ReadonlyMap<string, ResourceDef>): void {
  const fail = (what: string) => {
    throw new Error(`View ${resource.name}: ${what}`);
  };
  const fields = resource.fields;
  for (const [name, value] of Object.entries(resource.fixedFilter ?? {})) {
    const f = fields[name];
    if (!f || f.kind === 'lines') fail(`fixedFilter ${name} is not a scalar field`);
    if (f.kind === 'enum' && !Object.prototype.hasOwnProperty.call(f.options, String(value)))
      fail(`fixedFilter ${name}=${String(value)} is not an option`);
  }
  for (const [name, values] of Object.entries(resource.offers ?? {})) {
    const f = fields[name];
    if (f?.kind !== 'enum' || f.multiple) fail(`offers ${name}: not a single enum field`);
    else for (const value of values) if (!Object.hasOwn(f.options, value)) fail(`offers ${name}=${value} is not an option`);
  }
  if (resource.viewOf === undefined) return;
  const base = served.get(resource.viewOf);
  if (!base) fail(`base ${resource.viewOf} is not served`);
  if (tableOwner(resource) !== base) fail(`base ${resource.viewOf} is not the declaration it was made from`);
  const centre = centreKey(resource);
  if (centre !== null) {
    const f = fields[centre];
    if (f?.kind !== 'relation' || f.multiple || f.resource !== 'marketing-center')
      fail(`centre field ${centre} is not a single relation to marketing-center`);
  }
}

/**
 * Document numbers are held by a unique text field long enough for the prefix and the digits, and
 * are never written by an edit (the number of a record does not move).
 */
function checkNumbering(resource: ResourceDef): void {
  const n = resource.numbering;
  if (!n) return;
  const fail = (what: string) => {
    throw new Error(`Resource ${resource.name}: numbering ${what}`);
  };
  const f = resource.fields[n.field];
  if (f?.kind !== 'text') fail(`field ${n.field} is not a text field`);
  if (f.kind === 'text' && !f.unique) fail(`field ${n.field} is not unique`);
  if (f.kind === 'text' && n.prefix.length + n.digits > (f.maxLength ?? 100)) fail(`numbers do not fit ${n.field}'s maxLength`);
  if (f.kind === 'text' && !f.serverManaged && !f.readOnlyAfterCreate)
    fail(`field ${n.field} must be serverManaged or readOnlyAfterCreate`);
  if (!Number.isInteger(n.digits) || n.digits < 1 || n.digits > 15) fail('digits must be 1..15');
}

/** A view runs its base's hooks (numbering, checks), but not its base's extra routes or permissions. */
function hooksOf(resource: ResourceDef, hooks: readonly ResourceHooks[]): ServerHooks {
  const own = (name: string) => hooks.filter((h) => h.name === name).map((h) => h.hooks);
  const inherited =
    resource.viewOf === undefined ? [] : own(resource.viewOf).map(({ routes: _routes, requires: _requires, ...rest }) => rest);
  return Object.assign({}, ...inherited, ...own(resource.name)) as ServerHooks;
}

function uniqueIndexesOf(resource: ResourceDef): Map<string, string> {
  const map = new Map<string, string>();
  for (const [name, f] of Object.entries(resource.fields)) {
    if (f.unique) map.set(identifier([resource.table, snakeCase(name), 'uq']), name);
  }
  return map;
}

/** A relation's `pickable` must name an enum field of its target and some of its options. */
function checkPickable(resource: ResourceDef, served: ReadonlyMap<string, ResourceDef>): void {
  const relations = Object.entries(resource.fields).flatMap(([name, f]): (readonly [string, FieldDef])[] => {
    if (f.kind === 'lines') return Object.entries(f.fields).map(([inner, lf]) => [`${name}.${inner}`, lf] as const);
    if (f.kind === 'object') return objectRelations(f).map((r) => [[name, ...r.path].join('.'), r.field] as const);
    return [[name, f] as const];
  });
  for (const [name, f] of relations) {
    if (f.kind !== 'relation' || !f.pickable) continue;
    const target = served.get(f.resource)?.fields[f.pickable.field];
    if (target?.kind !== 'enum' || f.pickable.in.length === 0 || f.pickable.in.some((v) => !Object.hasOwn(target.options, v)))
      throw new Error(`Resource ${resource.name}: ${name}.pickable names no enum field and options of ${f.resource}`);
  }
}

/** Builds and checks the registry of the given resources. */
export function buildRegistry(args: {
  resources: readonly ResourceDef[];
  catalog: readonly GroupDecl[];
  hooks: readonly ResourceHooks[];
  /** Hand-written tables pointing at declared records (platform-references.ts). */
  references?: readonly PlatformReference[];
}): EngineRegistry {
  const names = new Set(args.resources.map((r) => r.name));
  if (names.size !== args.resources.length) throw new Error('Two resources share a name');
  for (const h of args.hooks) if (!names.has(h.name)) throw new Error(`Server hooks for unknown resource ${h.name}`);
  const served = new Map(args.resources.map((r) => [r.name, r]));
  const tables = args.resources.map((resource) => {
    check(resource, names);
    checkPickable(resource, served);
    checkView(resource, served);
    checkSingleton(resource);
    checkDetailBy(resource);
    const problems = [...fieldRuleProblems(resource), ...timelineProblems(resource)];
    if (problems.length > 0) throw new Error(`Resource ${resource.name}: ${problems.join('; ')}`);
    checkNumbering(resource);
    return {
      resource,
      table: deriveTable(resource),
      lineTables: new Map(linesFieldNames(resource).map((f) => [f, deriveLinesTable(resource, f)])),
    };
  });
  const references = args.references ?? [];
  for (const p of references)
    if (!names.has(p.resource)) throw new Error(`Platform reference ${p.column.name} to unknown resource ${p.resource}`);
  const referrers = deriveReferrers({ served: tables, platform: references });
  const runtimes = tables.map((derived): ResourceRuntime => ({
    ...derived,
    hooks: hooksOf(derived.resource, args.hooks),
    resourceId: entryResourceId(derived.resource, args.catalog),
    uniqueIndexes: uniqueIndexesOf(derived.resource),
    referrers: referrers.get(tableOwner(derived.resource).name) ?? [],
  }));
  const byName = new Map(runtimes.map((r) => [r.resource.name, r]));
  return {
    runtimes,
    get(name) {
      const runtime = byName.get(name);
      if (!runtime) throw new Error(`Unknown resource ${name}`);
      return runtime;
    },
  };
}

// Resources mounted besides RESOURCES: tests serve a test-only declaration this way, before
// building the app, without adding it to the product's list.
const mounted: { resources: ResourceDef[]; catalog: GroupDecl[]; hooks: ResourceHooks[] } = { resources: [], catalog: [], hooks: [] };

/**
 * Serves extra resources (with their catalogue groups and hooks) from every app built after
 * this call in the same process. Meant for tests; the product lists its resources in RESOURCES.
 */
export function mountResources(args: {
  resources: readonly ResourceDef[];
  catalog?: readonly GroupDecl[];
  hooks?: readonly ResourceHooks[];
}): void {
  mounted.resources.push(...args.resources);
  mounted.catalog.push(...(args.catalog ?? []));
  mounted.hooks.push(...(args.hooks ?? []));
}

/**
 * Forgets every mounted resource. The API test files share one module graph per worker
 * (`isolate: false`), so tests/helpers/api-file-setup.ts calls this before each file: a test-only
 * declaration never reaches the apps (or the OpenAPI document) of the files that run after it.
 */
export function unmountResources(): void {
  mounted.resources.length = 0;
  mounted.catalog.length = 0;
  mounted.hooks.length = 0;
}

/**
 * What the engine serves: RESOURCES with the given hooks (the product's are `SERVER_HOOKS` of
 * server/modules/resource-hooks.ts) and the platform references, plus anything mounted. The hooks
 * are passed in, never imported here: they live in the domain modules, which use the engine themselves.
 */
export function servedResources(hooks: readonly ResourceHooks[]): {
  resources: ResourceDef[];
  catalog: GroupDecl[];
  hooks: ResourceHooks[];
  references: PlatformReference[];
} {
  return {
    resources: [...RESOURCES, ...mounted.resources],
    catalog: [...CATALOG, ...mounted.catalog],
    hooks: [...hooks, ...mounted.hooks],
    references: [...PLATFORM_REFERENCES],
  };
}
