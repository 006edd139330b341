// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import MemberCouponsTab, { memberCouponsHref } from '../../src/views/coupons/member-coupons-tab';
import { API, createTestI18n, installDomShims, renderScreen } from '../helpers/screen-harness';

vi.setConfig({ testTimeout: 30_000 });

/**
 * The member detail's coupons tab against a mocked coupon query: it asks only for the member's
 * coupons, shows each with its template's name, state, validity and source, counts them by state,
 * and links to coupon-list filtered to the member.
 */
const server = setupServer();
let i18n: I18n;

beforeAll(async () => {
  installDomShims();
  server.listen({ onUnhandledRequest: 'error' });
  i18n = await createTestI18n('en_US');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

const COUPON = {
  id: 31,
  code: 'K7M3Q9TX2PWA',
  template: 4,
  member: 7,
  source: 'BATCH',
  state: 'UNUSED',
  validFrom: '2026-11-28 00:00:00',
  validTo: '2026-12-27 23:59:59',
  usedAt: null,
  _titles: { template: { 4: 'Member day 10 off' } },
};

describe('member coupons tab', () => {
  it("lists the member's coupons with their template, state and validity, and counts them by state", async () => {
    const asked: { filters: Record<string, unknown> }[] = [];
    server.use(
      http.post(`${API}/v1/coupon/query`, async ({ request }) => {
        const body = (await request.json()) as { filters: Record<string, unknown> };
        asked.push(body);
        const state = (body.filters.state as string[] | undefined)?.[0];
        const records = state === undefined || state === 'UNUSED' ? [COUPON] : [];
        return HttpResponse.json({ code: 2000, msg: 'success', data: { total: records.length, totalIsEstimate: false, records } });
      }),
    );
    renderScreen(<MemberCouponsTab memberId={7} t={i18n.t.bind(i18n)} />, i18n);
    const row = (await screen.findByText('K7M3Q9TX2PWA')).closest('tr')!;
    expect(within(row).getByText('Member day 10 off')).toBeTruthy();
    expect(row.textContent).toContain('2026-11-28 00:00:00 ~ 2026-12-27 23:59:59');
    // Declared labels are the server's book (their keys here; the browser test reads them in Chinese).
    const counts = () => screen.getByTestId('coupon-state-counts').textContent;
    await waitFor(() => expect(counts()).toContain('res.coupon.state.UNUSED 1'));
    for (const state of ['NOT_STARTED', 'USED', 'EXPIRED', 'VOIDED']) expect(counts()).toContain(`res.coupon.state.${state} 0`);
    expect(screen.getByText(/All in the coupon list/).textContent).toContain('(1)');
    // Every query is the member's: the list and one count per shown state.
    expect(asked.length).toBe(6);
    for (const body of asked) expect(body.filters.member).toBe(7);
  });

  it('links to the coupon list filtered to the member', () => {
    expect(decodeURIComponent(memberCouponsHref(7))).toBe('/coupons/coupon-list/coupon-list?filter={"member":7}');
  });
});
