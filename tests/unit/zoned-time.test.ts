import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { formatInstant } from '../../server/crud/zoned-time';

/** What Intl writes for the instant in the zone: the reference the fast path must match. */
function byIntl(instant: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year.padStart(4, '0')}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

const ZONES = ['Asia/Shanghai', 'UTC', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns'];

describe('formatInstant (offset looked up once per quarter hour)', () => {
  test('writes what Intl writes, for any instant from 1900 to 2100 in zones with odd offsets and transitions', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }), fc.constantFrom(...ZONES), (ms, zone) => {
        expect(formatInstant(new Date(ms), zone)).toBe(byIntl(new Date(ms), zone));
      }),
      { numRuns: 3000 },
    );
    // 3 000 Intl formats: a second or two alone, several on a loaded 2-core machine.
  }, 30_000);

  test('writes what Intl writes around daylight-saving transitions, second by second', () => {
    // New York 2025-03-09 02:00 EST -> 03:00 EDT and 2025-11-02 02:00 EDT -> 01:00 EST;
    // Lord Howe moves by half an hour.
    const around = [
      ['America/New_York', Date.UTC(2025, 2, 9, 7, 0, 0)],
      ['America/New_York', Date.UTC(2025, 10, 2, 6, 0, 0)],
      ['Australia/Lord_Howe', Date.UTC(2025, 3, 5, 15, 0, 0)],
      ['Europe/London', Date.UTC(2025, 2, 30, 1, 0, 0)],
    ] as const;
    for (const [zone, at] of around) {
      for (let ms = at - 20 * 60_000; ms <= at + 20 * 60_000; ms += 7_000) {
        expect(formatInstant(new Date(ms), zone)).toBe(byIntl(new Date(ms), zone));
      }
    }
  });
});
