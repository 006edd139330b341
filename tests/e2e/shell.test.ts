import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iconStyles } from '@ant-design/icons/lib/utils';
import { e2eStack } from './pages/stack';
import { couponsGroup } from '../../resources/catalog/coupons.catalog';
import { memberGroup } from '../../resources/catalog/member.catalog';
import { settingGroup } from '../../resources/catalog/setting.catalog';
import { connectDatabase, type Database } from '../../server/db/connection';
import { launchBrowser, screenshot, type TestBrowser } from '../helpers/browser';
import { createTenant } from '../helpers/fixtures';
import { signal } from '../helpers/signal';
import { openingMotionEnded } from './pages/antd';
import { ListPage } from './pages/list.page';
import { LoginPage } from './pages/login.page';
import { DENIED_TEXT, ShellPage } from './pages/shell.page';

/**
 * Issue 2, the shell as a person meets it: what each role's menu shows, a forbidden address,
 * the session that ends under the user's feet, a merchant without a valid licence, and the
 * language switch.
 */
const baseUrl = e2eStack().baseUrl;
const demoTenant = e2eStack().demoTenantCode;
const demoAccounts = e2eStack().demoAccounts;

let browser: TestBrowser;
let database: Database;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  database = connectDatabase(e2eStack().databaseUrl, { max: 2 });
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
  await database?.close();
});

function passwordOf(login: string): string {
  const account = demoAccounts.find((candidate) => candidate.login === login);
  if (!account) throw new Error(`no demo account ${login}`);
  return account.password;
}

async function openPage(): Promise<Page> {
  const { context, page } = await browser.newPage();
  contexts.push(context);
  return page;
}

/** A fresh browser signed in to `tenant` as `login`, showing the shell. */
async function signedIn(args: { tenant: string; login: string; password: string }): Promise<{ page: Page; shell: ShellPage }> {
  const page = await openPage();
  const login = new LoginPage(page);
  await login.open(baseUrl);
  await login.signIn(args.tenant, args.login, args.password);
  const shell = new ShellPage(page);
  await shell.waitForShell();
  return { page, shell };
}

const signedInDemo = (login: string) => signedIn({ tenant: demoTenant, login, password: passwordOf(login) });

/**
 * From the page's next load on, notes what it shows after each change until a list screen is
 * there: a spinner in its place, the screen's filter bar with the header's marketing centre at
 * that moment, then its table (drawn a drawing after the filters: use-after-first-drawing.ts).
 * Read with {@link firstDrawing}.
 */
