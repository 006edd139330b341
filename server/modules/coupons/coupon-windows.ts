import { formatInstant, parseZoned, startOfNextDay } from '../../crud/zoned-time';
import type { TemplateRow } from './template-terms';

const DAY_MS = 86_400_000;

/**
 * When a coupon issued at `now` is valid, by its template: fixed dates (from the start of the
 * first day to the end of the last, in the tenant's zone), or N days (the template's, else the
 * settings' default) starting `delayDays` days after receipt. Start inclusive, end exclusive.
 */
export function validityAt(args: { template: TemplateRow; defaultDays: number; now: Date; zone: string }): { from: Date; to: Date } {
  const v = args.template.validity;
  if (v.mode === 'FIXED') return { from: parseZoned(v.from, args.zone)!, to: startOfNextDay(v.to, args.zone) };
  const from = new Date(args.now.getTime() + v.delayDays * DAY_MS);
  return { from, to: new Date(from.getTime() + (v.days ?? args.defaultDays) * DAY_MS) };
}

/**
 * Whether the template's weekday and time-of-day windows let a coupon be used at `now` (in the
 * tenant's zone): no weekdays means every day; a missing start or end means the start or end of
 * the day; an end before the start is a window over midnight (22:00–02:00).
 */
export function insideWindows(args: { template: Pick<TemplateRow, 'weekdays' | 'dayStart' | 'dayEnd'>; now: Date; zone: string }): boolean {
  const wall = formatInstant(args.now, args.zone);
  const [y, m, d] = wall.slice(0, 10).split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
  const { weekdays, dayStart, dayEnd } = args.template;
  if (weekdays.length > 0 && !weekdays.includes(weekday)) return false;
  const time = wall.slice(11, 16);
  const start = dayStart ?? '00:00';
  if (dayEnd === null) return time >= start;
  return start <= dayEnd ? time >= start && time < dayEnd : time >= start || time < dayEnd;
}

/** Whether the template lets a coupon be used at the store. */
export function storeAllowed(template: Pick<TemplateRow, 'storeScope' | 'stores'>, storeId: number): boolean {
  if (template.storeScope === 'ALL') return true;
  return template.stores.includes(storeId) === (template.storeScope === 'INCLUDE');
}
