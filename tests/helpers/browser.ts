import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * Debian's Chromium driven by playwright-core. The flags are the ones that work on these
 * machines: without the background-networking ones Chromium keeps trying hosts that the closed
 * network refuses. Each launch gets a fresh, empty profile: Playwright's `launch` makes its own
 * temporary --user-data-dir and removes it on close (it refuses one passed in `args`).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

export interface TestBrowser {
  readonly browser: Browser;
  /** A new isolated context (own cookies and storage) and its first page. */
  newPage(options?: { locale?: string }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<TestBrowser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  return {
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        locale: options.locale ?? 'zh-CN',
        timezoneId: 'Asia/Shanghai',
      });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      return { context, page };
    },
    async close() {
      await browser.close().catch(() => undefined);
    },
  };
}

/** Saves a full-page PNG as test-results/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  // A full-page picture of a scrolled window draws the fixed header and menu where the scroll
  // left them, over the content; from the top they sit where a person sees them.
  await page.evaluate(() => window.scrollTo(0, 0));
  // Finished transitions (antd fades the table in after loading) so the picture shows the end state.
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}
