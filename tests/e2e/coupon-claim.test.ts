import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { expectAccessible } from './pages/axe';
import { useDemoSession } from './pages/demo-session';
import { claimCampaignAudited, simulateClaimOf } from './pages/claim-campaign';
import { ListPage } from './pages/list.page';
import { postData } from './pages/page-api';

/**
 * Issue 28 item 2 in the browser: a mini-program coupon claim campaign is made from the WeChat
 * coupon claims list (wechat-receive-coupon, New activity ▾ -> mini-program-gain-coupon: the
 * coupon, 2 a claim, a stock of 10, once per member), audited from the list, and tried on its
 * detail's simulator (mini-program-gain-coupon-dtl); a member's claim as the mini program sends
 * it (a claim token, then the claim: the console has no claim screen, the member's phone is) gives
 * the 2 coupons, and the simulator then says the member has claimed all they may. The list and the
 * detail in English. The detail's simulator and the English list pass axe-core's WCAG 2.1 AA rules.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;

const api = <T = Record<string, unknown>>(page: Page, url: string, data?: unknown): Promise<T> => postData<T>(page, { baseUrl, url, data });

describe('a coupon claim campaign in the browser', () => {
  it('is made on its form, audited, simulated, claimed once by a member, and reads in both languages', async () => {
    const { page, shell } = await session.signedIn('admin');
    await page.setViewportSize({ width: 1280, height: 900 });
    const stamp = String(Date.now() % 100_000_000).padStart(8, '0');
    const templateName = `领券模板${stamp.slice(-4)}`;
    const template = await api<{ id: number }>(page, '/v1/coupon-template/saveNew', {
      name: templateName,
      lineType: 'all_cash',
      rule: { cashValue: '5.00' },
    });
    await api(page, `/v1/coupon-template/enable?id=${template.id}`);
    const memberName = `领券会员${stamp.slice(-4)}`;
    const member = await api<{ id: number }>(page, '/v1/member/saveNew', { name: memberName, mobile: `136${stamp}` });
    const name = `小程序领券${stamp.slice(-4)}`;

    // From the entry's list: New activity -> the mini-program claim's own form.
    await shell.goto(baseUrl, '/promotion/wechat-receive-coupon/wechat-receive-coupon');
    const list = new ListPage(page);
    await list.waitLoaded();
    await list.clickButton('新建活动');
    // The entry's two claim kinds: the mini program's and WeChat's card coupons.
    const kinds = page.locator('.ant-dropdown:visible .ant-dropdown-menu-item');
    await expect.poll(async () => kinds.allInnerTexts()).toEqual(['小程序领券', '微信卡券领券']);
    await kinds.filter({ hasText: '小程序领券' }).click();
    await page.waitForURL((url) => url.hash.includes('/promotion/wechat-receive-coupon/mini-program-gain-coupon'));
    const activity = {
      id: await claimCampaignAudited(page, {
        baseUrl,
        name,
        rule: { 领取券: templateName, 每次领取张数: '2', '赠券总预算(张)': '10', 每人参与次数: '1' },
        detail: '/promotion/wechat-receive-coupon/mini-program-gain-coupon-dtl',
        list: '/promotion/wechat-receive-coupon/wechat-receive-coupon',
        picture: 'coupon-claim-form-zh',
      }),
    };

    // The detail's simulator: what the member's claim would give now.
    await shell.goto(baseUrl, `/promotion/wechat-receive-coupon/mini-program-gain-coupon-dtl?id=${activity.id}`);
    await page.getByRole('tab', { name: '活动模拟' }).click();
    const simulator = page.locator('.ant-card').filter({ hasText: '领券模拟（不发券）' });
    await simulateClaimOf(page, simulator, memberName);
    await expect.poll(async () => simulator.getByTestId('claim-award').first().innerText()).toBe(`券「${templateName}」×2`);
    await screenshot(page, 'coupon-claim-simulator-zh');
    await expectAccessible(page, 'coupon-claim-simulator-zh');

    // The member claims in the mini program: a token bound to them, then the claim; it gives the 2 coupons, once.
    const { token } = await api<{ token: string }>(page, '/v1/activities/claim-token', { activityId: activity.id, memberId: member.id });
    const claimed = await api<{ couponIds: number[] }>(page, '/v1/activities/claim', { memberId: member.id, token });
    expect(claimed.couponIds).toHaveLength(2);
    const held = await api<{ total: number }>(page, '/v1/coupon/query', {
      page: 1,
      pageSize: 1,
      filters: { member: member.id, template: template.id },
    });
    expect(held.total).toBe(2);
    // Once per member: the simulator now says so.
    await simulator.getByRole('button', { name: /模\s*拟/ }).click();
    await expect.poll(async () => simulator.locator('.ant-alert').innerText()).toContain('次数已达上限');

    // In English: the list, and the detail's simulator.
    await shell.switchLanguage('en_US');
    await shell.goto(baseUrl, '/promotion/wechat-receive-coupon/wechat-receive-coupon');
    await list.waitLoaded();
    await expect.poll(async () => list.row(name).innerText()).toContain('In progress');
    expect(await list.row(name).innerText()).toContain('Mini-program coupon claim');
    await screenshot(page, 'coupon-claim-list-en');
    await expectAccessible(page, 'coupon-claim-list-en');
    await shell.goto(baseUrl, `/promotion/wechat-receive-coupon/mini-program-gain-coupon-dtl?id=${activity.id}`);
    // The rule's own values, labelled in English.
    await expect.poll(async () => (await page.locator('.ant-descriptions').allInnerTexts()).join('\n')).toContain('Coupons per claim');
    expect((await page.locator('.ant-descriptions').allInnerTexts()).join('\n')).toContain('Coupon claimed');
    await page.getByRole('tab', { name: 'Simulate' }).click();
    await expect.poll(async () => page.getByText('Claim simulator (issues nothing)').count()).toBeGreaterThan(0);
    await screenshot(page, 'coupon-claim-detail-en');
  });
});
