/**
 * Titles of referenced records, both ways: an export shows a store's area by its name rather
 * than its id, and an import accepts that name back. Lookups are batched per referenced
 * resource (one query per resource and batch of rows). They only translate between names and
 * ids: whether the caller may reference a record is still decided by the engine's reference
 * check when the row is validated.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import type { EngineRegistry, ResourceRuntime } from '../../crud/resource-registry';
import { titleKey } from '../../crud/field-kinds/kind-helpers';
import type { CellField, TitleMap } from './sheet-cells';

/** Tenant and, for centre-scoped targets, the centre the job works in. */
export interface LookupScope {
  readonly tenantId: number;
  readonly marketingCenterId: number | null;
}

function baseConditions(target: ResourceRuntime, scope: LookupScope): SQL[] {
  const t = target.table;
  const out: SQL[] = [eq(t.tenantId, scope.tenantId)];
  if (target.resource.scope === 'marketingCenter' && scope.marketingCenterId !== null)
    out.push(eq(t.marketingCenterId, scope.marketingCenterId));
  return out;
}

/** The resource a relation or tree field refers to; undefined for other kinds. */
export function targetOf(args: { f: CellField; owner: string }): string | undefined {
  if (args.f.kind === 'relation') return args.f.resource;
  if (args.f.kind === 'tree') return args.owner;
  return undefined;
}

/**
 * Titles of the records that a batch of stored rows refers to, by {@link titleKey} and id: a
 * relation with `shownAs` gets that field's text (the member number) instead of the title.
 */
export async function titlesFor(args: {
  db: DbOrTx;
  registry: EngineRegistry;
  scope: LookupScope;
  owner: string;
  fields: readonly { name: string; f: CellField }[];
  rows: readonly Record<string, unknown>[];
}): Promise<TitleMap> {
  const wanted = new Map<string, { resource: string; shownAs?: string; ids: Set<number> }>();
  for (const { name, f } of args.fields) {
    const target = targetOf({ f, owner: args.owner });
    if (!target) continue;
    const shownAs = f.kind === 'relation' ? f.shownAs : undefined;
    const key = titleKey(target, shownAs);
    const entry = wanted.get(key) ?? { resource: target, shownAs, ids: new Set<number>() };
    for (const row of args.rows) {
      const value = row[name];
      for (const id of Array.isArray(value) ? value : [value]) if (typeof id === 'number') entry.ids.add(id);
    }
    wanted.set(key, entry);
  }
  const out = new Map<string, Map<number, string>>();
  for (const [key, { resource, shownAs, ids }] of wanted) {
    const byId = new Map<number, string>();
    out.set(key, byId);
    if (ids.size === 0) continue;
    const target = args.registry.get(resource);
    const t = target.table;
    const rows = await args.db
      .select({ id: t.id, title: t[shownAs ?? target.resource.titleField] })
      .from(t)
      .where(and(...baseConditions(target, args.scope), inArray(t.id, [...ids])));
    for (const row of rows) byId.set(row.id as number, String(row.title ?? row.id));
  }
  return out;
}

/** What a title (or id written as text) of a resource resolves to. */
export type Resolution = { readonly id: number } | { readonly missing: true } | { readonly ambiguous: true };

/**
 * Resolves the titles given for a resource (or the `shownAs` field an export wrote). A part that matches exactly one record's title is
 * that record; a number that matches no title is taken as an id (checked later by the
 * validator); anything else is missing or ambiguous.
 */
export async function resolveTitles(args: {
  db: DbOrTx;
  registry: EngineRegistry;
  scope: LookupScope;
  resource: string;
  /** The field the parts name records by (a relation's `shownAs`, the member number); default the title. */
  shownAs?: string;
  parts: readonly (string | number)[];
}): Promise<Map<string, Resolution>> {
  const target = args.registry.get(args.resource);
  const t = target.table;
  const texts = [...new Set(args.parts.map(String))];
  const found = new Map<string, number[]>();
  const titleColumn = t[args.shownAs ?? target.resource.titleField];
  // Large imports name many records: ask in slices so the parameter list stays reasonable.
  for (let i = 0; i < texts.length; i += 1000) {
    const slice = texts.slice(i, i + 1000);
    const rows = await args.db
      .select({ id: t.id, title: titleColumn })
      .from(t)
      .where(and(...baseConditions(target, args.scope), inArray(titleColumn, slice)));
    for (const row of rows) {
      const key = String(row.title);
      found.set(key, [...(found.get(key) ?? []), row.id as number]);
    }
  }
  const out = new Map<string, Resolution>();
  for (const text of texts) {
    const ids = found.get(text) ?? [];
    if (ids.length === 1) out.set(text, { id: ids[0] });
    else if (ids.length > 1) out.set(text, { ambiguous: true });
    else if (/^\d+$/.test(text)) out.set(text, { id: Number(text) });
    else out.set(text, { missing: true });
  }
  return out;
}
