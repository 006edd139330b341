/**
 * Prints how long each phase of a run took, as it ends, and a total at the end.
 */
export class PhaseTimer {
  private readonly started = performance.now();
  private readonly phases: { name: string; seconds: number }[] = [];

  /** Runs one phase and prints its time. */
  async run<T>(name: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const result = await work();
    const seconds = (performance.now() - started) / 1000;
    this.phases.push({ name, seconds });
    console.log(`[${name}] ${seconds.toFixed(1)} s`);
    return result;
  }

  /** The phase table and the total. */
  summary(): string {
    const lines = this.phases.map((p) => `  ${p.name.padEnd(28)} ${p.seconds.toFixed(1).padStart(8)} s`);
    lines.push(`  ${'total'.padEnd(28)} ${((performance.now() - this.started) / 1000).toFixed(1).padStart(8)} s`);
    return lines.join('\n');
  }
}
