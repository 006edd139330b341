// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toMessageMap } from '../../resources/messages/bilingual';
import { queryViewMessages } from '../../resources/query-view';
import { QUERY_VIEWS } from '../../resources/query-views';
import { screenOf } from '../../src/screens/query-view/query-view-screen';
import { API, createTestI18n, installDomShims, renderScreen } from '../helpers/screen-harness';

/**
 * A report on the generic view screen (the points report): the time its data is as of, each
 * figure's definition behind a help mark, the grouped totals with the grand total at their foot,
 * a group that lists the entries behind it, and the area filter's lookup.
 */

vi.setConfig({ testTimeout: 30_000 });

const server = setupServer();
let i18n: I18n;

const TOTALS = { issued: 1500, redeemed: 300, reversed: -20, expired: 100, adjusted: 5, net: 1085 };
const group = (key: string, title: string, share: number) => ({
  key,
  title,
  drill: { storeId: Number(key) },
  ...Object.fromEntries(Object.entries(TOTALS).map(([m, v]) => [m, v * share])),
});

const PAGE = {
  asOf: '2026-11-29 10:00:00',
  total: 0,
  totalIsEstimate: false,
  records: [],
  nextCursor: null,
  totals: TOTALS,
  groups: {
    storeId: [
      group('7', 'North station', 0.5),
      group('8', 'South station', 0.4),
      { ...group('0', '', 0.1), key: null, title: null, drill: { storeId: '$empty' } },
    ],
    day: [],
  },
};

beforeAll(async () => {
  installDomShims();
  server.listen({ onUnhandledRequest: 'error' });
  i18n = await createTestI18n('en_US');
  i18n.addResources('en_US', 'translation', toMessageMap([queryViewMessages(QUERY_VIEWS)], 'en_US'));
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

describe('a report on the query view screen', () => {
  it('says when its data is as of, defines each figure, totals its groups and drills into one', async () => {
    const queried: { filters: Record<string, unknown> }[] = [];
    const areaSearches: string[] = [];
    server.use(
      http.post(`${API}/v1/score-report/query`, async ({ request }) => {
        queried.push((await request.json()) as { filters: Record<string, unknown> });
        return HttpResponse.json({ code: 2000, msg: 'success', data: PAGE });
      }),
      http.post(`${API}/v1/score-report/chart`, () => new HttpResponse(null, { status: 503 })),
      http.get(`${API}/v1/score-report/areas`, ({ request }) => {
        areaSearches.push(new URL(request.url).searchParams.get('keyword') ?? '');
        return HttpResponse.json({ code: 2000, msg: 'success', data: [{ id: 3, title: 'East region' }] });
      }),
    );
    const Screen = screenOf(QUERY_VIEWS.find((view) => view.name === 'score-report')!);
    renderScreen(<Screen />, i18n);
    expect(await screen.findByText('Data as of 2026-11-29 10:00:00')).toBeTruthy();
    // The definition is reachable by keyboard and named for a screen reader.
    const help = screen.getAllByRole('img', { name: /Sum of the spending entries/ });
    expect(help.length).toBeGreaterThan(0);
    expect(help[0].getAttribute('tabindex')).toBe('0');
    // The store table's foot is the grand total.
    const byStore = screen
      .getAllByText('By store')
      .map((node) => node.closest('.ant-card'))
      .find(Boolean) as HTMLElement;
    const foot = within(byStore).getByText('Total').closest('tr') as HTMLElement;
    expect(within(foot).getByText('1,500')).toBeTruthy();
    expect(within(foot).getByText('1,085')).toBeTruthy();
    // A store's name lists the entries behind its totals.
    fireEvent.click(within(byStore).getByText('South station'));
    await waitFor(() => expect(queried.at(-1)?.filters).toEqual({ storeId: 8 }));
    // From the keyboard too: a group's name is a button Tab reaches.
    const north = within(byStore).getByRole('button', { name: 'North station' });
    expect(north.getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(north, { key: 'Enter' });
    await waitFor(() => expect(queried.at(-1)?.filters).toEqual({ storeId: 7 }));
    // Entries at no store have their own group, which lists them too.
    fireEvent.click(within(byStore).getByText('No store'));
    await waitFor(() => expect(queried.at(-1)?.filters).toEqual({ storeId: '$empty' }));
    // The area filter finds areas through the report's own lookup.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Area' }));
    await waitFor(() => expect(areaSearches).toContain(''));
  });
});
