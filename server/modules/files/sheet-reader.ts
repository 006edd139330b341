import { Worker } from 'node:worker_threads';
import type { PlainCell } from './plain-cell';
import type { SheetReadOptions, SheetRowCells } from './xlsx.reader';
import type { SheetJob, SheetWorkerMessage } from './xlsx-reader.worker';
import { workerEntry } from '../../runtime-paths';

/**
 * Reading an uploaded workbook without holding up anyone else. The workbook is read in a
 * worker thread of its own (xlsx-reader.worker.ts): streamed (never loaded whole), with the
 * zip bomb guard and the row limit checked while reading (xlsx.reader.ts, zip.guard.ts). The
 * thread that serves requests only waits for the answer, so other requests — of the same
 * tenant or any other — are served meanwhile, and what a bad file costs in memory and time is
 * bounded by the worker's own limits and given back when it ends:
 *
 * - at most {@link MAX_SHEET_READERS} workbooks are read at once in a process (the others wait
 *   their turn), each in a worker whose heap is capped at {@link WORKER_HEAP_MB} MB; a worker
 *   reads one workbook at a time and waits a while for the next before it stops;
 * - a read that takes longer than {@link SHEET_READ_TIMEOUT_MS}, or runs out of its heap, is
 *   stopped and refused (`files.error.tooComplex`).
 */

/** Most uncompressed bytes of the parts of a workbook that are read, in MiB. */
export const MAX_UNCOMPRESSED_MB = 100;
/** Most columns an import header may name. */
export const MAX_SHEET_COLUMNS = 200;
/** Workbooks read at the same time in one process. */
export const MAX_SHEET_READERS = 2;
/** Heap of one reading worker, in MB. */
export const WORKER_HEAP_MB = 512;
/** Longest a read may take. */
export const SHEET_READ_TIMEOUT_MS = 120_000;

/** A failure of the whole file (not of a row), with the message key and values the user reads. */
export class FileProblem extends Error {
  constructor(
    readonly key: string,
    readonly values: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/** What a read returns: the header row (when asked for) and the non-empty rows after it. */
export interface WorkbookRows {
  readonly header: readonly PlainCell[] | null;
  readonly rows: readonly SheetRowCells[];
}

/** A counting gate: at most `size` holders at once, the others wait in order. */
class Gate {
  private held = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async enter(): Promise<void> {
    if (this.held < this.size) {
      this.held += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held -= 1;
  }
}

const gate = new Gate(MAX_SHEET_READERS);
const READER_WORKER = workerEntry('modules/files/xlsx-reader.worker.ts');
/** An idle worker is kept this long for the next workbook, then stopped. */
const IDLE_MS = 30_000;

/** A started worker and who is listening to it (the read it is doing, if any). */
interface ReaderThread {
  readonly worker: Worker;
  listener: { message(message: SheetWorkerMessage): void; failure(error: Error): void } | null;
  idleTimer: NodeJS.Timeout | null;
}

/** Workers waiting for a workbook. Starting one (tsx, exceljs) costs far more than a small read. */
const idle: ReaderThread[] = [];

function startThread(): ReaderThread {
  const worker = new Worker(READER_WORKER.script, {
    workerData: READER_WORKER.workerData,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
  });
  const thread: ReaderThread = { worker, listener: null, idleTimer: null };
  worker.on('message', (message: SheetWorkerMessage) => thread.listener?.message(message));
  worker.on('error', (error: Error) => thread.listener?.failure(error));
  worker.on('exit', (code) => {
    const at = idle.indexOf(thread);
    if (at >= 0) idle.splice(at, 1);
    thread.listener?.failure(new Error(`the workbook reader stopped (exit code ${code})`));
  });
  return thread;
}

function takeThread(): ReaderThread {
  const thread = idle.pop() ?? startThread();
  if (thread.idleTimer) clearTimeout(thread.idleTimer);
  thread.idleTimer = null;
  // A busy worker keeps the process alive; an idle one does not.
  thread.worker.ref();
  return thread;
}

function parkThread(thread: ReaderThread): void {
  thread.listener = null;
  thread.worker.unref();
  thread.idleTimer = setTimeout(() => void thread.worker.terminate(), IDLE_MS);
  thread.idleTimer.unref();
  idle.push(thread);
}

let nextJob = 1;

/**
 * Calls `report` with the latest count, one call at a time: counts that arrive while a call is
 * running are folded into the next one. `settled()` waits for the last call.
 */
function progressReporter(report: ((rows: number) => Promise<void> | void) | undefined) {
  let latest = 0;
  let running: Promise<void> | null = null;
  return {
    push(rows: number) {
      latest = rows;
      if (!report || running) return;
      running = (async () => {
        let done = -1;
        while (done !== latest) {
          done = latest;
          await report(done);
        }
      })()
        .catch(() => undefined)
        .finally(() => {
          running = null;
        });
    },
    settled: async () => {
      while (running) await running;
    },
  };
}

/** Runs one read on a worker and settles with its answer; a worker that misbehaved is stopped. */
function runOnThread(args: { bytes: Buffer; options: SheetReadOptions; onProgress: (rows: number) => void }): Promise<SheetWorkerMessage> {
  const thread = takeThread();
  const id = nextJob++;
  // The worker gets its own copy of the bytes, moved rather than copied again.
  const copy = new Uint8Array(args.bytes.length);
  copy.set(args.bytes);
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (keep: boolean, outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (keep) parkThread(thread);
      else {
        thread.listener = null;
        void thread.worker.terminate();
      }
      outcome();
    };
    const timer = setTimeout(() => settle(false, () => reject(new FileProblem('files.error.tooComplex'))), SHEET_READ_TIMEOUT_MS);
    thread.listener = {
      message(message) {
        if (message.id !== id) return;
        if (message.type === 'progress') args.onProgress(message.rows);
        else settle(message.type !== 'error', () => resolve(message));
      },
      failure(error: Error & { code?: string }) {
        settle(false, () => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new FileProblem('files.error.tooComplex') : error));
      },
    };
    const job: SheetJob = { id, bytes: copy.buffer, options: args.options };
    thread.worker.postMessage(job, [copy.buffer]);
  });
}

