import type { ActivityRule, PreparedActivity } from '../../resources/promotion/activity-engine';

/**
 * A prepared activity for the pure tests of the activity engine: number `AC` + the id, no
 * schedule, scope or budget limits unless `parts` sets them.
 */
export function preparedActivity(rule: ActivityRule, parts: Partial<PreparedActivity> = {}): PreparedActivity {
  const id = parts.id ?? 1;
  return {
    id,
    number: `AC${String(id).padStart(8, '0')}`,
    name: `activity ${id}`,
    kind: rule.kind,
    start: new Date('2026-06-01T00:00:00+08:00'),
    end: new Date('2026-07-01T00:00:00+08:00'),
    weekdays: [],
    dayTimes: [],
    storeIds: [],
    areaIds: [],
    marketingCenterId: null,
    levelIds: [],
    channelCodes: [],
    budget: { totalPoints: null, totalCoupons: null, totalTimes: null, perMemberTimes: null, perMemberPerDayTimes: null },
    exclusiveGroup: null,
    priority: 0,
    costPartyId: null,
    rule,
    ...parts,
  };
}
