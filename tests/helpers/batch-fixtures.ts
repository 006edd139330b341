import { and, eq } from 'drizzle-orm';
import { batchOperateResource } from '../../resources/member/batch-operate.resource';
import { deriveLinesTable, deriveTable } from '../../server/crud/table.derive';
import type { Database } from '../../server/db/connection';

/**
 * Puts a batch operation document in the state a stopped process leaves it in: RUNNING, every
 * line pending except `doneLines` (succeeded). A run of it then applies the pending lines again.
 */
export async function strandRunning(args: {
  database: Database;
  tenantId: number;
  documentId: number;
  doneLines?: readonly number[];
}): Promise<void> {
  const { database, tenantId, documentId } = args;
  const t = deriveTable(batchOperateResource);
  const l = deriveLinesTable(batchOperateResource, 'lines');
  await database.db
    .update(t)
    .set({ state: 'RUNNING' })
    .where(and(eq(t.tenantId, tenantId), eq(t.id, documentId)));
  await database.db
    .update(l)
    .set({ result: 'pending', message: null, messageValues: null })
    .where(and(eq(l.tenantId, tenantId), eq(l.parentId, documentId)));
  for (const lineNo of args.doneLines ?? []) {
    await database.db
      .update(l)
      .set({ result: 'succeeded' })
      .where(and(eq(l.tenantId, tenantId), eq(l.parentId, documentId), eq(l.lineNo, lineNo)));
  }
}