/**
 * Reads the first worksheet of an uploaded workbook in a worker thread (see the file comment).
 * `maxRows` counts the non-empty rows after the header (or all of them when `headerRow` is
 * false); reading stops at the first one beyond it. `onProgress` is told how many rows have
 * been read so far, every thousand rows, and has finished before the answer comes.
 * Refusals of the file are {@link FileProblem}s: `files.error.notXlsx`, `files.error.emptyFile`,
 * `files.error.tooLargeUncompressed` ({max} MB), `files.error.tooManyColumns` ({max}),
 * `files.error.tooManyRows` ({max}), `files.error.tooComplex`.
 */
export async function readWorkbookRows(args: {
  bytes: Buffer;
  maxRows: number;
  headerRow: boolean;
  /** Data rows are read up to this column; default the header's last. */
  columns?: number;
  onProgress?: (rowsRead: number) => Promise<void> | void;
}): Promise<WorkbookRows> {
  const options: SheetReadOptions = {
    maxRows: args.maxRows,
    headerRow: args.headerRow,
    ...(args.columns ? { columns: args.columns } : {}),
    maxColumns: MAX_SHEET_COLUMNS,
    maxUncompressedBytes: MAX_UNCOMPRESSED_MB * 1024 * 1024,
  };
  const progress = progressReporter(args.onProgress);
  await gate.enter();
  let answer: SheetWorkerMessage;
  try {
    answer = await runOnThread({ bytes: args.bytes, options, onProgress: (rows) => progress.push(rows) });
  } finally {
    gate.leave();
    await progress.settled();
  }
  switch (answer.type) {
    case 'done':
      return { header: answer.header as PlainCell[] | null, rows: answer.rows as SheetRowCells[] };
    case 'problem':
      throw new FileProblem(answer.key, answer.values);
    case 'error':
      throw new Error(`the workbook reader failed: ${answer.message}`);
    default:
      throw new Error('the workbook reader answered nothing');
  }
}
