import type { PermissionRef } from '../../../resources/catalog/types';
import type { FileModule } from '../../../resources/define';
import type { Database } from '../../db/connection';
import { chunkWriter, deleteFile } from './file-chunks.store';
import { percent, updateTask, type FileTaskRow } from './file-task.store';
import type { TaskRequester } from './task-requester';
import { openSheet, type SheetColumn } from './xlsx.writer';

/**
 * An export a domain module writes itself, for a hand-made list that is not a declared resource
 * (the points ledger; stored value and coupons can add theirs): its name (kept as the task's
 * `resource`), file module, columns in the requester's language, and its rows in batches.
 * The task table, progress and download are the file centre's own.
 */
export interface ModuleExport {
  readonly name: string;
  readonly module: FileModule;
  /** The route that starts it, below `/v1/` (`activities/evaluation/export`). */
  readonly path: string;
  /** The grants of reading the list: any one of them starts the export. */
  readonly requires: readonly PermissionRef[];
  /** The JSON schema of the route's body: the list's query. */
  readonly body: Record<string, unknown>;
  /** Refuses, before queuing, a requester the list would refuse (a missing centre …). */
  check(requester: TaskRequester): void;
  /** The sheet's and file's title, in the requester's language. */
  title(requester: TaskRequester): string;
  columns(requester: TaskRequester): readonly SheetColumn[];
  /** How many rows the query holds (for the progress). */
  count(args: { database: Database; requester: TaskRequester; query: unknown }): Promise<number>;
  /** The rows as cells, batch after batch, in the list's order. */
  rows(args: { database: Database; requester: TaskRequester; query: unknown }): AsyncIterable<readonly (readonly unknown[])[]>;
}

/** Marks a task's params as a module export's (a declared resource's export has none). */
export const MODULE_EXPORT_KIND = 'module-export';

/** Writes a module export's rows to the task's output workbook, saving progress per batch. */
export async function runModuleExport(args: {
  database: Database;
  moduleExport: ModuleExport;
  task: FileTaskRow;
  requester: TaskRequester;
}): Promise<void> {
  const { database, moduleExport, task, requester } = args;
  const db = database.db;
  const query = task.params.query ?? {};
  const ids = { db, tenantId: task.tenantId, id: task.id };
  const total = await moduleExport.count({ database, requester, query });
  await updateTask({ ...ids, patch: { total } });
  const ref = { db, tenantId: task.tenantId, taskId: task.id, part: 'output' as const };
  await deleteFile(ref);
  const sheet = openSheet({ stream: chunkWriter(ref), name: moduleExport.title(requester), columns: moduleExport.columns(requester) });
  let processed = 0;
  for await (const batch of moduleExport.rows({ database, requester, query })) {
    for (const row of batch) sheet.addRow(row);
    processed += batch.length;
    await updateTask({ ...ids, patch: { processed, progress: percent(processed, Math.max(total, processed)) } });
  }
  await sheet.close();
  await updateTask({
    ...ids,
    patch: { state: 'succeeded', progress: 100, processed, total: processed, outputName: task.fileName, finishedAt: new Date() },
  });
}
