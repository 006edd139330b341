/**
 * Instants shown and read as wall-clock time in the request's time zone (the `time_zone`
 * header, §3): `yyyy-MM-dd HH:mm:ss` out, the same (or a bare date) in. Uses Intl only, so the
 * server needs no time-zone library and agrees with the IANA database of its Node runtime.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

function wallClock(instant: Date, zone: string): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return parts;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

// A zone's offset only changes at its transitions (daylight saving, a new standard time), so it
// is looked up with Intl once per quarter hour of instants and zone: when the offset is the same
// at both ends of the quarter it holds for the whole quarter. Formatting a list of dates then
// costs arithmetic, not an Intl call per cell.
const OFFSET_BUCKET_MS = 15 * 60_000;
const offsets = new Map<string, number>();

function offsetOf(instant: number, zone: string): number {
  const bucket = Math.floor(instant / OFFSET_BUCKET_MS);
  const key = `${zone}|${bucket}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const first = offsetAt(bucket * OFFSET_BUCKET_MS, zone);
  const last = offsetAt((bucket + 1) * OFFSET_BUCKET_MS - 1000, zone);
  // A transition inside this quarter: this instant alone, uncached.
  if (first !== last) return offsetAt(instant, zone);
  if (offsets.size >= 100_000) offsets.clear();
  offsets.set(key, first);
  return first;
}

/** `2025-03-01 08:00:00` for an instant in a zone. */
export function formatInstant(instant: Date, zone: string): string {
  const time = instant.getTime();
  if (!Number.isFinite(time)) {
    const p = wallClock(instant, zone);
    return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
  }
  const wall = new Date(time + offsetOf(time, zone));
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`;
}

/** As {@link formatInstant}, passing null (an empty column) through. */
export function formatDateTime(instant: Date | null, zone: string): string | null {
  return instant ? formatInstant(instant, zone) : null;
}

/** True for a real calendar date written `yyyy-MM-dd`. */
export function isDateText(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

// Offset of the zone at an instant, in milliseconds (wall clock minus UTC).
function offsetAt(instant: number, zone: string): number {
  const p = wallClock(new Date(instant), zone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/** The instant of a wall-clock time in a zone. Two passes settle daylight-saving transitions. */
export function zonedInstant(args: { wall: number; zone: string }): Date {
  let guess = args.wall - offsetAt(args.wall, args.zone);
  guess = args.wall - offsetAt(guess, args.zone);
  return new Date(guess);
}

/**
 * Reads `yyyy-MM-dd HH:mm[:ss]` (or a bare `yyyy-MM-dd`, meaning its start) in a zone; null
 * when the text is not a real date and time.
 */
export function parseZoned(text: unknown, zone: string): Date | null {
  if (typeof text !== 'string') return null;
  if (isDateText(text)) {
    const [y, m, d] = text.split('-').map(Number);
    return zonedInstant({ wall: Date.UTC(y, m - 1, d), zone });
  }
  const m = DATE_TIME.exec(text);
  if (!m || !isDateText(`${m[1]}-${m[2]}-${m[3]}`)) return null;
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return null;
  return zonedInstant({ wall: Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), hour, minute, second), zone });
}

/** The start of the day after a date, in a zone: the exclusive end of a date-only range bound. */
export function startOfNextDay(text: string, zone: string): Date {
  const [y, m, d] = text.split('-').map(Number);
  return zonedInstant({ wall: Date.UTC(y, m - 1, d + 1), zone });
}
