import type { Page } from 'playwright-core';
import { postData } from './page-api';

/** What `storeGroupScene` set up: the group's and the template's names (as the forms pick them), the members, the ids. */
export interface StoreGroupScene {
  readonly group: string;
  readonly groupId: number;
  readonly templateName: string;
  readonly template: number;
  readonly members: number[];
  /** A member registered at another store: outside the group. */
  readonly outsider: number;
}

/**
 * Set up through the API for a test of a kind that serves a customer group: a new store with two
 * members registered there, the customer group of that store's members, a member of another
 * store, and an effective 5-yuan cash coupon template. `prefix` names them (Chinese, as the demo's).
 */
export async function storeGroupScene(page: Page, baseUrl: string, stamp: string, prefix: string): Promise<StoreGroupScene> {
  const post = <T = Record<string, unknown>>(url: string, data?: unknown) => postData<T>(page, { baseUrl, url, data });
  const area = await post<{ id: number }>('/v1/area/saveNew', { code: `GA${stamp}`, name: `${prefix}区域${stamp}` });
  const store = async (code: string) =>
    (await post<{ id: number }>('/v1/store/saveNew', { code, name: `${prefix}门店${code}`, type: 'OTHER', area: area.id })).id;
  const [inside, other] = [await store(`GS${stamp}`), await store(`GO${stamp}`)];
  const register = async (suffix: string, at: number) =>
    (
      await post<{ id: number }>('/v1/member/saveNew', {
        name: `${prefix}会员${stamp.slice(-3)}${suffix}`,
        mobile: `137${stamp.slice(-7)}${suffix}`,
        registerStore: at,
      })
    ).id;
  const members = [await register('1', inside), await register('2', inside)];
  const outsider = await register('3', other);
  const group = `${prefix}客群${stamp}`;
  const created = await post<{ id: number }>('/v1/customer-group/saveNew', {
    name: group,
    rule: JSON.stringify({ metric: 'registerStore', operator: 'in', value: [inside] }),
  });
  const templateName = `${prefix}券${stamp}`;
  const template = await post<{ id: number }>('/v1/coupon-template/saveNew', {
    name: templateName,
    lineType: 'all_cash',
    rule: { cashValue: '5.00' },
  });
  await post(`/v1/coupon-template/enable?id=${template.id}`);
  return { group, groupId: created.id, templateName, template: template.id, members, outsider };
}
