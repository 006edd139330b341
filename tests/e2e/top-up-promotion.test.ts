import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { FIXTURE_PASSWORD } from '../helpers/fixtures';
import { expectAccessible } from './pages/axe';
import { createDemoUser, useDemoSession } from './pages/demo-session';
import { FormPage, savedDetailThenList } from './pages/form.page';
import { LinesEditor } from './pages/lines.page';
import { ListPage } from './pages/list.page';
import { postData } from './pages/page-api';
import { DetailTabs } from './pages/stored-value.page';

/**
 * Issue 28 item 8, "set a top-up tier and see the gift on a recharge", at 1280 px: the merchant
 * creates a stored-value top-up campaign (store-value-active) from its list with one tier (from
 * 100 yuan: 10 yuan of gift value and 20,000 points, above the merchant's points approval
 * threshold of 10,000); the merchant may not audit it (gifts are value: maker-checker), a second
 * person of the merchant audits it on the same list; then a member's recharge of 150 yuan runs as
 * a till sends it (`POST /v1/stored-value/recharge`: the console has no recharge screen, §2 lists
 * none) and the member's stored-value tab shows the gift (the gift balance and the campaign's
 * entry) and the points tab the points, in both languages.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;
const CHECKER = 'topup-checker';
// A second person of the demo merchant who maintains top-up campaigns and nothing else.
beforeAll(() => createDemoUser({ login: CHECKER, grants: [{ resourceId: '营销/储值充值活动', action: '配置维护' }] }));

const api = <T = Record<string, unknown>>(page: Page, url: string, data?: unknown): Promise<T> => postData<T>(page, { baseUrl, url, data });

interface Recharge {
  readonly gift: number;
  readonly balance: number;
  readonly activities: readonly { readonly activityId: number; readonly awards: readonly Record<string, unknown>[] }[];
}

describe('a top-up promotion in the browser', () => {
  it('sets a tier, needs a second person to audit it, and the gift of a recharge shows on the member, in both languages', async () => {
    const { page, shell } = await session.signedIn('admin');
    await page.setViewportSize({ width: 1280, height: 900 });
    const suffix = String(Date.now() % 100_000_000).padStart(8, '0');
    const name = `充值满100送10·${suffix.slice(-4)}`;
    const member = await api<{ id: number }>(page, '/v1/member/saveNew', { name: `充值会员${suffix.slice(-4)}`, mobile: `135${suffix}` });

    // The campaign, from the entry's list: New activity -> the top-up kind's form.
    await shell.goto(baseUrl, '/promotion/store-value-active/list');
    const list = new ListPage(page);
    await list.waitLoaded();
    await list.clickButton('新建活动');
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: '储值充值活动' }).click();
    await page.waitForURL((url) => url.hash.includes('/promotion/store-value-active/add'));
    const form = new FormPage(page);
    await form.fillAll({ 活动名称: name, 开始时间: '2026-01-01 00:00:00', 结束时间: '2035-12-31 23:59:59' });
    await page.keyboard.press('Escape');
    const tiers = LinesEditor.byLabel(page, '档位');
    if ((await tiers.rows.count()) === 0) await tiers.addLine();
    await tiers.fillLine(0, { '充值满(元)': '100', '赠送金额(元)': '10', 赠送积分: '20000' });
    // The rule's declared default is there before anything is chosen.
    expect(await form.valueOf('赠送次数')).toBe('每次充值都送');
    await screenshot(page, 'top-up-promotion-form-zh');
    await form.save('保存');
    await savedDetailThenList(page, {
      detail: '/promotion/store-value-active/dtl',
      list: '/promotion/store-value-active/list',
      leaveBy: 'back',
    });
    await list.waitLoaded();
    await expect.poll(async () => list.row(name).innerText()).toContain('未审核');

    // Its maker may not audit it: 20,000 points are above the threshold of 10,000.
    await list.rowActionConfirmed(name, '审核');
    await page
      .getByText(/需要第二人审核：该单据创建积分 20000，超过审批阈值 10000/)
      .first()
      .waitFor();
    await expect.poll(async () => list.row(name).innerText()).toContain('未审核');
    await screenshot(page, 'top-up-promotion-maker-refused-zh');

    // A second person audits it from the same list: in its window, in progress.
    const checker = await session.signedIn(CHECKER, FIXTURE_PASSWORD);
    await checker.page.setViewportSize({ width: 1280, height: 900 });
    await checker.shell.goto(baseUrl, '/promotion/store-value-active/list');
    const theirs = new ListPage(checker.page);
    await theirs.waitLoaded();
    await theirs.rowActionConfirmed(name, '审核');
    await expect.poll(async () => theirs.row(name).innerText()).toContain('进行中');
    await screenshot(checker.page, 'top-up-promotion-audited-zh');
    const activity = (await api<{ records: { id: number; name: string }[] }>(page, '/v1/activity/query', { filters: { name } })).records[0];
    expect(activity.name).toBe(name);

    // The recharge, as the till sends it: the campaign gives its tier's 10 yuan and 20,000 points.
    const recharge = await api<Recharge>(page, '/v1/stored-value/recharge', {
      requestNo: `E2E-TOPUP-${suffix}`,
      memberId: member.id,
      amount: 150,
      channel: 'store',
    });
    expect(recharge.activities.find((a) => a.activityId === activity.id)?.awards).toEqual([
      { type: 'value', amount: '10.00' },
      { type: 'points', points: 20000 },
    ]);

    // The member's stored value: the gift balance and the activity's entry among the latest.
    await shell.goto(baseUrl, `/member/standard-member/dtl?id=${member.id}`);
    const tab = await new DetailTabs(page).open('储值');
    const gift = tab.locator('.ant-statistic').filter({ hasText: '赠送金' });
    await expect.poll(async () => gift.innerText()).toContain(recharge.gift.toFixed(2));
    expect(recharge.gift).toBeGreaterThanOrEqual(10);
    const entries = tab.locator('.ant-table-row');
    // The gift is an entry of its own, named by where it came from.
    await expect
      .poll(async () => (await entries.allInnerTexts()).some((row) => row.includes('10.00') && row.includes('充值活动赠送')))
      .toBe(true);
    await screenshot(page, 'top-up-promotion-member-zh');
    const points = await new DetailTabs(page).open('积分');
    await expect.poll(async () => points.locator('.ant-statistic').first().innerText()).toMatch(/20,?000/);
    await expectAccessible(page, 'top-up-promotion-member-zh');

    // In English: the campaign in the list, and the member's gift.
    await shell.switchLanguage('en_US');
    await shell.goto(baseUrl, '/promotion/store-value-active/list');
    await list.waitLoaded();
    await expect.poll(async () => list.row(name).innerText()).toContain('In progress');
    await screenshot(page, 'top-up-promotion-list-en');
    await shell.goto(baseUrl, `/member/standard-member/dtl?id=${member.id}`);
    const tabEn = await new DetailTabs(page).open('Stored value');
    await expect
      .poll(async () => tabEn.locator('.ant-statistic').filter({ hasText: 'Gift' }).innerText())
      .toContain(recharge.gift.toFixed(2));
    await expect
      .poll(async () => (await tabEn.locator('.ant-table-row').allInnerTexts()).some((row) => row.includes('Top-up campaign gift')))
      .toBe(true);
    await screenshot(page, 'top-up-promotion-member-en');
  });
});
