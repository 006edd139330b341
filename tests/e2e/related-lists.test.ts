import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { useDemoSession } from './pages/demo-session';
import { API_HEADERS, postData } from './pages/page-api';
import { ListPage } from './pages/list.page';
import { DetailTabs } from './pages/stored-value.page';

/**
 * Issue 23 §2 as a person meets it: the member detail's related lists (the latest coupons and
 * prepaid cards, declared on the member, each with a link to its list filtered on the member) in
 * both languages, and the coupon inquiry's chips counting the search's coupons per state and
 * filtering the list when clicked.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;
const api = <T = Record<string, unknown>>(page: Page, url: string, data: unknown): Promise<T> => postData<T>(page, { baseUrl, url, data });

describe('related lists and state counts in the browser', () => {
  it('shows a member’s latest coupons and cards with links to the filtered lists, and filters the coupon inquiry by its chips', async () => {
    const { page, shell } = await session.signedIn('admin');
    const suffix = String(Date.now() % 100_000);
    const member = await api<{ id: number }>(page, '/v1/member/saveNew', {
      name: `相关会员${suffix}`,
      mobile: `137${suffix.padStart(8, '0')}`,
    });
    const template = await api<{ id: number }>(page, '/v1/coupon-template/saveNew', {
      name: `相关券${suffix}`,
      lineType: 'all_cash',
      rule: { cashValue: '5.00' },
    });
    await page.request.post(`${baseUrl}/loyalty/v1/coupon-template/enable?id=${template.id}`, { headers: API_HEADERS });
    const codes: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const issued = await api<{ coupons: { code: string }[] }>(page, '/v1/coupons/issue', {
        requestNo: `related-${suffix}-${i}`,
        templateId: template.id,
        memberId: member.id,
      });
      codes.push(issued.coupons[0].code);
    }
    const voided = await api<{ records: { id: number }[] }>(page, '/v1/coupon/query', { filters: { code: codes[0] } });
    await page.request.post(`${baseUrl}/loyalty/v1/coupon/void?id=${voided.records[0].id}`, {
      data: { reason: 'e2e' },
      headers: API_HEADERS,
    });

    // The member detail: the coupons related list, newest first, and the cards list (none).
    await shell.goto(baseUrl, `/member/standard-member/dtl?id=${member.id}`);
    const coupons = await new DetailTabs(page).open('优惠券');
    const related = coupons.getByTestId('related-coupons');
    await expect.poll(async () => related.locator('.ant-table-row').count()).toBe(3);
    expect(await related.locator('.ant-table-row').first().innerText()).toContain(codes[2]);
    expect(await related.innerText()).toContain('已作废');
    await expect.poll(async () => related.getByTestId('related-coupons-all').innerText()).toContain('查看全部 3 条');
    await screenshot(page, 'related-member-coupons-zh');
    const cards = await new DetailTabs(page).open('预付卡');
    await expect.poll(async () => cards.getByTestId('related-cards').innerText()).toContain('暂无记录');

    // Its link opens the coupon inquiry filtered on the member, with the chips of that search.
    await new DetailTabs(page).open('优惠券');
    await related.getByTestId('related-coupons-all').click();
    await page.waitForURL((url) => url.hash.includes('/coupons/coupon-list/coupon-list'));
    const list = new ListPage(page);
    await list.waitLoaded();
    expect(decodeURIComponent(page.url())).toContain(`filter={"member":${member.id}}`);
    await expect.poll(async () => (await list.column('券码')).length).toBe(3);
    const chips = page.getByTestId('state-counts');
    await expect.poll(async () => chips.getByTestId('state-count-UNUSED').innerText()).toBe('未使用 2');
    expect(await chips.getByTestId('state-count-VOIDED').innerText()).toBe('已作废 1');
    expect(await chips.getByTestId('state-count-USED').innerText()).toBe('已使用 0');
    await screenshot(page, 'related-coupon-chips-zh');

    // A chip filters the list (in its url) and is marked; the other chips keep their numbers.
    await chips.getByTestId('state-count-VOIDED').click();
    await expect.poll(async () => list.column('券码')).toEqual([codes[0]]);
    expect(await chips.getByTestId('state-count-VOIDED').getAttribute('aria-pressed')).toBe('true');
    expect(decodeURIComponent(page.url())).toContain('"state":["VOIDED"]');
    expect(await chips.getByTestId('state-count-UNUSED').innerText()).toBe('未使用 2');
    await screenshot(page, 'related-coupon-chip-chosen-zh');
    // Clicked again, it lets the filter go.
    await chips.getByTestId('state-count-VOIDED').click();
    await expect.poll(async () => (await list.column('券码')).length).toBe(3);

    // The same in English.
    await shell.switchLanguage('en_US');
    await shell.goto(baseUrl, `/member/standard-member/dtl?id=${member.id}`);
    const english = await new DetailTabs(page).open('Coupons');
    const relatedEn = english.getByTestId('related-coupons');
    await expect.poll(async () => relatedEn.locator('.ant-table-row').count()).toBe(3);
    expect(await relatedEn.innerText()).toContain('Voided');
    await expect.poll(async () => relatedEn.getByTestId('related-coupons-all').innerText()).toContain('All 3');
    await screenshot(page, 'related-member-coupons-en');
    await relatedEn.getByTestId('related-coupons-all').click();
    await page.waitForURL((url) => url.hash.includes('/coupons/coupon-list/coupon-list'));
    await list.waitLoaded();
    await expect.poll(async () => page.getByTestId('state-count-UNUSED').innerText()).toBe('Unused 2');
    await screenshot(page, 'related-coupon-chips-en');
  });
});
