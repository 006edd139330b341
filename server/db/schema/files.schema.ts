import { bigint, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ReportLine } from '../../../resources/contract/file-task.types';

/**
 * The file centre: one task per export or import (server/modules/files). File bytes live in
 * PostgreSQL, not on a local disk, because several API processes share one database and any of
 * them may run the job or serve the download (DESIGN.md §5). They are cut into chunks of about
 * 1 MiB, so an export streams into the table and a download streams out of it without ever
 * holding a whole workbook in memory.
 */

const tenantId = () => bigint('tenant_id', { mode: 'number' }).notNull();

/** PostgreSQL bytea as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const fileTasks = pgTable(
  'file_tasks',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** The user who asked; a task is visible to that user only. */
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** File-centre module label (FileModule of resources/define.ts). */
    module: text('module').notNull(),
    /** export | import | download */
    direction: text('direction').notNull(),
    /** API name of the declared resource. */
    resource: text('resource').notNull(),
    /** queued | running | succeeded | failed */
    state: text('state').notNull().default('queued'),
    /** 0..100. */
    progress: integer('progress').notNull().default(0),
    /** Rows to process (known once counted / read). */
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    /** Rows rejected (imports). */
    failed: integer('failed').notNull().default(0),
    /** Name of the uploaded file (imports) or of the produced file (exports). */
    fileName: text('file_name').notNull(),
    /**
     * What the job needs besides the file: the export query ({filters, sorters, keyword}), the
     * requester's locale, time zone and marketing centre.
     */
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** Name of the downloadable output (the export, or an import's error report); null = none. */
    outputName: text('output_name'),
    /** Message key (and slots) of a failure, translated when read. */
    errorKey: text('error_key'),
    errorValues: jsonb('error_values').$type<Record<string, string | number>>(),
    /**
     * The first lines of a refused import's report (row, column, message in the requester's
     * language), shown in the import dialog beside the download of the whole report.
     */
    problems: jsonb('problems').$type<ReportLine[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('file_tasks_user_idx').on(t.tenantId, t.userId, t.id)],
);

export const fileTaskChunks = pgTable(
  'file_task_chunks',
  {
    tenantId: tenantId(),
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    /** input = the uploaded workbook; output = the produced export or error report. */
    part: text('part').notNull(),
    /** Order of the chunk within its part, from 0. */
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.taskId, t.part, t.seq] })],
);
