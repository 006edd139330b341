import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { useDemoSession } from './pages/demo-session';
import { ListPage } from './pages/list.page';

/**
 * Lists that remember and fit, as a person meets them: a filtered, sorted page of members that
 * is there again after a look at one member's detail (back button and the url alike); the users
 * screen and the file centre on the generic list's toolbar and url state, with the pinned
 * actions column covering no other column.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;

async function registerMember(page: Page, mobile: string, name: string): Promise<number> {
  const response = await page.request.post(`${baseUrl}/loyalty/v1/member/saveNew`, {
    data: { name, mobile, channel: 'weixin', gender: 'male' },
    headers: { locale: 'zh_CN', time_zone: 'Asia/Shanghai', 'X-Requested-With': 'loyalty-console' },
  });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(2000);
  return body.data.id as number;
}

/** The query of the hash route (`#/x?y=1` -> y=1). */
function hashQuery(page: Page): URLSearchParams {
  const hash = new URL(page.url()).hash;
  return new URLSearchParams(hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '');
}

/**
 * True when, scrolled fully to the right, the pinned actions column still overlaps the header
 * before it, or some column is squeezed to nothing (a pinned column covers what is under it
 * while the table is scrolled left, as any pinned column does; at the end nothing may stay hidden).
 */
async function actionsCoverAColumn(table: Locator): Promise<boolean> {
  return table.evaluate((element) => {
    const scroller = element.querySelector('.ant-table-content');
    if (scroller) scroller.scrollLeft = scroller.scrollWidth;
    const all = [...element.querySelectorAll('.ant-table-thead > tr > th')] as HTMLElement[];
    if (all.some((th) => th.offsetWidth > 0 && th.offsetWidth < 8 && !th.classList.contains('ant-table-selection-column'))) return true;
    const headers = [...element.querySelectorAll('.ant-table-thead > tr > th')].filter((th) => (th as HTMLElement).offsetWidth > 0);
    const last = headers[headers.length - 1].getBoundingClientRect();
    const before = headers[headers.length - 2].getBoundingClientRect();
    return before.width < 8 || last.left < before.right - 1;
  });
}

