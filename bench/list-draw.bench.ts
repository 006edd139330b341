import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession } from 'playwright-core';
import { LoginPage } from '../tests/e2e/pages/login.page';
import { ListPage } from '../tests/e2e/pages/list.page';
import { intFlag, parseFlags, textFlag } from './lib/bench-args';
import { withDemoConsole } from './lib/demo-console';
import { median } from './lib/stats';

/**
 * The main thread's work while a phone draws the member list, this build against a baseline build
 * in the same run (`npm run bench:list-draw -- --baseline-dir <dir>`, after `npm run build`).
 *
 * Lighthouse's mobile score multiplies the main thread's observed work, and on the shared machine
 * that work moves by half from one hour to the next; two builds compared load by load, taking
 * turns, see the same machine. The baseline is another build of the console (the commit before a
 * change) made with `npx vite build --base /baseline/ --outDir <dir>`; both are served by one
 * console on a private embedded PostgreSQL with the demo merchant, the baseline under
 * `/baseline/`. In a phone-sized Chromium (412 x 823, as Lighthouse's mobile preset) signed in as
 * the demo administrator, each round reloads the standard member list of each build (scripts in
 * the HTTP cache, answers from the server), in alternating order, and traces the load for
 * `--wait` ms:
 *
 * - busy: the main thread's tasks from the navigation on, in ms;
 * - blocking: the tasks longer than 12.5 ms after the first contentful paint, each counted as
 *   Lighthouse's simulated phone counts it (4 x its time - 50 ms): a stand-in for its TBT that
 *   does not depend on the simulation's guesses;
 * - style: style recalculation (UpdateLayoutTree), and gc: garbage collection, in ms.
 *
 * Prints the medians of each build and this / baseline as the median of the rounds' ratios.
 * `-- --baseline-dir /tmp/baseline --rounds 8 --wait 3000`.
 */

const LIST_ROUTE = '#/member/standard-member/list';
const BASELINE_PATH = 'baseline';

interface Load {
  busy: number;
  blocking: number;
  style: number;
  gc: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
}

/** One traced reload of the page the tab shows. */
async function tracedReload(page: import('playwright-core').Page, cdp: CDPSession, waitMs: number): Promise<Load> {
  const events: TraceEvent[] = [];
  // The protocol types a trace event as a bare object; these are the fields read here.
  const collect = (data: { value: object[] }) => {
    events.push(...(data.value as TraceEvent[]));
  };
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,loading,v8',
    transferMode: 'ReportEvents',
  });
  await page.reload();
  await page.waitForTimeout(waitMs);
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  const paint = events.filter((event) => event.name === 'firstContentfulPaint').pop();
  if (!paint) throw new Error('the list drew nothing within the wait');
  const mainThread = events.find((event) => event.name === 'ParseHTML' && event.pid === paint.pid)?.tid ?? paint.tid;
  const navigation = events.filter((event) => event.name === 'navigationStart' && event.pid === paint.pid).pop()?.ts ?? 0;
  const ofMain = events.filter(
    (event) => event.pid === paint.pid && event.tid === mainThread && event.ph === 'X' && event.ts >= navigation,
  );
  const ms = (list: readonly TraceEvent[]) => list.reduce((sum, event) => sum + (event.dur ?? 0) / 1000, 0);
  const tasks = ofMain.filter((event) => event.name === 'RunTask');
  return {
    busy: ms(tasks),
    blocking: tasks
      .filter((task) => task.ts > paint.ts && (task.dur ?? 0) > 12_500)
      .reduce((sum, task) => sum + ((task.dur ?? 0) / 1000) * 4 - 50, 0),
    style: ms(ofMain.filter((event) => event.name === 'UpdateLayoutTree')),
    gc: ms(ofMain.filter((event) => event.name === 'MinorGC' || event.name === 'MajorGC')),
  };
}