async function watchFirstDrawing(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { drawn: string[] }).drawn = seen;
    const observer = new MutationObserver(() => {
      if (document.querySelector('.console-page-spin')) seen.push('spinner');
      const screen = document.querySelector('.console-page');
      const table = !!screen?.querySelector('.ant-table');
      if (screen?.querySelector('form') && !seen.some((step) => step.startsWith('filters'))) {
        const centre = document.querySelector('.console-header .ant-select-selection-item')?.textContent ?? 'none';
        seen.push(`filters${table ? ' and table' : ''}, centre ${centre}`);
      }
      if (table) {
        if (!seen[seen.length - 1]?.includes('and table')) seen.push('table');
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

function firstDrawing(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { drawn: string[] }).drawn);
}

/** Follows the page's calls to the API: how many answered 401, and when none is in flight. */
function trackApiCalls(page: Page): { unauthorized(): number; idle(): Promise<void> } {
  const pending = new Set<Request>();
  let unauthorized = 0;
  let waiters: (() => void)[] = [];
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/loyalty/');
  const done = (request: Request) => {
    if (!pending.delete(request) || pending.size > 0) return;
    waiters.forEach((resolve) => resolve());
    waiters = [];
  };
  page.on('request', (request) => {
    if (isApi(request)) pending.add(request);
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', (response) => {
    if (isApi(response.request()) && response.status() === 401) unauthorized += 1;
  });
  return {
    unauthorized: () => unauthorized,
    idle: () => {
      if (pending.size === 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${pending.size} API calls still in flight`)), 30_000);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

describe('menus by role', () => {
  it('shows the administrator more groups than the clerk, and the clerk only member and coupon groups', async () => {
    const loginPage = await openPage();
    const login = new LoginPage(loginPage);
    await login.open(baseUrl);
    await expect.poll(() => login.tenantInput.isVisible()).toBe(true);
    await screenshot(loginPage, 'login-zh');

    const admin = await signedInDemo('admin');
    const adminGroups = await admin.shell.menuGroups();
    await admin.shell.waitForScreen();
    await screenshot(admin.page, 'admin-home-zh');

    const clerk = await signedInDemo('clerk');
    const clerkGroups = await clerk.shell.menuGroups();
    await clerk.shell.waitForScreen();
    await screenshot(clerk.page, 'clerk-home-zh');

    const settings = settingGroup.title[0];
    expect(adminGroups).toContain(settings);
    expect(clerkGroups).not.toContain(settings);
    expect(adminGroups.length).toBeGreaterThan(clerkGroups.length);
    // The clerk's role holds the member and coupon groups: of what the administrator is offered,
    // the clerk sees exactly those groups, in the same order.
    const clerkScope = [memberGroup.title[0], couponsGroup.title[0]];
    expect(clerkGroups).toEqual(adminGroups.filter((group) => clerkScope.includes(group)));

    if (clerkGroups.length === 0) {
      // Nothing of the clerk's is offered by this build: the clerk lands on the no-content page.
      expect(clerk.shell.currentPath()).toBe('/no-content');
      expect(await clerk.shell.hasMenu()).toBe(false);
    } else {
      // Inside a group both see, the clerk's entries are among the administrator's.
      const adminEntries = await admin.shell.menuEntries(clerkGroups[0]);
      const clerkEntries = await clerk.shell.menuEntries(clerkGroups[0]);
      expect(clerkEntries.length).toBeGreaterThan(0);
      for (const entry of clerkEntries) expect(adminEntries).toContain(entry);
    }
    expect(await admin.shell.menuEntries(settings)).toEqual(settingGroup.entries.map((entry) => entry.title[0]));
  });

  it('refuses a forbidden screen opened by its address and leaves the allowed ones alone', async () => {
    const clerk = await signedInDemo('clerk');
    await clerk.shell.goto(baseUrl, '/setting/role');
    await expect.poll(() => clerk.shell.isDenied()).toBe(true);
    await clerk.shell.waitForScreen();
    expect(clerk.shell.currentPath()).toBe('/setting/role');
    await screenshot(clerk.page, 'clerk-denied-role-zh');

    // The same address opens for the administrator.
    const admin = await signedInDemo('admin');
    await admin.shell.goto(baseUrl, '/setting/role');
    await new ListPage(admin.page).waitLoaded();
    expect(await admin.page.getByText(DENIED_TEXT).count()).toBe(0);
  });
});

describe('session and licence', () => {
  it('asks once to sign in again when the session has ended, then returns to the login page', async () => {
    const tenant = await createTenant(database);
    const { page, shell } = await signedIn({ tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
    await database.pool.query('update sessions set revoked_at = now() where tenant_id = $1 and revoked_at is null', [tenant.tenantId]);
    // Coming back to the console now: the shell and the screen ask the server several things at
    // once, and every answer is a 401.
    const calls = trackApiCalls(page);
    await page.reload();

    const dialog = shell.confirmDialogs;
    await dialog.first().waitFor();
    await calls.idle();
    expect(calls.unauthorized()).toBeGreaterThan(1);
    expect(await dialog.count()).toBe(1);
    expect((await dialog.locator('.ant-modal-confirm-title').innerText()).trim()).toBe('提示');
    expect(await dialog.locator('.ant-modal-confirm-content').innerText()).toContain('长时间未登录，需要重新登录');
    await screenshot(page, 'session-expired-zh');

    const confirm = dialog.locator('.ant-modal-confirm-btns .ant-btn-primary');
    expect(await confirm.innerText()).toMatch(/确\s*定|OK/);
    await openingMotionEnded(confirm);
    await confirm.click();
    await page.waitForURL((url) => url.hash.startsWith('#/login'));
    const login = new LoginPage(page);
    await expect.poll(() => login.isShown()).toBe(true);
    // The dialog fades out and no second one follows it on the login page.
    await expect.poll(() => shell.confirmDialogs.count()).toBe(0);
    await calls.idle();
    expect(await shell.confirmDialogs.count()).toBe(0);
  });

  it('makes a user created by an administrator choose a new password at first sign-in', async () => {
    const tenant = await createTenant(database);
    const { page: adminPage } = await signedIn({ tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
    // Created through the API with the administrator's session, as the user screen does.
    const roles = await (await adminPage.request.get(`${baseUrl}/loyalty/v1/authorization/listRole`)).json();
    const created = await adminPage.request.post(`${baseUrl}/loyalty/v1/user/saveNew`, {
      data: { login: 'newcomer', name: '新同事', password: 'Given#2026', roleIds: [roles.data[0].roleId] },
      headers: { locale: 'zh_CN', 'X-Requested-With': 'loyalty-console' },
    });
    expect((await created.json()).code).toBe(2000);

    const page = await openPage();
    const login = new LoginPage(page);
    await login.open(baseUrl);
    await login.submit(tenant.code, 'newcomer', 'Given#2026');
    await page.getByText('首次登录或密码已被重置，请先设置新密码').waitFor();
    await screenshot(page, 'must-change-password-zh');
    const fieldOf = (label: string) => page.locator('.ant-form-item').filter({ hasText: label }).locator('input[type=password]').first();
    await fieldOf('新密码').fill('Chosen#Mine2026');
    await fieldOf('确认新密码').fill('Chosen#Mine2026');
    await page.getByRole('button', { name: /确\s*认\s*修\s*改/ }).click();
    // Back on the sign-in form (the server hashed the new password first: scrypt takes a moment).
    await login.submitButton.waitFor({ timeout: 20_000 });
    await login.signIn(tenant.code, 'newcomer', 'Chosen#Mine2026');
    await new ShellPage(page).waitForShell();
  });

  it('sends a merchant whose licence expired to the no-licence page', async () => {
    const tenant = await createTenant(database, { license: 'expired' });
    const page = await openPage();
    const login = new LoginPage(page);
    await login.open(baseUrl);
    await login.submit(tenant.code, tenant.adminLogin, tenant.adminPassword);
    await page.waitForURL((url) => url.hash.startsWith('#/no-lisence'));
    await expect
      .poll(() =>
        page
          .getByText(/许可证/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await screenshot(page, 'no-licence-zh');
  });
});

describe('language', () => {
  it('switches menus and the pager to English and back', async () => {
    const { page, shell } = await signedInDemo('admin');
    const home = shell.currentPath();
    const chineseGroups = await shell.menuGroups();
    expect(chineseGroups.every((title) => /[\u4e00-\u9fff]/.test(title))).toBe(true);

    await shell.goto(baseUrl, '/setting/role');
    await new ListPage(page).waitLoaded();
    await screenshot(page, 'role-zh');

    await shell.goto(baseUrl, '/setting/user');
    const users = new ListPage(page);
    await users.waitLoaded();
    expect(await users.pageSizeText()).toContain('条/页');

    await shell.switchLanguage('en_US');
    const englishGroups = await shell.menuGroups();
    expect(englishGroups).toHaveLength(chineseGroups.length);
    expect(englishGroups.every((title) => /^[\x20-\x7e]+$/.test(title))).toBe(true);
    expect(englishGroups).toContain(settingGroup.title[1]);
    await expect.poll(() => users.pageSizeText()).toMatch(/\/\s*page/);

    await shell.goto(baseUrl, '/setting/role');
    await new ListPage(page).waitLoaded();
    await screenshot(page, 'role-en');
    await shell.goto(baseUrl, home);
    await shell.waitForScreen();
    await screenshot(page, 'admin-home-en');

    await shell.switchLanguage('zh_CN');
    expect(await shell.menuGroups()).toEqual(chineseGroups);
    await shell.goto(baseUrl, '/setting/user');
    await users.waitLoaded();
    await expect.poll(() => users.pageSizeText()).toContain('条/页');
  });

  it('switches the login page to English', async () => {
    const page = await openPage();
    const login = new LoginPage(page);
    await login.open(baseUrl);
    await login.switchLanguage('en_US');
    await expect.poll(() => login.submitButton.innerText()).toMatch(/Sign in/);
    await screenshot(page, 'login-en');
  });
});

describe("antd's styles from the build (issue 30)", () => {
  /** antd's styles inserted by the page itself (computed at run time), instead of read from the build's files. */
  const computedStyles = (page: Page) => page.locator('head style[data-css-hash]').count();

  it('draws the login page and the member list in the console theme without computing a style', async () => {
    const page = await openPage();
    // A phone's width: the shell draws its menu as a drawer.
    await page.setViewportSize({ width: 390, height: 844 });
    const login = new LoginPage(page);
    await login.open(baseUrl);
    // The brand colour of the theme (src/shell/theme.ts).
    await expect.poll(() => login.submitButton.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(47, 84, 235)');
    expect(await computedStyles(page)).toBe(0);
    await login.signIn(demoTenant, 'admin', passwordOf('admin'));
    await new ShellPage(page).goto(baseUrl, '/member/standard-member/list');
    await page.reload();
    const list = new ListPage(page);
    await list.waitLoaded();
    const header = page.locator('.ant-table-thead th').first();
    expect(await header.evaluate((cell) => getComputedStyle(cell).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    expect(
      await page
        .getByRole('button', { name: /新\s*增|Add/ })
        .first()
        .evaluate((b) => getComputedStyle(b).backgroundColor),
    ).toBe('rgb(47, 84, 235)');
    expect(await computedStyles(page)).toBe(0);
    // antd's icons' rules: index.html's copy (after its charset; the icons put theirs first in the
    // head), the only one, with the very text the icons insert (so the first icon finds it and
    // inserts none as it draws), and in force.
    const iconRules = page.locator('head style[rc-util-key="@ant-design-icons"]');
    expect(await iconRules.count()).toBe(1);
    expect(await iconRules.evaluate((style) => style.previousElementSibling?.matches('meta[charset]') === true)).toBe(true);
    expect(await iconRules.evaluate((style) => style.innerHTML)).toBe(iconStyles);
    expect(
      await page
        .locator('.anticon')
        .first()
        .evaluate((icon) => getComputedStyle(icon).display),
    ).toBe('inline-flex');
    await screenshot(page, 'static-styles-list-390');
  });

  it("starts the console's chunks with the entry inside the console; the login page fetches them once drawn, and sign-in reads them from the cache", async () => {
    const page = await openPage();
    /** The links the build's preload script adds (vite.config.ts, consolePreload), files named without their hashes. */
    const linked = () =>
      page.evaluate(() =>
        [
          ...document.querySelectorAll<HTMLLinkElement>(
            'link[rel=modulepreload]:not([href*="rolldown-runtime"]), link[rel=preload][as=style], link[rel=prefetch]',
          ),
        ].map((link) => `${link.rel} ${new URL(link.href).pathname.replace(/-[\w-]{8}\.(js|css)$/, '.$1')}`),
      );
    // Bytes each request of the console's chunk carried over the network, by the kind of request.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const consoleChunk = new Map<string, string>();
    const carried: { type: string; bytes: number }[] = [];
    cdp.on('Network.requestWillBeSent', (event) => {
      if (/\/assets\/console-[\w-]{8}\.js$/.test(event.request.url)) consoleChunk.set(event.requestId, event.type ?? 'Other');
    });
    cdp.on('Network.loadingFinished', (event) => {
      const type = consoleChunk.get(event.requestId);
      if (type) carried.push({ type, bytes: event.encodedDataLength });
    });

    const login = new LoginPage(page);
    await login.open(baseUrl);
    // Once the login page has drawn and the browser is idle, it fetches the console's files ahead.
    await expect
      .poll(linked)
      .toEqual(['prefetch /assets/console.js', 'prefetch /assets/list-screen.js', 'prefetch /assets/antd-console.css']);
    await expect.poll(() => carried.filter((load) => load.bytes > 10_000).length).toBe(1);
    await login.signIn(demoTenant, 'admin', passwordOf('admin'));
    await new ShellPage(page).waitForShell();
    // The console's code ran from the cache: nothing more of it crossed the network.
    expect(carried.reduce((sum, load) => sum + load.bytes, 0)).toBeLessThan(carried[0]!.bytes + 2_000);

    await new ShellPage(page).goto(baseUrl, '/member/standard-member/list');
    await page.reload();
    await new ListPage(page).waitLoaded();
    // Inside the console the same files start with the entry. The style's preload is the
    // script's alone (the console adds that file as a stylesheet).
    expect(await linked()).toEqual(
      expect.arrayContaining([
        'modulepreload /assets/console.js',
        'modulepreload /assets/list-screen.js',
        'preload /assets/antd-console.css',
      ]),
    );
    expect((await linked()).filter((link) => link.startsWith('prefetch'))).toEqual([]);
  });

  it('opens a list by its address in one pass: the header with its centre and the filters come together, the table next, no spinner before them', async () => {
    const { page, shell } = await signedIn({ tenant: demoTenant, login: 'admin', password: passwordOf('admin') });
    await shell.navigate('/member/standard-member/list');
    await new ListPage(page).waitLoaded();
    const centre = (await page.locator('.console-header .ant-select-selection-item').first().innerText()).trim();
    expect(centre).not.toBe('');
    await watchFirstDrawing(page);
    await page.reload();
    await new ListPage(page).waitLoaded();
    expect(await firstDrawing(page)).toEqual([`filters, centre ${centre}`, 'table']);
  });

  it.each([
    ['the session answers before the language', 'language'],
    ['the language answers before the session', 'session'],
  ] as const)('opens a list by its address in a new tab in one pass, reading the session once, when %s', async (_, held) => {
    const { page } = await signedIn({ tenant: demoTenant, login: 'admin', password: passwordOf('admin') });
    const centre = (await page.locator('.console-header .ant-select-selection-item').first().innerText()).trim();
    expect(centre).not.toBe('');
    // A new tab of the same browser: signed in (local storage), no centre chosen in it yet (the
    // choice is kept per tab). One of the two answers the start waits for is held until the other
    // has come (and a moment more, for whatever the page would draw meanwhile).
    const tab = await page.context().newPage();
    const readings: string[] = [];
    const answered = { language: signal(), session: signal() };
    tab.on('requestfinished', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.endsWith('/v1/i18n/gets')) answered.language.resolve();
      if (!/\/v1\/auth\/(current|permissions)$/.test(path)) return;
      readings.push(path.split('/').pop()!);
      if (readings.includes('current') && readings.includes('permissions')) answered.session.resolve();
    });
    const other = held === 'language' ? answered.session.done : answered.language.done;
    await tab.route(held === 'language' ? /\/v1\/i18n\/gets/ : /\/v1\/auth\/current$/, async (route) => {
      await Promise.race([other.then(() => tab.waitForTimeout(300)), tab.waitForTimeout(10_000)]);
      await route.continue();
    });
    await watchFirstDrawing(tab);
    await tab.goto(`${baseUrl}/#/member/standard-member/list`);
    await new ListPage(tab).waitLoaded();
    expect(await firstDrawing(tab)).toEqual([`filters, centre ${centre}`, 'table']);
    // The session's state was read once, by the reading started with the page.
    expect(readings.sort()).toEqual(['current', 'permissions']);
  });

  it("draws another list without measuring the page's scroll bar again (a forced layout in the table's first drawing)", async () => {
    const { page, shell } = await signedIn({ tenant: demoTenant, login: 'admin', password: passwordOf('admin') });
    await shell.navigate('/member/standard-member/list');
    await new ListPage(page).waitLoaded();
    // rc-table's measure adds a box `rc-scrollbar-measure-…` to the page and reads it back.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { measured: string[] }).measured = seen;
      new MutationObserver((changes) => {
        for (const change of changes)
          for (const node of change.addedNodes)
            if (node instanceof HTMLElement && node.id.startsWith('rc-scrollbar-measure')) seen.push(node.id);
      }).observe(document.body, { childList: true });
    });
    await shell.navigate('/datum/store');
    await page.locator('form#store-filter').waitFor();
    await new ListPage(page).waitLoaded();
    await expect.poll(() => page.locator('.console-page .ant-table-row').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { measured: string[] }).measured)).toEqual([]);
  });
});

