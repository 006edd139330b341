import os from 'node:os';

/**
 * Timing helpers: medians of repeated runs, and throughput of a fixed number of jobs run by a
 * fixed number of concurrent workers.
 */

/** The machine's load averages over 1, 5 and 15 minutes, as the benchmarks print them ("2.1 2.4 2.6"). */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ');
}

/** The median of the numbers (mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Milliseconds of each of `runs` sequential calls, after `warmup` untimed ones. */
export async function timeRuns(runs: number, work: () => Promise<unknown>, warmup = 2): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times;
}

/**
 * Milliseconds of `runs` rounds of several calls, taken in turn within each round, so that on
 * a noisy machine every call sees the same load and their ratios stay meaningful.
 */
export async function timeInterleaved(runs: number, works: readonly (() => Promise<unknown>)[], warmup = 2): Promise<number[][]> {
  const times = works.map(() => [] as number[]);
  for (let round = 0; round < warmup + runs; round += 1) {
    for (const [i, work] of works.entries()) {
      const started = performance.now();
      await work();
      if (round >= warmup) times[i].push(performance.now() - started);
    }
  }
  return times;
}

/** Runs jobs 0..count-1 on `concurrency` workers; returns jobs per second. */
export async function throughput(count: number, concurrency: number, job: (n: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      const n = next;
      next += 1;
      await job(n);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return count / ((performance.now() - started) / 1000);
}

/** `12.3` with one decimal, or two below 10. */
export function ms(value: number): string {
  return value < 10 ? value.toFixed(2) : value.toFixed(1);
}

/** A ratio as `×1.23`. */
export function ratio(a: number, b: number): string {
  return `×${(a / b).toFixed(2)}`;
}