describe('lists that remember and fit', () => {
  it('makes menu entries and breadcrumb parents links: Ctrl+click opens them in a new tab, the page stays', async () => {
    const { page, shell } = await session.signedIn('admin');
    const list = '/deposit/store-value-adjust/store-value-adjust';
    await shell.goto(baseUrl, `${list}-Add`);
    const parents = page.locator('.console-breadcrumb a');
    await expect.poll(() => parents.count()).toBe(2);
    expect(await parents.nth(1).getAttribute('href')).toBe(`#${list}`);
    const entry = page.locator(`.console-sider a[href="#${list}"]`);
    await entry.waitFor();
    const [opened] = await Promise.all([page.context().waitForEvent('page'), entry.click({ modifiers: ['Control'] })]);
    await opened.waitForURL((url) => url.hash.split('?')[0] === `#${list}`);
    await opened.close();
    expect(shell.currentPath()).toBe(`${list}-Add`);
    // A plain click on a parent moves this tab.
    await parents.nth(1).click();
    await page.waitForURL((url) => url.hash.split('?')[0] === `#${list}`);
  });

  it('returns from a member detail to the same filtered, sorted page', async () => {
    const { page, shell } = await session.signedIn('admin');
    const prefix = `135${String(Date.now() % 100_000).padStart(5, '0')}`;
    for (const n of [1, 2, 3]) await registerMember(page, `${prefix}00${n}`, `回看会员${n}`);

    // Two rows a page, so the third member is alone on page 2.
    await shell.goto(baseUrl, '/member/standard-member/list?size=2&sort=registeredAt.asc');
    const list = new ListPage(page);
    await list.waitLoaded();
    await list.filter('手机号', prefix);
    expect(await list.column('姓名')).toEqual(['回看会员1', '回看会员2']);
    await list.goToPage(2);
    expect(await list.column('姓名')).toEqual(['回看会员3']);
    const query = hashQuery(page);
    expect(query.get('page')).toBe('2');
    expect(JSON.parse(query.get('filter') ?? '{}')).toEqual({ mobile: prefix });
    await screenshot(page, 'list-url-state-before-detail');

    await list.rowAction('回看会员3', '详情');
    await page.waitForURL((url) => url.hash.includes('/member/standard-member/dtl?id='));
    await page.goBack();
    await page.waitForURL((url) => url.hash.includes('/member/standard-member/list'));
    await list.waitLoaded();
    expect(await list.column('姓名')).toEqual(['回看会员3']);
    expect(await page.locator('.ant-pagination-item-active').innerText()).toBe('2');
    // The filter bar shows what the list filters by.
    expect(await page.getByLabel('手机号').first().inputValue()).toBe(prefix);

    // The same url in a new tab is the same list (a link can be shared). The new tab has chosen
    // no marketing centre yet (the choice is kept per tab): its list asks once the session's
    // reading has chosen one, every query in that centre.
    const shared = page.url();
    const other = await page.context().newPage();
    const centres: string[] = [];
    other.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/v1/member/query')) centres.push(request.headers()['marketingcenter'] ?? '');
    });
    // A slow answer to the session's reading, as on a slow link: the list must still wait for it.
    await other.route('**/v1/auth/current', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await other.goto(shared);
    const otherList = new ListPage(other);
    await otherList.waitLoaded();
    expect(await otherList.column('姓名')).toEqual(['回看会员3']);
    expect(centres.length).toBeGreaterThan(0);
    expect(centres.filter((centre) => centre === '')).toEqual([]);
    await other.close();
    await screenshot(page, 'list-url-state-after-back');
  });

  it('shows the users screen on the generic list toolbar, its search in the url, and no Disable on one’s own account', async () => {
    const { page, shell } = await session.signedIn('admin');
    await shell.goto(baseUrl, '/setting/user');
    const users = new ListPage(page);
    await users.waitLoaded();
    const toolbar = page.getByTestId('list-toolbar');
    await expect.poll(() => toolbar.getByRole('button', { name: /新建用户/ }).count()).toBe(1);
    expect(await toolbar.getByRole('button', { name: '刷新' }).count()).toBe(1);
    expect(await toolbar.getByRole('button', { name: '列设置' }).count()).toBe(1);
    expect(await actionsCoverAColumn(users.table)).toBe(false);

    const box = '登录名 / 姓名 / 手机号 / 邮箱';
    await users.search('admin', box);
    expect(JSON.parse(hashQuery(page).get('filter') ?? '{}')).toEqual({ keyword: 'admin' });
    await page.reload();
    await users.waitLoaded();
    expect(await page.getByPlaceholder(box).inputValue()).toBe('admin');
    expect(await users.column('登录名')).toContain('admin');

    // The signed-in administrator's own row offers no 停用 (the server would refuse it).
    const own = users.rows.filter({ has: page.locator('td', { hasText: /^admin$/ }) }).first();
    await own.getByRole('button', { name: /更\s*多/ }).click();
    const menu = page.locator('.ant-dropdown:visible .ant-dropdown-menu').last();
    await menu.waitFor();
    // The menu's entries are drawn as it opens: wait for them before reading what it offers.
    const items = menu.locator('.ant-dropdown-menu-item');
    const offeredNow = async () => (await items.allInnerTexts()).map((text) => text.trim());
    await expect.poll(offeredNow).toEqual(expect.arrayContaining(['重置密码']));
    const offered = await offeredNow();
    expect(offered).not.toContain('停用');
    await screenshot(page, 'users-generic-toolbar');
  });

  it('shows the file centre on the generic list toolbar with its filters in the url', async () => {
    const { page, shell } = await session.signedIn('admin');
    await shell.goto(baseUrl, '/files');
    const files = new ListPage(page);
    await files.waitLoaded();
    // Its breadcrumb, like every other screen's: where the user menu is, then the page.
    await expect.poll(() => page.locator('.console-breadcrumb').innerText()).toMatch(/我的账户\s*\/\s*文件中心/);
    await expect.poll(() => page.title()).toMatch(/^文件中心 · /);
    const toolbar = page.getByTestId('list-toolbar');
    await toolbar.waitFor();
    expect(await toolbar.getByRole('button', { name: '刷新' }).count()).toBe(1);
    expect(await actionsCoverAColumn(files.table)).toBe(false);
    await page.getByLabel('全部类型').first().click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await expect.poll(() => hashQuery(page).get('filter')).not.toBeNull();
    const filter = hashQuery(page).get('filter');
    await page.reload();
    await files.waitLoaded();
    expect(hashQuery(page).get('filter')).toBe(filter);
    expect(await page.locator('.ant-select-selection-item').count()).toBeGreaterThan(0);
    await screenshot(page, 'file-centre-generic-toolbar');
  });
});
