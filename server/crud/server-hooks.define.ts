import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PermissionRef } from '../../resources/catalog/types';
import type { ResourceDef } from '../../resources/define';
import type { RecordOf } from '../../resources/record-of';
import type { DbOrTx } from '../db/connection';
import type { Actor } from './actor';
import type { DerivedTable } from './table.derive';

/**
 * Server hooks: what a resource needs beyond derived CRUD, written next to its declaration in
 * `server/modules/<domain>/<name>.hooks.ts` and listed in `server/modules/resource-hooks.ts`. Every hook
 * is optional; a resource without hooks is served entirely by the engine.
 */

/** A stored record as the engine holds it: property-keyed columns, plus line arrays by field. */
export type StoredRecord = Record<string, unknown>;

/** What every hook receives. */
export interface HookContext {
  /** Inside a write: the transaction the engine's own statements run in. Otherwise the pool. */
  readonly db: DbOrTx;
  /**
   * Who the operation works for: tenant, user (null for the server itself), grants, centres, the
   * chosen centre, locale and time zone. The same whether an HTTP route or a job called the
   * engine: hooks never see a request.
   */
  readonly actor: Actor;
  readonly resource: ResourceDef;
  readonly table: DerivedTable;
  /** The centre a centre-scoped resource works in; null for tenant-scoped resources. */
  readonly marketingCenterId: number | null;
}

/** What a row filter narrows. `reference` is a relation check from another resource's form. */
export type RowOperation = 'query' | 'info' | 'options' | 'reference' | 'write';

/** Tools the engine lends to a resource's extra routes. */
export interface EngineHandle {
  readonly resource: ResourceDef;
  readonly table: DerivedTable;
  /** The permission path of the resource's catalogue entry. */
  readonly resourceId: string;
  /** The record as the info endpoint returns it (scoped to the caller's tenant and centre), or 404. */
  info(request: FastifyRequest, id: number): Promise<Record<string, unknown>>;
  /** Serialises a stored record for the response (dates in the caller's zone, money as numbers). */
  serialize(request: FastifyRequest, record: StoredRecord): Record<string, unknown>;
}

/** The lines fields of a record type (their values are arrays of line records with a `lineNo`). */
type LinesKey<T> = { [K in keyof T]: T[K] extends readonly { lineNo: number }[] ? K : never }[keyof T] & string;

/** A line of a save: every field of the line, and its `lineNo` when it names a stored line. */
export type SavedLine<T, K extends keyof T> = T[K] extends readonly (infer L)[] ? Omit<L, 'lineNo'> & { lineNo?: number } : never;

/** The lines of a save, by lines field, typed by the record type. */
export interface TypedLines<T> {
  get<K extends LinesKey<T>>(field: K): SavedLine<T, K>[] | undefined;
  /** Replaces the lines of a field (fields left out take their defaults). */
  set<K extends LinesKey<T>>(field: K, lines: Partial<SavedLine<T, K>>[]): unknown;
}

/** `lines` of beforeSave: a plain map for untyped hooks, {@link TypedLines} for typed ones. */
export type LinesArg<T> = string extends keyof T ? Map<string, StoredRecord[]> : TypedLines<T>;

/**
 * `T` is the record type the hooks read: `RecordOf<typeof resource>` when the hooks are declared
 * with their resource (`defineServerHooks(levelResource, { … })`), so `values.rankOrder` is a
 * `number` and `current.levelType` one of the declared options; the untyped `StoredRecord`
 * when declared by name.
 */
