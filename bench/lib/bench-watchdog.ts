/**
 * Keeps a benchmark bounded: past `minutes` it stops what the run started and exits 1; Ctrl-C
 * stops it too (exit 130). The timer never keeps the process alive by itself. Returns what ends
 * the watch once the run is over.
 */
export function guardBenchRun(args: { name: string; minutes: number; stop: () => Promise<unknown> }): () => void {
  const watchdog = setTimeout(() => {
    console.error(`${args.name} overstayed its time limit; stopping`);
    void args.stop().finally(() => process.exit(1));
  }, args.minutes * 60_000);
  watchdog.unref();
  process.once('SIGINT', () => void args.stop().finally(() => process.exit(130)));
  return () => clearTimeout(watchdog);
}
