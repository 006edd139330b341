import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from '../../helpers/browser';
import { FormPage, savedDetailThenList } from './form.page';
import { ListPage } from './list.page';
import { postData } from './page-api';

/**
 * A claim campaign (resources/promotion/kinds/claim.ts) made on its add form, opened from its
 * entry's list: the name and a window, then `rule` (label -> value), saved (the detail, then back
 * to the list), and audited from the list. Answers the activity's id.
 */
export async function claimCampaignAudited(
  page: Page,
  args: { baseUrl: string; name: string; rule: Record<string, string>; detail: string; list: string; picture: string },
): Promise<number> {
  const form = new FormPage(page);
  await form.fillAll({ 活动名称: args.name, 开始时间: '2026-01-01 00:00:00', 结束时间: '2035-12-31 23:59:59' });
  await page.keyboard.press('Escape');
  await form.fillAll(args.rule);
  await screenshot(page, args.picture);
  await form.save('保存');
  await savedDetailThenList(page, { detail: args.detail, list: args.list, leaveBy: 'back' });
  const list = new ListPage(page);
  await list.waitLoaded();
  await expect.poll(async () => list.row(args.name).innerText()).toContain('未审核');
  await list.rowActionConfirmed(args.name, '审核');
  await expect.poll(async () => list.row(args.name).innerText()).toContain('进行中');
  const found = await postData<{ records: { id: number; name: string }[] }>(page, {
    baseUrl: args.baseUrl,
    url: '/v1/activity/query',
    data: { filters: { name: args.name } },
  });
  expect(found.records[0].name).toBe(args.name);
  return found.records[0].id;
}

/** The claim simulator of a claim campaign's detail (its Simulate tab open): the member picked, then simulated. */
export async function simulateClaimOf(page: Page, simulator: Locator, member: string): Promise<void> {
  await simulator.locator('.ant-form-item').filter({ hasText: '会员' }).locator('.ant-select').click();
  await page.keyboard.type(member);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: member }).first().click();
  await simulator.getByRole('button', { name: /模\s*拟/ }).click();
}
