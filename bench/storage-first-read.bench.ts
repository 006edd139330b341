/**
 * What a page's first read of `localStorage` costs with what the console keeps there (issue 30):
 * Chromium loads an origin's whole `localStorage` on the main thread at the first read of a page.
 * After the demo administrator has signed in and opened the member list with the build in
 * `--web-dir` (so the storage holds what this build keeps), each round opens a page of the
 * console's origin that runs no script (`/favicon.svg`) in a new tab and times its first
 * `localStorage.getItem`, twice: as this build leaves the storage, and with both whole
 * translation tables where builds before stop 48 kept them (`i18n.table.<locale>` in
 * `localStorage`, the text those builds wrote), the baseline of the same run. Prints each round,
 * the medians and this / baseline.
 *
 * `npm run build && npm run bench:storage-first-read -- --rounds 9`
 */
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { intFlag, parseFlags, textFlag } from './lib/bench-args';
import { debianChromium, withDemoConsole } from './lib/demo-console';
import { loadAverage, median } from './lib/stats';
import { LoginPage } from '../tests/e2e/pages/login.page';
import { ListPage } from '../tests/e2e/pages/list.page';

const LOCALES = ['zh_CN', 'en_US'] as const;

/** The first `localStorage` read of a fresh tab of the origin, in ms. */
async function firstRead(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    return await page.evaluate(() => {
      const start = performance.now();
      localStorage.getItem('bench.first-read');
      return performance.now() - start;
    });
  } finally {
    await page.close();
  }
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2), ['web-dir', 'rounds']);
  const webDir = path.resolve(textFlag(flags, 'web-dir', 'dist/web'));
  const rounds = intFlag(flags, 'rounds', 9);
  await withDemoConsole({
    name: 'bench:storage-first-read',
    minutes: 10,
    webDir,
    client: debianChromium,
    run: async ({ baseUrl, tenantCode, admin, client: browser }) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const login = new LoginPage(page);
      await login.open(baseUrl);
      await login.signIn(tenantCode, admin.login, admin.password);
      await page.goto(`${baseUrl}/#/member/standard-member/list`);
      await new ListPage(page).waitLoaded();
      // The whole tables as the earlier builds kept them: `{"etag":…,"messages":…}`.
      const earlier = await page.evaluate(async (locales) => {
        const kept: Record<string, string> = {};
        for (const locale of locales) {
          const answer = await fetch(`/loyalty/v1/i18n/gets?locale=${locale}&scope=shared`, { headers: { locale } });
          // The server's own text of the map, as those builds wrote it (the envelope is `{code,msg,data}`).
          const text = await answer.text();
          const data = text.slice(text.indexOf('"data":') + '"data":'.length, -1);
          kept[`i18n.table.${locale}`] = `{"etag":${JSON.stringify(answer.headers.get('etag') ?? '')},"messages":${data}}`;
        }
        return kept;
      }, LOCALES);
      const held = await page.evaluate(() =>
        Object.keys(localStorage).reduce((sum, key) => sum + key.length + (localStorage.getItem(key) ?? '').length, 0),
      );
      const plantedSize = Object.values(earlier).reduce((sum, text) => sum + text.length, 0);
      console.log(`localStorage as this build keeps it: ${held} characters; the earlier builds' tables add ${plantedSize}`);
      console.log(`load average before: ${loadAverage()} (${os.cpus().length} cores)`);
      const probe = `${baseUrl}/favicon.svg`;
      const thisBuild: number[] = [];
      const baseline: number[] = [];
      const plant = (on: boolean) =>
        page.evaluate(
          ({ tables, on }) => {
            for (const [key, text] of Object.entries(tables)) {
              if (on) localStorage.setItem(key, text);
              else localStorage.removeItem(key);
            }
          },
          { tables: earlier, on },
        );
      for (let round = 0; round < rounds; round += 1) {
        // Alternating which goes first, so a drift of the machine falls on both.
        const order = round % 2 === 0 ? ['this', 'baseline'] : ['baseline', 'this'];
        const taken: Record<string, number> = {};
        for (const which of order) {
          await plant(which === 'baseline');
          taken[which] = await firstRead(context, probe);
        }
        await plant(false);
        thisBuild.push(taken.this!);
        baseline.push(taken.baseline!);
        console.log(`  round ${round + 1}: this build ${taken.this!.toFixed(1)} ms, baseline ${taken.baseline!.toFixed(1)} ms`);
      }
      const mine = median(thisBuild);
      const theirs = median(baseline);
      console.log(`\nmedians of ${rounds} rounds, first localStorage read of a page`);
      console.log(
        `  this build ${mine.toFixed(1)} ms, baseline (tables in localStorage) ${theirs.toFixed(1)} ms, ratio ${(mine / theirs).toFixed(2)}`,
      );
      console.log(`load average after: ${loadAverage()}`);
    },
  });
}

await main();
