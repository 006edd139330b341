import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../tests/helpers/free-port';
import { intFlag, parseFlags, textFlag } from './lib/bench-args';
import { loadAverage, median } from './lib/stats';

/**
 * Time from launching `npm start` until the API answers GET /loyalty/v1/i18n/names: first with
 * an empty DATA_DIR and no server bundle (cold: esbuild bundles the server, initdb of the
 * embedded PostgreSQL, migrations, demo merchant), then `--warm` times again on the same DATA_DIR
 * (warm: the bundle and the database exist). The browser app is brought up to date before the
 * first run and not timed (`vite build` is what `server/cli/web-build.mjs` skips when nothing
 * changed). For comparison, in the same run: a warm start of the sources through tsx
 * (`node --import tsx server/main.ts`, how the tests start it), and with `--baseline <folder>`
 * (another checkout of the project, e.g. the commit before a change, with node_modules) a warm
 * `npm start` of that checkout on the same DATA_DIR, taking turns with this one round by round.
 * Every run binds 127.0.0.1 on free ports and is stopped with SIGTERM.
 *
 *   npm run bench:cold-start -- --warm 5 --baseline /tmp/loyalty-before
 */
const READY_TIMEOUT_MS = 180_000;
const POLL_MS = 100;

async function main() {
  const flags = parseFlags(process.argv.slice(2), ['warm', 'baseline']);
  const rounds = Math.max(1, intFlag(flags, 'warm', 3));
  const baselineFlag = textFlag(flags, 'baseline');
  const baseline = baselineFlag ? path.resolve(baselineFlag) : null;
  const here = process.cwd();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-bench-'));
  try {
    execFileSync(process.execPath, ['server/cli/web-build.mjs'], { stdio: 'ignore' });
    fs.rmSync(path.join('dist', 'server'), { recursive: true, force: true });
    if (baseline) {
      // The baseline's own builds, untimed: its warm starts find them current.
      for (const step of ['web-build.mjs', 'server-build.mjs'])
        execFileSync(process.execPath, [path.join('server', 'cli', step)], { cwd: baseline, stdio: 'ignore' });
    }
    console.log(`load average ${loadAverage()}`);
    const cold = await timeStart(dataDir, NPM_START, here);
    console.log(`cold npm start (empty DATA_DIR, server bundled): ${cold.seconds.toFixed(2)} s, ${cold.cpu.toFixed(2)} s CPU`);
    const warm = new Series();
    const before = new Series();
    const tsx = new Series();
    for (let round = 0; round < rounds; round += 1) {
      // The baseline goes first in odd rounds, so neither always follows the other.
      const order = baseline && round % 2 === 1 ? ['baseline', 'current'] : ['current', 'baseline'];
      for (const which of order) {
        if (which === 'current') warm.add(await timeStart(dataDir, NPM_START, here));
        else if (baseline) before.add(await timeStart(dataDir, NPM_START, baseline));
      }
      tsx.add(await timeStart(dataDir, TSX_SOURCES, here));
      const shown = [`npm start ${warm.last()}`, ...(baseline ? [`baseline ${before.last()}`] : []), `tsx ${tsx.last()}`];
      console.log(`round ${round + 1} (load average ${loadAverage()}): ${shown.join(', ')}`);
    }
    console.log(`warm npm start (same DATA_DIR, bundle current):  ${warm.summary()}`);
    if (baseline) {
      console.log(`warm npm start of the baseline (${baseline}):  ${before.summary()}`);
      console.log(`warm npm start, this / baseline (median of the rounds' ratios): ${warm.ratio(before)}`);
    }
    console.log(`warm start of the sources through tsx:           ${tsx.summary()}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What one start took: seconds to the first answer, and the CPU seconds its processes used by then. */
interface StartTime {
  readonly seconds: number;
  readonly cpu: number;
}

class Series {
  private readonly runs: StartTime[] = [];
  add(run: StartTime): void {
    this.runs.push(run);
  }
  last(): string {
    const run = this.runs[this.runs.length - 1]!;
    return `${run.seconds.toFixed(2)} s (${run.cpu.toFixed(2)} s CPU)`;
  }
  private median(of: keyof StartTime): number {
    return median(this.runs.map((run) => run[of]));
  }
  summary(): string {
    const list = (of: keyof StartTime) => this.runs.map((run) => run[of].toFixed(2)).join(' / ');
    return `median ${this.median('seconds').toFixed(2)} s (${list('seconds')}); CPU median ${this.median('cpu').toFixed(2)} s (${list('cpu')})`;
  }
  /** Taken round by round (the two ran back to back, under the same load), then the median. */
  ratio(other: Series): string {
    const of = (key: keyof StartTime) => median(this.runs.map((run, i) => run[key] / other.runs[i]![key])).toFixed(2);
    return `x${of('seconds')} time, x${of('cpu')} CPU`;
  }
}

/**
 * CPU seconds (user + system) used so far by the processes of a process group: npm, the shell,
 * the console and its PostgreSQL, with the children they have already reaped. Linux (/proc);
 * NaN elsewhere.
 */
function groupCpuSeconds(groupId: number): number {
  const ticksPerSecond = 100; // USER_HZ, 100 on Linux
  let ticks = 0;
  let found = false;
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return Number.NaN;
  }
  for (const pid of entries) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // Fields after the command name (which may hold spaces), from field 3 (state) on.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== groupId) continue; // field 5: process group
    found = true;
    // Fields 14-17: utime, stime, cutime, cstime.
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return found ? ticks / ticksPerSecond : Number.NaN;
}

const NPM_START = ['npm', ['start']] as const;
const TSX_SOURCES = [process.execPath, ['--import', 'tsx', 'server/main.ts']] as const;

async function timeStart(dataDir: string, [command, args]: typeof NPM_START | typeof TSX_SOURCES, cwd: string): Promise<StartTime> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    EMBEDDED_PG_PORT: String(await freePort()),
  };
  delete env.DATABASE_URL;
  const started = performance.now();
  // A process group of its own: `npm start` is npm, a shell and the console; SIGTERM goes to all.
  const server = spawn(command, [...args], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  try {
    await waitUntilAnswering(`http://127.0.0.1:${port}/loyalty/v1/i18n/names`, server);
    const seconds = (performance.now() - started) / 1000;
    return { seconds, cpu: groupCpuSeconds(server.pid!) };
  } catch (error) {
    if (stderr) console.error(stderr.trim());
    throw error;
  } finally {
    await stop(server, dataDir);
  }
}

async function waitUntilAnswering(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode} before answering`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`no answer from ${url} within ${READY_TIMEOUT_MS / 1000} s`);
}

/** SIGTERM lets main.ts stop the embedded PostgreSQL; if it hangs, kill it and its postmaster. */
async function stop(server: ChildProcess, dataDir: string): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  killGroup(server, 'SIGTERM');
  const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 30_000).unref());
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if ((await Promise.race([exited, timer])) !== 'timeout') {
    // npm may exit before the console has stopped its PostgreSQL: wait for that too.
    for (let waited = 0; fs.existsSync(pidFile) && waited < 30_000; waited += POLL_MS)
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (!fs.existsSync(pidFile)) return;
  }
  killGroup(server, 'SIGKILL');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (Number.isInteger(pid) && pid > 0) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
  }
  await exited;
}

function killGroup(server: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-server.pid!, signal);
  } catch {
    /* already gone */
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
