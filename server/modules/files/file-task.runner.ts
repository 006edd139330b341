import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connection';
import { fileTasks } from '../../db/schema/index';
import { AppError } from '../../http/envelope';
import type { JobQueue } from '../../jobs/queue';
import type { EngineRegistry } from '../../crud/resource-registry';
import { runExport } from './export.job';
import { updateTask, type FileTaskRow } from './file-task.store';
import { runImport } from './import.job';
import { MODULE_EXPORT_KIND, runModuleExport, type ModuleExport } from './module-export';
import { MODULE_IMPORT_KIND, runModuleImport, type ModuleImport } from './module-import';
import { readRequester } from './task-requester';

/** The queue every file task goes through. */
export const FILE_TASK_JOB = 'file-task';

/** What a queued job carries: the task's key; everything else is read from the task row. */
export interface FileJobData {
  readonly tenantId: number;
  readonly taskId: number;
}

/** What running a task needs from the app. */
export interface RunnerDeps {
  readonly database: Database;
  readonly registry: EngineRegistry;
  /** The module exports of every domain, by name (module-exports.ts). */
  readonly exports: ReadonlyMap<string, ModuleExport>;
  /** The module imports of every domain, by name (module-exports.ts). */
  readonly imports: ReadonlyMap<string, ModuleImport>;
  readonly log: FastifyBaseLogger;
}

// A task still "running" this long after it started belongs to a process that died; a retried
// job may take it over.
const STALE_AFTER = sql`interval '2 hours'`;

/** Moves the task to running, unless another worker has it; returns the claimed row. */
async function claim(deps: RunnerDeps, data: FileJobData): Promise<FileTaskRow | undefined> {
  const [row] = await deps.database.db
    .update(fileTasks)
    .set({ state: 'running', startedAt: new Date(), progress: 0, processed: 0, failed: 0, problems: null })
    .where(
      and(
        eq(fileTasks.tenantId, data.tenantId),
        eq(fileTasks.id, data.taskId),
        or(eq(fileTasks.state, 'queued'), and(eq(fileTasks.state, 'running'), lt(fileTasks.startedAt, sql`now() - ${STALE_AFTER}`))),
      ),
    )
    .returning();
  return row;
}

/**
 * Runs one task to its end. Whatever goes wrong ends as a failed task with a message the user
 * can read (the details go to the log with the trace id of the request that asked for it), so
 * nothing stays "running" and the queue does not retry a task that cannot succeed.
 */
export async function runTask(deps: RunnerDeps, data: FileJobData): Promise<void> {
  const task = await claim(deps, data);
  if (!task) return;
  const requester = readRequester(task.params.requester);
  try {
    const moduleExport = task.params.kind === MODULE_EXPORT_KIND ? deps.exports.get(task.resource) : undefined;
    const moduleImport = task.params.kind === MODULE_IMPORT_KIND ? deps.imports.get(task.resource) : undefined;
    if (moduleImport) await runModuleImport({ database: deps.database, moduleImport, task, requester });
    else if (task.direction === 'import') await runImport({ database: deps.database, registry: deps.registry, task, requester });
    else if (moduleExport) await runModuleExport({ database: deps.database, moduleExport, task, requester });
    else await runExport({ database: deps.database, registry: deps.registry, task, requester });
  } catch (error) {
    const known = error instanceof AppError && error.kind !== 'internal';
    if (!known) deps.log.error({ err: error, traceId: requester.traceId, taskId: task.id }, 'file task failed');
    await updateTask({
      db: deps.database.db,
      tenantId: task.tenantId,
      id: task.id,
      patch: {
        state: 'failed',
        errorKey: known ? error.key : 'files.error.jobFailed',
        errorValues: known ? error.values : null,
        finishedAt: new Date(),
      },
    });
  }
}

/**
 * Starts a task: on the shared queue when the app has one (any API process may run it), or
 * right away in this request when it has none (tests that build the app without a queue).
 */
export async function dispatchTask(args: { deps: RunnerDeps; jobs: JobQueue | null; data: FileJobData }): Promise<void> {
  if (!args.jobs) {
    await runTask(args.deps, args.data);
    return;
  }
  await args.jobs.send(FILE_TASK_JOB, args.data);
}

/** Lets this process work on queued file tasks. */
export async function workFileTasks(args: { deps: RunnerDeps; jobs: JobQueue }): Promise<void> {
  await args.jobs.work(FILE_TASK_JOB, (data) => runTask(args.deps, data as FileJobData));
}