/** This build with the baseline's files under /baseline/, in a temporary folder the console serves. */
function servedFolder(webDir: string, baselineDir: string): string {
  const index = fs.readFileSync(path.join(baselineDir, 'index.html'), 'utf8');
  if (!index.includes(`/${BASELINE_PATH}/assets/`))
    throw new Error(
      `${baselineDir} was not built for /${BASELINE_PATH}/: npx vite build --base /${BASELINE_PATH}/ --outDir ${baselineDir}`,
    );
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'list-draw-'));
  fs.cpSync(webDir, folder, { recursive: true });
  fs.cpSync(baselineDir, path.join(folder, BASELINE_PATH), { recursive: true });
  return folder;
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2), ['web-dir', 'baseline-dir', 'rounds', 'wait']);
  const webDir = path.resolve(textFlag(flags, 'web-dir', 'dist/web'));
  const baselineDir = textFlag(flags, 'baseline-dir');
  if (!baselineDir) throw new Error('--baseline-dir <dir> is required (a build made with --base /baseline/)');
  const rounds = intFlag(flags, 'rounds', 8);
  const waitMs = intFlag(flags, 'wait', 3000);
  const folder = servedFolder(webDir, path.resolve(baselineDir));
  try {
    await withDemoConsole({
      name: 'bench:list-draw',
      minutes: 20,
      webDir: folder,
      client: async () => {
        const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
        return { value: browser, stop: () => browser.close() };
      },
      run: async ({ baseUrl, tenantCode, admin, client: browser }) => {
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
        });
        const page = await context.newPage();
        const login = new LoginPage(page);
        await login.open(baseUrl);
        await login.signIn(tenantCode, admin.login, admin.password);
        const cdp = await context.newCDPSession(page);
        const builds = [
          { name: 'this build', url: `${baseUrl}/${LIST_ROUTE}`, loads: [] as Load[] },
          { name: 'baseline', url: `${baseUrl}/${BASELINE_PATH}/index.html${LIST_ROUTE}`, loads: [] as Load[] },
        ];
        // Each build's files into the cache, and the machine warmed up, before the first round.
        for (const build of builds) {
          await page.goto(build.url);
          await new ListPage(page).waitLoaded();
        }
        console.log(
          `load average before: ${os
            .loadavg()
            .map((n) => n.toFixed(1))
            .join(' ')} (${os.cpus().length} cores)`,
        );
        for (let round = 0; round < rounds; round += 1) {
          for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
            await page.goto(build.url);
            await new ListPage(page).waitLoaded();
            build.loads.push(await tracedReload(page, cdp, waitMs));
          }
          const [mine, theirs] = builds.map((build) => build.loads[build.loads.length - 1]!);
          console.log(
            `  round ${round + 1}: busy ${mine!.busy.toFixed(0)} / ${theirs!.busy.toFixed(0)} ms, blocking ${mine!.blocking.toFixed(0)} / ${theirs!.blocking.toFixed(0)}, style ${mine!.style.toFixed(0)} / ${theirs!.style.toFixed(0)}, gc ${mine!.gc.toFixed(0)} / ${theirs!.gc.toFixed(0)}`,
          );
        }
        const [mine, theirs] = builds;
        console.log(`\nmedians of ${rounds} rounds (this build / baseline), ms`);
        for (const key of ['busy', 'blocking', 'style', 'gc'] as const) {
          const ratios = mine!.loads.map((load, index) => load[key] / Math.max(1, theirs!.loads[index]![key]));
          console.log(
            `  ${key.padEnd(9)} ${median(mine!.loads.map((load) => load[key]))
              .toFixed(0)
              .padStart(6)} ${median(theirs!.loads.map((load) => load[key]))
              .toFixed(0)
              .padStart(6)}   ratio ${median(ratios).toFixed(2)}`,
          );
        }
        console.log(
          `load average after: ${os
            .loadavg()
            .map((n) => n.toFixed(1))
            .join(' ')}`,
        );
      },
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
