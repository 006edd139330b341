import { SHOWN_REPORT_LINES } from '../../../resources/contract/file-task.types';
import type { Locale } from '../../../resources/messages/bilingual';
import type { DbOrTx } from '../../db/connection';
import { translate } from '../i18n/translate';
import { chunkWriter, deleteFile } from './file-chunks.store';
import { updateTask, type FileTaskRow } from './file-task.store';
import { openSheet } from './xlsx.writer';

/** One problem of an import: where (sheet row, column label) and what, as a message key. */
export interface RowError {
  /** 1-based row number in the uploaded sheet (1 = the header row). */
  readonly row: number;
  /** The column's label as the user knows it, or the header marker for header problems. */
  readonly field: string;
  /** Message key and slot values, translated into the requester's language when written. */
  readonly key: string;
  readonly values?: Record<string, string | number>;
}

/** The number of distinct rows with at least one error. */
export function failedRowCount(errors: readonly RowError[]): number {
  return new Set(errors.map((error) => error.row)).size;
}

/**
 * Writes an import's error report as the task's output: one line per problem with the row
 * number, the field and the message, in the requester's language, sorted by row.
 */
export async function writeErrorReport(args: {
  db: DbOrTx;
  tenantId: number;
  taskId: number;
  locale: Locale;
  errors: readonly RowError[];
}): Promise<void> {
  const { locale } = args;
  const ref = { db: args.db, tenantId: args.tenantId, taskId: args.taskId, part: 'output' as const };
  await deleteFile(ref);
  const sheet = openSheet({
    stream: chunkWriter(ref),
    name: translate(locale, 'files.report.sheet'),
    columns: [
      { header: translate(locale, 'files.report.row'), width: 10 },
      { header: translate(locale, 'files.report.field'), width: 24 },
      { header: translate(locale, 'files.report.message'), width: 60 },
    ],
  });
  const sorted = [...args.errors].sort((a, b) => a.row - b.row);
  for (const error of sorted) sheet.addRow([error.row, error.field, translate(locale, error.key, error.values)]);
  await sheet.close();
}

/**
 * Ends an import refused because of its rows (nothing applied): the report becomes the task's
 * file (`<name>-errors.xlsx`), its first lines are kept on the task for the import dialog, and the task fails saying how many rows were refused. Every import
 * of the file centre ends so: the resource imports (import.job.ts) and the domains' own
 * (module-import.ts).
 */
export async function refuseImport(args: {
  db: DbOrTx;
  task: Pick<FileTaskRow, 'tenantId' | 'id' | 'fileName'>;
  locale: Locale;
  errors: readonly RowError[];
  processed: number;
}): Promise<void> {
  const { db, task, locale, errors } = args;
  await writeErrorReport({ db, tenantId: task.tenantId, taskId: task.id, locale, errors });
  const problems = [...errors]
    .sort((a, b) => a.row - b.row)
    .slice(0, SHOWN_REPORT_LINES)
    .map((error) => ({ row: error.row, field: error.field, message: translate(locale, error.key, error.values) }));
  const failed = failedRowCount(errors);
  await updateTask({
    db,
    tenantId: task.tenantId,
    id: task.id,
    patch: {
      state: 'failed',
      failed,
      processed: args.processed,
      progress: 100,
      errorKey: 'files.error.rowsInvalid',
      errorValues: { failed },
      problems,
      outputName: translate(locale, 'files.report.name', { name: task.fileName.replace(/\.xlsx$/i, '') }),
      finishedAt: new Date(),
    },
  });
}
