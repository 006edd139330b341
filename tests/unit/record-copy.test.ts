import { describe, expect, it } from 'vitest';
import { activities } from '../../resources/promotion/activity.resource';
import { copyLocation } from '../../src/screens/generic/resource-routes';
import { copiedValues } from '../../src/screens/generic/record-form';

/**
 * Copy (`ResourceDef.copyable`): the add form of the record's screen filled from it — what a
 * client writes on create, the title marked as a copy — never its number, state, audit stamps or
 * a view's fixed values.
 */
const t = (key: string, values?: Record<string, unknown>) => (key === 'screens.copyOf' ? `${String(values?.name)} (copy)` : key);

describe('copying a record', () => {
  const doubling = activities.kinds.SCORE_DOUBLING;
  const record = {
    id: 7,
    version: 3,
    number: 'AC00000007',
    name: 'Weekend double',
    kind: 'SCORE_DOUBLING',
    family: 'COUPON_ACTIVE',
    state: 'AUDITED',
    auditedAt: '2026-03-01 10:00:00',
    beginTime: '2026-03-01 00:00:00',
    endTime: '2026-04-01 00:00:00',
    rule: { doublingMultiple: 2 },
    goodsScope: 'INCLUDE',
    goods: [3],
    dayTimes: [{ lineNo: 1, from: '10:00', to: '14:00' }],
  };

  it('keeps what a client writes and marks the title, leaving out number, state, stamps and fixed values', () => {
    const copied = copiedValues(doubling, record, t);
    expect(copied).toMatchObject({
      name: 'Weekend double (copy)',
      beginTime: '2026-03-01 00:00:00',
      endTime: '2026-04-01 00:00:00',
      rule: { doublingMultiple: 2 },
      goodsScope: 'INCLUDE',
      goods: [3],
      dayTimes: [{ from: '10:00', to: '14:00' }],
    });
    for (const name of ['id', 'version', 'number', 'state', 'auditedAt', 'family', 'kind']) expect(copied, name).not.toHaveProperty(name);
  });

  it('opens the add screen of the record with ?copy=<id> (a drawer over the list when the view has no add screen)', () => {
    expect(copyLocation(doubling, 7)).toEqual({ pathname: '/promotion/coupon-active/score-doubling-add', search: '?copy=7' });
    const entryList = activities.resources.find((r) => r.name === 'activity-family-coupon-active')!;
    expect(copyLocation(entryList, 7)).toEqual({ pathname: '/promotion/coupon-active/coupon-active-manage', search: '?view=add&copy=7' });
  });
});