describe('moving between screens', () => {
  it('marks the screen being left while the next one renders, and clears the mark once it shows', async () => {
    const { page, shell } = await signedInDemo('admin');
    await shell.navigate('/member/standard-member/list');
    await new ListPage(page).waitLoaded();
    // Every state of the work area's mark while the address moves, as the page draws it.
    await page.evaluate(() => {
      const seen: { busy: string | null; path: string | undefined; bar: string | null }[] = [];
      (window as unknown as { marks: typeof seen }).marks = seen;
      const content = document.querySelector('.console-content')!;
      new MutationObserver(() => {
        const shown = document.querySelector<HTMLElement>('.console-page');
        seen.push({
          busy: shown?.getAttribute('aria-busy') ?? null,
          path: shown?.dataset.path,
          bar: content.querySelector('[role="progressbar"]')?.getAttribute('aria-label') ?? null,
        });
      }).observe(content, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
    });
    await shell.openMenu('会员', '批量操作单');
    const marks = await page.evaluate(
      () => (window as unknown as { marks: { busy: string | null; path: string | undefined; bar: string | null }[] }).marks,
    );
    // The list stayed on the page under the mark and the bar, named for assistive technology.
    expect(marks).toContainEqual({ busy: 'true', path: '/member/standard-member/list', bar: '正在打开页面' });
    const shown = page.locator('.console-page');
    expect(await shown.getAttribute('data-path')).toMatch(/^\/member\/batch-operate/);
    expect(await shown.getAttribute('aria-busy')).toBeNull();
    expect(await page.getByRole('progressbar', { name: '正在打开页面' }).count()).toBe(0);
  });
});
