// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApprovalsBell } from '../../src/shell/approvals-bell';
import { API, createTestI18n, installDomShims, renderScreen } from '../helpers/screen-harness';

/** What the server answers (its own rules are tests/api/push-plans.test.ts's). */
let answer: { total: number; items: Record<string, unknown>[] } = { total: 0, items: [] };
const server = setupServer(http.get(`${API}/v1/approvals/waiting`, () => HttpResponse.json({ code: 2000, msg: 'success', data: answer })));

const RUN = {
  queue: 'pushPlanRun',
  id: 41,
  subject: '会员日推送',
  value: { kind: '积分', amount: '12000', threshold: '10000' },
  since: '2026-12-01 10:00:00',
  dueAt: '2026-12-01 12:00:00',
  path: '/promotion/push-plan/dtl?id=7',
};

beforeAll(() => {
  installDomShims();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});
afterAll(() => server.close());

describe("the header's awaiting-my-approval list", { timeout: 30_000 }, () => {
  it('counts what waits for the user and links each to where it is approved (English)', async () => {
    const english = { ...RUN, value: { ...RUN.value, kind: 'points' } };
    answer = { total: 3, items: [english, { ...english, id: 42, subject: 'Weekend push', dueAt: null }] };
    renderScreen(<ApprovalsBell />, await createTestI18n('en_US'));
    const button = await screen.findByRole('button', { name: 'Awaiting my approval: 3' });
    fireEvent.click(button);
    const link = await screen.findByRole('link', { name: '会员日推送' });
    expect(link.getAttribute('href')).toBe('/promotion/push-plan/dtl?id=7');
    const item = link.closest('li') as HTMLElement;
    expect(within(item).getByText("A push plan's scheduled send")).toBeTruthy();
    expect(within(item).getByText('points 12000, above the threshold of 10000')).toBeTruthy();
    expect(within(item).getByText('Approve by 2026-12-01 12:00:00')).toBeTruthy();
    // A run without a deadline shows none; the one not listed is counted.
    const other = (await screen.findByRole('link', { name: 'Weekend push' })).closest('li') as HTMLElement;
    expect(within(other).queryByText(/Approve by/)).toBeNull();
    expect(screen.getByText('1 more not listed')).toBeTruthy();
  });

  it('says nothing waits, in Chinese', async () => {
    answer = { total: 0, items: [] };
    renderScreen(<ApprovalsBell />, await createTestI18n('zh_CN'));
    fireEvent.click(await screen.findByRole('button', { name: '待我审批：0 项' }));
    expect(await screen.findByText('没有等待您审批的事项')).toBeTruthy();
  });

  it('shows the measured value in Chinese', async () => {
    answer = { total: 1, items: [RUN] };
    renderScreen(<ApprovalsBell />, await createTestI18n('zh_CN'));
    fireEvent.click(await screen.findByRole('button', { name: '待我审批：1 项' }));
    const item = (await screen.findByRole('link', { name: '会员日推送' })).closest('li') as HTMLElement;
    expect(within(item).getByText('推送计划的定时发送')).toBeTruthy();
    expect(within(item).getByText('积分 12000，超过阈值 10000')).toBeTruthy();
    expect(within(item).getByText('请在 2026-12-01 12:00:00 前审批')).toBeTruthy();
  });
});
