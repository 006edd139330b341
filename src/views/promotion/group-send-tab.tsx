/**
 * The send tab on the detail of a kind sent to a group (a bulk coupon issue GROUP_COUPON, issue 28
 * item 3; a customer group gift USER_GROUP_GIFT, issue 29 item 4; a push plan PUSH_PLAN, issue 29
 * item 3, whose run first waits its hold, said above the figures): the run's state and progress
 * (members frozen, given, skipped, pending), refreshed every two seconds while it
 * runs; Start / Pause / Resume / Stop for those who maintain the entry (the server checks again
 * and answers 409 to a move from another state); a push plan's scheduled run that waits for a
 * second person's approval, or was not sent, says why (with Approve); and the per-member results, the query view
 * `group-send-recipients` filtered on the activity. Routes: server/modules/activities/group-send.
 */
import { useCan } from '@refinedev/core';
import { Alert, Button, Descriptions, Popconfirm, Progress, Space, Tag } from 'antd';
import { typedGet, typedPost } from '../../../providers/http';
import type { ApiData } from '../../../resources/contract/api.types';
import { groupSendRecipientsView } from '../../../resources/promotion/group-send-recipients.query-view';
import { useAction, useLoadError } from '../../components/use-action';
import { useRemote } from '../../components/use-remote';
import type { Translate } from '../../fields/field-kind';
import { formatInteger } from '../../lib/format';
import { QueryViewPanel } from '../../screens/query-view/query-view-screen';
import { useEvery } from '../../components/use-every';

type Run = NonNullable<ApiData<'get', '/v1/group-send/run'>>;

const STATE_COLORS: Readonly<Record<Run['state'], string>> = {
  RUNNING: 'processing',
  PAUSED: 'warning',
  STOPPED: 'error',
  DONE: 'success',
  FAILED: 'error',
  AWAITING_APPROVAL: 'warning',
  SKIPPED: 'default',
};

/** The grant of approving a push plan's run that waits (its gift's own sub-resource). */
const APPROVE_GRANT = { resourceId: '营销/推送计划/赠礼发放', action: '配置维护' } as const;

/**
 * Why a push plan's scheduled run waits (its gift above the value threshold, with Approve for
 * whoever maintains gifts; the server refuses the plan's creator) or was not sent (missed, not
 * approved in time); the approver of a run that waited.
 */
function RunNotice(props: { readonly run: Run; readonly t: Translate; readonly onApprove: () => void }) {
  const { run, t } = props;
  const { data: can } = useCan({
    resource: APPROVE_GRANT.resourceId,
    action: APPROVE_GRANT.action,
    params: { resourceId: APPROVE_GRANT.resourceId },
  });
  const due = run.dueUntil ?? '-';
  if (run.state === 'AWAITING_APPROVAL' && run.approval !== null)
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="run-awaiting-approval"
        message={t('groupSend.state.AWAITING_APPROVAL')}
        description={t('pushPlan.awaitingApproval', { ...run.approval, due })}
        action={
          can?.can === true ? (
            <Popconfirm title={t('res.push-plan-runs.action.approve.confirm')} onConfirm={props.onApprove}>
              <Button type="primary">{t('res.push-plan-runs.action.approve')}</Button>
            </Popconfirm>
          ) : null
        }
      />
    );
  if (run.state === 'SKIPPED' && (run.reason === 'missed' || run.reason === 'notApproved'))
    return (
      <Alert
        type="info"
        showIcon
        message={t('groupSend.state.SKIPPED')}
        description={t(`pushPlan.skipped.${run.reason}`, { time: run.scheduledAt ?? '-', due })}
      />
    );
  if (run.approvedBy !== null)
    return <Alert type="success" showIcon message={t('pushPlan.approvedBy', { name: run.approvedBy, time: run.approvedAt ?? '-' })} />;
  return null;
}
/** How often a running send's progress is read again. */
const POLL_MS = 2000;

