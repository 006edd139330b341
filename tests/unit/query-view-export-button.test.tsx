// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { i18n as I18n } from 'i18next';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toMessageMap } from '../../resources/messages/bilingual';
import { queryViewMessages } from '../../resources/query-view';
import { QUERY_VIEWS } from '../../resources/query-views';
import { pointsEntriesView } from '../../resources/score/points-entries.query-view';
import { FILE_CENTRE_PATH } from '../../src/screens/files/file-centre-route';
import { QueryViewPanel, screenOf } from '../../src/screens/query-view/query-view-screen';
import { API, buttonByText, createTestI18n, installDomShims, renderScreen } from '../helpers/screen-harness';

/**
 * The Export button of a query view (the points ledger inside a member's history, the points
 * inquiry's list): it starts the view's export with what the list shows, its filters (the
 * record's included) and its order, and links to the file centre.
 */

vi.setConfig({ testTimeout: 30_000 });

const server = setupServer();
let i18n: I18n;

/** One row of the points accounts view. */
const ACCOUNT = {
  memberId: 3,
  memberName: '孙浩然',
  mobile: '13800000000',
  memberNumber: 'M3',
  balance: 9,
  totalEarned: 9,
  totalSpent: 0,
  updatedAt: null,
};

/** A page of a view as the engine answers it. */
const page = (records: unknown[]) => ({
  code: 2000,
  msg: 'success',
  data: { total: records.length, totalIsEstimate: false, records, nextCursor: null, totals: {}, groups: {} },
});

beforeAll(async () => {
  installDomShims();
  server.listen({ onUnhandledRequest: 'error' });
  i18n = await createTestI18n('en_US');
  // The views' labels derive from their declarations (the server serves them with the others).
  i18n.addResources('en_US', 'translation', toMessageMap([queryViewMessages(QUERY_VIEWS)], 'en_US'));
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

describe("a member's points ledger Export button", () => {
  it('starts the ledger export on the member and links to the file centre', async () => {
    let sent: unknown;
    server.use(
      http.post(`${API}/v1/points-entries/query`, () => HttpResponse.json(page([]))),
      http.post(`${API}/v1/points-entries/export`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ code: 2000, msg: 'success', data: { taskId: 9 } });
      }),
    );
    renderScreen(
      <App>
        <QueryViewPanel view={pointsEntriesView} fixed={{ memberId: 12 }} />
      </App>,
      i18n,
    );
    await screen.findByText('No entries');
    fireEvent.click(buttonByText('Export'));
    const link = await waitFor(() => screen.getByText('Open the file centre'));
    expect(link.closest('a')?.getAttribute('href')).toBe(`#${FILE_CENTRE_PATH}`);
    expect(screen.getByText(/Export started; follow it in the file centre/)).toBeTruthy();
    expect(sent).toEqual({ filters: { memberId: 12 } });
  });
});

describe('points query Export button', () => {
  it("starts the accounts export with the list's filters and order", async () => {
    const queried: unknown[] = [];
    let sent: unknown;
    server.use(
      http.post(`${API}/v1/points-accounts/query`, async ({ request }) => {
        queried.push(await request.json());
        return HttpResponse.json(page([ACCOUNT]));
      }),
      http.post(`${API}/v1/points-accounts/export`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ code: 2000, msg: 'success', data: { taskId: 4 } });
      }),
    );
    const Screen = screenOf(QUERY_VIEWS.find((view) => view.name === 'points-accounts')!);
    renderScreen(<Screen />, i18n);
    await screen.findByText('孙浩然');
    // The member opens the member's points history.
    expect(screen.getByText('孙浩然').closest('a')?.getAttribute('href')).toBe('/score/score-query/score-query-dtl?memberId=3');
    fireEvent.change(screen.getByLabelText('Mobile / member number / name'), { target: { value: '138' } });
    fireEvent.click(buttonByText('Search'));
    await waitFor(() => expect(queried).toHaveLength(2));
    fireEvent.click(screen.getAllByText('Balance').find((node) => node.closest('th'))!);
    await waitFor(() => expect(queried).toHaveLength(3));
    fireEvent.click(buttonByText('Export'));
    await waitFor(() => screen.getByText('Open the file centre'));
    expect(sent).toEqual({ filters: { keyword: '138' }, sorters: [{ field: 'balance', order: 'asc' }] });
    expect(sent).toEqual({ filters: (queried[2] as { filters: unknown }).filters, sorters: (queried[2] as { sorters: unknown }).sorters });
  });
});

describe('a query view screen’s list chrome', () => {
  it('hides a column from the column settings, remembers it, and draws the chosen density', async () => {
    server.use(http.post(`${API}/v1/points-accounts/query`, () => HttpResponse.json(page([ACCOUNT]))));
    const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    const Screen = screenOf(QUERY_VIEWS.find((view) => view.name === 'points-accounts')!);
    renderScreen(<Screen />, i18n);
    await screen.findByText('孙浩然');
    expect(headers()).toContain('Total earned');
    fireEvent.click(screen.getByLabelText('Columns'));
    fireEvent.click(within(await screen.findByTestId('column-settings')).getByText('Total earned'));
    await waitFor(() => expect(headers()).not.toContain('Total earned'));
    fireEvent.click(screen.getByLabelText('Row density'));
    fireEvent.click(await screen.findByText('Compact'));
    await waitFor(() => expect(document.querySelector('.ant-table-small')).not.toBeNull());
    cleanup();
    renderScreen(<Screen />, i18n);
    await screen.findByText('孙浩然');
    expect(headers()).not.toContain('Total earned');
    expect(headers()).toContain('Balance');
    expect(document.querySelector('.ant-table-small')).not.toBeNull();
  });
});
