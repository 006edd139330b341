// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeResource } from '../../resources/datum/store.resource';
import type { FileTaskView } from '../../resources/contract/file-task.types';
import FileCentreScreen from '../../src/screens/files/file-centre-screen';
import { ResourceFileButtons } from '../../src/screens/files/resource-file-buttons';
import { POLL_MS } from '../../src/screens/files/use-file-task';
import { API, buttonByText, createTestI18n, dialogByTitle, grant, installDomShims, renderScreen } from '../helpers/screen-harness';

// antd renders slowly under jsdom, and the screens poll every 1.5 s.
vi.setConfig({ testTimeout: 30_000 });

const ok = (data: unknown) => HttpResponse.json({ code: 2000, msg: 'success', data });

const task = (patch: Partial<FileTaskView>): FileTaskView => ({
  id: 7,
  module: 'stores',
  direction: 'export',
  resource: 'store',
  state: 'running',
  progress: 40,
  total: 10,
  processed: 4,
  failed: 0,
  fileName: 'Stores-20250101120000.xlsx',
  outputName: null,
  error: null,
  problems: null,
  createdAt: '2025-01-01 12:00:00',
  finishedAt: null,
  ...patch,
});

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
  localStorage.clear();
});
afterAll(() => server.close());

/** Answers with each value in turn, then keeps answering with the last one. */
function sequence<T>(values: T[]): () => T {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)];
}

const progressOf = (scope: HTMLElement) => within(scope).getByRole('progressbar');

describe('file centre', () => {
  it('shows running tasks with a progress bar that refreshes until the file can be downloaded', async () => {
    const answers = sequence([
      [task({})],
      [
        task({
          state: 'succeeded',
          progress: 100,
          processed: 10,
          outputName: 'Stores-20250101120000.xlsx',
          finishedAt: '2025-01-01 12:00:05',
        }),
      ],
    ]);
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/v1/file-task/query`, async ({ request }) => {
        bodies.push(await request.json());
        const records = answers();
        return ok({ total: records.length, records });
      }),
    );
    // The screen polls on an interval while a task runs: its timers are watched, not waited out.
    const started = vi.spyOn(globalThis, 'setInterval');
    const stopped = vi.spyOn(globalThis, 'clearInterval');
    renderScreen(<FileCentreScreen />, i18n);

    const row = (await screen.findByText('Stores-20250101120000.xlsx')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Stores')).toBeTruthy();
    expect(within(row).getByText('Export')).toBeTruthy();
    expect(within(row).getByText('Running')).toBeTruthy();
    expect(progressOf(row).getAttribute('aria-valuenow')).toBe('40');
    expect(within(row).queryByText('Download file')).toBeNull();

    await waitFor(() => expect(screen.getByText('Done')).toBeTruthy(), { timeout: 5000 });
    const done = screen.getByText('Done').closest('tr') as HTMLElement;
    expect(progressOf(done).getAttribute('aria-valuenow')).toBe('100');
    const link = within(done).getByText('Download file').closest('a') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe(`${API}/v1/file-task/download/7`);
    expect(bodies[0]).toMatchObject({ page: 1, filters: {} });

    // Finished: the list stops polling. Every polling interval it started is cleared, and no
    // reload comes in the polling period after that (a read already in flight may still land).
    const polls = started.mock.calls.flatMap((call, i) => (call[1] === POLL_MS ? [started.mock.results[i].value] : []));
    expect(polls.length).toBeGreaterThan(0);
    await waitFor(() => expect(stopped.mock.calls.map(([timer]) => timer)).toEqual(expect.arrayContaining(polls)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const calls = bodies.length;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 1.5));
    expect(bodies).toHaveLength(calls);
    started.mockRestore();
    stopped.mockRestore();
  });
});

describe('import from a list', () => {
  it('uploads the workbook, follows its progress and offers the error report when rows were refused', async () => {
    grant([{ resourceId: '资料/门店', actions: ['资料查看', '配置维护'] }]);
    let uploaded: { type: string | null; fileName: string | null; size: number } | undefined;
    const infos = sequence([
      task({ direction: 'import', progress: 50, fileName: 'stores.xlsx' }),
      task({
        direction: 'import',
        state: 'failed',
        progress: 100,
        failed: 1,
        fileName: 'stores.xlsx',
        outputName: 'stores-errors.xlsx',
        error: '1 rows are invalid; nothing was imported',
      }),
    ]);
    server.use(
      http.post(`${API}/v1/store/import`, async ({ request }) => {
        const url = new URL(request.url);
        uploaded = {
          type: request.headers.get('content-type'),
          fileName: url.searchParams.get('fileName'),
          size: (await request.arrayBuffer()).byteLength,
        };
        return ok({ taskId: 7 });
      }),
      http.get(`${API}/v1/file-task/info/7`, () => ok(infos())),
    );
    renderScreen(<ResourceFileButtons resource={storeResource} query={{ filters: {} }} />, i18n);

    fireEvent.click(buttonByText('Import'));
    const dialog = await waitFor(() => dialogByTitle(/Import store/));
    // The template to fill in comes from the server, generated from the declaration.
    const template = within(dialog).getByText('Download template').closest('a') as HTMLAnchorElement;
    expect(template.getAttribute('href')).toBe(`${API}/v1/store/import-template`);
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'stores.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    fireEvent.change(input, { target: { files: [file] } });

    await waitFor(() => expect(progressOf(dialog).getAttribute('aria-valuenow')).toBe('50'));
    expect(uploaded).toEqual({
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileName: 'stores.xlsx',
      size: 4,
    });
    await waitFor(() => expect(within(dialog).getByText('Import failed: 1 row is invalid; nothing was imported')).toBeTruthy(), {
      timeout: 5000,
    });
    // Said once: not again under the progress bar (the task's own error text).
    expect(within(dialog).queryAllByText(/nothing was imported/).length).toBe(1);
    const report = within(dialog).getByText('Download error report').closest('a') as HTMLAnchorElement;
    expect(report.getAttribute('href')).toBe(`${API}/v1/file-task/download/7`);
  });

  it('offers no Import button to a user who may only read', async () => {
    grant([{ resourceId: '资料/门店', actions: ['资料查看'] }]);
    renderScreen(<ResourceFileButtons resource={storeResource} query={{ filters: {} }} />, i18n);
    expect(buttonByText('Export')).toBeTruthy();
    expect(screen.queryByText('Import')).toBeNull();
  });
});
