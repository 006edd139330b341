import { formatInstant } from '../../../crud/zoned-time';
import type { Exclusion, PreparedActivity, SaleFacts } from '../../../../resources/promotion/activity-engine';

/**
 * Which activities of the active set a sale falls under: its time window (start inclusive, end
 * exclusive, to the second), weekdays and time-of-day windows in the merchant's zone, and its
 * scope (stores, areas, marketing centre, levels, channels). Pure.
 */

/** The merchant's calendar facts of an instant: date, ISO weekday (1 = Monday), HH:mm. */
export function localCalendar(at: Date, zone: string): { localDate: string; weekday: number; localTime: string } {
  const text = formatInstant(at, zone); // yyyy-MM-dd HH:mm:ss
  const localDate = text.slice(0, 10);
  const [y, m, d] = localDate.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return { localDate, weekday: day === 0 ? 7 : day, localTime: text.slice(11, 16) };
}

/** True when `HH:mm` is in a window `from`-`to` (end exclusive); a window whose end is before its start runs over midnight. */
export function inDayTime(localTime: string, window: { from: string; to: string }): boolean {
  if (window.from <= window.to) return localTime >= window.from && localTime < window.to;
  return localTime >= window.from || localTime < window.to;
}

const outOf = <T>(list: readonly T[], value: T | null): boolean => list.length > 0 && (value === null || !list.includes(value));

/** Why the sale is outside the activity, or null when it is inside: window first, then calendar, then scope. */
export function selectionExclusion(activity: PreparedActivity, facts: SaleFacts): Exclusion | null {
  const at = facts.at.getTime();
  if (at < activity.start.getTime() || at >= activity.end.getTime()) return 'outsideWindow';
  if (outOf(activity.weekdays, facts.weekday)) return 'weekday';
  if (activity.dayTimes.length > 0 && !activity.dayTimes.some((window) => inDayTime(facts.localTime, window))) return 'timeOfDay';
  if (outOf(activity.storeIds, facts.storeId)) return 'store';
  if (outOf(activity.areaIds, facts.areaId)) return 'area';
  if (activity.marketingCenterId !== null && facts.marketingCenterId !== activity.marketingCenterId) return 'marketingCenter';
  if (outOf(activity.levelIds, facts.levelId)) return 'level';
  if (outOf(activity.channelCodes, facts.channelCode)) return 'channel';
  return null;
}
