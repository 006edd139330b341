import { and, eq, sql } from 'drizzle-orm';
import { pick } from '../../resources/messages/bilingual';
import { crudMessages } from '../../resources/messages/crud.messages';
import type { DbOrTx } from '../db/connection';
import type { Actor } from './actor';
import { badInput, conflict } from '../http/envelope';
import { identifier } from './naming';
import { checkReferences } from './references.validate';
import { validateWrite } from './record.validate';
import type { EngineRegistry, ResourceRuntime } from './resource-registry';
import { hookContext, scopeConditions, scopeOf, stampedValues, type Scope } from './scope';
import type { StoredRecord } from './server-hooks.define';

/**
 * Settings objects (`ResourceDef.singleton`, DESIGN.md §7): one record per tenant or per
 * marketing centre. Reading answers the declared defaults until the first save; saving inserts
 * the record (version 0 read) or updates it (the version read), and both guard their
 * precondition in the statement itself: a unique index on the owner makes a second first-save
 * fail, and the update matches the version read, so of two concurrent saves one gets 409.
 */

/** Like every engine operation: an actor and a database handle (the pool or a caller's transaction). */
interface SettingsArgs {
  readonly db: DbOrTx;
  readonly registry: EngineRegistry;
  readonly runtime: ResourceRuntime;
  readonly actor: Actor;
}

/** Name of the unique index that holds a singleton to one record per owner (index.derive.ts). */
export function singletonIndexName(table: string): string {
  return identifier([table, 'singleton', 'uq']);
}

/** The stored record of the actor's tenant (and centre), or null before the first save. */
export async function findSettings(args: Omit<SettingsArgs, 'registry'>): Promise<StoredRecord | null> {
  const { runtime } = args;
  const scope = scopeOf(args.actor, runtime);
  const [row] = (await args.db
    .select()
    .from(runtime.table)
    .where(and(...scopeConditions({ runtime, scope, db: args.db, operation: 'info' })))
    .limit(1)) as StoredRecord[];
  return row ?? null;
}

/** The record a tenant has before saving: every field at its declared default, version 0. */
export function defaultSettings(runtime: ResourceRuntime, actor: Actor): StoredRecord {
  const scope = scopeOf(actor, runtime);
  const { set } = validateWrite({
    resource: runtime.resource,
    body: {},
    mode: 'create',
    locale: actor.locale,
    zone: actor.timeZone,
  });
  return {
    ...set.values,
    id: null,
    version: 0,
    createdAt: null,
    updatedAt: null,
    createdBy: null,
    updatedBy: null,
    ...(scope.marketingCenterId !== null ? { marketingCenterId: scope.marketingCenterId } : {}),
  };
}

/** The version a save body says it read: 0 when it read the defaults. */
function readVersion(body: Record<string, unknown>, scope: Scope): number {
  const version = body.version ?? 0;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) {
    throw badInput('error.fieldsInvalid', [
      { field: 'version', key: 'validation.type', values: { label: pick(crudMessages['crud.field.version'], scope.actor.locale) } },
    ]);
  }
  return version;
}

function isSingletonViolation(error: unknown, table: string): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint === singletonIndexName(table);
  }
  return false;
}

/**
 * Saves the settings: validates the body (every field on the first save, the fields present
 * after that), runs the resource's beforeSave / afterSave hooks in the transaction, and returns
 * the stored record. A version other than the stored one answers 409.
 */
export async function saveSettings(args: SettingsArgs & { body: Record<string, unknown> }): Promise<StoredRecord> {
  const { runtime, body, actor } = args;
  const scope = scopeOf(actor, runtime);
  const version = readVersion(body, scope);
  const current = await findSettings(args);
  if ((current?.version ?? 0) !== version) throw conflict();
  const mode = current ? 'modify' : 'create';
  const { set, issues } = validateWrite({
    resource: runtime.resource,
    body,
    mode,
    locale: actor.locale,
    zone: actor.timeZone,
    current,
  });
  if (issues.length > 0) throw badInput('error.fieldsInvalid', issues);
  try {
    return await args.db.transaction(async (tx) => {
      // Inside the transaction: the referenced rows stay locked (KEY SHARE) until it commits.
      const more = await checkReferences({
        db: tx,
        registry: args.registry,
        runtime,
        scope,
        set,
        currentId: current ? Number(current.id) : null,
      });
      if (more.length > 0) throw badInput('error.fieldsInvalid', more);
      const ctx = hookContext({ runtime, scope, db: tx });
      const values: StoredRecord = { ...set.values, ...stampedValues(runtime, scope) };
      await runtime.hooks.beforeSave?.({ ...ctx, operation: mode, body, values, lines: set.lines, current });
      const t = runtime.table;
      const written = current
        ? await tx
            .update(t)
            .set({ ...values, version: sql`${t.version} + 1`, updatedAt: sql`now()`, updatedBy: actor.userId })
            .where(
              and(...scopeConditions({ runtime, scope, db: tx, operation: 'write' }), eq(t.id, Number(current.id)), eq(t.version, version)),
            )
            .returning()
        : await tx
            .insert(t)
            .values({
              ...values,
              tenantId: scope.tenantId,
              ...(scope.marketingCenterId !== null ? { marketingCenterId: scope.marketingCenterId } : {}),
              createdBy: actor.userId,
              updatedBy: actor.userId,
            })
            .returning();
      // Someone else saved between our read and this statement.
      if (written.length === 0) throw conflict();
      const record = written[0] as StoredRecord;
      await runtime.hooks.afterSave?.({ ...ctx, operation: mode, record });
      return record;
    });
  } catch (error) {
    // Two first saves at once: the unique index lets one insert; the other read stale defaults.
    if (isSingletonViolation(error, runtime.resource.table)) throw conflict();
    throw error;
  }
}
