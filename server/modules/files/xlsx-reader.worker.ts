import { parentPort } from 'node:worker_threads';
import { readSheetRows, type SheetReadOptions } from './xlsx.reader';
import { SheetProblem } from './zip.guard';

/**
 * A worker thread that reads uploaded workbooks (started by sheet-reader.ts through
 * worker-bootstrap.mjs), one at a time: it takes a job `{ id, bytes, options }`, reads the
 * workbook with those limits, reports progress, then posts the rows or the refusal. The threads
 * that serve requests never parse a workbook; what a hostile file costs (memory, time) stays in
 * this worker, which the parent stops when a read runs too long or its heap runs out.
 */

/** A job the parent posts. */
export interface SheetJob {
  readonly id: number;
  readonly bytes: ArrayBuffer;
  readonly options: SheetReadOptions;
}

/** What the worker posts back, tagged with the job's id. */
export type SheetWorkerMessage =
  | { readonly id: number; readonly type: 'progress'; readonly rows: number }
  | { readonly id: number; readonly type: 'done'; readonly header: unknown[] | null; readonly rows: { row: number; cells: unknown[] }[] }
  | { readonly id: number; readonly type: 'problem'; readonly key: string; readonly values: Record<string, string | number> }
  | { readonly id: number; readonly type: 'error'; readonly message: string };

const port = parentPort;
if (!port) throw new Error('xlsx-reader.worker.ts runs as a worker thread');

port.on('message', (job: SheetJob) => {
  const post = (message: SheetWorkerMessage) => port.postMessage(message);
  readSheetRows({ bytes: Buffer.from(job.bytes), options: job.options, onProgress: (rows) => post({ id: job.id, type: 'progress', rows }) })
    .then((result) =>
      post({
        id: job.id,
        type: 'done',
        header: result.header ? [...result.header] : null,
        rows: result.rows.map((r) => ({ row: r.row, cells: [...r.cells] })),
      }),
    )
    .catch((error: unknown) => {
      if (error instanceof SheetProblem) post({ id: job.id, type: 'problem', key: error.key, values: error.values });
      else post({ id: job.id, type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    });
});
