import { holdsAny } from '../../../resources/access';
import { pick, type Bilingual } from '../../../resources/messages/bilingual';
import { activityScreenMessages as m } from '../../../resources/promotion/activity-screens.messages';
import type { ModuleExport } from '../files/module-export';
import { loadActivities } from './activity.loader';
import { ACTIVITY_READ_ANY, readOfKind } from './engine/activity-access';
import { evaluateActivity } from './engine/evaluation';

/** The evaluation's query: one activity, optional whole days. */
interface EvaluationQuery {
  readonly activityId?: number;
  readonly from?: string;
  readonly to?: string;
}

const DAY = '^\\d{4}-\\d{2}-\\d{2}$';
const COLUMNS: readonly { label: Bilingual; width: number }[] = [
  { label: ['日期', 'Day'], width: 12 },
  { label: m['activity.eval.participants'], width: 12 },
  { label: m['activity.eval.transactions'], width: 12 },
  { label: m['activity.eval.points'], width: 12 },
  { label: m['activity.eval.coupons'], width: 12 },
  { label: m['activity.eval.salesAmount'], width: 16 },
];

/**
 * An activity's effect evaluation by day (`POST /v1/activities/evaluation`, the evaluation
 * screens) as a file-centre export: one row per day of the period, as the chart shows it. Only
 * an activity whose kind the requester may read gives rows.
 */
export const activityEvaluationExport: ModuleExport = {
  name: 'activity-evaluation',
  module: 'reports',
  path: 'activities/evaluation/export',
  requires: ACTIVITY_READ_ANY,
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['activityId'],
    properties: {
      activityId: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
      from: { type: 'string', pattern: DAY },
      to: { type: 'string', pattern: DAY },
    },
  },
  check: () => undefined,
  title: (requester) => pick(m['res.activity-evaluation'], requester.locale),
  columns: (requester) => COLUMNS.map((c) => ({ header: pick(c.label, requester.locale), width: c.width })),
  async count({ database, requester, query }) {
    return (await byDay(database.db, requester, query as EvaluationQuery)).length;
  },
  async *rows({ database, requester, query }) {
    const days = await byDay(database.db, requester, query as EvaluationQuery);
    if (days.length > 0) yield days.map((d) => [d.day, d.participants, d.transactions, d.points, d.coupons, Number(d.salesAmount)]);
  },
};

async function byDay(
  db: Parameters<typeof evaluateActivity>[0],
  requester: Parameters<ModuleExport['count']>[0]['requester'],
  query: EvaluationQuery,
) {
  const activityId = Number(query.activityId);
  const [activity] = await loadActivities(db, requester.tenantId, [activityId]);
  if (!activity || !holdsAny(requester.grants, readOfKind(activity.kind))) return [];
  return (await evaluateActivity(db, { tenantId: requester.tenantId, activityId, from: query.from, to: query.to })).byDay;
}
