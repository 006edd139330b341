import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { useDemoSession } from './pages/demo-session';
import { looseText, openDialogs } from './pages/antd';
import { DetailPage } from './pages/detail.page';
import { FormPage } from './pages/form.page';
import { ListPage } from './pages/list.page';

/**
 * Members as a person meets them: a member found by mobile in the standard member list, its
 * detail, a freeze that asks for a reason, the state tag and the state history that follow, in
 * Chinese and in English; and the marketing centre's member list, which changes with the centre
 * chosen in the header.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;
const signedInAdmin = () => session.signedIn('admin');

/** Registers a member of the demo merchant through the member API, with the page's session. */
async function registerMember(page: Page): Promise<{ id: number; name: string; mobile: string }> {
  const mobile = `133${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  const name = `浏览器会员${mobile.slice(-4)}`;
  const response = await page.request.post(`${baseUrl}/loyalty/v1/member/saveNew`, {
    data: { name, mobile, channel: 'weixin', gender: 'female', birthday: '1990-10-03', birthdayType: 'lunar', tags: ['highValue'] },
    headers: { locale: 'zh_CN', time_zone: 'Asia/Shanghai', 'X-Requested-With': 'loyalty-console' },
  });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(2000);
  return { id: body.data.id as number, name, mobile };
}

/** The visible dialog (the reason dialog). */
const dialog = (page: Page): Locator => openDialogs(page).first();

async function clickTab(page: Page, name: string | RegExp): Promise<void> {
  await page
    .locator('.ant-tabs-tab')
    .filter({ hasText: typeof name === 'string' ? looseText(name) : name })
    .first()
    .click();
}

describe('members in the browser', () => {
  it('finds a member by mobile, opens its detail and freezes it with a reason, in both languages', async () => {
    const { page, shell } = await signedInAdmin();
    const member = await registerMember(page);

    // The member form offers the profile and the registration, not the level: only the level
    // engine moves it (a batch document's level change, growth, a purchase).
    await shell.goto(baseUrl, '/member/standard-member/list?view=add');
    const addForm = FormPage.inDialog(page);
    await addForm.field('注册渠道').waitFor();
    const offered = await addForm.labels();
    expect(offered).toEqual(expect.arrayContaining(['姓名', '手机号', '注册门店', '注册渠道', '会员标签']));
    expect(offered).not.toContain('会员等级');
    expect(offered).not.toContain('成长值');
    await screenshot(page, 'member-add-zh');

    // Search by mobile in the standard member list.
    await shell.goto(baseUrl, '/member/standard-member/list');
    const list = new ListPage(page);
    await list.waitLoaded();
    await list.filter('手机号', member.mobile);
    expect(await list.column('姓名')).toEqual([member.name]);
    await expect.poll(async () => list.row(member.name).innerText()).toContain('在用');
    expect(await list.headers()).toEqual(expect.arrayContaining(['会员编号', '姓名', '手机号', '会员等级', '注册时间', '会员状态']));
    await shell.waitForScreen();
    await screenshot(page, 'member-list-zh');

    // Its detail.
    await list.rowAction(member.name, '详情');
    await page.waitForURL((url) => url.hash.includes(`/member/standard-member/dtl?id=${member.id}`));
    const state = page.getByTestId('member-state');
    await expect.poll(async () => state.innerText()).toBe('在用');
    const detail = new DetailPage(page);
    expect(await detail.value('手机号')).toBe(member.mobile);
    expect(await detail.value('注册渠道')).toBe('微信');
    // A lunar birthday shows its lunar date and the next solar date it falls on.
    expect(await detail.value('农历生日')).toContain('八月');
    expect(await detail.value('下次生日（公历）')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await shell.waitForScreen();
    await screenshot(page, 'member-detail-zh');

    // Freezing asks for a reason, and refuses none.
    await detail.clickButton('冻结');
    await dialog(page).waitFor();
    await dialog(page)
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await dialog(page).getByText('原因不能为空').waitFor();
    await dialog(page).getByLabel('原因').fill('客户来电挂失会员卡');
    await dialog(page)
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect.poll(async () => state.innerText()).toBe('冻结');
    // Now it can be unfrozen, no longer frozen.
    expect(await page.getByRole('button', { name: looseText('解冻') }).count()).toBe(1);
    expect(await page.getByRole('button', { name: looseText('冻结') }).count()).toBe(0);

    // The state history shows the change with its reason and who made it.
    await clickTab(page, '状态记录');
    const history = page.getByTestId('state-history');
    await expect.poll(async () => history.innerText()).toContain('客户来电挂失会员卡');
    expect(await history.innerText()).toMatch(/冻结[\s\S]*在用[\s\S]*冻结/);
    await shell.waitForScreen();
    await screenshot(page, 'member-detail-history-zh');

    // The list shows the new state too.
    await shell.goto(baseUrl, '/member/standard-member/list');
    await list.waitLoaded();
    await list.filter('手机号', member.mobile);
    await expect.poll(async () => list.row(member.name).innerText()).toContain('冻结');

    // The same screens in English.
    await shell.switchLanguage('en_US');
    await list.waitLoaded();
    expect(await list.headers()).toEqual(expect.arrayContaining(['Member number', 'Name', 'Mobile', 'Level', 'State']));
    await shell.waitForScreen();
    await screenshot(page, 'member-list-en');
    await shell.goto(baseUrl, `/member/standard-member/dtl?id=${member.id}`);
    await expect.poll(async () => page.getByTestId('member-state').innerText()).toBe('Frozen');
    expect(await detail.value('Channel')).toBe('WeChat');
    await shell.waitForScreen();
    await screenshot(page, 'member-detail-en');
    await clickTab(page, 'State history');
    await expect.poll(async () => page.getByTestId('state-history').innerText()).toContain('Freeze');
    await screenshot(page, 'member-detail-history-en');
  });

  it("shows only the header centre's members, and another list when the centre changes", async () => {
    const { page, shell } = await signedInAdmin();
    await shell.goto(baseUrl, '/member/marketcenter-member/list');
    const list = new ListPage(page);
    await list.waitLoaded();
    const centreSelect = page.locator('.console-header .ant-select').first();
    const chosenCentre = async () => (await centreSelect.locator('.ant-select-selection-item').innerText()).trim();
    const firstCentre = await chosenCentre();
    await screenshot(page, 'member-centre-list-zh');
    const first = await list.column('会员编号');
    expect(first.length).toBeGreaterThan(0);

    // Choose the other centre in the header (the dropdown may still be opening: try again until it took).
    const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    let otherCentre = '';
    await expect
      .poll(
        async () => {
          if (!(await options.first().isVisible())) await centreSelect.click();
          const other = options.filter({ hasNotText: firstCentre }).first();
          await other.waitFor();
          otherCentre = (await other.innerText()).trim();
          await other.click();
          return (await chosenCentre()) === otherCentre;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await list.waitLoaded();
    await expect
      .poll(async () => {
        const second = await list.column('会员编号');
        return second.length > 0 && second.every((number) => !first.includes(number));
      })
      .toBe(true);
    await shell.waitForScreen();
    await screenshot(page, 'member-centre-list-other-zh');

    // A member of the first centre is not found from the second one, even by its address.
    const [number] = first;
    const found = await page.request.post(`${baseUrl}/loyalty/v1/member/query`, {
      data: { filters: { memberNumber: number } },
      headers: { locale: 'zh_CN', 'X-Requested-With': 'loyalty-console' },
    });
    const id = (await found.json()).data.records[0].id as number;
    await shell.goto(baseUrl, `/member/marketcenter-member/dtl?id=${id}`);
    await page
      .locator('.ant-result')
      .filter({ hasText: /不存在|does not exist/ })
      .first()
      .waitFor();
  });

  it('draws the overview counts while the chart code is still on its way, and the chart once it arrives', async () => {
    // The chart library and the charts drawn with it (not `chart-slot`, the stand-in that loads them).
    const CHART_CODE = /\/assets\/(?!chart-slot)[^/]*chart[^/]*\.js$/i;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    const { page, shell } = await session.signedIn('admin', undefined, {
      prepare: (context) =>
        context.route(CHART_CODE, async (route) => {
          held.push(route.request().url());
          await released;
          await route.continue();
        }),
    });
    await shell.goto(baseUrl, '/member/home/home');
    await expect.poll(async () => page.getByTestId('member-state-counts').innerText()).toContain('在用');
    await expect.poll(async () => page.getByTestId('member-level-counts').innerText()).toContain('普卡');
    // The chart's code was asked for with its data, and while it travels its slot keeps the place.
    await expect.poll(() => held.length).toBeGreaterThan(0);
    expect(await page.getByTestId('member-daily-chart').count()).toBe(0);
    expect(await page.locator('.ant-layout-content [aria-busy="true"]').count()).toBeGreaterThan(0);
    release();
    await page.getByTestId('member-daily-chart').locator('svg').first().waitFor();
  });

  it('shows the member overview and a demo member with points, level and history', async () => {
    const { page, shell } = await signedInAdmin();
    await shell.goto(baseUrl, '/member/home/home');
    await page.getByTestId('member-daily-chart').locator('svg').first().waitFor();
    await expect.poll(async () => page.getByTestId('member-state-counts').innerText()).toContain('在用');
    await expect.poll(async () => page.getByTestId('member-level-counts').innerText()).toContain('普卡');
    await shell.waitForScreen();
    await screenshot(page, 'member-overview-zh');

    // A frozen demo member: its points, level and the reason it was frozen.
    const found = await page.request.post(`${baseUrl}/loyalty/v1/dqsh-member/query`, {
      data: { filters: { state: 'blocked' }, pageSize: 1 },
      headers: { locale: 'zh_CN', 'X-Requested-With': 'loyalty-console' },
    });
    const member = (await found.json()).data.records[0] as { id: number; name: string };
    await shell.goto(baseUrl, `/member/dqsh-member/dtl?id=${member.id}`);
    await expect.poll(async () => page.getByTestId('member-state').innerText()).toBe('冻结');
    const detail = new DetailPage(page);
    expect(await detail.value('会员档案')).toBe('油站会员');
    await clickTab(page, '等级与成长值');
    await page.locator('.ant-tabs-tabpane-active .ant-statistic').first().waitFor();
    await clickTab(page, '状态记录');
    await expect.poll(async () => page.getByTestId('state-history').innerText()).toMatch(/冻结/);
    await shell.waitForScreen();
    await screenshot(page, 'member-petrol-detail-history-zh');
    await clickTab(page, '积分');
    await page.locator('.ant-tabs-tabpane-active .ant-statistic').first().waitFor();
    await shell.waitForScreen();
    await screenshot(page, 'member-petrol-detail-points-zh');
  });
});
