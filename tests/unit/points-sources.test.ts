import { describe, expect, it } from 'vitest';
import { pick } from '../../resources/messages/bilingual';
import { filterOptions } from '../../resources/query-view';
import { pointsEntriesView } from '../../resources/score/points-entries.query-view';
import { BATCH_SOURCE } from '../../server/modules/batch/batch-operations';
import { COUPON_POINTS_SOURCE } from '../../server/modules/coupons/redeem.service';
import { ADJUSTMENT_SOURCE } from '../../server/modules/points/score-adjust.hooks';

/**
 * The points history's source filter offers every source the server writes to the points ledger
 * (the modules' own constants, and the literal ones of sales, exchange, expiry and campaigns),
 * each named in Chinese and English.
 */

const SERVER_SOURCES = ['transaction', 'return', 'exchange', 'expiry', 'activity', ADJUSTMENT_SOURCE, BATCH_SOURCE, COUPON_POINTS_SOURCE];

describe('the source filter of the points history', () => {
  it('lists every source the server writes, coupons included, with both labels', () => {
    const options = Object.entries(filterOptions(pointsEntriesView, 'sourceType'));
    const chinese = options.map(([value, option]) => ({ value, label: pick(option.label, 'zh_CN') }));
    const english = options.map(([value, option]) => ({ value, label: pick(option.label, 'en_US') }));
    expect(chinese.map((option) => option.value)).toEqual(expect.arrayContaining(SERVER_SOURCES));
    expect(chinese.find((option) => option.value === COUPON_POINTS_SOURCE)?.label).toBe('积分券');
    expect(english.find((option) => option.value === COUPON_POINTS_SOURCE)?.label).toBe('Points coupon');
    for (const option of [...chinese, ...english]) expect(option.label).not.toBe(option.value);
  });
});
