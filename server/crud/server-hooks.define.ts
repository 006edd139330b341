import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PermissionRef } from '../../resources/catalog/types';
import type { ResourceDef } from '../../resources/define';
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

export interface ServerHooks {
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
      values: StoredRecord;
      lines: Map<string, StoredRecord[]>;
      current: StoredRecord | null;
    },
  ) => Promise<void> | void;
  /** After insert or update, same transaction; `record` is the stored record with its lines. */
  readonly afterSave?: (args: HookContext & { operation: 'create' | 'modify'; record: StoredRecord }) => Promise<void> | void;
  /** Before delete, same transaction; throw an AppError to refuse. */
  readonly beforeDelete?: (args: HookContext & { record: StoredRecord }) => Promise<void> | void;
  /** Before a state action's conditional update, same transaction; throw to refuse. */
  readonly beforeAction?: Readonly<Record<string, (args: HookContext & { action: string; record: StoredRecord }) => Promise<void> | void>>;
  /**
   * After the state action's conditional update succeeded, in the same transaction: runs once
   * per real transition (a concurrent second call never gets here), so a document's audit can
   * apply its lines exactly once. `record` is the updated record with its lines.
   */
  readonly afterAction?: Readonly<
    Record<string, (args: HookContext & { action: string; record: StoredRecord; previous: StoredRecord }) => Promise<void> | void>
  >;
  /**
   * After a state action called over HTTP committed (outside its transaction), with the app:
   * for starting background work the committed state asks for (the batch audit queues its run).
   * A job calling the engine's action directly does not run these.
   */
  readonly afterCommit?: Readonly<
    Record<string, (args: { app: FastifyInstance; actor: Actor; record: StoredRecord }) => Promise<void> | void>
  >;
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

/** Declares the server hooks of a resource (the file is `server/modules/<domain>/<name>.hooks.ts`). */
export function defineServerHooks(name: string, hooks: ServerHooks): ResourceHooks {
  return { name, hooks };
}