export interface ServerHooks<T extends object = StoredRecord> {
  /**
   * Replaces the derived route requirements (any-of lists). For resources whose permission
   * depends on the record (card templates: one permission pair per card type), the routes
   * accept any of the pairs and the hooks below check the record's own.
   */
  readonly requires?: {
    readonly read?: readonly PermissionRef[];
    readonly write?: readonly PermissionRef[];
  };
  /** An extra condition on every statement of the resource (rows the caller may see or touch). */
  readonly rowFilter?: (args: HookContext & { operation: RowOperation }) => SQL | undefined;
  /**
   * Before insert or update, inside the transaction, after validation. May change `values`
   * (property-keyed column values about to be written; `current` is the stored record on
   * modify) and `lines` (the replacement lines of the `lines` fields the body carries, by field;
   * a field absent from it keeps its stored lines), or throw an AppError to refuse. `body` is the
   * body as the caller sent it (before validation dropped server-managed fields).
   */
  readonly beforeSave?: (
    args: HookContext & {
      operation: 'create' | 'modify';
      body: Readonly<Record<string, unknown>>;
      values: Partial<T>;
      lines: LinesArg<T>;
      current: T | null;
    },
  ) => Promise<void> | void;
  /** After insert or update, same transaction; `record` is the stored record with its lines. */
  readonly afterSave?: (args: HookContext & { operation: 'create' | 'modify'; record: T }) => Promise<void> | void;
  /** Before delete, same transaction; throw an AppError to refuse. */
  readonly beforeDelete?: (args: HookContext & { record: T }) => Promise<void> | void;
  /** Before a state action's conditional update, same transaction; throw to refuse. */
  readonly beforeAction?: Readonly<Record<string, (args: HookContext & { action: string; record: T }) => Promise<void> | void>>;
  /**
   * After the state action's conditional update succeeded, in the same transaction: runs once
   * per real transition (a concurrent second call never gets here), so a document's audit can
   * apply its lines exactly once. `record` is the updated record with its lines.
   */
  readonly afterAction?: Readonly<Record<string, (args: HookContext & { action: string; record: T; previous: T }) => Promise<void> | void>>;
  /**
   * After a state action called over HTTP committed (outside its transaction), with the app:
   * for starting background work the committed state asks for (the batch audit queues its run).
   * A job calling the engine's action directly does not run these.
   */
  readonly afterCommit?: Readonly<Record<string, (args: { app: FastifyInstance; actor: Actor; record: T }) => Promise<void> | void>>;
  /**
   * After a settings object's save committed (outside its transaction), with the app: for what
   * must not hold the transaction open, a call to an outside platform (the card design sent to
   * the wallets). It may answer the record as it then stands (ids the platform gave), which the
   * save answers instead. Only settings saves (`singleton`) run it.
   */
  readonly afterSaveCommit?: (args: { app: FastifyInstance; actor: Actor; record: T }) => Promise<StoredRecord | void>;
  /**
   * Extra endpoints (`POST /v1/card-template/allocateTemplateNumber`). Registered in the
   * engine's context under the service base: the access hook applies, so each route must
   * declare `config.requires` (or `signedIn`).
   */
  readonly routes?: (app: FastifyInstance, engine: EngineHandle) => void | Promise<void>;
}

/** A resource's hooks, as listed in server/modules/resource-hooks.ts. */
export interface ResourceHooks {
  /** The resource's API name. */
  readonly name: string;
  readonly hooks: ServerHooks;
}

/**
 * Declares the server hooks of a resource (the file is `server/modules/<domain>/<name>.hooks.ts`).
 * Given the declaration itself, the hooks read typed records (`RecordOf`, resources/record-of.ts);
 * given a name (a view, a test), `StoredRecord`.
 */
export function defineServerHooks<const R extends ResourceDef>(resource: R, hooks: ServerHooks<RecordOf<R>>): ResourceHooks;
export function defineServerHooks(name: string, hooks: ServerHooks): ResourceHooks;
export function defineServerHooks(target: string | ResourceDef, hooks: ServerHooks<never>): ResourceHooks {
  // The engine hands every hook the records of the declaration's shape (RecordOf mirrors the
  // derived columns, record.store.ts loads the lines): one cast, here, instead of one per hook.
  return { name: typeof target === 'string' ? target : target.name, hooks: hooks as unknown as ServerHooks };
}
