import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import TraceGatherer from 'lighthouse/core/gather/gatherers/trace.js';
import type { BrowserContext } from 'playwright-core';
import { LoginPage } from '../tests/e2e/pages/login.page';
import { ListPage } from '../tests/e2e/pages/list.page';
import { intFlag, parseFlags, textFlag } from './lib/bench-args';
import { debianChromium, withDemoConsole } from './lib/demo-console';
import { loadAverage, median } from './lib/stats';

/**
 * The main thread's work while a phone draws the member list (or, with `--page login`, the login
 * page), this build against a baseline build in the same run (`npm run bench:list-draw --
 * --baseline-dir <dir>`, after `npm run build`).
 *
 * Lighthouse's mobile score multiplies the main thread's observed work, and on the shared machine
 * that work moves by half from one hour to the next; two builds compared load by load, taking
 * turns, see the same machine. The baseline is another build of the console (the commit before a
 * change) made with `npx vite build --base /baseline/ --outDir <dir>`; both are served by one
 * console on a private embedded PostgreSQL with the demo merchant, the baseline under
 * `/baseline/`. In a phone-sized Chromium (412 x 823, as Lighthouse's mobile preset) signed in as
 * the demo administrator, each round opens the standard member list of each build in a new tab
 * (as Lighthouse opens it: the tab has no marketing centre chosen yet; scripts in the HTTP cache,
 * answers from the server), in alternating order, and traces the load for `--wait` ms with
 * Lighthouse's own trace categories (its invalidation tracking takes a stack trace of the script
 * at each change of an element in the page, which makes each such change cost more there than in
 * a plain browser):
 *
 * - busy: the main thread's tasks from the navigation on, in ms;
 * - blocking: the tasks longer than 50 / slowdown ms after the first contentful paint, each counted
 *   as Lighthouse's simulated phone counts it (slowdown x its time - 50 ms; `--slowdown`, 4 by
 *   default, the mobile preset's; Lighthouse's calibrated runs on a fast host use 5-6): a stand-in
 *   for its TBT that does not depend on the simulation's guesses;
 * - blocking from start: the same over all tasks from the navigation on (the simulation's first
 *   paint leaves out the work of module scripts, so it counts most of the start-up's tasks too);
 * - style: style recalculation (UpdateLayoutTree), and gc: garbage collection, in ms.
 *
 * `--page login` loads the login page instead, each time in a new browser context (as Lighthouse
 * opens it: signed out, nothing cached, nothing kept in the browser's storage).
 *
 * Prints the medians of each build and this / baseline as the median of the rounds' ratios.
 * `-- --baseline-dir /tmp/baseline --rounds 8 --wait 3000 --slowdown 4 --page list`.
 */

const ROUTES = { list: '#/member/standard-member/list', login: '#/login' } as const;
const BASELINE_PATH = 'baseline';

