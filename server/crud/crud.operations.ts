import { and, eq, sql, type SQL } from 'drizzle-orm';
import { recordShownState } from '../../resources/state-timeline';
import { pick } from '../../resources/messages/bilingual';
import { crudMessages } from '../../resources/messages/crud.messages';
import type { DbOrTx } from '../db/connection';
import type { Actor } from './actor';
import { AppError, badInput, conflict, notFound, type FieldError } from '../http/envelope';
import { refuseIfReferenced } from './inbound-references';
import { assignNumber } from './numbering';
import { INT4_MAX } from './column.derive';
import { checkReferences } from './references.validate';
import { lockedChanges } from './field-states';
import { deleteLines, findNamedRecord, findRecord, saveLines } from './record.store';
import { recordTitles, type RecordTitles } from './record.titles';
import { validateWrite, type WriteSet } from './record.validate';
import type { EngineRegistry, ResourceRuntime } from './resource-registry';
import { hookContext, recordConditions, scopeOf, stampedValues, type Scope } from './scope';
import { logStateChange, readReason } from './state-history';
import { shownStateIn, windowOrderIssue } from './state-timeline';
import type { StoredRecord } from './server-hooks.define';
import { approvalAction, assertValueApproved, changesValue, withMaker } from './value-approval';

/**
 * The write operations of every resource. Each runs in one transaction with its hooks; each
 * guards its precondition (version, editable / deletable state, the action's from-states) in
 * the statement itself, so two concurrent calls can never both pass it.
 *
 * They take an actor (who, in which centre, language and zone) and a database handle: the pool,
 * or a caller's transaction, in which the operation opens a savepoint, so a job's row is undone
 * with the job's transaction. The HTTP routes (crud.routes.ts) only turn a request into an actor.
 */

export interface OperationArgs {
  /** The pool, or the caller's transaction (the operation then runs in a savepoint of it). */
  readonly db: DbOrTx;
  readonly registry: EngineRegistry;
  readonly runtime: ResourceRuntime;
  readonly actor: Actor;
}

/** What the helpers below need: the operation's arguments and the actor's scope on the resource. */
type Scoped = OperationArgs & { readonly scope: Scope };

const zoneOf = (scope: Scope) => scope.actor.timeZone;
const localeOf = (scope: Scope) => scope.actor.locale;

// Drizzle wraps driver errors; the PostgreSQL error is the cause.
function pgError(error: unknown): { code?: string; constraint?: string } | null {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
  }
  return null;
}

/** Runs a write; a unique violation becomes 400 naming the field. */
async function guardUnique<T>(runtime: ResourceRuntime, scope: Scope, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const pg = pgError(error);
    const field = pg?.code === '23505' && pg.constraint ? runtime.uniqueIndexes.get(pg.constraint) : undefined;
    if (!field) throw error;
    const label = pick(runtime.resource.fields[field].label, localeOf(scope));
    throw badInput('error.fieldsInvalid', [{ field, key: 'validation.unique', values: { label } }]);
  }
}

/**
 * The body checked against the declaration (no database yet): its values (conditional fields
 * decided on the record after the write) and, on modify, the fields the record's state locks;
 * 400 naming every bad field. References are checked inside the write's transaction.
 */
function validated(args: Scoped & { body: Record<string, unknown>; mode: 'create' | 'modify'; current: StoredRecord | null }): WriteSet {
  const { resource } = args.runtime;
  const locale = localeOf(args.scope);
  const checked = validateWrite({ resource, body: args.body, mode: args.mode, locale, zone: zoneOf(args.scope), current: args.current });
  const issues = args.current
    ? [...checked.issues, ...lockedChanges({ resource, current: args.current, set: checked.set, locale, now: args.scope.now })]
    : [...checked.issues];
  const window =
    checked.issues.length === 0 ? windowOrderIssue({ resource, values: checked.set.values, current: args.current, locale }) : null;
  if (window) issues.push(window);
  if (issues.length > 0) throw badInput('error.fieldsInvalid', issues);
  const { set } = checked;
  return set;
}

