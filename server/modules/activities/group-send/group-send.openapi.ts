import { GROUP_SEND_RUN_STATES } from '../../../../resources/contract/group-send.types';
import { answers, nullable, objectOf, oneOf, wire, type JsonSchema, type RouteDocs } from '../../../http/openapi.schemas';

/** The answers of the send-run routes (group-send.routes.ts). */

const run: JsonSchema = objectOf(
  {
    id: { type: 'integer', description: 'The run' },
    activityId: { type: 'integer', description: 'The activity sent to a group (GROUP_COUPON, USER_GROUP_GIFT, PUSH_PLAN)' },
    state: oneOf(GROUP_SEND_RUN_STATES, 'RUNNING, PAUSED, STOPPED (by a person), DONE, FAILED (a fault; resumable)'),
    memberCount: { type: 'integer', description: 'Members frozen when the run started' },
    pending: { type: 'integer', description: 'Recipients not yet served' },
    issued: { type: 'integer', description: 'Recipients given their coupons' },
    skipped: { type: 'integer', description: 'Recipients given nothing (see their reasons)' },
    startedAt: wire.dateTime,
    notBefore: nullable(wire.dateTime),
    finishedAt: nullable(wire.dateTime),
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
  run: {
    operationId: 'groupSend.run',
    tags: ['promotion'],
    summary: 'The send run of a bulk coupon issue with its progress (null before it starts)',
    response: answers(nullable(run), 'notFound'),
  },
} satisfies Record<string, RouteDocs>;
