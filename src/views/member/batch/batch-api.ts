/**
 * Typed calls of the batch operation screens (server/modules/batch/batch.routes.ts).
 */
import type { LineResult } from '../../../../resources/member/batch-operate.resource';
import type { ApiBody } from '../../../../resources/contract/api.types';
import { currentLocale, serviceUrl, typedPost } from '../../../../providers/http';

/** The resource's API name. */
export const BATCH_RESOURCE = 'batch-operate';

// The answers' types are the contract's, the same the server's routes build; each call's
// generated answer must be assignable to it, so the two cannot drift apart.
import type { BatchResultsPage, ImportedWorkbook } from '../../../../resources/contract/batch.types';
export type { BatchProgress, BatchResultRow, BatchResultsPage } from '../../../../resources/contract/batch.types';
/** What an imported workbook resolves to. */
export type ImportResolution = ImportedWorkbook;

/** The results filter: one result, or every line. */
export type ResultFilter = Pick<ApiBody<'post', '/v1/batch-operate/results'>, 'result'>;

export function queryResults(args: {
  id: string | number;
  page: number;
  pageSize: number;
  filters: ResultFilter;
}): Promise<BatchResultsPage> {
  return typedPost('/v1/batch-operate/results', {
    params: { id: Number(args.id) },
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
export function importMembers(args: ApiBody<'post', '/v1/batch-operate/importMembers'>): Promise<ImportResolution> {
  return typedPost('/v1/batch-operate/importMembers', { data: args });
}
