import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { EnumField } from '../../resources/define';
import { applicationResource, grantOf } from '../../resources/setting/application.resource';
import { screenshot } from '../helpers/browser';
import { expectAccessible } from './pages/axe';
import { useDemoSession } from './pages/demo-session';
import { FormPage, savedDetailThenList } from './pages/form.page';
import { ListPage } from './pages/list.page';
import { postData } from './pages/page-api';
import { DetailTabs } from './pages/stored-value.page';

/**
 * Issue 28 item 1 in the browser: the merchant makes a third-party issuing campaign in its add
 * form (third-party-issue-coupon) from the entry's list (third-coupon), naming a partner's
 * application, an effective template, the most per request, the settlement price and a coupon
 * budget, and audits it from the list; the partner's key issues coupons to a member through the
 * API (the same request number twice issues once); the campaign's detail from the entry's list
 * (third-coupon-dtl) shows the request on its 发券对账 tab with the settlement, and the kind's own
 * detail (third-party-issue-coupon-dtl) in English. The tab passes axe-core's WCAG 2.1 AA rules.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;

const api = <T = Record<string, unknown>>(page: Page, url: string, data?: unknown): Promise<T> => postData<T>(page, { baseUrl, url, data });

/** The partner's application (营销/第三方发券 · 配置维护), its key, and an effective template. */
async function scene(page: Page, stamp: string): Promise<{ appName: string; key: string; templateName: string }> {
  const grants = Object.keys((applicationResource.fields.grants as EnumField).options).filter((value) => {
    const { resourceId, action } = grantOf(value);
    return resourceId === '营销/第三方发券' && action === '配置维护';
  });
  const appName = `合作方${stamp}`;
  const app = await api<{ id: number }>(page, '/v1/application/saveNew', { name: appName, kind: 'OTHER', stores: [], grants });
  const { key } = await api<{ key: string }>(page, `/v1/application/issueKey?id=${app.id}`, {});
  const templateName = `合作券${stamp}`;
  const template = await api<{ id: number }>(page, '/v1/coupon-template/saveNew', {
    name: templateName,
    lineType: 'all_cash',
    rule: { cashValue: '5.00' },
  });
  await api(page, `/v1/coupon-template/enable?id=${template.id}`);
  return { appName, key, templateName };
}

