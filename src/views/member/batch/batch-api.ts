/**
 * Typed calls of the batch operation screens (server/modules/batch/batch.routes.ts).
 */
import type { LineResult } from '../../../../resources/member/batch-operate.resource';
import { apiPost, currentLocale, serviceUrl } from '../../../../providers/http';

/** The resource's API name. */
export const BATCH_RESOURCE = 'batch-operate';

// The answers' types are the contract's, the same the server's routes build.
import type {
  BatchProgress,
  BatchResultRow,
  BatchResultsPage,
  ImportedMember,
  ImportedWorkbook,
} from '../../../../resources/contract/batch.types';
export type { BatchProgress, BatchResultRow, BatchResultsPage, ImportedMember };
/** What an imported workbook resolves to. */
export type ImportResolution = ImportedWorkbook;

/** The results filter: one result, or every line. */
export interface ResultFilter {
  readonly result?: LineResult;
}

export function queryResults(args: {
  id: string | number;
  page: number;
  pageSize: number;
  filters: ResultFilter;
}): Promise<BatchResultsPage> {
  return apiPost(`/v1/${BATCH_RESOURCE}/results`, {
    params: { id: args.id },
    data: { page: args.page, pageSize: args.pageSize, ...(args.filters.result ? { result: args.filters.result } : {}) },
  });
}

/** Where the results workbook downloads from (the session cookie goes with a plain link). */
export function resultsExportUrl(args: { id: string | number; result?: LineResult }): string {
  const params = new URLSearchParams({ id: String(args.id), locale: currentLocale() });
  if (args.result) params.set('result', args.result);
  return `${serviceUrl()}/v1/${BATCH_RESOURCE}/results/export?${params.toString()}`;
}

/** Sends an .xlsx to be read: the members its first column names. */
export function importMembers(args: { fileName: string; content: string }): Promise<ImportResolution> {
  return apiPost(`/v1/${BATCH_RESOURCE}/importMembers`, { data: args });
}
