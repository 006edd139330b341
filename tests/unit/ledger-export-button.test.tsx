// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { i18n as I18n } from 'i18next';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LedgerExportButton } from '../../src/views/score/query/ledger-export-button';
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
