import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { batchOperateResource, type BatchOperation } from '../../../resources/member/batch-operate.resource';
import { levelResource } from '../../../resources/member/level.resource';
import { systemActor, type Actor } from '../../crud/actor';
import { runAction } from '../../crud/crud.operations';
import { deriveLinesTable, deriveTable } from '../../crud/table.derive';
import { AppError } from '../../http/envelope';
import type { JobQueue } from '../../jobs/queue';
import { storedValues } from './batch-outcome';
import { applyToMember, type BatchDeps, type BatchDocument } from './batch-operations';

/**
 * The background run of an audited batch operation document (pg-boss queue `batch-operate`).
 *
 * - The audit moved the document INITIAL -> RUNNING in one conditional update and, once committed,
 *   enqueued this job (the hook's `afterCommit`). The run first reads the document `FOR SHARE`:
 *   only a RUNNING document runs.
 * - Each pending line is applied in its own small transaction: the line is locked and re-read
 *   (`result = 'pending'`), the member's change and the line's result commit together. A line is
 *   therefore applied at most once even when two runs of the same document overlap (a retried
 *   job, a second process), and a run started after a crash resumes from the pending lines.
 * - The counts on the document are refreshed from the lines every {@link PROGRESS_EVERY} lines;
 *   when no line is pending the document moves RUNNING -> EFFECTED (once: conditional update).
 * - An unexpected error (not a refusal of the operation) stops the run: the document moves to
 *   FAILED and its unprocessed lines stay pending.
 */

/** The queue of batch runs. */
export const BATCH_JOB = 'batch-operate';

/** Lines read per statement, and how often the counts on the document are refreshed. */
export const PROGRESS_EVERY = 50;

/** What a queued run carries. */
export interface BatchJobData {
  readonly tenantId: number;
  readonly documentId: number;
}

const header = () => deriveTable(batchOperateResource);
const lines = () => deriveLinesTable(batchOperateResource, 'lines');

/** Reads the document for a run, waiting for a transaction still moving it; null unless RUNNING. */
async function runningDocument(deps: BatchDeps, data: BatchJobData): Promise<BatchDocument | null> {
  const t = header();
  const [row] = await deps.database.db
    .select()
    .from(t)
    .where(and(eq(t.tenantId, data.tenantId), eq(t.id, data.documentId)))
    .for('share');
  if (!row || row.state !== 'RUNNING') return null;
  let targetLevelName: string | null = null;
  if (row.targetLevel !== null) {
    const l = deriveTable(levelResource);
    const [level] = await deps.database.db
      .select({ name: l.name })
      .from(l)
      .where(and(eq(l.tenantId, data.tenantId), eq(l.id, Number(row.targetLevel))));
    targetLevelName = level ? String(level.name) : null;
  }
  const text = (value: unknown) => (value === null || value === undefined || value === '' ? null : String(value));
  return {
    tenantId: data.tenantId,
    id: data.documentId,
    number: String(row.number),
    operation: row.operation as BatchOperation,
    reason: text(row.reason),
    targetLevel: row.targetLevel === null ? null : Number(row.targetLevel),
    targetLevelName,
    tag: text(row.tag),
    points: row.points === null ? null : Number(row.points),
    valuePrincipal: text(row.valuePrincipal),
    valueGift: text(row.valueGift),
    couponTemplate: row.couponTemplate === null ? null : Number(row.couponTemplate),
    couponCount: row.couponCount === null ? null : Number(row.couponCount),
    remark: text(row.remark),
    // The audit is the last write of the document by a person; the run never changes updatedBy.
    operatorId: row.updatedBy === null ? null : Number(row.updatedBy),
  };
}

/** Applies one line unless it is no longer pending; true when this run applied it. */
async function runLine(args: { deps: BatchDeps; doc: BatchDocument; lineNo: number; actor: Actor }): Promise<boolean> {
  const { deps, doc, lineNo } = args;
  const l = lines();
  return deps.database.db.transaction(async (tx) => {
    const where = and(eq(l.tenantId, doc.tenantId), eq(l.parentId, doc.id), eq(l.lineNo, lineNo));
    // Locked and re-read: an overlapping run waits here, then finds the line done and skips it.
    const [line] = await tx
      .select({ member: l.member })
      .from(l)
      .where(and(where, eq(l.result, 'pending')))
      .for('update');
    if (!line) return false;
    const outcome = await applyToMember({ tx, deps, actor: args.actor, doc, memberId: Number(line.member) });
    await tx
      .update(l)
      .set({ result: outcome.result, message: outcome.key, messageValues: storedValues(outcome) })
      .where(where);
    return true;
  });
}

/** Refreshes the counts on the document from its lines; returns how many are still pending. */
async function saveProgress(deps: BatchDeps, data: BatchJobData): Promise<number> {
  const l = lines();
  const t = header();
  const rows = await deps.database.db
    .select({ result: l.result, n: count() })
    .from(l)
    .where(and(eq(l.tenantId, data.tenantId), eq(l.parentId, data.documentId)))
    .groupBy(l.result);
  const of = (result: string) => Number(rows.find((row) => row.result === result)?.n ?? 0);
  const succeeded = of('succeeded');
  const failed = of('failed');
  await deps.database.db
    .update(t)
    .set({ succeededCount: succeeded, failedCount: failed, processedCount: succeeded + failed })
    .where(and(eq(t.tenantId, data.tenantId), eq(t.id, data.documentId)));
  return of('pending');
}

