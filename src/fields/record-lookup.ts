/**
 * The records a form refers to, as their pickers answer them (`GET /v1/<resource>/options`):
 * with their card (`ResourcePicker.card`) for the chosen ones, and the one record a typed or
 * scanned text names (`TextField.lookup`, `?title=`). Answers are kept for a minute by what was
 * asked, so a line's validation, its card and its fills ask once.
 */
import { apiGet } from '../../providers/http';
import type { PickableRecords } from '../../resources/define';
import type { OptionRecord } from './relation-titles';

/** How long an answer is trusted (a coupon used meanwhile shows its new state after this). */
export const LOOKUP_TTL_MS = 60_000;

const kept = new Map<string, { at: number; ttlMs: number; answer: Promise<unknown> }>();

/**
 * The answer to a question asked within `ttlMs` (default {@link LOOKUP_TTL_MS}), else `ask()`'s.
 * A failed ask answers `failed` and is not remembered: the next one tries again.
 */
export function rememberedAnswer<T>(args: {
  readonly key: string;
  readonly ask: () => Promise<T>;
  readonly failed: T;
  readonly ttlMs?: number;
}): Promise<T> {
  const entry = kept.get(args.key);
  if (entry && Date.now() - entry.at < entry.ttlMs) return entry.answer as Promise<T>;
  const answer = args.ask().catch(() => {
    kept.delete(args.key);
    return args.failed;
  });
  kept.set(args.key, { at: Date.now(), ttlMs: args.ttlMs ?? LOOKUP_TTL_MS, answer });
  return answer;
}

const remembered = (key: string, ask: () => Promise<OptionRecord | null>) => rememberedAnswer({ key, ask, failed: null });

/** The text as a lookup compares it: trimmed, in capitals when the lookup says so. */
export function lookupText(value: unknown, upperCase?: boolean): string {
  const text = typeof value === 'string' ? value.trim() : '';
  return upperCase ? text.toUpperCase() : text;
}

/** The record of `resource` whose title is exactly `title`, with its card; null when none is. */
export function lookUpTitle(resource: string, title: string): Promise<OptionRecord | null> {
  return remembered(`${resource}\u0000t\u0000${title}`, async () => {
    const found = await apiGet<OptionRecord[]>(`/v1/${resource}/options`, { params: { title }, silent: true });
    return (Array.isArray(found) ? found : []).find((record) => record.title === title) ?? null;
  });
}

/** A chosen record of `resource` with its card; null when the caller cannot see it. */
export function lookUpId(resource: string, id: string | number): Promise<OptionRecord | null> {
  return remembered(`${resource}\u0000i\u0000${String(id)}`, async () => {
    const found = await apiGet<OptionRecord[]>(`/v1/${resource}/options`, { params: { id: [id] }, silent: true });
    return (Array.isArray(found) ? found : [])[0] ?? null;
  });
}

/** Records a picker answered (they carry their cards): later asks for their ids need no call. */
export function rememberOptions(resource: string, records: readonly OptionRecord[]): void {
  for (const record of records)
    kept.set(`${resource}\u0000i\u0000${String(record.id)}`, { at: Date.now(), ttlMs: LOOKUP_TTL_MS, answer: Promise.resolve(record) });
}

/** The value of the pickable field a record's card holds that the declaration does not allow; null when it may be chosen. */
export function refusedState(record: OptionRecord, pickable: PickableRecords | undefined): string | null {
  if (!pickable) return null;
  const value = record.card?.[pickable.field];
  return typeof value === 'string' && !pickable.in.includes(value) ? value : null;
}