function RunFigures(props: { readonly run: Run; readonly t: Translate }) {
  const { run, t } = props;
  const served = run.issued + run.skipped;
  const percent = run.memberCount === 0 ? 100 : Math.floor((served * 100) / run.memberCount);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Progress
        aria-label={t('groupSend.progress')}
        percent={percent}
        status={run.state === 'RUNNING' ? 'active' : run.state === 'DONE' ? 'success' : 'normal'}
      />
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }}>
        <Descriptions.Item label={t('groupSend.members')}>{formatInteger(run.memberCount)}</Descriptions.Item>
        <Descriptions.Item label={t('groupSend.issued')}>{formatInteger(run.issued)}</Descriptions.Item>
        <Descriptions.Item label={t('groupSend.skipped')}>{formatInteger(run.skipped)}</Descriptions.Item>
        <Descriptions.Item label={t('groupSend.pending')}>{formatInteger(run.pending)}</Descriptions.Item>
        <Descriptions.Item label={t('groupSend.startedAt')}>{run.startedAt}</Descriptions.Item>
        <Descriptions.Item label={t('groupSend.finishedAt')}>{run.finishedAt ?? '-'}</Descriptions.Item>
      </Descriptions>
    </Space>
  );
}

/** Props of {@link GroupSendTab}. */
export interface GroupSendTabProps {
  readonly activityId: number;
  /** The activity's menu entry (营销/批量发券, 营销/精准营销), whose 配置维护 shows the buttons. */
  readonly resourceId: string;
  /** False for a push plan sent on its schedule: its runs start by themselves, no Start button. */
  readonly byHand?: boolean;
  readonly t: Translate;
}

export function GroupSendTab(props: GroupSendTabProps) {
  const { activityId, resourceId, t } = props;
  const byHand = props.byHand !== false;
  const remote = useRemote(() => typedGet('/v1/group-send/run', { params: { activityId } }), String(activityId));
  useLoadError(remote.error);
  const act = useAction();
  const { data: can } = useCan({ resource: resourceId, action: '配置维护', params: { resourceId } });
  const run = remote.data ?? null;
  const running = run?.state === 'RUNNING';
  const { reload } = remote;
  useEvery(running ? POLL_MS : null, reload);

  const move = (path: '/v1/group-send/pause' | '/v1/group-send/resume' | '/v1/group-send/stop', done: string) => () =>
    void act(() => typedPost(path, { params: { id: run?.id ?? 0 } }), done).then(reload);
  const start = () => void act(() => typedPost('/v1/group-send/start', { params: { id: activityId } }), t('groupSend.start')).then(reload);
  const approve = () =>
    void act(() => typedPost('/v1/group-send/approve', { params: { id: run?.id ?? 0 } }), t('res.push-plan-runs.action.approve.done')).then(
      reload,
    );
  const maintain = can?.can === true;

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="group-send-tab">
      {run === null ? (
        <Alert
          type="info"
          showIcon
          message={t('groupSend.notStarted')}
          description={t(byHand ? 'groupSend.notStartedHint' : 'pushPlan.scheduledHint')}
          action={
            maintain && byHand && remote.data !== undefined ? (
              <Popconfirm title={t('groupSend.startConfirm')} onConfirm={start}>
                <Button type="primary">{t('groupSend.start')}</Button>
              </Popconfirm>
            ) : null
          }
        />
      ) : (
        <>
          <Space wrap>
            <Tag color={STATE_COLORS[run.state]}>{t(`groupSend.state.${run.state}`)}</Tag>
            {maintain && run.state === 'RUNNING' ? (
              <Button onClick={move('/v1/group-send/pause', t('groupSend.pause'))}>{t('groupSend.pause')}</Button>
            ) : null}
            {maintain && (run.state === 'PAUSED' || run.state === 'FAILED') ? (
              <Button type="primary" onClick={move('/v1/group-send/resume', t('groupSend.resume'))}>
                {t('groupSend.resume')}
              </Button>
            ) : null}
            {maintain &&
            (run.state === 'RUNNING' || run.state === 'PAUSED' || run.state === 'FAILED' || run.state === 'AWAITING_APPROVAL') ? (
              <Popconfirm title={t('groupSend.stopConfirm')} onConfirm={move('/v1/group-send/stop', t('groupSend.stop'))}>
                <Button danger>{t('groupSend.stop')}</Button>
              </Popconfirm>
            ) : null}
          </Space>
          <RunNotice run={run} t={t} onApprove={approve} />
          {run.state === 'RUNNING' && run.notBefore !== null && run.pending === run.memberCount ? (
            <Alert type="warning" showIcon message={t('pushPlan.waitingUntil', { time: run.notBefore })} />
          ) : null}
          <RunFigures run={run} t={t} />
          <QueryViewPanel key={`${run.id}:${run.state}`} view={groupSendRecipientsView} fixed={{ activityId }} />
        </>
      )}
    </Space>
  );
}
