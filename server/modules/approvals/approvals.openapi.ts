import { answers, arrayOf, nullable, objectOf, wire, type JsonSchema, type RouteDocs } from '../../http/openapi.schemas';

/** What the value approval rule measured (`gift-approval.ts` `aboveThresholdValues`), as a waiting thing carries it. */
export const measuredValue = (description: string): JsonSchema =>
  objectOf(
    {
      kind: { type: 'string', description: 'The kind of value above its threshold, in the caller’s language' },
      amount: { type: 'string', description: 'Its value of that kind (yuan or points)' },
      threshold: { type: 'string', description: 'The merchant’s threshold of that kind' },
    },
    { description },
  );

const waiting: JsonSchema = objectOf(
  {
    queue: { type: 'string', description: 'What waits: pushPlanRun (a push plan’s scheduled run above the value threshold)' },
    id: { type: 'integer', description: 'Its id within the queue (a run)' },
    subject: { type: 'string', description: 'What it belongs to, by name (the plan)' },
    value: nullable(measuredValue('What the value approval measured')),
    since: wire.dateTime,
    dueAt: nullable(wire.dateTime),
    path: { type: 'string', description: 'The console route (hash path) where it is approved' },
  },
  { description: 'One thing waiting for the caller’s approval' },
);

export const approvalsDocs = {
  waiting: {
    operationId: 'approvals.waiting',
    tags: ['approvals'],
    summary: 'What waits for the caller’s approval as a second person',
    description:
      'Only what the caller may approve now: their grants, their marketing centres (and the one in the marketingCenter header), ' +
      'never what they made themselves, never what has lapsed. Oldest deadline first, at most 50; `total` counts them all.',
    response: answers(objectOf({ total: { type: 'integer', description: 'Everything waiting for the caller' }, items: arrayOf(waiting) })),
  },
} satisfies Record<string, RouteDocs>;
