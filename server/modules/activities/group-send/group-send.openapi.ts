import { GROUP_SEND_RUN_REASONS, GROUP_SEND_RUN_STATES } from '../../../../resources/contract/group-send.types';
import { measuredValue } from '../../approvals/approvals.openapi';
import { answers, nullable, objectOf, oneOf, wire, type JsonSchema, type RouteDocs } from '../../../http/openapi.schemas';

/** The answers of the send-run routes (group-send.routes.ts). */

const run: JsonSchema = objectOf(
  {
    id: { type: 'integer', description: 'The run' },
    activityId: { type: 'integer', description: 'The activity sent to a group (GROUP_COUPON, USER_GROUP_GIFT, PUSH_PLAN)' },
    state: oneOf(
      GROUP_SEND_RUN_STATES,
      'RUNNING, PAUSED, STOPPED (by a person), DONE, FAILED (a fault; resumable), AWAITING_APPROVAL (a scheduled run above the value threshold), SKIPPED (a scheduled run not sent: see reason)',
    ),
    memberCount: { type: 'integer', description: 'Members frozen when the run started' },
    pending: { type: 'integer', description: 'Recipients not yet served' },
    issued: { type: 'integer', description: 'Recipients given their coupons' },
    skipped: { type: 'integer', description: 'Recipients given nothing (see their reasons)' },
    startedAt: wire.dateTime,
    notBefore: nullable(wire.dateTime),
    finishedAt: nullable(wire.dateTime),
    scheduledAt: nullable(wire.dateTime),
    dueUntil: nullable(wire.dateTime),
    reason: nullable(
      oneOf(
        GROUP_SEND_RUN_REASONS,
        'aboveThreshold (waits for a second person), missed (past its catch-up window), notApproved (window passed unapproved)',
      ),
    ),
    approval: nullable(measuredValue('What the value approval measured on a scheduled run above the threshold')),
    approvedBy: nullable({ type: 'string', description: 'Who approved a run that waited' }),
    approvedAt: nullable(wire.dateTime),
  },
  { description: "A bulk coupon issue's send run and its progress" },
);

const move = (name: string, summary: string): RouteDocs => ({
  operationId: `groupSend.${name}`,
  tags: ['promotion'],
  summary,
  response: answers(run, 'notFound', 'conflict'),
});

export const groupSendDocs = {
  start: {
    operationId: 'groupSend.start',
    tags: ['promotion'],
    summary:
      'Start sending an audited bulk coupon issue: freezes the customer group’s members as its recipients and serves them in the background',
    description: '`id` is the GROUP_COUPON activity. 409: not audited, outside its window, or started before (one run per activity).',
    response: answers(run, 'notFound', 'conflict'),
  },
  pause: move('pause', 'Pause a running send (the member being served finishes)'),
  resume: move('resume', 'Resume a paused (or failed) send from its pending recipients'),
  stop: move('stop', 'Stop a send: the recipients not yet served are skipped as stopped'),
  approve: {
    ...move(
      'approve',
      'Approve a push plan’s scheduled run that waits for a second person (its gift above the value threshold); it is then sent',
    ),
    description:
      '`id` is the run. 403 without 配置维护 on 营销/推送计划/赠礼发放. 409: not awaiting approval, its window has passed, or the caller created the plan.',
  },
  run: {
    operationId: 'groupSend.run',
    tags: ['promotion'],
    summary: 'The send run of a bulk coupon issue with its progress (null before it starts)',
    response: answers(nullable(run), 'notFound'),
  },
} satisfies Record<string, RouteDocs>;
