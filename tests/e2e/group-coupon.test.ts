import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { seriousViolations } from './pages/axe';
import { useDemoSession } from './pages/demo-session';
import { FormPage } from './pages/form.page';
import { couponsHeld, saveAuditAndOpen, sendFromTab } from './pages/group-send';
import { ListPage } from './pages/list.page';
import { storeGroupScene } from './pages/store-group';

/**
 * Issue 28 item 3 in the browser: a bulk coupon issue to a customer group of two members (the
 * group and template set up through the API) is made in its add form (group-send-coupon),
 * audited from its list (group-coupon), and started from its detail's Sending tab
 * (group-send-coupon-dtl); it finishes in the background, the tab shows the progress and each
 * member's result, the members hold the coupons, and the tab reads in English. The tab passes
 * axe-core's WCAG 2.1 AA rules.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;

describe('bulk coupon issuing in the browser', () => {
  it('makes a bulk issue in its form, audits it from its list, starts its send on the detail and sees each member issued, in both languages', async () => {
    const { page, shell } = await session.signedIn('admin');
    const stamp = String(Date.now() % 100_000_000).padStart(8, '0');
    const { group, templateName, members, template } = await storeGroupScene(page, baseUrl, stamp, '群发');
    const name = `端到端群发${stamp}`;

    // Made in its own add form from the entry's list, then audited from the list.
    await shell.goto(baseUrl, '/promotion/group-coupon/group-coupon');
    const list = new ListPage(page);
    await list.waitLoaded();
    await list.clickButton(/^\s*(新\s*增|新\s*建)\s*$/);
    await page.waitForURL((url) => url.hash.includes('/group-send-coupon'));
    const form = new FormPage(page);
    await form.fillAll({
      活动名称: name,
      开始时间: '2026-01-01 00:00:00',
      结束时间: '2035-12-31 23:59:59',
      发送客群: group,
      发送券: templateName,
      每人张数: '2',
    });
    const activity = await saveAuditAndOpen(page, {
      list,
      name,
      detail: '/promotion/group-coupon/group-send-coupon-dtl',
      listRoute: '/promotion/group-coupon/group-coupon',
    });

    const { tab, rows } = await sendFromTab(page);
    await expect.poll(() => rows.count()).toBe(2);
    for (let i = 0; i < 2; i += 1) expect(await rows.nth(i).innerText()).toContain('已发放');
    await screenshot(page, 'group-send-tab-zh');
    expect(await seriousViolations(page)).toEqual([]);

    // Each member holds the two coupons (the coupon inquiry).
    expect(await couponsHeld(page, baseUrl, members, template)).toEqual([2, 2]);

    await shell.switchLanguage('en_US');
    await shell.goto(baseUrl, `/promotion/group-coupon/group-send-coupon-dtl?id=${activity}`);
    await page.getByRole('tab', { name: 'Sending' }).click();
    await expect.poll(() => tab.innerText()).toContain('Done');
    expect(await tab.innerText()).toContain('Members frozen');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().innerText()).toContain('Given');
    await screenshot(page, 'group-send-tab-en');
  });
});
