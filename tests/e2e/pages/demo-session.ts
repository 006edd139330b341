import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import type { PermissionRef } from '../../../resources/catalog/types';
import { connectDatabase } from '../../../server/db/connection';
import { tenants } from '../../../server/db/schema/core.schema';
import { createUser } from '../../helpers/fixtures';
import { afterAll, beforeAll } from 'vitest';
import { e2eStack } from './stack';
import { launchBrowser, type TestBrowser } from '../../helpers/browser';
import { LoginPage } from './login.page';
import { ShellPage } from './shell.page';

/** What a test sets on the browser context before the sign-in page opens. */
export interface SignInOptions {
  /** Runs on the new context before anything loads (a route that holds some files, say). */
  readonly prepare?: (context: BrowserContext) => Promise<unknown>;
}

/** A test file's browser and the demo merchant's accounts, signed in on demand. */
export interface DemoSession {
  /** Where the app under test is served. */
  readonly baseUrl: string;
  /**
   * A fresh browser context signed in as a demo account (admin, clerk or auditor), or as another
   * user of the demo merchant a test made, with that user's `password`.
   */
  signedIn(login?: string, password?: string, options?: SignInOptions): Promise<{ page: Page; shell: ShellPage }>;
}

/**
 * One browser per test file, closed after it, and sign-in of the demo merchant's seeded accounts
 * (provided by the e2e global set-up). Call at the top level of a test file.
 */
export function useDemoSession(): DemoSession {
  const baseUrl = e2eStack().baseUrl;
  const tenant = e2eStack().demoTenantCode;
  const accounts = e2eStack().demoAccounts;
  let browser: TestBrowser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
  });

  return {
    baseUrl,
    async signedIn(login = 'admin', password?: string, options: SignInOptions = {}) {
      const account = password !== undefined ? { login, password } : accounts.find((a) => a.login === login);
      if (!account || !browser) throw new Error(`no demo account ${login}, or the browser is not started`);
      const { context, page } = await browser.newPage();
      contexts.push(context);
      await options.prepare?.(context);
      const loginPage = new LoginPage(page);
      await loginPage.open(baseUrl);
      await loginPage.signIn(tenant, account.login, account.password);
      const shell = new ShellPage(page);
      await shell.waitForShell();
      return { page, shell };
    },
  };
}

/**
 * Another user of the demo merchant holding `grants` (a second person who audits what the
 * administrator made), signed in with `FIXTURE_PASSWORD`; written straight to the database.
 */
export async function createDemoUser(args: { readonly login: string; readonly grants: readonly PermissionRef[] | 'all' }): Promise<void> {
  const database = connectDatabase(e2eStack().databaseUrl, { max: 1 });
  try {
    const [demo] = await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, e2eStack().demoTenantCode));
    await createUser(database, { tenantId: Number(demo.id), login: args.login, grants: args.grants });
  } finally {
    await database.close();
  }
}
