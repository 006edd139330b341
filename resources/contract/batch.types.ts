/**
 * The answers of the batch operation routes beyond CRUD (server/modules/batch/batch.routes.ts),
 * as the detail and edit screens read them. Types only.
 */
import type { LineResult } from '../member/batch-operate.resource';

/** A document's progress. */
export interface BatchProgress {
  readonly state: string;
  readonly memberCount: number;
  readonly processedCount: number;
  readonly succeededCount: number;
  readonly failedCount: number;
}

/** One member's result as the detail screen shows it. */
export interface BatchResultRow {
  readonly lineNo: number;
  readonly memberId: number;
  readonly memberNumber: string | null;
  readonly name: string | null;
  readonly mobile: string | null;
  readonly result: LineResult;
  /** In the reader's language; null for a plain success or a pending line. */
  readonly message: string | null;
}

/** Lines per result, for the filter's counts. */
export type ResultCounts = Readonly<Record<LineResult, number>>;

/** `POST /v1/batch-operate/results?id=`: a page of results with the progress and the count of each result. */
export interface BatchResultsPage {
  readonly progress: BatchProgress;
  readonly counts: ResultCounts;
  readonly total: number;
  readonly records: readonly BatchResultRow[];
}

/** One value read from the first column of an imported workbook. */
export interface ImportedValue {
  readonly row: number;
  readonly value: string;
}

/** A member an imported value found. */
export interface ImportedMember {
  readonly id: number;
  readonly memberNumber: string;
  readonly name: string;
  readonly mobile: string;
}

/** What an imported workbook resolves to: the members (file order, once each) and the values no member has. */
export interface ImportResolution {
  readonly members: readonly ImportedMember[];
  readonly unknown: readonly ImportedValue[];
}

/** `POST /v1/batch-operate/importMembers`: the resolution, with the uploaded file's name. */
export interface ImportedWorkbook extends ImportResolution {
  readonly fileName: string;
}
