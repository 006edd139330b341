import { describe, expect, it } from 'vitest';
import { QUICK_RANGES, bucketOf, daysIn, lastYearOf, previousPeriodOf, monthlyReadOf } from '../../resources/query-view';

/** The time rules of query views' charts (resources/query-view.ts): buckets, quick ranges, compared periods. */
describe('query-view time', () => {
  it('chooses days up to two months, weeks up to half a year, months beyond', () => {
    expect(bucketOf(['2026-11-28', '2026-11-28'])).toBe('day');
    expect(bucketOf(['2026-01-01', '2026-03-03'])).toBe('day'); // 62 days
    expect(bucketOf(['2026-01-01', '2026-03-04'])).toBe('week'); // 63 days
    expect(bucketOf(['2026-01-01', '2026-07-05'])).toBe('week'); // 186 days
    expect(bucketOf(['2026-01-01', '2026-07-06'])).toBe('month');
    expect(bucketOf(['2020-01-01', '2026-12-31'])).toBe('month');
  });

  it('counts the days of a range across months, leap days and years', () => {
    expect(daysIn(['2024-02-28', '2024-03-01'])).toBe(3);
    expect(daysIn(['2025-12-31', '2026-01-01'])).toBe(2);
  });

  it('compares with the period of the same length before, and the same days last year', () => {
    expect(previousPeriodOf(['2026-11-01', '2026-11-30'])).toEqual(['2026-10-02', '2026-10-31']);
    expect(previousPeriodOf(['2026-03-01', '2026-03-01'])).toEqual(['2026-02-28', '2026-02-28']);
    expect(lastYearOf(['2026-11-01', '2026-11-30'])).toEqual(['2025-11-01', '2025-11-30']);
    expect(lastYearOf(['2024-02-01', '2024-02-29'])).toEqual(['2023-02-01', '2023-02-28']);
  });

  it('reads a range as months, with the days of its partial months besides or taken away', () => {
    expect(monthlyReadOf(['2025-12-01', '2026-11-30'])).toEqual({ months: ['2025-12-01', '2026-11-30'], days: [], less: [] });
    // A year from the 2nd: its first month less the 1st; its last day by day.
    expect(monthlyReadOf(['2024-12-02', '2025-12-01'])).toEqual({
      months: ['2024-12-01', '2025-11-30'],
      days: [['2025-12-01', '2025-12-01']],
      less: [['2024-12-01', '2024-12-01']],
    });
    expect(monthlyReadOf(['2024-01-31', '2024-02-29'])).toEqual({
      months: ['2024-02-01', '2024-02-29'],
      days: [['2024-01-31', '2024-01-31']],
      less: [],
    });
    // Within one month: the month less the days outside when they are fewer than those inside less one.
    expect(monthlyReadOf(['2026-03-02', '2026-03-31'])).toEqual({
      months: ['2026-03-01', '2026-03-31'],
      days: [],
      less: [['2026-03-01', '2026-03-01']],
    });
    expect(monthlyReadOf(['2026-03-03', '2026-03-29'])).toEqual({
      months: ['2026-03-01', '2026-03-31'],
      days: [],
      less: [
        ['2026-03-01', '2026-03-02'],
        ['2026-03-30', '2026-03-31'],
      ],
    });
    expect(monthlyReadOf(['2026-03-10', '2026-03-20'])).toBeNull();
    expect(monthlyReadOf(['2026-03-15', '2026-04-14'])).toEqual({
      months: ['2026-03-01', '2026-03-31'],
      days: [['2026-04-01', '2026-04-14']],
      less: [['2026-03-01', '2026-03-14']],
    });
    expect(monthlyReadOf(['2026-03-17', '2026-04-14'])).toBeNull();
    // February of a leap year: 29 days.
    expect(monthlyReadOf(['2024-02-02', '2024-03-31'])).toEqual({
      months: ['2024-02-01', '2024-03-31'],
      days: [],
      less: [['2024-02-01', '2024-02-01']],
    });
  });

  it('offers quick ranges ending today', () => {
    expect(QUICK_RANGES.today('2026-03-15')).toEqual(['2026-03-15', '2026-03-15']);
    expect(QUICK_RANGES.last7Days('2026-03-03')).toEqual(['2026-02-25', '2026-03-03']);
    expect(QUICK_RANGES.thisMonth('2026-03-15')).toEqual(['2026-03-01', '2026-03-15']);
    expect(QUICK_RANGES.lastMonth('2026-03-15')).toEqual(['2026-02-01', '2026-02-28']);
    expect(QUICK_RANGES.lastMonth('2026-01-10')).toEqual(['2025-12-01', '2025-12-31']);
    expect(QUICK_RANGES.thisYear('2026-03-15')).toEqual(['2026-01-01', '2026-03-15']);
  });
});
