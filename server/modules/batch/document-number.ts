import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { counters } from '../../db/schema/counters.schema';

/**
 * Business numbers of documents (`BO00000007`), drawn from the tenant's named counter
 * (counters.schema.ts). One statement: concurrent callers serialise on the counter row and each
 * gets its own value; inside the caller's transaction a rollback gives the number back.
 */
export async function drawDocumentNumber(args: {
  db: DbOrTx;
  tenantId: number;
  /** The counter's name (`batch-operate`). */
  counter: string;
  /** Letters before the digits (`BO`). */
  prefix: string;
  /** Digits after the prefix, zero-padded; default 8. */
  digits?: number;
}): Promise<string> {
  const [row] = await args.db
    .insert(counters)
    .values({ tenantId: args.tenantId, name: args.counter, value: 1 })
    .onConflictDoUpdate({
      target: [counters.tenantId, counters.name],
      set: { value: sql`${counters.value} + 1`, updatedAt: sql`now()` },
    })
    .returning({ value: counters.value });
  return `${args.prefix}${String(row.value).padStart(args.digits ?? 8, '0')}`;
}
