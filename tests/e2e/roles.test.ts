import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eStack } from './pages/stack';
import { launchBrowser, screenshot, type TestBrowser } from '../helpers/browser';
import { DESK_NARROW, layoutProblems, resize } from './pages/layout';
import { LoginPage } from './pages/login.page';
import { ShellPage } from './pages/shell.page';

/**
 * Issue item 12, the read-only auditor, the clerk and a custom role walk every list of their menus:
 * each screen draws without raw message keys or refused API calls, and the auditor is offered no
 * write action the server would refuse.
 */
const baseUrl = e2eStack().baseUrl;
const demoTenant = e2eStack().demoTenantCode;
const demoAccounts = e2eStack().demoAccounts;

const WRITE_ACTION =
  /^\s*(新建|新增|添加|编辑|删除|审核|导入|冻结|解冻|注销|作废|启用|停用|New|Add|Create|Edit|Delete|Audit|Import|Freeze|Unfreeze|Cancel membership|Void|Enable|Disable)(?![A-Za-z])/i;
// A message key shown as it is: `screens.list.refresh`, or a resource's title key `res.points-accounts`.
// A host name in an address (`https://openapi.alipay.com/gateway.do`) is no key.
const RAW_KEY = /(?<!\/\/)\b[a-z][a-zA-Z]*(\.[a-zA-Z_]+){2,}\b|\bres\.[a-z][\w-]*/;

let browser: TestBrowser;

const WALK_SCREENSHOTS = process.env.E2E_WALK_SCREENSHOTS === '1';

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Passwords of the accounts the walk signs in with: the demo's, and the custom role's user. */
const passwords = new Map(demoAccounts.map((account) => [account.login, account.password]));

/**
 * A role made through the API as an administrator would (saveRole, then a user holding it, who
 * sets their own password at first sign-in): adjusts points and reads the points screens and the
 * paid level orders, nothing else.
 */
const CUSTOM_ROLE = {
  login: 'points-walker',
  permissions: [
    { resourceId: '积分/积分调整单', actions: ['单据查看', '配置维护'] },
    { resourceId: '积分/积分查询', actions: ['账户信息查看'] },
    { resourceId: '积分/积分概览', actions: ['数据查看'] },
    { resourceId: '会员/付费等级订单', actions: ['单据查看'] },
  ],
};

async function createCustomRoleUser(): Promise<void> {
  const { context } = await browser.newPage();
  const api = context.request;
  const headers = { 'X-Requested-With': 'loyalty-console' };
  const call = async (path: string, data: unknown) => {
    const response = await api.post(`${baseUrl}/loyalty/v1/${path}`, { data, headers });
    const body = await response.json();
    if (body.code !== 2000) throw new Error(`${path}: ${JSON.stringify(body)}`);
    return body.data;
  };
  await call('auth/login', { tenant: demoTenant, login: 'admin', password: passwords.get('admin') });
  const role = await call('authorization/saveRole', { name: `积分专员-${Date.now()}`, permissions: CUSTOM_ROLE.permissions });
  const initial = 'Initial#2026walk';
  await call('user/saveNew', { login: CUSTOM_ROLE.login, name: '积分专员', password: initial, roleIds: [role.roleId] });
  const first = await call('auth/login', { tenant: demoTenant, login: CUSTOM_ROLE.login, password: initial });
  const password = 'Walker#2026pts';
  await call('auth/password', { oldPassword: initial, newPassword: password, resetToken: first.resetToken });
  passwords.set(CUSTOM_ROLE.login, password);
  await context.close();
}

async function signedIn(login: string): Promise<{ page: Page; shell: ShellPage; refused: string[] }> {
  const password = passwords.get(login);
  if (!password) throw new Error(`no account ${login}`);
  const { page } = await browser.newPage();
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/loyalty/v1/') && response.status() >= 400 && response.status() !== 401) {
      refused.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  const loginPage = new LoginPage(page);
  await loginPage.open(baseUrl);
  await loginPage.signIn(demoTenant, login, password);
  const shell = new ShellPage(page);
  await shell.waitForShell();
  return { page, shell, refused };
}

/**
 * Opens every entry of the signed-in user's menu; returns what a person would trip over. In
 * English, whose labels run longer than the Chinese the accessibility walk checks, each screen is
 * also held to the layout checks at 1280 px (no sideways scroll, no input narrower than its
 * placeholder, key columns in view).
 */
async function walk(args: {
  login: string;
  language: 'zh_CN' | 'en_US';
  readOnly: boolean;
}): Promise<{ visited: number; problems: string[] }> {
  const { page, shell, refused } = await signedIn(args.login);
  const english = args.language === 'en_US';
  if (english) {
    await shell.switchLanguage('en_US');
    await resize(page, DESK_NARROW);
  }
  const tree = await shell.menuTree();
  const problems: string[] = [];
  let visited = 0;
  for (const [group, entries] of Object.entries(tree)) {
    for (const entry of entries) {
      await shell.openMenu(group, entry);
      await shell.waitForScreen();
      visited += 1;
      const before = problems.length;
      const content = page.locator('.ant-layout-content').first();
      const text = await content.innerText();
      if (RAW_KEY.test(text)) problems.push(`${entry}: raw key ${RAW_KEY.exec(text)?.[0]}`);
      if (english) for (const problem of (await layoutProblems(page)).problems) problems.push(`${shell.currentPath()} at 1280: ${problem}`);
      if (args.readOnly) {
        const buttons = (await content.locator('button:visible, a:visible').allInnerTexts()).map((label) => label.trim());
        const writes = buttons.filter((label) => WRITE_ACTION.test(label));
        if (writes.length > 0) problems.push(`${entry} (${shell.currentPath()}): write actions ${writes.join(', ')}`);
      }
      // A full-page picture costs about as much as the checks: taken of a screen with a problem,
      // or of every screen when asked (E2E_WALK_SCREENSHOTS=1, to look through a role's menu).
      if (problems.length > before || WALK_SCREENSHOTS) await screenshot(page, `${args.login}-${args.language}-${visited}`);
    }
  }
  return { visited, problems: [...problems, ...refused] };
}

/** Longest a walk of one menu may take. */
const WALK_TIMEOUT_MS = 240_000;

describe('each role walks its menu', () => {
  it.each([
    { login: 'auditor', language: 'zh_CN' as const, readOnly: true },
    { login: 'auditor', language: 'en_US' as const, readOnly: true },
    { login: 'clerk', language: 'zh_CN' as const, readOnly: false },
    { login: 'clerk', language: 'en_US' as const, readOnly: false },
  ])(
    '$login in $language sees every screen drawn, without raw keys or refused calls (and, read-only, no write button)',
    async (args) => {
      const { visited, problems } = await walk(args);
      expect(visited).toBeGreaterThan(0);
      expect(problems).toEqual([]);
      // The auditor's menu holds about 47 screens: a loaded machine takes up to 2.5 s a screen.
    },
    WALK_TIMEOUT_MS,
  );

  it('a custom role made through the API sees exactly its screens, in both languages, without raw keys or refused calls', async () => {
    await createCustomRoleUser();
    const { shell } = await signedIn(CUSTOM_ROLE.login);
    expect(Object.values(await shell.menuTree()).flat()).toEqual(['付费等级订单', '积分概览', '积分调整单', '积分查询']);
    for (const language of ['zh_CN', 'en_US'] as const) {
      const { visited, problems } = await walk({ login: CUSTOM_ROLE.login, language, readOnly: false });
      expect(visited).toBe(4);
      expect(problems).toEqual([]);
    }
  });
});
