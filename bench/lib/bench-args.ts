/**
 * Command-line flags of the benchmarks: `--name value` or `--name=value`, and switches without
 * a value (`--force`); numbers may carry `_` or `,` separators (`--members 1_000_000`).
 * Unknown flags are refused so a typo is not silently ignored.
 */

/** The flags of one command line, by name. */
export type BenchFlags = ReadonlyMap<string, string>;

/** Parses `argv` against the allowed flag and switch names; throws on an unknown or valueless flag. */
export function parseFlags(argv: readonly string[], allowed: readonly string[], switches: readonly string[] = []): BenchFlags {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new Error(`unexpected argument ${arg}`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (switches.includes(name)) {
      flags.set(name, inline ?? 'true');
      continue;
    }
    if (!allowed.includes(name)) {
      throw new Error(`unknown flag --${name} (known: ${[...allowed, ...switches].map((a) => `--${a}`).join(' ')})`);
    }
    const value = inline ?? argv[i + 1];
    if (inline === undefined) i += 1;
    if (value === undefined) throw new Error(`flag --${name} needs a value`);
    flags.set(name, value);
  }
  return flags;
}

/** A positive whole number flag, or its default. */
export function intFlag(flags: BenchFlags, name: string, fallback: number): number {
  const raw = flags.get(name);
  if (raw === undefined) return fallback;
  const value = Number(raw.replace(/[_,]/g, ''));
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got ${raw}`);
  return value;
}

/** A text flag, or its default. */
export function textFlag(flags: BenchFlags, name: string, fallback: string): string;
export function textFlag(flags: BenchFlags, name: string): string | undefined;
export function textFlag(flags: BenchFlags, name: string, fallback?: string): string | undefined {
  return flags.get(name) ?? fallback;
}

/** Whether a switch was given. */
export function switchFlag(flags: BenchFlags, name: string): boolean {
  const raw = flags.get(name);
  return raw !== undefined && raw !== 'false' && raw !== '0';
}
