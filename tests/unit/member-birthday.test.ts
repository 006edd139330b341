import { describe, expect, it } from 'vitest';
import { birthdayFacts } from '../../src/views/member/detail/birthday';

/** The member profile's next birthday: solar dates recur by month and day, lunar ones by the lunar calendar. */
describe('birthdayFacts', () => {
  it('a solar birthday falls on its month and day, today included', () => {
    expect(birthdayFacts({ birthday: '1990-10-03', lunar: false, today: '2026-10-03' })).toEqual({ next: '2026-10-03' });
    expect(birthdayFacts({ birthday: '1990-10-03', lunar: false, today: '2026-10-04' })).toEqual({ next: '2027-10-03' });
    // 29 February is kept on 28 February in other years.
    expect(birthdayFacts({ birthday: '2000-02-29', lunar: false, today: '2026-01-01' })).toEqual({ next: '2026-02-28' });
  });

  it('a lunar birthday shows its lunar date and the next solar date it falls on', () => {
    // 1990-10-03 is the 15th of the 8th lunar month; in 2026 that is 25 September (mid-autumn).
    const facts = birthdayFacts({ birthday: '1990-10-03', lunar: true, today: '2026-06-01' });
    expect(facts).toEqual({ lunar: { month: 8, day: 15, name: '八月十五' }, next: '2026-09-25' });
  });

  it('no birthday, no facts', () => {
    expect(birthdayFacts({ birthday: null, lunar: true })).toBeNull();
  });
});
