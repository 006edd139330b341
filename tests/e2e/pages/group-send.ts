import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { looseText } from './antd';
import { FormPage, savedDetailThenList } from './form.page';
import type { ListPage } from './list.page';
import { postData } from './page-api';

/**
 * A kind sent to a group, from its filled add form to its detail: saves it (the detail opens),
 * goes back to the list, audits it there (its state shows 进行中), and opens its detail from the
 * row. `detail` and `list` are the screens' routes. Answers the activity's id.
 */
export async function saveAuditAndOpen(
  page: Page,
  args: { readonly list: ListPage; readonly name: string; readonly detail: string; readonly listRoute: string },
): Promise<number> {
  const { list, name } = args;
  await page.keyboard.press('Escape');
  await new FormPage(page).save('保存');
  await savedDetailThenList(page, { detail: args.detail, list: args.listRoute, leaveBy: 'back' });
  await list.waitLoaded();
  await list.rowActionConfirmed(name, '审核');
  await expect.poll(async () => list.row(name).innerText()).toContain('进行中');
  await list.rowAction(name, '详情');
  await page.waitForURL((url) => url.hash.includes(args.detail));
  return Number(new URL(page.url().replace('#', '')).searchParams.get('id'));
}

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
