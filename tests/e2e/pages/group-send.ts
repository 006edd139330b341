import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { looseText } from './antd';
import { postData } from './page-api';

/**
 * The Sending tab on the detail of a kind sent to a group (src/views/promotion/group-send-tab.tsx:
 * a bulk coupon issue, a customer group gift), in Chinese: opens it, starts the send, confirms,
 * and waits until the background run is done. Answers the tab and its per-member result rows.
 */
export async function sendFromTab(page: Page): Promise<{ tab: Locator; rows: Locator }> {
  await page.getByRole('tab', { name: '发送' }).click();
  const tab = page.getByTestId('group-send-tab');
  await expect.poll(() => tab.innerText()).toContain('尚未开始发送');
  await tab.getByRole('button', { name: looseText('开始发送') }).click();
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: looseText('确定') })
    .click();
  // The run finishes in the background; the tab reads it again while it runs.
  await expect.poll(() => tab.innerText(), { timeout: 30_000 }).toContain('已完成');
  expect(await tab.innerText()).toContain('冻结会员数');
  return { tab, rows: tab.locator('.ant-table-tbody tr.ant-table-row') };
}

/** How many coupons of a template each member holds (the coupon inquiry), in the members' order. */
export async function couponsHeld(page: Page, baseUrl: string, members: readonly number[], template: number): Promise<number[]> {
  const held: number[] = [];
  for (const member of members) {
    const page1 = await postData<{ total: number }>(page, {
      baseUrl,
      url: '/v1/coupon/query',
      data: { page: 1, pageSize: 1, filters: { member, template } },
    });
    held.push(page1.total);
  }
  return held;
}