/**
 * The references of a write, checked inside its transaction: each referenced row is locked
 * FOR KEY SHARE until commit, so it cannot be deleted under the write (references.validate.ts).
 */
async function referencesHold(args: Scoped & { db: DbOrTx; set: WriteSet; currentId: number | null }): Promise<void> {
  const issues = await checkReferences({
    db: args.db,
    registry: args.registry,
    runtime: args.runtime,
    scope: args.scope,
    set: args.set,
    currentId: args.currentId,
  });
  if (issues.length > 0) throw badInput('error.fieldsInvalid', issues);
}

/**
 * The precondition "the record shows one of these states", for the statement that acts on it:
 * the stored state, or for a state that follows time the shown one at the request's instant.
 */
function stateIn(runtime: ResourceRuntime, scope: Scope, states: readonly string[] | undefined): SQL | undefined {
  return shownStateIn({ t: runtime.table, resource: runtime.resource, states, now: scope.now });
}

/** The scoped arguments of an operation: 400 when a centre-scoped resource has no centre chosen. */
function scoped<T extends OperationArgs>(args: T): T & { readonly scope: Scope } {
  return { ...args, scope: scopeOf(args.actor, args.runtime) };
}

/**
 * info: one record with its lines as the actor may see it (tenant, centre, view, row filter), or
 * null. `db` may be a transaction (a job reading what it has just written).
 */
export async function readRecord(args: Omit<OperationArgs, 'registry'> & { id: number }): Promise<StoredRecord | null> {
  const scope = scopeOf(args.actor, args.runtime);
  return findRecord({ db: args.db, runtime: args.runtime, scope, id: args.id, operation: 'info' });
}
/**
 * info as the route answers it: the record, its lines and the names it points at (those of its
 * own fields read in the same statement, those inside its lines looked up after), or null.
 */
export async function readNamedRecord(args: OperationArgs & { id: number }): Promise<{ row: StoredRecord; titles: RecordTitles } | null> {
  const scope = scopeOf(args.actor, args.runtime);
  const found = await findNamedRecord({ db: args.db, runtime: args.runtime, scope, id: args.id, registry: args.registry });
  if (!found) return null;
  const [titles] = await recordTitles({
    db: args.db,
    registry: args.registry,
    resource: args.runtime.resource,
    tenantId: scope.tenantId,
    rows: [found.row],
    carried: [found.carried],
  });
  return { row: found.row, titles };
}
/** The state a stored record shows at the request's instant (its stored state without a timeline). */
const shownOf = (runtime: ResourceRuntime, scope: Scope, record: StoredRecord): string =>
  String(recordShownState({ states: runtime.resource.states, record, now: scope.now }));

/** saveNew: validates, runs beforeSave, inserts the record and its lines, runs afterSave. */
export async function createRecord(input: OperationArgs & { body: Record<string, unknown> }): Promise<StoredRecord> {
  const args = scoped(input);
  const { runtime, scope } = args;
  const set = validated({ ...args, mode: 'create', current: null });
  return guardUnique(runtime, scope, () =>
    args.db.transaction(async (tx) => {
      await referencesHold({ ...args, db: tx, set, currentId: null });
      const ctx = hookContext({ runtime, scope, db: tx });
      const values: StoredRecord = { ...set.values, ...stampedValues(runtime, scope) };
      // The document number, drawn in this transaction: a save that fails gives it back.
      const numberIssue = await assignNumber({
        db: tx,
        tenantId: scope.tenantId,
        resource: runtime.resource,
        values,
        locale: localeOf(scope),
      });
      if (numberIssue) throw badInput('error.fieldsInvalid', [numberIssue]);
      await runtime.hooks.beforeSave?.({ ...ctx, operation: 'create', body: args.body, values, lines: set.lines, current: null });
      const [row] = (await tx
        .insert(runtime.table)
        .values({
          ...values,
          ...stampedValues(runtime, scope),
          tenantId: scope.tenantId,
          createdBy: args.actor.userId,
          updatedBy: args.actor.userId,
          // The creator is the first maker of the value a document creates.
          ...(runtime.resource.creates ? { valueMakers: withMaker([], args.actor.userId) } : {}),
        })
        .returning()) as StoredRecord[];
      const id = row.id as number;
      await saveLines({ db: tx, runtime, tenantId: scope.tenantId, parentId: id, lines: set.lines, current: null });
      const record = (await findRecord({ db: tx, runtime, scope, id, operation: 'write', written: true })) as StoredRecord;
      await runtime.hooks.afterSave?.({ ...ctx, operation: 'create', record });
      return record;
    }),
  );
}

