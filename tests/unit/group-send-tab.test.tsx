// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GroupSendRun } from '../../resources/contract/group-send.types';
import { toMessageMap, type Locale } from '../../resources/messages/bilingual';
import { queryViewMessageBook } from '../../resources/query-view';
import { groupSendRecipientsView } from '../../resources/promotion/group-send-recipients.query-view';
import { pushPlanRunsView } from '../../resources/promotion/push-plan-runs.query-view';
import { GroupSendTab } from '../../src/views/promotion/group-send-tab';
import { API, createTestI18n, grant, installDomShims, renderScreen } from '../helpers/screen-harness';

/**
 * The Sending tab of a push plan (src/views/promotion/group-send-tab.tsx) on a scheduled run that
 * waits for a second person's approval (its gift above the value threshold) and on one not sent
 * (missed past the catch-up window): it says why, with the amounts and the deadline the server
 * answered, in both languages, and Approve posts the run's approval.
 */

const WAITING: GroupSendRun = {
  id: 41,
  activityId: 7,
  state: 'AWAITING_APPROVAL',
  memberCount: 2,
  pending: 2,
  issued: 0,
  skipped: 0,
  startedAt: '2026-12-01 10:00:30',
  notBefore: null,
  finishedAt: null,
  scheduledAt: '2026-12-01 10:00:00',
  dueUntil: '2026-12-01 12:00:00',
  reason: 'aboveThreshold',
  approval: { kind: '积分', amount: '12000', threshold: '10000' },
  approvedBy: null,
  approvedAt: null,
};
const MISSED: GroupSendRun = {
  ...WAITING,
  id: 42,
  state: 'SKIPPED',
  memberCount: 0,
  pending: 0,
  reason: 'missed',
  approval: null,
  scheduledAt: '2026-12-02 10:00:00',
};

let run: GroupSendRun = WAITING;
const approvals: string[] = [];
const envelope = (data: unknown) => HttpResponse.json({ code: 2000, msg: 'success', data });
const server = setupServer(
  http.get(`${API}/v1/group-send/run`, () => envelope(run)),
  http.post(`${API}/v1/group-send/approve`, ({ request }) => {
    approvals.push(new URL(request.url).searchParams.get('id') ?? '');
    run = { ...WAITING, state: 'RUNNING', approvedBy: '王审批', approvedAt: '2026-12-01 10:30:00' };
    return envelope(run);
  }),
  http.post(`${API}/v1/group-send-recipients/query`, () => envelope({ total: 0, records: [], totals: {} })),
);

async function i18nFor(locale: Locale) {
  const i18n = await createTestI18n(locale);
  i18n.addResources(
    locale,
    'translation',
    toMessageMap([queryViewMessageBook(groupSendRecipientsView), queryViewMessageBook(pushPlanRunsView)], locale),
  );
  return i18n;
}

beforeAll(() => {
  installDomShims();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  run = WAITING;
  approvals.length = 0;
  grant([
    { resourceId: '营销/推送计划/短信', actions: ['配置维护'] },
    { resourceId: '营销/推送计划/赠礼发放', actions: ['配置维护'] },
  ]);
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});
afterAll(() => server.close());

const tab = (i18n: Awaited<ReturnType<typeof i18nFor>>) =>
  renderScreen(<GroupSendTab activityId={7} resourceId="营销/推送计划/短信" byHand={false} t={i18n.t} />, i18n);

describe('a push plan’s Sending tab', { timeout: 30_000 }, () => {
  it('says why a run waits, with its value, the threshold and the deadline, and Approve sends it (English)', async () => {
    tab(await i18nFor('en_US'));
    const notice = await screen.findByTestId('run-awaiting-approval');
    expect(notice.textContent).toContain('Awaiting approval');
    expect(notice.textContent).toContain('积分 12000');
    expect(notice.textContent).toContain('threshold of 10000');
    expect(notice.textContent).toContain('2026-12-01 12:00:00');
    fireEvent.click((await screen.findByText('Approve and send')).closest('button')!);
    fireEvent.click(await screen.findByText('OK'));
    await waitFor(() => expect(approvals).toEqual(['41']));
    expect(await screen.findByText('Approved by 王审批 at 2026-12-01 10:30:00')).toBeTruthy();
  });

  it('speaks Chinese, and says a missed run was not sent', async () => {
    const i18n = await i18nFor('zh_CN');
    const { unmount } = tab(i18n);
    const notice = await screen.findByTestId('run-awaiting-approval');
    expect(notice.textContent).toContain('待审批');
    expect(notice.textContent).toContain('超过审批阈值 10000');
    expect((await screen.findByText('审批并发送')).closest('button')).toBeTruthy();
    unmount();
    run = MISSED;
    tab(i18n);
    expect(await screen.findByText(/计划时间 2026-12-02 10:00:00 时服务未运行/)).toBeTruthy();
    expect(screen.getAllByText('未发送').length).toBeGreaterThan(0);
  });

  it('offers no Approve to a user without the gift’s grant', async () => {
    grant([{ resourceId: '营销/推送计划/短信', actions: ['配置维护'] }]);
    tab(await i18nFor('en_US'));
    await screen.findByTestId('run-awaiting-approval');
    // The plan's own grant has been read (its Stop shows); the gift's was refused.
    await screen.findByText('Stop');
    expect(screen.queryByText('Approve and send')).toBeNull();
  });
});
