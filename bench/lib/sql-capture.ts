import type pg from 'pg';

/**
 * Records the statements a pool runs while capturing is on, so a benchmark can replay exactly
 * the SQL the engine generated for one API call (text and parameter values) straight on the pg
 * driver. Only `pool.query` is wrapped: the engine's reads go through it (Drizzle's node-postgres
 * session calls `pool.query(config, params)`); statements inside transactions do not.
 */

/** One recorded statement. */
export interface CapturedStatement {
  readonly text: string;
  readonly values: readonly unknown[];
  /**
   * How many recorded statements had answered when this one was sent: statements of one wave
   * ran at once (a page and its estimate), a later wave needed an earlier one's rows (the names
   * a page points at). The minimal server replays wave by wave, each at once.
   */
  readonly wave: number;
}

/** Turns capturing on and off around calls; `take()` returns and clears what was recorded. */
export interface SqlCapture {
  start(): void;
  take(): CapturedStatement[];
}

/** Wraps `pool.query` of this pool (for the life of the process). */
export function captureSql(pool: pg.Pool): SqlCapture {
  let recording = false;
  let recorded: CapturedStatement[] = [];
  let answered = 0;
  const original = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const wrapped = (...args: unknown[]) => {
    if (!recording) return original(...args);
    const [config, values] = args;
    const text = typeof config === 'string' ? config : String((config as { text?: unknown }).text ?? '');
    const params = Array.isArray(values) ? values : ((config as { values?: unknown[] }).values ?? []);
    recorded.push({ text, values: [...params], wave: answered });
    const result = original(...args);
    const count = () => {
      answered += 1;
    };
    if (result && typeof (result as PromiseLike<unknown>).then === 'function') (result as PromiseLike<unknown>).then(count, count);
    return result;
  };
  (pool as unknown as { query: typeof wrapped }).query = wrapped;
  return {
    start() {
      recorded = [];
      answered = 0;
      recording = true;
    },
    take() {
      recording = false;
      const out = recorded;
      recorded = [];
      return out;
    },
  };
}

/** Runs the statements one after another on the pool, as the engine ran them. */
export async function replay(pool: pg.Pool, statements: readonly CapturedStatement[]): Promise<void> {
  for (const s of statements) await pool.query({ text: s.text, values: [...s.values] });
}
