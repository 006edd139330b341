/**
 * Dates leave the server as `yyyy-MM-dd HH:mm:ss` in the request's time zone (DESIGN.md §3).
 * Intl does the zone arithmetic, including daylight saving where a zone has it.
 */
export function formatDateTime(value: Date | null, timeZone: string): string | null {
  if (!value) return null;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(value);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}
