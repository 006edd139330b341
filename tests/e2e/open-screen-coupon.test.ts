import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { expectAccessible } from './pages/axe';
import { useDemoSession } from './pages/demo-session';
import { claimCampaignAudited, simulateClaimOf } from './pages/claim-campaign';
import { ListPage } from './pages/list.page';
import { postData } from './pages/page-api';
import { storeGroupScene } from './pages/store-group';

/**
 * Issue 29 item 4 in the browser: a splash-screen coupon campaign for a customer group of two
 * members (group and template set up through the API) is made from precision marketing's list
 * (precision-marketing, New activity ▾ -> open-screen-coupon: the group, the coupon, 2 a claim, a
 * stock of 10, once per member), audited from the list, and tried on its detail's simulator
 * (open-screen-soupon-dtl): a member of the group would get the 2 coupons, a member outside it is
 * refused. The app's calls (the splash offer as the member opens it, then the claim with its
 * token: the console has no such screen, the phone has) give the coupons; the simulator then says
 * the member has claimed all they may. The list and the detail in English. The simulator and the
 * English list pass axe-core's WCAG 2.1 AA rules.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;

const api = <T = Record<string, unknown>>(page: Page, url: string, data?: unknown): Promise<T> => postData<T>(page, { baseUrl, url, data });

describe('splash-screen coupons in the browser', () => {
  it('are made for a group on their form, audited, simulated, claimed once by a member of the group, and read in both languages', async () => {
    const { page, shell } = await session.signedIn('admin');
    await page.setViewportSize({ width: 1280, height: 900 });
    const stamp = String(Date.now() % 100_000_000).padStart(8, '0');
    const { group, templateName, template, members } = await storeGroupScene(page, baseUrl, stamp, '开屏');
    const [member] = members;
    const memberName = `开屏会员${stamp.slice(-3)}1`;
    const outsiderName = `开屏会员${stamp.slice(-3)}3`;
    const name = `开屏发券${stamp.slice(-4)}`;

    // From the entry's list: New activity -> the splash-screen coupons' own form.
    await shell.goto(baseUrl, '/promotion/precision-marketing/precision-marketing');
    const list = new ListPage(page);
    await list.waitLoaded();
    await list.clickButton('新建活动');
    const kinds = page.locator('.ant-dropdown:visible .ant-dropdown-menu-item');
    // The entry's two kinds: splash-screen coupons and customer group gifts.
    await expect.poll(async () => kinds.allInnerTexts()).toEqual(['开屏发券', '客群赠礼']);
    await kinds.filter({ hasText: '开屏发券' }).click();
    await page.waitForURL((url) => url.hash.includes('/promotion/precision-marketing/open-screen-coupon'));
    const activity = {
      id: await claimCampaignAudited(page, {
        baseUrl,
        name,
        rule: { 目标客群: group, 领取券: templateName, 每次领取张数: '2', '赠券总预算(张)': '10', 每人参与次数: '1' },
        detail: '/promotion/precision-marketing/open-screen-soupon-dtl',
        list: '/promotion/precision-marketing/precision-marketing',
        picture: 'open-screen-coupon-form-zh',
      }),
    };

    // The detail's simulator: a member of the group would get the coupons, one outside it is refused.
    await shell.goto(baseUrl, `/promotion/precision-marketing/open-screen-soupon-dtl?id=${activity.id}`);
    await page.getByRole('tab', { name: '活动模拟' }).click();
    const simulator = page.locator('.ant-card').filter({ hasText: '领券模拟（不发券）' });
    await simulateClaimOf(page, simulator, memberName);
    await expect.poll(async () => simulator.getByTestId('claim-award').first().innerText()).toBe(`券「${templateName}」×2`);
    await screenshot(page, 'open-screen-coupon-simulator-zh');
    await expectAccessible(page, 'open-screen-coupon-simulator-zh');
    await simulateClaimOf(page, simulator, outsiderName);
    await expect.poll(async () => simulator.locator('.ant-alert').innerText()).toContain('不在活动');

    // The member opens the app: offered the campaign with a token; the claim gives the 2 coupons, once.
    const { offer } = await api<{ offer: { activityId: number; token: string } | null }>(page, '/v1/activities/splash-offer', {
      memberId: member,
    });
    expect(offer?.activityId).toBe(activity.id);
    const claimed = await api<{ couponIds: number[] }>(page, '/v1/activities/claim', { memberId: member, token: offer!.token });
    expect(claimed.couponIds).toHaveLength(2);
    const held = await api<{ total: number }>(page, '/v1/coupon/query', { page: 1, pageSize: 1, filters: { member, template } });
    expect(held.total).toBe(2);
    await simulateClaimOf(page, simulator, memberName);
    await expect.poll(async () => simulator.locator('.ant-alert').innerText()).toContain('次数已达上限');

    // In English: the list, and the detail's rule and simulator.
    await shell.switchLanguage('en_US');
    await shell.goto(baseUrl, '/promotion/precision-marketing/precision-marketing');
    await list.waitLoaded();
    await expect.poll(async () => list.row(name).innerText()).toContain('In progress');
    expect(await list.row(name).innerText()).toContain('Splash-screen coupons');
    await screenshot(page, 'open-screen-coupon-list-en');
    await expectAccessible(page, 'open-screen-coupon-list-en');
    await shell.goto(baseUrl, `/promotion/precision-marketing/open-screen-soupon-dtl?id=${activity.id}`);
    await expect.poll(async () => (await page.locator('.ant-descriptions').allInnerTexts()).join('\n')).toContain('Customer group');
    expect((await page.locator('.ant-descriptions').allInnerTexts()).join('\n')).toContain(group);
    await page.getByRole('tab', { name: 'Simulate' }).click();
    await expect.poll(async () => page.getByText('Claim simulator (issues nothing)').count()).toBeGreaterThan(0);
    await screenshot(page, 'open-screen-coupon-detail-en');
  });
});
