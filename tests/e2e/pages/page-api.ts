import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ApiClient, ApiResponse, CallOptions } from '../../helpers/fixtures';

/** The headers the console sends with each call (a POST without `X-Requested-With` is refused). */
export const API_HEADERS = { locale: 'zh_CN', time_zone: 'Asia/Shanghai', 'X-Requested-With': 'loyalty-console' };

/**
 * A POST to the API with the page's session, for what a test sets up without the screens (a
 * till's issue, a member to look at); the answer's data, the test failing on any other answer.
 */
export async function postData<T = Record<string, unknown>>(
  page: Page,
  args: { baseUrl: string; url: string; data?: unknown },
): Promise<T> {
  const response = await page.request.post(`${args.baseUrl}/loyalty${args.url}`, { data: args.data ?? {}, headers: API_HEADERS });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(2000);
  return body.data as T;
}

/**
 * Saves a settings object (a tenant singleton such as `wechat-channel`) over what is saved, with
 * the version read first: how a test points a channel at a stand-in and puts it back.
 */
export async function saveSettings(
  page: Page,
  args: { baseUrl: string; resource: string; fields: Record<string, unknown> },
): Promise<void> {
  const current = await page.request.get(`${args.baseUrl}/loyalty/v1/${args.resource}/get`, { headers: API_HEADERS });
  const { version } = (await current.json()).data as { version: number };
  await postData(page, { baseUrl: args.baseUrl, url: `/v1/${args.resource}/save`, data: { ...args.fields, version } });
}

/**
 * The page's session as the API tests' client (`ApiClient` of tests/helpers/fixtures.ts), so a
 * browser test sets up with the same fixtures the API tests use (a card template, a sold card).
 */
export function pageClient(page: Page, baseUrl: string): ApiClient {
  const call = async (method: 'get' | 'post', url: string, options: CallOptions = {}): Promise<ApiResponse> => {
    const query = options.query ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)]))}` : '';
    const response = await page.request[method](`${baseUrl}/loyalty${url}${query}`, {
      headers: { ...API_HEADERS, ...(options.headers ?? {}) },
      ...(method === 'post' ? { data: options.body ?? {} } : {}),
    });
    return { status: response.status(), body: await response.json(), headers: response.headers() };
  };
  return {
    get: (url, options) => call('get', url, options),
    post: (url, options) => call('post', url, options),
    loginInfo: null,
    sessionToken: () => null,
  };
}
