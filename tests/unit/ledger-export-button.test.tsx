// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { i18n as I18n } from 'i18next';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LedgerExportButton } from '../../src/views/score/query/ledger-export-button';
import ScoreQueryListScreen from '../../src/views/score/score-query-list-screen';
import { FILE_CENTRE_PATH } from '../../src/screens/files/file-centre-route';
import { API, buttonByText, createTestI18n, installDomShims, renderScreen } from '../helpers/screen-harness';

vi.setConfig({ testTimeout: 30_000 });

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

describe('points ledger Export button', () => {
  it('starts the ledger export with the screen filters and links to the file centre', async () => {
    let sent: unknown;
    server.use(
      http.post(`${API}/v1/points/entries/export`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ code: 2000, msg: 'success', data: { taskId: 9 } });
      }),
    );
    const filters = { memberId: 12, kind: 'earn', occurredAt: ['2026-01-01', '2026-01-31'] as [string, string] };
    renderScreen(
      <App>
        <LedgerExportButton filters={filters} />
      </App>,
      i18n,
    );
    fireEvent.click(buttonByText('Export'));
    const link = await waitFor(() => screen.getByText('Open the file centre'));
    expect(link.closest('a')?.getAttribute('href')).toBe(`#${FILE_CENTRE_PATH}`);
    expect(screen.getByText(/Export started; follow it in the file centre/)).toBeTruthy();
    expect(sent).toEqual({ filters });
  });
});

describe('points query Export button', () => {
  it("starts the accounts export with the list's filters and order", async () => {
    const queried: unknown[] = [];
    let sent: unknown;
    server.use(
      http.post(`${API}/v1/points/accounts/query`, async ({ request }) => {
        queried.push(await request.json());
        const record = {
          memberId: 3,
          memberName: '孙浩然',
          mobile: '13800000000',
          memberNumber: 'M3',
          balance: 9,
          totalEarned: 9,
          totalSpent: 0,
          updatedAt: null,
        };
        return HttpResponse.json({ code: 2000, msg: 'success', data: { total: 1, records: [record] } });
      }),
      http.post(`${API}/v1/points/accounts/export`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ code: 2000, msg: 'success', data: { taskId: 4 } });
      }),
    );
    renderScreen(<ScoreQueryListScreen />, i18n);
    await screen.findByText('孙浩然');
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
