import type { PermissionRef } from '../../../resources/catalog/types';
import type { FileModule } from '../../../resources/define';
import type { Database } from '../../db/connection';
import { refuseImport, type RowError } from './error-report';
import { loadFile } from './file-chunks.store';
import { percent, updateTask, type FileTaskRow } from './file-task.store';
import { FileProblem } from './sheet-reader';
import type { TaskRequester } from './task-requester';

/**
 * An import a domain module runs itself, for rows that are not records of a declared resource
 * (a partner's coupon codes, a partner's statement to reconcile): its route, grants, the
 * parameters the route checks before queuing (400 naming the field, 404, 409 now, not a failed
 * task later), and its run over the uploaded workbook. The task table, the upload, progress, the
 * error report and its download are the file centre's own, as for a resource import: a run
 * that refuses rows applies none of them (the rule of every import of the file centre).
 */
export interface ModuleImport {
  readonly name: string;
  readonly module: FileModule;
  /** The route that starts it, below `/v1/` (`coupon-codes/import`). */
  readonly path: string;
  /** The grants of writing what it imports: any one of them starts it (and downloads its report). */
  readonly requires: readonly PermissionRef[];
  /** The JSON schema of the route's query string: the import's parameters. */
  readonly query: Record<string, unknown>;
  /** Checks the parameters for the requester (throws the 400 / 404 / 409) and answers those the task keeps. */
  prepare(args: { database: Database; requester: TaskRequester; query: Record<string, unknown> }): Promise<Record<string, unknown>>;
  /**
   * Reads the workbook and applies its rows, all or none: the rows refused (nothing applied), or
   * how many were applied. File problems throw {@link FileProblem}. `progress` saves how far it is.
   */
  run(args: {
    database: Database;
    task: FileTaskRow;
    requester: TaskRequester;
    params: Record<string, unknown>;
    bytes: Buffer;
    progress: (done: number, total: number) => Promise<void>;
  }): Promise<{ readonly applied: number } | { readonly refused: readonly RowError[]; readonly read: number }>;
}

/** Marks a task's params as a module import's (a declared resource's import has none). */
export const MODULE_IMPORT_KIND = 'module-import';

/** Runs a module import's task: its workbook, progress, then success, or the error report. */
export async function runModuleImport(args: {
  database: Database;
  moduleImport: ModuleImport;
  task: FileTaskRow;
  requester: TaskRequester;
}): Promise<void> {
  const { database, moduleImport, task, requester } = args;
  const db = database.db;
  const ids = { db, tenantId: task.tenantId, id: task.id };
  const bytes = await loadFile({ db, tenantId: task.tenantId, taskId: task.id, part: 'input' });
  const params = (task.params.params ?? {}) as Record<string, unknown>;
  let outcome: Awaited<ReturnType<ModuleImport['run']>>;
  try {
    outcome = await moduleImport.run({
      database,
      task,
      requester,
      params,
      bytes,
      // Saved on the pool, outside the import's transaction, so the file centre sees it now.
      progress: (done, total) => updateTask({ ...ids, patch: { processed: done, total, progress: percent(done, total) } }),
    });
  } catch (error) {
    if (!(error instanceof FileProblem)) throw error;
    await updateTask({ ...ids, patch: { state: 'failed', errorKey: error.key, errorValues: error.values, finishedAt: new Date() } });
    return;
  }
  if ('refused' in outcome) {
    await refuseImport({ db, task, locale: requester.locale, errors: outcome.refused, processed: outcome.read });
    return;
  }
  await updateTask({
    ...ids,
    patch: { state: 'succeeded', progress: 100, processed: outcome.applied, total: outcome.applied, failed: 0, finishedAt: new Date() },
  });
}
