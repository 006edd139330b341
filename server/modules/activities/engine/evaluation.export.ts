import { holdsAny } from '../../../../resources/access';
import { activityEngineMessages } from '../../../../resources/messages/activity-engine.messages';
import { pick } from '../../../../resources/messages/bilingual';
import { AppError } from '../../../http/envelope';
import type { ModuleExport } from '../../files/module-export';
import type { TaskRequester } from '../../files/task-requester';
import type { Database } from '../../../db/connection';
import { loadActivities } from '../activity.loader';
import { ACTIVITY_READ_ANY, readOfKind } from './activity-access';
import { evaluateActivity } from './evaluation';

/**
 * An activity's evaluation by day (POST /v1/activities/evaluation's `byDay`) as a file-centre
 * export: the same body, the same grants (the activity's kind's entry read), one row per day.
 */

const COLUMNS = [
  ['activities.evaluation.day', 14],
  ['activities.evaluation.participants', 12],
  ['activities.evaluation.transactions', 12],
  ['activities.evaluation.points', 12],
  ['activities.evaluation.coupons', 12],
  ['activities.evaluation.salesAmount', 16],
] as const;

interface EvaluationQuery {
  activityId?: number;
  from?: string;
  to?: string;
}

async function figuresFor(database: Database, requester: TaskRequester, query: unknown) {
  const { activityId = 0, from, to } = (query ?? {}) as EvaluationQuery;
  const [activity] = await loadActivities(database.db, requester.tenantId, [activityId]);
  if (!activity) throw new AppError('notFound', 'activityEngine.notFound', { values: { id: activityId } });
  if (!holdsAny(requester.grants, [readOfKind(activity.kind)])) throw new AppError('forbidden', 'error.forbidden');
  return evaluateActivity(database.db, { tenantId: requester.tenantId, activityId, from, to });
}

export const activityEvaluationExport: ModuleExport = {
  name: 'activity-evaluation',
  module: 'reports',
  path: 'activities/evaluation/export',
  requires: ACTIVITY_READ_ANY,
  body: {
    type: 'object',
    required: ['activityId'],
    additionalProperties: false,
    properties: {
      activityId: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
      from: { type: 'string', maxLength: 10 },
      to: { type: 'string', maxLength: 10 },
    },
  },
  check: () => undefined,
  title: (requester) => pick(activityEngineMessages['res.activity-evaluation'], requester.locale),
  columns: (requester) => COLUMNS.map(([key, width]) => ({ header: pick(activityEngineMessages[key], requester.locale), width })),
  async count({ database, requester, query }) {
    return (await figuresFor(database, requester, query)).byDay.length;
  },
  async *rows({ database, requester, query }) {
    const { byDay } = await figuresFor(database, requester, query);
    yield byDay.map((d) => [d.day, d.participants, d.transactions, d.points, d.coupons, d.salesAmount]);
  },
};