interface Load {
  busy: number;
  blocking: number;
  blockingFromStart: number;
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

/** One traced load of `url` in a new tab of `context`, closed afterwards. */
async function tracedLoad(context: BrowserContext, url: string, args: { waitMs: number; slowdown: number }): Promise<Load> {
  const { waitMs, slowdown } = args;
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  // The protocol types a trace event as a bare object; these are the fields read here.
  cdp.on('Tracing.dataCollected', (data: { value: object[] }) => {
    events.push(...(data.value as TraceEvent[]));
  });
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  const categories = TraceGatherer.getDefaultTraceCategories().filter((category) => category !== '-*');
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: categories, excludedCategories: ['*'] },
    transferMode: 'ReportEvents',
  });
  await page.goto(url);
  await page.waitForTimeout(waitMs);
  await cdp.send('Tracing.end');
  await complete;
  await page.close();
  const paint = events.filter((event) => event.name === 'firstContentfulPaint').pop();
  if (!paint) throw new Error('the page drew nothing within the wait');
  const mainThread = events.find((event) => event.name === 'ParseHTML' && event.pid === paint.pid)?.tid ?? paint.tid;
  const navigation = events.filter((event) => event.name === 'navigationStart' && event.pid === paint.pid).pop()?.ts ?? 0;
  const ofMain = events.filter(
    (event) => event.pid === paint.pid && event.tid === mainThread && event.ph === 'X' && event.ts >= navigation,
  );
  const ms = (list: readonly TraceEvent[]) => list.reduce((sum, event) => sum + (event.dur ?? 0) / 1000, 0);
  const tasks = ofMain.filter((event) => event.name === 'RunTask');
  const blocking = (list: readonly TraceEvent[]) =>
    list
      .filter((task) => ((task.dur ?? 0) / 1000) * slowdown > 50)
      .reduce((sum, task) => sum + ((task.dur ?? 0) / 1000) * slowdown - 50, 0);
  return {
    busy: ms(tasks),
    blocking: blocking(tasks.filter((task) => task.ts > paint.ts)),
    blockingFromStart: blocking(tasks),
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
  const flags = parseFlags(process.argv.slice(2), ['web-dir', 'baseline-dir', 'rounds', 'wait', 'slowdown', 'page']);
  const webDir = path.resolve(textFlag(flags, 'web-dir', 'dist/web'));
  const baselineDir = textFlag(flags, 'baseline-dir');
  if (!baselineDir) throw new Error('--baseline-dir <dir> is required (a build made with --base /baseline/)');
  const rounds = intFlag(flags, 'rounds', 8);
  const waitMs = intFlag(flags, 'wait', 3000);
  const slowdown = Number(textFlag(flags, 'slowdown', '4'));
  if (!(slowdown >= 1)) throw new Error('--slowdown must be a number of at least 1');
  const pageName = textFlag(flags, 'page', 'list');
  if (pageName !== 'list' && pageName !== 'login') throw new Error('--page must be list or login');
  const route = ROUTES[pageName];
  const folder = servedFolder(webDir, path.resolve(baselineDir));
  try {
    await withDemoConsole({
      name: 'bench:list-draw',
      minutes: 20,
      webDir: folder,
      client: debianChromium,
      run: async ({ baseUrl, tenantCode, admin, client: browser }) => {
        const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
        const context = await browser.newContext(phone);
        const page = await context.newPage();
        const login = new LoginPage(page);
        await login.open(baseUrl);
        await login.signIn(tenantCode, admin.login, admin.password);
        const builds = [
          { name: 'this build', url: `${baseUrl}/${route}`, loads: [] as Load[] },
          { name: 'baseline', url: `${baseUrl}/${BASELINE_PATH}/index.html${route}`, loads: [] as Load[] },
        ];
        // Each build's files into the cache, and the machine warmed up, before the first round.
        for (const build of builds) {
          await page.goto(`${build.url.split('#')[0]}${ROUTES.list}`);
          await new ListPage(page).waitLoaded();
        }
        // The login page in a context of its own each time; the list in a new tab of the signed-in one.
        const load = async (url: string): Promise<Load> => {
          if (pageName === 'list') return tracedLoad(context, url, { waitMs, slowdown });
          const signedOut = await browser.newContext(phone);
          try {
            return await tracedLoad(signedOut, url, { waitMs, slowdown });
          } finally {
            await signedOut.close();
          }
        };
        console.log(`load average before: ${loadAverage()} (${os.cpus().length} cores)`);
        for (let round = 0; round < rounds; round += 1) {
          for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
            build.loads.push(await load(build.url));
          }
          const [mine, theirs] = builds.map((build) => build.loads[build.loads.length - 1]!);
          console.log(
            `  round ${round + 1}: busy ${mine!.busy.toFixed(0)} / ${theirs!.busy.toFixed(0)} ms, blocking ${mine!.blocking.toFixed(0)} / ${theirs!.blocking.toFixed(0)}, from start ${mine!.blockingFromStart.toFixed(0)} / ${theirs!.blockingFromStart.toFixed(0)}, style ${mine!.style.toFixed(0)} / ${theirs!.style.toFixed(0)}, gc ${mine!.gc.toFixed(0)} / ${theirs!.gc.toFixed(0)}`,
          );
        }
        const [mine, theirs] = builds;
        console.log(`\nmedians of ${rounds} rounds (this build / baseline), ms`);
        for (const key of ['busy', 'blocking', 'blockingFromStart', 'style', 'gc'] as const) {
          const ratios = mine!.loads.map((load, index) => load[key] / Math.max(1, theirs!.loads[index]![key]));
          console.log(
            `  ${key.padEnd(17)} ${median(mine!.loads.map((load) => load[key]))
              .toFixed(0)
              .padStart(6)} ${median(theirs!.loads.map((load) => load[key]))
              .toFixed(0)
              .padStart(6)}   ratio ${median(ratios).toFixed(2)}`,
          );
        }
        console.log(`load average after: ${loadAverage()}`);
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