/**
 * Moves RUNNING to its end state once, through the engine's own action (the declaration's server
 * actions `finish` / `fail`): its conditional update, its state-history entry (no user: the
 * server acts) and its hook (the finishing time). A run that finds the document already moved
 * by an overlapping run does nothing.
 */
async function finish(deps: BatchDeps, doc: BatchDocument, action: 'finish' | 'fail'): Promise<void> {
  try {
    await runAction({
      db: deps.database.db,
      registry: deps.registry,
      runtime: deps.registry.get(batchOperateResource.name),
      actor: systemActor({ tenantId: doc.tenantId }),
      id: doc.id,
      action,
    });
  } catch (error) {
    if (error instanceof AppError && error.kind === 'conflict') return;
    throw error;
  }
}

/**
 * Runs a document to its end (see the file comment). Safe to call any number of times, also
 * concurrently, for the same document: each line is applied at most once.
 */
export async function runBatch(deps: BatchDeps, data: BatchJobData): Promise<void> {
  const doc = await runningDocument(deps, data);
  if (!doc) return;
  // The auditor is the operator of every member's change (the history of a frozen member names them).
  const actor: Actor = { ...systemActor({ tenantId: doc.tenantId }), userId: doc.operatorId };
  const l = lines();
  try {
    let after = 0;
    for (;;) {
      const pending = await deps.database.db
        .select({ lineNo: l.lineNo })
        .from(l)
        .where(and(eq(l.tenantId, doc.tenantId), eq(l.parentId, doc.id), eq(l.result, 'pending'), gt(l.lineNo, after)))
        .orderBy(asc(l.lineNo))
        .limit(PROGRESS_EVERY);
      if (pending.length === 0) break;
      for (const { lineNo } of pending) await runLine({ deps, doc, lineNo: Number(lineNo), actor });
      after = Number(pending[pending.length - 1].lineNo);
      await saveProgress(deps, data);
    }
    // Lines another run still holds are its to finish; it will move the document.
    if ((await saveProgress(deps, data)) === 0) await finish(deps, doc, 'finish');
  } catch (error) {
    deps.log.error({ err: error, tenantId: doc.tenantId, documentId: doc.id }, 'batch operation run failed');
    await saveProgress(deps, data);
    await finish(deps, doc, 'fail');
  }
}

// ---------------------------------------------------------------------------------------------
// Starting runs
// ---------------------------------------------------------------------------------------------

/** Runs started in this process without a queue, by database, so closing the app can wait for them. */
const inline = new WeakMap<object, { deps: BatchDeps; running: Set<Promise<void>> }>();

/**
 * Lets `dispatchBatch` run documents in this process when the app has no queue. Apps sharing one
 * database (a test may build two) share one runner; `settle` waits for its runs in flight.
 */
export function registerInlineRunner(deps: BatchDeps): { settle: () => Promise<void> } {
  const entry = inline.get(deps.database) ?? { deps, running: new Set<Promise<void>>() };
  inline.set(deps.database, entry);
  return {
    settle: async () => {
      await Promise.allSettled([...entry.running]);
    },
  };
}

/**
 * Starts the run of a document that an audit has just moved to RUNNING, from inside the audit's
 * transaction. With a queue the job is enqueued (any API process may run it); without one (tests
 * built with `jobs: null`) it starts here in the background. Either way the run waits for the
 * audit to commit before it reads anything.
 */
export async function dispatchBatch(args: { app: Pick<FastifyInstance, 'jobs' | 'database'>; data: BatchJobData }): Promise<void> {
  const { app, data } = args;
  if (app.jobs) {
    await app.jobs.send(BATCH_JOB, data, { singletonKey: `${data.tenantId}:${data.documentId}` });
    return;
  }
  const entry = inline.get(app.database);
  if (!entry) throw new Error('the batch module is not registered');
  const run = runBatch(entry.deps, data).catch((error: unknown) =>
    entry.deps.log.error({ err: error, ...data }, 'batch operation run failed'),
  );
  entry.running.add(run);
  void run.finally(() => entry.running.delete(run));
}

/** Lets this process work on queued runs, and re-queues the documents left RUNNING by a stopped process. */
export async function workBatches(args: { deps: BatchDeps; jobs: JobQueue }): Promise<void> {
  await args.jobs.work(BATCH_JOB, (data) => runBatch(args.deps, data as BatchJobData));
}

/**
 * Re-queues every RUNNING document (a process stopped mid-run): the new run resumes from the
 * pending lines, and one that overlaps a run still alive skips the lines that run holds.
 */
export async function resumeRunning(args: { deps: BatchDeps; jobs: JobQueue }): Promise<number> {
  const t = header();
  const rows = await args.deps.database.db.select({ tenantId: t.tenantId, id: t.id }).from(t).where(eq(t.state, 'RUNNING'));
  for (const row of rows) await args.jobs.send(BATCH_JOB, { tenantId: Number(row.tenantId), documentId: Number(row.id) });
  return rows.length;
}
