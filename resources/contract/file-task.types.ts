/**
 * The vocabulary of file tasks, shared by the server and the browser's file centre. Pure
 * constants and types: no database or React imports, so both sides can import it.
 */
import type { FileModule } from '../define';

/** Every file-centre module (§4 scheduled file modules), in the file centre's filter order. */
export const FILE_MODULES: readonly FileModule[] = [
  'members',
  'stores',
  'zones',
  'coupons',
  'points',
  'storedValue',
  'giftCards',
  'prepaidCards',
  'reports',
  'masterData',
];

/** What a task does with its file. `download` is a member-module export of a fixed layout. */
export const FILE_DIRECTIONS = ['export', 'import', 'download'] as const;
export type FileDirection = (typeof FILE_DIRECTIONS)[number];

/** A task's life: queued -> running -> succeeded | failed. */
export const FILE_TASK_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type FileTaskState = (typeof FILE_TASK_STATES)[number];

/** One line of an import's error report: the sheet row, the column, and why, in the requester's language. */
export interface ReportLine {
  readonly row: number;
  readonly field: string;
  readonly message: string;
}

/** How many lines of a refused import's report its task shows (the file holds them all). */
export const SHOWN_REPORT_LINES = 20;

/** A task as GET /v1/file-task/info/:id and the query return it. */
export interface FileTaskView {
  readonly id: number;
  readonly module: FileModule;
  readonly direction: FileDirection;
  /** API name of the declared resource. */
  readonly resource: string;
  readonly state: FileTaskState;
  /** 0..100. */
  readonly progress: number;
  readonly total: number;
  readonly processed: number;
  readonly failed: number;
  /** The uploaded file's name (imports) or the produced file's name (exports). */
  readonly fileName: string;
  /** Name of the downloadable file (export, or an import's error report); null = nothing to download. */
  readonly outputName: string | null;
  /** Localized failure message; null unless failed. */
  readonly error: string | null;
  /** A refused import's first report lines (at most {@link SHOWN_REPORT_LINES}); null otherwise. */
  readonly problems: readonly ReportLine[] | null;
  /** `yyyy-MM-dd HH:mm:ss` in the request's time zone. */
  readonly createdAt: string;
  readonly finishedAt: string | null;
}

/** Largest accepted upload, in MiB (the request body limit is 20 MiB; base64 adds a third). */
export const MAX_IMPORT_MB = 10;
