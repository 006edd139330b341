import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/helpers/browser';
import { LoginPage } from '../tests/e2e/pages/login.page';
import { ListPage } from '../tests/e2e/pages/list.page';
import { parseFlags, switchFlag, textFlag } from './lib/bench-args';
import { withDemoConsole } from './lib/demo-console';

/**
 * What a person's browser downloads (`npm run bench:browser`, after `npm run build`): headless
 * Chromium, a fresh profile, opens the login page of the console (the built `dist/web` served
 * by the app, as `npm start` serves it, on a private embedded PostgreSQL with the demo
 * merchant), signs in as the demo administrator and opens the standard member list. Prints the
 * bytes that crossed the wire (compressed, as sent) for JavaScript, CSS and everything, at the
 * login page and after the first list, against the goals (login <= 300 KiB of JavaScript, login +
 * first list <= 480 KiB); then a reload of the list, to show what the cache keeps. `--files` lists
 * the script files of each step.
 */

const GOAL_LOGIN_KIB = 300;
const GOAL_LIST_KIB = 480;

interface Tally {
  /** Script files and their bytes on the wire. */
  scripts: Map<string, number>;
  script: number;
  stylesheet: number;
  all: number;
  files: number;
  encodings: Map<string, number>;
}

function track(page: Page): { take(): Tally } {
  let tally: Tally = { scripts: new Map(), script: 0, stylesheet: 0, all: 0, files: 0, encodings: new Map() };
  page.on('requestfinished', (request) => {
    void (async () => {
      const sizes = await request.sizes();
      const response = await request.response();
      // A file the cache answered reports -1: nothing crossed the wire.
      const body = Math.max(0, sizes.responseBodySize);
      const bytes = body + Math.max(0, sizes.responseHeadersSize);
      tally.all += bytes;
      tally.files += 1;
      const type = request.resourceType();
      if (type === 'script') {
        tally.script += body;
        tally.scripts.set(new URL(request.url()).pathname, body);
      }
      if (type === 'stylesheet') tally.stylesheet += body;
      const encoding = (await response?.headerValue('content-encoding')) ?? 'none';
      if (type === 'script') tally.encodings.set(encoding, (tally.encodings.get(encoding) ?? 0) + 1);
    })();
  });
  return {
    take() {
      const out = tally;
      tally = { scripts: new Map(), script: 0, stylesheet: 0, all: 0, files: 0, encodings: new Map() };
      return out;
    },
  };
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2), ['web-dir'], ['files']);
  const webDir = path.resolve(textFlag(flags, 'web-dir', 'dist/web')!);
  await withDemoConsole({
    name: 'bench:browser',
    minutes: 10,
    webDir,
    client: async () => {
      const browser = await launchBrowser();
      return { value: browser, stop: () => browser.close() };
    },
    run: async ({ baseUrl, tenantCode, admin, client: browser }) => {
      const { page } = await browser.newPage();
      const tally = track(page);
      const login = new LoginPage(page);
      await login.open(baseUrl);
      await page.waitForLoadState('networkidle');
      const atLogin = tally.take();
      await login.signIn(tenantCode, admin.login, admin.password);
      await page.goto(`${baseUrl}/#/member/standard-member/list`);
      await new ListPage(page).waitLoaded();
      await page.waitForLoadState('networkidle');
      const toList = tally.take();
      await page.reload();
      await new ListPage(page).waitLoaded();
      await page.waitForLoadState('networkidle');
      const reload = tally.take();

      const listTotal = atLogin.script + toList.script;
      const encodings = [...new Map([...atLogin.encodings, ...toList.encodings])].map(([e, n]) => `${e} ${n}`).join(', ');
      console.log(`headless Chromium, fresh profile; the build in ${webDir}; script encodings: ${encodings}`);
      console.log(
        `  ${'step'.padEnd(30)} ${'JS KiB'.padStart(8)} ${'CSS KiB'.padStart(8)} ${'all KiB'.padStart(8)} ${'requests'.padStart(9)}`,
      );
      const row = (label: string, t: Tally) =>
        console.log(
          `  ${label.padEnd(30)} ${kib(t.script).padStart(8)} ${kib(t.stylesheet).padStart(8)} ${kib(t.all).padStart(8)} ${String(t.files).padStart(9)}`,
        );
      row('login page', atLogin);
      row('sign-in + member list', toList);
      row('reload of the list (cached)', reload);
      if (switchFlag(flags, 'files')) {
        for (const [label, t] of [
          ['login page', atLogin],
          ['sign-in + member list', toList],
        ] as const) {
          console.log(`  ${label}: ${[...t.scripts].map(([file, bytes]) => `${path.basename(file)} ${kib(bytes)}`).join(', ')}`);
        }
      }
      console.log(
        `  login JavaScript ${kib(atLogin.script)} KiB (goal <= ${GOAL_LOGIN_KIB}: ${atLogin.script / 1024 <= GOAL_LOGIN_KIB ? 'met' : 'MISSED'}); login + first list ${kib(listTotal)} KiB (goal <= ${GOAL_LIST_KIB}: ${listTotal / 1024 <= GOAL_LIST_KIB ? 'met' : 'MISSED'})`,
      );
    },
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
