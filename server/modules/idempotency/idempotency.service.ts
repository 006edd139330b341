import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import type { FastifyReply } from 'fastify';
import { AppError, ok, type Envelope } from '../../http/envelope';
import { requestHash } from './request-hash';
import { isRetryableTransactionError } from '../../db/pg-errors';

/**
 * The one idempotency rule of every request that moves value (README.md beside this file).
 *
 * In one transaction: claim the key (`INSERT … ON CONFLICT DO NOTHING`), do the work, store the
 * answer, commit. A concurrent first use of the same key waits on the key's unique index until
 * the first transaction ends; if it committed, the waiter reads the stored row and answers from
 * it; if it rolled back (the work was refused), the waiter claims the key itself. So one key
 * gives one result, whatever the concurrency, and never a 5xx.
 */

/** What an idempotent operation needs. */
export interface IdempotentInput<T> {
  readonly db: DbOrTx;
  readonly tenantId: number;
  /** What the key is for, `<domain>.<operation>`: `points.spend`, `stored-value.recharge` … */
  readonly operation: string;
  /** The caller's number that makes the request happen once. */
  readonly key: string;
  /** The body field that carries the key (`requestNo`), named in the 409 message. */
  readonly keyField: string;
  /**
   * The request as it decides the outcome, canonicalised by the caller (money as cents text,
   * absent optional members as null; not the key itself). Hashed and stored with the key.
   */
  readonly request: unknown;
  /**
   * The work, in the key's transaction. Its answer must be JSON; it is what replays get. Work
   * that writes in one statement may store the answer in it too (`store.cte`, then
   * `store.stored()`), saving the separate update of the key row.
   */
  readonly run: (tx: DbOrTx, store: AnswerStore) => Promise<T>;
  /**
   * A row lock the work takes first (`select … for no key update`), taken by the key's claim
   * statement itself: the work's first statement then starts once the lock is held, so it sees
   * everything those who held the lock before committed, and costs no round trip of its own.
   */
  readonly lockFirst?: SQL;
}

/** Lets the work store its answer in its own statement. */
export interface AnswerStore {
  /** A CTE `idem as (update … set response = <answer>)`; `answer` may read the CTEs before it through `from`. */
  cte(args: { answer: SQL; from: SQL }): SQL;
  /** The answer has been stored by the work's statement. */
  stored(): void;
}

/** The answer and whether it was a replay (nothing done this time). */
export interface IdempotentResult<T> {
  readonly answer: T;
  readonly replayed: boolean;
}

interface StoredKey extends Record<string, unknown> {
  request_hash: string | null;
  response: unknown;
}

/** The 409 of a key used before with another request. */
export function keyReused(input: { keyField: string; key: string }): AppError {
  return new AppError('conflict', 'idempotency.keyReused', { values: { field: input.keyField, key: input.key } });
}

/**
 * Runs `run` once per (tenant, operation, key): the first call does the work and stores its
 * answer in the same transaction; a replay with the same request answers the stored answer;
 * a replay with another request is refused with 409 `idempotency.keyReused`. A call whose work
 * throws stores nothing (the transaction rolls back), so the same key may be tried again.
 */
export async function idempotent<T>(input: IdempotentInput<T>): Promise<IdempotentResult<T>> {
  // A deadlock or serialization failure rolled everything back, the key's claim included, so the
  // whole transaction runs again (two sales of one member both taking the member's row for their
  // growth step is such a deadlock: PostgreSQL ends one, which then runs after the other).
  // Inside a caller's transaction (a savepoint) the caller's whole transaction is lost, so the
  // error goes to the caller, whose own transaction decides.
  const inCallersTransaction = 'rollback' in input.db;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await attemptOnce(input);
    } catch (error) {
      if (inCallersTransaction || attempt >= RETRIES || !isRetryableTransactionError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * attempt));
    }
  }
}

/** How many times a transaction that PostgreSQL ended as a deadlock victim is run at most. */
const RETRIES = 10;

async function attemptOnce<T>(input: IdempotentInput<T>): Promise<IdempotentResult<T>> {
  const { tenantId, operation, key } = input;
  const hash = requestHash(input.request);
  return input.db.transaction(async (tx) => {
    // The lock's CTE is read by the condition, so it runs (and waits) before the claim.
    const claimed =
      await tx.execute(sql`${input.lockFirst ? sql`with lock_first as (${input.lockFirst}) ` : sql``}insert into idempotency_keys
      (tenant_id, operation, key, request_hash)
      select ${tenantId}, ${operation}, ${key}, ${hash}
      ${input.lockFirst ? sql`where (select count(*) from lock_first) >= 0` : sql``}
      on conflict (tenant_id, operation, key) do nothing returning key`);
    if (claimed.rows.length === 0) {
      // Used before (or by a concurrent call that has just committed: READ COMMITTED sees it now).
      const stored = await tx.execute<StoredKey>(sql`select request_hash, response from idempotency_keys
        where tenant_id = ${tenantId} and operation = ${operation} and key = ${key}`);
      const row = stored.rows[0];
      // Keys are never deleted while a request could still be retried; be safe if one was.
      if (!row) throw new AppError('conflict', 'error.conflict');
      if (row.request_hash !== null && row.request_hash !== hash) throw keyReused(input);
      return { answer: row.response as T, replayed: true };
    }
    let storedByWork = false;
    const store: AnswerStore = {
      cte: (args) => sql`idem as (update idempotency_keys set response = ${args.answer} from ${args.from}
        where idempotency_keys.tenant_id = ${tenantId} and idempotency_keys.operation = ${operation} and idempotency_keys.key = ${key})`,
      stored: () => {
        storedByWork = true;
      },
    };
    const answer = await input.run(tx, store);
    if (!storedByWork) {
      await tx.execute(sql`update idempotency_keys set response = ${JSON.stringify(answer)}::jsonb
        where tenant_id = ${tenantId} and operation = ${operation} and key = ${key}`);
    }
    return { answer, replayed: false };
  });
}

/**
 * The envelope of an idempotent answer; a replay also carries the `idempotent-replayed: true`
 * header (the body is the first answer, unchanged).
 */
export function idempotentReply<T>(reply: FastifyReply, result: IdempotentResult<T>): Envelope<T> {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return ok(result.answer);
}