function readIdVersion(args: { body: Record<string, unknown>; scope: Scope }): { id: number; version: number } {
  const { body, scope } = args;
  const id = body.id;
  const version = body.version;
  const issues: FieldError[] = [];
  const label = (key: 'id' | 'version') => pick(crudMessages[`crud.field.${key}`], localeOf(scope));
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1)
    issues.push({ field: 'id', key: 'validation.required', values: { label: label('id') } });
  // The version column is an integer (int4).
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1 || version > INT4_MAX) {
    issues.push({ field: 'version', key: 'validation.required', values: { label: label('version') } });
  }
  if (issues.length > 0) throw badInput('error.fieldsInvalid', issues);
  return { id: id as number, version: version as number };
}

/**
 * modify: the body carries id and version; only the fields present change. Stale version -> 409
 * error.conflict; a state outside editableIn -> 409. Lines are saved by difference (record.store.ts
 * `saveLines`): a line keeps its identity and its server-written columns while it is in the body.
 */
export async function modifyRecord(input: OperationArgs & { body: Record<string, unknown> }): Promise<StoredRecord> {
  const args = scoped(input);
  const { runtime, scope } = args;
  const { id, version } = readIdVersion(args);
  const current = await findRecord({ db: args.db, runtime, scope, id, operation: 'write' });
  if (!current) throw notFound();
  const states = runtime.resource.states;
  const editable = states?.editableIn;
  if (states && editable && !editable.includes(shownOf(runtime, scope, current))) throw conflict('crud.notEditable');
  if (current.version !== version) throw conflict();
  const set = validated({ ...args, mode: 'modify', current });
  return guardUnique(runtime, scope, () =>
    args.db.transaction(async (tx) => {
      await referencesHold({ ...args, db: tx, set, currentId: id });
      const ctx = hookContext({ runtime, scope, db: tx });
      const values: StoredRecord = { ...set.values };
      await runtime.hooks.beforeSave?.({ ...ctx, operation: 'modify', body: args.body, values, lines: set.lines, current });
      // Who changes an amount or a line (as the hooks left the write: totals, expanded lines)
      // becomes a maker of the value; a remark-only edit does not (value-approval.ts).
      if (runtime.resource.creates && changesValue({ resource: runtime.resource, values, lines: set.lines, current })) {
        values.valueMakers = withMaker(current.valueMakers, args.actor.userId);
      }
      const t = runtime.table;
      const updated = await tx
        .update(t)
        .set({
          ...values,
          ...stampedValues(runtime, scope),
          version: sql`${t.version} + 1`,
          updatedAt: sql`now()`,
          updatedBy: args.actor.userId,
        })
        .where(
          and(
            recordConditions({ runtime, scope, db: tx, operation: 'write', id }),
            eq(t.version, version),
            stateIn(runtime, scope, editable),
          ),
        )
        .returning({ id: t.id });
      // Someone else saved, or moved the state, between our read and this update.
      if (updated.length === 0) throw conflict();
      await saveLines({ db: tx, runtime, tenantId: scope.tenantId, parentId: id, lines: set.lines, current });
      const record = (await findRecord({ db: tx, runtime, scope, id, operation: 'write', written: true })) as StoredRecord;
      await runtime.hooks.afterSave?.({ ...ctx, operation: 'modify', record });
      return record;
    }),
  );
}

