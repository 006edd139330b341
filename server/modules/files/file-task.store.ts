import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FileModule } from '../../../resources/define';
import type { DbOrTx } from '../../db/connection';
import { fileTasks } from '../../db/schema/index';
import type { FileDirection } from '../../../resources/contract/file-task.types';

/** A task as the store returns it (without its file bytes). */
export type FileTaskRow = typeof fileTasks.$inferSelect;

/** Who owns a task: every read and write is narrowed to it. */
export interface TaskOwner {
  readonly tenantId: number;
  readonly userId: number;
}

/** Creates a queued task and returns its id. */
export async function createTask(args: {
  db: DbOrTx;
  owner: TaskOwner;
  module: FileModule;
  direction: FileDirection;
  resource: string;
  fileName: string;
  params: Record<string, unknown>;
}): Promise<number> {
  const [row] = await args.db
    .insert(fileTasks)
    .values({
      tenantId: args.owner.tenantId,
      userId: args.owner.userId,
      module: args.module,
      direction: args.direction,
      resource: args.resource,
      fileName: args.fileName,
      params: args.params,
    })
    .returning({ id: fileTasks.id });
  return row.id;
}

/** A task of its owner, or undefined (another user's task is as absent as a missing one). */
export async function findOwnTask(args: { db: DbOrTx; owner: TaskOwner; id: number }): Promise<FileTaskRow | undefined> {
  const [row] = await args.db
    .select()
    .from(fileTasks)
    .where(and(eq(fileTasks.tenantId, args.owner.tenantId), eq(fileTasks.userId, args.owner.userId), eq(fileTasks.id, args.id)));
  return row;
}

/** A task by id within its tenant, for the job that runs it. */
export async function findTask(args: { db: DbOrTx; tenantId: number; id: number }): Promise<FileTaskRow | undefined> {
  const [row] = await args.db
    .select()
    .from(fileTasks)
    .where(and(eq(fileTasks.tenantId, args.tenantId), eq(fileTasks.id, args.id)));
  return row;
}

/** Filters of the task list; each is optional. */
export interface TaskFilters {
  readonly module?: readonly string[];
  readonly direction?: readonly string[];
  readonly state?: readonly string[];
}

/** One page of the owner's tasks, newest first. */
export async function listOwnTasks(args: {
  db: DbOrTx;
  owner: TaskOwner;
  filters: TaskFilters;
  page: number;
  pageSize: number;
}): Promise<{ total: number; records: FileTaskRow[] }> {
  const conditions: SQL[] = [eq(fileTasks.tenantId, args.owner.tenantId), eq(fileTasks.userId, args.owner.userId)];
  if (args.filters.module?.length) conditions.push(inArray(fileTasks.module, [...args.filters.module]));
  if (args.filters.direction?.length) conditions.push(inArray(fileTasks.direction, [...args.filters.direction]));
  if (args.filters.state?.length) conditions.push(inArray(fileTasks.state, [...args.filters.state]));
  const where = and(...conditions);
  const [{ total }] = await args.db.select({ total: count() }).from(fileTasks).where(where);
  const records = await args.db
    .select()
    .from(fileTasks)
    .where(where)
    .orderBy(desc(fileTasks.id))
    .limit(args.pageSize)
    .offset((args.page - 1) * args.pageSize);
  return { total: Number(total), records };
}

/** Changes of a task as its job moves; the caller names only what changes. */
export type TaskPatch = Partial<
  Pick<
    FileTaskRow,
    | 'state'
    | 'progress'
    | 'total'
    | 'processed'
    | 'failed'
    | 'outputName'
    | 'errorKey'
    | 'errorValues'
    | 'problems'
    | 'startedAt'
    | 'finishedAt'
  >
>;

export async function updateTask(args: { db: DbOrTx; tenantId: number; id: number; patch: TaskPatch }): Promise<void> {
  await args.db
    .update(fileTasks)
    .set(args.patch)
    .where(and(eq(fileTasks.tenantId, args.tenantId), eq(fileTasks.id, args.id)));
}

/** Progress in whole percent, never 100 before the task has really finished. */
export function percent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(99, Math.floor((done * 100) / total));
}
