/**
 * The browser side of the file centre's API (server/modules/files): list and read the user's
 * own tasks, start exports and imports, and the address of a task's file.
 */
import { apiPost, serviceUrl, typedGet, typedPost } from '../../../providers/http';
import type { ApiBody, ApiData } from '../../../resources/contract/api.types';
import type { FileTaskView } from '../../../resources/contract/file-task.types';
import type { ListQuery } from '../../../resources/contract/query.types';
import type { PageQuery, PageResult } from '../../components/use-paged-query';

export type { FileTaskView } from '../../../resources/contract/file-task.types';

/** MIME type of an .xlsx workbook; an import sends the file as the raw request body. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Filters of the file centre's list; an empty or missing list means "any". */
export type FileTaskFilters = NonNullable<ApiBody<'post', '/v1/file-task/query'>['filters']>;

/** The list query a resource's export reuses: what its list screen currently shows. */
export type ExportQuery = ListQuery;

/**
 * What starting an export or import answers: the task to follow. The resource is the caller's,
 * so the path is not one operation the document names; every declared resource's export answers
 * the same shape, the member list's stands for them.
 */
type TaskStarted = ApiData<'post', '/v1/member/export'>;

/** One page of the user's own tasks, newest first. */
export function queryFileTasks(query: PageQuery<FileTaskFilters>): Promise<PageResult<FileTaskView>> {
  return typedPost('/v1/file-task/query', { data: { page: query.page, pageSize: query.pageSize, filters: query.filters } });
}

/** One of the user's tasks. */
export function fileTaskInfo(id: number): Promise<FileTaskView> {
  return typedGet('/v1/file-task/info/{id}', { path: { id } });
}

/** Starts an export of the records matching the list's query. */
export function startExport(args: { readonly resource: string; readonly query: ExportQuery }): Promise<TaskStarted> {
  return apiPost(`/v1/${args.resource}/export`, { data: args.query });
}

/** Uploads a workbook and starts its import. */
export function startImport(args: { readonly resource: string; readonly file: Blob; readonly fileName: string }): Promise<TaskStarted> {
  return apiPost(`/v1/${args.resource}/import`, {
    data: args.file,
    params: { fileName: args.fileName },
    headers: { 'content-type': XLSX_MIME },
  });
}

/** Address of a task's file; the session cookie authorises the plain link. */
export function downloadUrl(id: number): string {
  return `${serviceUrl()}/v1/file-task/download/${id}`;
}

/** Where the import template of a resource is downloaded: its header row, to fill in. */
export function importTemplateUrl(resource: string): string {
  return `${serviceUrl()}/v1/${resource}/import-template`;
}

/** True while the task may still change (the screens keep polling it). */
export function isActive(task: Pick<FileTaskView, 'state'>): boolean {
  return task.state === 'queued' || task.state === 'running';
}