/**
 * delete: refused (409) outside deletableIn, and while anything points at the record: a tree
 * node's children, a relation or a line of any resource, a platform table's row (the record's
 * referrers, inbound-references.ts), counted after the record is locked FOR UPDATE.
 */
export async function deleteRecord(input: OperationArgs & { id: number }): Promise<void> {
  const args = scoped(input);
  const { runtime, scope, id } = args;
  await args.db.transaction(async (tx) => {
    const current = await findRecord({ db: tx, runtime, scope, id, operation: 'write', forUpdate: true });
    if (!current) throw notFound();
    const states = runtime.resource.states;
    const deletable = states?.deletableIn;
    if (states && deletable && !deletable.includes(shownOf(runtime, scope, current))) throw conflict('crud.notDeletable');
    await runtime.hooks.beforeDelete?.({ ...hookContext({ runtime, scope, db: tx }), record: current });
    await refuseIfReferenced({
      db: tx,
      resource: runtime.resource,
      referrers: runtime.referrers,
      tenantId: scope.tenantId,
      record: current,
      locale: localeOf(scope),
    });
    await deleteLines({ db: tx, runtime, tenantId: scope.tenantId, parentId: id });
    await tx.delete(runtime.table).where(recordConditions({ runtime, scope, db: tx, operation: 'write', id }));
  });
}

/**
 * A state action: one conditional UPDATE … WHERE state = ANY(from), so of two concurrent calls
 * exactly one moves the record, is logged in state_changes (with the body's reason and the
 * actor's user, null for the server itself) and runs afterAction; the other gets 409. A record
 * out of reach answers 404 before the reason is read. Server actions (`StateAction.server`, no
 * route) are run by jobs through this same operation. The server acting on its own leaves
 * `updatedBy` as it was (the last person who wrote the record).
 */
export async function runAction(input: OperationArgs & { id: number; action: string; body?: unknown }): Promise<StoredRecord> {
  const args = scoped(input);
  const { runtime, scope, id, action } = args;
  const states = runtime.resource.states;
  const def = states?.actions[action];
  if (!states || !def) throw notFound('error.routeNotFound');
  const refuse = () => new AppError('conflict', 'crud.actionNotAllowed', { values: { action: pick(def.label, localeOf(scope)) } });
  const userId = args.actor.userId;
  return args.db.transaction(async (tx) => {
    const previous = await findRecord({ db: tx, runtime, scope, id, operation: 'write' });
    if (!previous) throw notFound();
    const reason = readReason({ action: def, body: args.body, locale: localeOf(scope) });
    const from = shownOf(runtime, scope, previous);
    if (!def.from.includes(from)) throw refuse();
    const ctx = hookContext({ runtime, scope, db: tx });
    if (approvalAction(runtime.resource) === action && userId !== null) {
      // The value approval rule reads the row locked, so what it checks is what the action applies.
      const locked = await findRecord({ db: tx, runtime, scope, id, operation: 'write', forUpdate: true });
      if (!locked) throw notFound();
      await assertValueApproved({ db: tx, resource: runtime.resource, record: locked, actor: args.actor });
    }
    await runtime.hooks.beforeAction?.[action]?.({ ...ctx, action, record: previous });
    const t = runtime.table;
    const moved = await tx
      .update(t)
      .set({
        [states.field]: def.to,
        version: sql`${t.version} + 1`,
        updatedAt: sql`now()`,
        ...(userId !== null ? { updatedBy: userId } : {}),
      })
      .where(and(recordConditions({ runtime, scope, db: tx, operation: 'write', id }), stateIn(runtime, scope, def.from)))
      .returning({ id: t.id });
    if (moved.length === 0) throw refuse();
    await logStateChange({
      db: tx,
      tenantId: scope.tenantId,
      resource: runtime.resource,
      recordId: id,
      action,
      from,
      to: def.to,
      reason,
      userId,
    });
    const record = (await findRecord({ db: tx, runtime, scope, id, operation: 'write', written: true })) as StoredRecord;
    await runtime.hooks.afterAction?.[action]?.({ ...ctx, action, record, previous });
    return record;
  });
}