describe('third-party issuing in the browser', () => {
  it('makes a campaign in its form, audits it, and reconciles the partner’s issue on its detail, in both languages', async () => {
    const { page, shell } = await session.signedIn('admin');
    await page.setViewportSize({ width: 1280, height: 900 });
    const stamp = String(Date.now() % 100_000_000).padStart(8, '0');
    const { appName, key, templateName } = await scene(page, stamp);
    const name = `端到端第三方发券${stamp}`;

    await shell.goto(baseUrl, '/promotion/third-coupon/third-coupon');
    const list = new ListPage(page);
    await list.waitLoaded();
    await list.clickButton('新建活动');
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: '第三方发券活动' }).click();
    await page.waitForURL((url) => url.hash.includes('/promotion/third-coupon/third-party-issue-coupon'));
    const form = new FormPage(page);
    await form.fillAll({
      活动名称: name,
      开始时间: '2026-01-01 00:00:00',
      结束时间: '2035-12-31 23:59:59',
      发券方应用: appName,
      发放券: templateName,
      每次请求最多张数: '3',
      '结算价(元/张)': '2.5',
      '赠券总预算(张)': '100',
    });
    await page.keyboard.press('Escape');
    await screenshot(page, 'third-party-issue-form-zh');
    await form.save('保存');
    await savedDetailThenList(page, {
      detail: '/promotion/third-coupon/third-party-issue-coupon-dtl',
      list: '/promotion/third-coupon/third-coupon',
      leaveBy: 'back',
    });
    await list.waitLoaded();
    await list.rowActionConfirmed(name, '审核');
    await expect.poll(async () => list.row(name).innerText()).toContain('进行中');
    const activity = (await api<{ records: { id: number }[] }>(page, '/v1/activity/query', { filters: { name } })).records[0];

    // The partner issues two coupons to a member with its key; the same request again issues nothing more.
    const member = await api<{ id: number }>(page, '/v1/member/saveNew', { name: `合作会员${stamp.slice(-4)}`, mobile: `136${stamp}` });
    const requestNo = `P-${stamp}`;
    const issue = () =>
      fetch(`${baseUrl}/loyalty/v1/third-coupon/issue`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ requestNo, activityId: activity.id, memberId: member.id, quantity: 2 }),
      });
    const first = await issue();
    expect(first.status, await first.clone().text()).toBe(200);
    expect((await issue()).headers.get('idempotent-replayed')).toBe('true');

    await list.rowAction(name, '详情');
    // The entry's detail of any of its campaigns (third-coupon-dtl) has the kind's tab for this kind.
    await page.waitForURL((url) => url.hash.includes('/promotion/third-coupon/third-coupon-dtl'));
    const tab = await new DetailTabs(page).open('发券对账');
    const rows = tab.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    const row = await rows.first().innerText();
    expect(row).toContain(requestNo);
    expect(row).toContain('5.00');
    await screenshot(page, 'third-party-issue-reconciliation-zh');
    await expectAccessible(page, 'third-party-issue-reconciliation-zh');

    // The kind's own detail, in English.
    await shell.switchLanguage('en_US');
    await shell.goto(baseUrl, `/promotion/third-coupon/third-party-issue-coupon-dtl?id=${activity.id}`);
    const tabEn = await new DetailTabs(page).open('Reconciliation');
    await expect.poll(() => tabEn.innerText()).toContain('Issuer request number');
    await expect.poll(() => tabEn.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    expect(await tabEn.innerText()).toContain(requestNo);
    await screenshot(page, 'third-party-issue-reconciliation-en');
    await expectAccessible(page, 'third-party-issue-reconciliation-en');
  });
  it('lists the partner’s cancel on 作废券 and opens the coupons it voided, in both languages', async () => {
    const { page, shell } = await session.signedIn('admin');
    await page.setViewportSize({ width: 1280, height: 900 });
    const stamp = String(Date.now() % 100_000_000).padStart(8, '0');
    const { key } = await scene(page, stamp);
    const applications = await api<{ records: { id: number; name: string }[] }>(page, '/v1/application/query', {
      filters: { name: `合作方${stamp}` },
    });
    const templates = await api<{ records: { id: number }[] }>(page, '/v1/coupon-template/query', { filters: { name: `合作券${stamp}` } });
    const activity = await api<{ id: number }>(page, '/v1/activity/saveNew', {
      name: `端到端作废${stamp}`,
      kind: 'THIRD_PARTY_ISSUE',
      beginTime: '2020-01-01 00:00:00',
      endTime: '2099-01-01 00:00:00',
      budget: { totalCoupons: 10 },
      rule: {
        thirdApplication: applications.records[0]!.id,
        thirdTemplate: templates.records[0]!.id,
        thirdMaxPerRequest: 3,
        thirdSettlementPrice: 1,
      },
    });
    await api(page, `/v1/activity/audit?id=${activity.id}`);
    const member = await api<{ id: number }>(page, '/v1/member/saveNew', { name: `作废会员${stamp.slice(-4)}`, mobile: `135${stamp}` });
    const call = async (path: string, body: object) => {
      const answer = await fetch(`${baseUrl}/loyalty/v1/third-coupon/${path}`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
      return (await answer.json()).data;
    };
    const issued = await call('issue', { requestNo: `I-${stamp}`, activityId: activity.id, memberId: member.id, quantity: 2 });
    const cancelNo = `K-${stamp}`;
    await call('cancel', { requestNo: cancelNo, activityId: activity.id, issueRequestNo: `I-${stamp}`, reason: '用户退款' });

    await shell.goto(baseUrl, '/promotion/third-coupon/cancel-coupon');
    const list = new ListPage(page);
    await list.waitLoaded();
    await expect.poll(async () => list.row(cancelNo).innerText()).toContain('用户退款');
    expect(await page.locator('body').innerText()).toContain('作废次数');
    await screenshot(page, 'third-party-cancels-zh');
    await expectAccessible(page, 'third-party-cancels-zh');
    await list.row(cancelNo).getByRole('link', { name: '详情' }).click();
    await page.waitForURL((url) => url.hash.includes('/promotion/third-coupon/cancel-coupon-dtl'));
    await expect.poll(() => page.locator('.ant-card-head-title').first().innerText()).toContain(cancelNo);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    const text = await page.locator('.ant-table-tbody').innerText();
    for (const coupon of issued.coupons as { code: string }[]) expect(text).toContain(coupon.code);
    await expectAccessible(page, 'third-party-cancel-coupons-zh');

    await shell.switchLanguage('en_US');
    await expect.poll(() => page.locator('.ant-card-head-title').first().innerText()).toContain('Coupons voided by cancel');
    expect(await page.locator('.ant-table-thead').innerText()).toContain('Coupon number');
    await screenshot(page, 'third-party-cancel-coupons-en');
    await expectAccessible(page, 'third-party-cancel-coupons-en');
  });
});
