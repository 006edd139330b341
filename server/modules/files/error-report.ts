import type { Locale } from '../../../resources/messages/bilingual';
import type { DbOrTx } from '../../db/connection';
import { translate } from '../i18n/translate';
import { chunkWriter, deleteFile } from './file-chunks.store';
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
